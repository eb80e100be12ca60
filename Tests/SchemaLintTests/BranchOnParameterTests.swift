import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper that opens one container or another depending on a parameter (SwiftDataSugar, field test 26): `if
/// inMemory { return try ModelContainer(...) }` before the app's container with its plan, or `if let storeURL { ...
/// }` for a URL only tests pass. Each call reaches the branch its arguments take: the app's call, passing `inMemory:
/// false` or leaving `storeURL` at `nil`, opens the app's store alone, with no other store and no note.
final class BranchOnParameterTests: XCTestCase {
    private static let versions = """
        import SwiftData
        enum ItemsV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; init() {} }
        }
        enum ItemsV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; var note: String = ""; init() {} }
        }
        enum ItemsPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ItemsV1.self, ItemsV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: ItemsV1.self, toVersion: ItemsV2.self)] }
        }
        """

    private static func analyze(_ helper: String, app: String) -> Analysis {
        TestSupport.analyze([
            "Sources/Versions.swift": versions, "Sources/Container.swift": helper, "App/MainApp.swift": app,
        ])
    }

    private static let inMemoryBranches: [(name: String, helper: String, app: String)] = [
        (
            "an early return in a global function",
            """
            import SwiftData
            func makeContainer(plan: (any SchemaMigrationPlan.Type)?, inMemory: Bool = false) throws -> ModelContainer {
                let schema = Schema(versionedSchema: ItemsV2.self)
                let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: inMemory)
                if inMemory { return try ModelContainer(for: schema, configurations: [config]) }
                return try ModelContainer(for: schema, migrationPlan: plan, configurations: [config])
            }
            """,
            "import SwiftData\n@MainActor let container = try! makeContainer(plan: ItemsPlan.self, inMemory: false)\n"
        ),
        (
            "if !persistent in an initialiser",
            """
            import SwiftData
            struct DataStore {
                let container: ModelContainer
                init(persistent: Bool) {
                    let config = ModelConfiguration(isStoredInMemoryOnly: !persistent)
                    if !persistent {
                        container = try! ModelContainer(for: ItemsV2.Item.self, configurations: config)
                    } else {
                        container = try! ModelContainer(
                            for: ItemsV2.Item.self, migrationPlan: ItemsPlan.self, configurations: config)
                    }
                }
            }
            """,
            "import SwiftData\nlet store = DataStore(persistent: true)\n"
        ),
        (
            "a ternary in another type's static function",
            """
            import SwiftData
            enum Stores {
                static func open(preview: Bool) throws -> ModelContainer {
                    let config = ModelConfiguration(isStoredInMemoryOnly: preview)
                    return preview
                        ? try ModelContainer(for: ItemsV2.Item.self, configurations: config)
                        : try ModelContainer(
                            for: ItemsV2.Item.self, migrationPlan: ItemsPlan.self, configurations: config)
                }
            }
            """,
            "import SwiftData\nlet container = try! Stores.open(preview: false)\n"
        ),
    ]

    func testABranchTheCallDoesNotTakeOpensNothing() {
        for spelling in Self.inMemoryBranches {
            let analysis = Self.analyze(spelling.helper, app: spelling.app)
            XCTAssertFalse(
                analysis.findings.contains { $0.rule == .containerWithoutMigrationPlan },
                "\(spelling.name): \(TestSupport.summary(analysis.findings))")
            XCTAssertEqual(analysis.notes, [], spelling.name)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], spelling.name)
        }
    }

    /// Control: the flag is the user's setting, read at run time: either container may be opened, and the one
    /// without the plan is still reported.
    func testAFlagReadAtRunTimeReachesBoth() {
        let spelling = Self.inMemoryBranches[0]
        let app = """
            import SwiftData
            import Foundation
            @MainActor let container = try! makeContainer(
                plan: ItemsPlan.self, inMemory: UserDefaults.standard.bool(forKey: "demo"))
            """
        let analysis = Self.analyze(spelling.helper, app: app)
        XCTAssertTrue(
            analysis.findings.contains { $0.rule == .containerWithoutMigrationPlan },
            "\(TestSupport.summary(analysis.findings))")
    }

    private static let optionalURLs: [(name: String, helper: String)] = [
        (
            "an if expression on the parameter",
            """
                    let config = if let storeURL { ModelConfiguration(schema: schema, url: storeURL) } else {
                        ModelConfiguration(schema: schema)
                    }
                    return try ModelContainer(for: schema, migrationPlan: ItemsPlan.self, configurations: [config])
            """
        ),
        (
            "a let given its value in each branch",
            """
                    let config: ModelConfiguration
                    if let url = storeURL {
                        config = ModelConfiguration(schema: schema, url: url)
                    } else {
                        config = ModelConfiguration(schema: schema)
                    }
                    return try ModelContainer(for: schema, migrationPlan: ItemsPlan.self, configurations: config)
            """
        ),
        (
            "an early return",
            """
                    if let storeURL {
                        let config = ModelConfiguration(schema: schema, url: storeURL)
                        return try ModelContainer(for: schema, migrationPlan: ItemsPlan.self, configurations: config)
                    }
                    return try ModelContainer(
                        for: schema, migrationPlan: ItemsPlan.self, configurations: ModelConfiguration(schema: schema))
            """
        ),
    ]

    private static func urlHelper(_ body: String) -> String {
        """
        import SwiftData
        import Foundation
        enum Containers {
            static func make(storeURL: URL? = nil) throws -> ModelContainer {
                let schema = Schema(versionedSchema: ItemsV2.self)
        \(body)
            }
        }
        """
    }

    /// The test target passes a file of its own; the app leaves the URL out.
    private static let urlTest = """
        import XCTest
        import Foundation
        final class MigrationTests: XCTestCase {
            func testMigrates() throws {
                _ = try Containers.make(storeURL: FileManager.default.temporaryDirectory.appending(path: "t.store"))
            }
        }
        """

    func testAURLTheAppLeavesAtNilOpensTheDefaultStore() {
        for spelling in Self.optionalURLs {
            let analysis = TestSupport.analyze([
                "Sources/Versions.swift": Self.versions, "Sources/Container.swift": Self.urlHelper(spelling.helper),
                "App/MainApp.swift": "import SwiftData\nlet container = try! Containers.make()\n",
                "Tests/MigrationTests.swift": Self.urlTest,
            ])
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], spelling.name)
            XCTAssertEqual(analysis.notes, [], spelling.name)
        }
    }

    /// Control: the app passes a URL the user picked: that store cannot be told, and a note says so.
    func testAURLTheAppPassesFromSettingsCannotBeTold() {
        let app = """
            import SwiftData
            import Foundation
            let container = try! Containers.make(storeURL: URL(string: UserDefaults.standard.string(forKey: "u")!)!)
            """
        let analysis = TestSupport.analyze([
            "Sources/Versions.swift": Self.versions,
            "Sources/Container.swift": Self.urlHelper(Self.optionalURLs[0].helper),
            "App/MainApp.swift": app,
        ])
        XCTAssertEqual(analysis.untoldStoreNotes.count, 1, analysis.notes.joined(separator: "\n"))
    }
}
