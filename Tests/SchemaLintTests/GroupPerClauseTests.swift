import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An App Group identifier that is one of a few per `#if` clause (Casberi: `"TEAM." + appGroup` on Mac Catalyst,
/// `appGroup` elsewhere), where no project says which clause a build takes: which folder holds the store cannot be
/// told, and the store is named by its candidates, never by the code that builds them.
final class GroupPerClauseTests: XCTestCase {
    private static let spellings = [
        """
        static let groupID: String = {
            #if targetEnvironment(macCatalyst)
            return "TEAM." + appGroup
            #else
            return appGroup
            #endif
        }()
        """,
        """
        static var groupID: String {
            #if os(macOS)
            return "TEAM." + appGroup
            #else
            return appGroup
            #endif
        }
        """,
        """
        static func groupIdentifier() -> String {
            #if os(macOS)
            "TEAM." + appGroup
            #else
            appGroup
            #endif
        }
        static let groupID = groupIdentifier()
        """,
    ]

    func testTheStoreIsNamedByItsCandidateGroups() {
        for spelling in Self.spellings {
            let source = """
                import SwiftData
                import SwiftUI

                @Model final class Thing { var text: String = ""; init() {} }

                enum SharedStore {
                    static let appGroup = "group.com.example.app"
                \(spelling)
                    static func container() throws -> ModelContainer {
                        try ModelContainer(
                            for: Thing.self,
                            configurations: ModelConfiguration(
                                groupContainer: .identifier(groupID), cloudKitDatabase: .none))
                    }
                }

                @main struct ThingsApp: App {
                    let container = try! SharedStore.container()
                    var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
                }
                """
            let analysis = TestSupport.analyze(source)
            XCTAssertEqual(
                analysis.topology.stores.map(\.name),
                ["`TEAM.group.com.example.app or group.com.example.app`/default.store"], spelling)
        }
    }
}
