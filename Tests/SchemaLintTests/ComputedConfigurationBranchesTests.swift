import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A computed property returning a configuration from the branches of an `if` statement, after a `let` it tests
/// (guttracker, field test 31: `static var appModelConfiguration: ModelConfiguration { let hasAppGroup = ...; if
/// hasAppGroup { return ... } else { return ... } }`): the stores its branches name, each one the app may open,
/// never a store that cannot be told.
final class ComputedConfigurationBranchesTests: XCTestCase {
    private static func app(_ property: String) -> String {
        """
        import SwiftUI
        import SwiftData
        @Model final class Entry { var date: Date = Date.now; init() {} }
        enum Shared {
            static let group = "group.com.example.app"
            static let schema = Schema([Entry.self])
        \(property)
        }
        @main struct ExampleApp: App {
            var container: ModelContainer = {
                try! ModelContainer(for: Shared.schema, configurations: [Shared.configuration])
            }()
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(container) }
        }
        """
    }

    private static let spellings = [
        """
            static var configuration: ModelConfiguration {
                let hasGroup = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) != nil
                if hasGroup {
                    return ModelConfiguration(schema: schema, groupContainer: .identifier(group))
                } else {
                    return ModelConfiguration("Local", schema: schema)
                }
            }
        """,
        """
            static var configuration: ModelConfiguration {
                get {
                    let useGroup = UserDefaults.standard.bool(forKey: "useGroup")
                    if useGroup { return ModelConfiguration(schema: schema, groupContainer: .identifier(group)) }
                    else { return ModelConfiguration("Local", schema: schema) }
                }
            }
        """,
        """
            static var configuration: ModelConfiguration {
                let mode = ProcessInfo.processInfo.environment["MODE"]
                if mode == "group" {
                    return ModelConfiguration(schema: schema, groupContainer: .identifier(group))
                } else if mode == "local" {
                    return ModelConfiguration("Local", schema: schema)
                } else {
                    return ModelConfiguration("Local", schema: schema)
                }
            }
        """,
    ]

    func testTheStoresTheBranchesNameAreTheOnesOpened() {
        for property in Self.spellings {
            let analysis = TestSupport.analyze(["App/App.swift": Self.app(property)])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key).sorted(),
                ["Local.store", "group.com.example.app/default.store"], property)
            XCTAssertEqual(analysis.untoldStoreNotes, [], property)
        }
    }

    /// Control: a branch that does not return leaves the property unread, as before.
    func testABranchWithoutAReturnIsNotRead() {
        let property = """
                static var configuration: ModelConfiguration {
                    let hasGroup = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) != nil
                    if hasGroup { print("group") }
                    return ModelConfiguration("Local", schema: schema)
                }
            """
        let analysis = TestSupport.analyze(["App/App.swift": Self.app(property)])
        XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["Local.store"])
    }
}
