import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An app that stops using SwiftData (another database, or none): every store it shipped is left unread. Containers
/// its tests, previews or in-memory scratch still make open none of users' stores (TinyTastesTracker kept its
/// persistence tests after moving to Firebase).
final class DroppedSwiftDataTests: XCTestCase {
    private static let shipped = [
        "App/TheApp.swift": """
        import SwiftData
        import SwiftUI

        @Model final class Log { var date: Date = Date(); init() {} }

        @main struct TheApp: App {
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(for: Log.self) }
        }
        """
    ]

    private static let leftovers: [(String, String)] = [
        (
            "AppTests/PersistenceTests.swift",
            """
            import SwiftData
            import XCTest
            @testable import TheApp

            final class PersistenceTests: XCTestCase {
                func testSave() throws {
                    let container = try ModelContainer(
                        for: Log.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                    _ = container
                }
            }
            """
        ),
        (
            "App/Previews.swift",
            """
            import SwiftData
            import SwiftUI

            #Preview {
                Text("x").modelContainer(for: Log.self, inMemory: true)
            }
            """
        ),
    ]

    func testAStoreNoAppCodeOpensIsLeftBehindWhateverTestsStillOpen() {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped, readsWholeApp: true))
        let app =
            "import SwiftUI\n\n@main struct TheApp: App {\n"
            + "    var body: some Scene { WindowGroup { Text(\"x\") } }\n}\n"
        for (path, leftover) in [("none", "")] + Self.leftovers {
            var files = ["App/TheApp.swift": app]
            if !leftover.isEmpty { files[path] = leftover }
            let found = TestSupport.analyze(files, lockfile: lockfile, readsWholeApp: true).findings
            XCTAssertEqual(found.filter { $0.rule == .storeAbandoned }.count, 1, path)
        }
    }

    /// Control: an app container still opening the models keeps its store.
    func testAnAppContainerStillOpeningItIsNoAbandonment() {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped, readsWholeApp: true))
        let found = TestSupport.analyze(Self.shipped, lockfile: lockfile, readsWholeApp: true).findings
        XCTAssertEqual(found.filter { $0.rule == .storeAbandoned }, [])
    }
}
