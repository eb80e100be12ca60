import SchemaLintEngine
import SchemaLintModel
import XCTest

/// One container given one configuration per schema (`configurations: profiles, entries`, each `schema:` its own):
/// SwiftData keeps each model in the file of the configuration whose schema holds it, so each file's state is its
/// own. Splitting them into two containers later drops nothing (PizzaHelperUnited, Canary 9g → 9h).
final class ConfigurationSchemaStoreTests: XCTestCase {
    private static let models = """
        import SwiftData

        @Model final class Profile { var name: String = ""; init() {} }
        @Model final class Entry { var item: String = ""; init() {} }
        """

    /// The configurations as the first release writes them, each spelled one way real apps do.
    private static let oneContainer: [(String, [String: String])] = [
        (
            "computed statics, variadic",
            [
                "App/Stores.swift": """
                import SwiftData
                enum Stores {
                    static var profiles: ModelConfiguration {
                        ModelConfiguration(schema: Schema([Profile.self]), cloudKitDatabase: .none)
                    }
                    static var entries: ModelConfiguration {
                        ModelConfiguration("Entry", schema: Schema([Entry.self]), cloudKitDatabase: .none)
                    }
                    static let shared = try! ModelContainer(
                        for: Profile.self, Entry.self, configurations: profiles, entries)
                }
                """
            ]
        ),
        (
            "locals in a function, a list",
            [
                "App/Stores.swift": """
                import SwiftData
                func makeShared() -> ModelContainer {
                    let profiles = ModelConfiguration(schema: Schema([Profile.self]), cloudKitDatabase: .none)
                    let entries = ModelConfiguration("Entry", schema: Schema([Entry.self]), cloudKitDatabase: .none)
                    return try! ModelContainer(
                        for: Schema([Profile.self, Entry.self]), configurations: [profiles, entries])
                }
                """
            ]
        ),
        (
            "another type's constants, in another file",
            [
                "App/Configs.swift": """
                import SwiftData
                enum Configs {
                    static let profileSchema = Schema([Profile.self])
                    static let profiles = ModelConfiguration(schema: profileSchema, cloudKitDatabase: .none)
                    static let entries = ModelConfiguration(
                        "Entry", schema: Schema([Entry.self]), cloudKitDatabase: .none)
                }
                """,
                "App/Stores.swift": """
                import SwiftData
                enum Stores {
                    static let shared = try! ModelContainer(
                        for: Profile.self, Entry.self, configurations: Configs.profiles, Configs.entries)
                }
                """,
            ]
        ),
    ]

    /// The next release: one container per store, each with its own configuration.
    private static let twoContainers: [String: String] = [
        "App/Stores.swift": """
        import SwiftData
        enum Stores {
            static let profiles = try! ModelContainer(
                for: Schema([Profile.self]),
                configurations: ModelConfiguration(schema: Schema([Profile.self]), cloudKitDatabase: .none))
            static let entries = try! ModelContainer(
                for: Schema([Entry.self]),
                configurations: ModelConfiguration("Entry", schema: Schema([Entry.self]), cloudKitDatabase: .none))
        }
        """
    ]

    private func app(_ files: [String: String], models: String = models) -> [String: String] {
        var all = files
        all["App/Models.swift"] = models
        return all
    }

    func testEachFileHoldsItsOwnConfigurationsModels() throws {
        for (spelling, files) in Self.oneContainer {
            let analysis = TestSupport.analyze(app(files))
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["default.store", "Entry.store"], spelling)
            let lockfile = TestSupport.lock(analysis)
            let held = lockfile.versions.values.map { "\($0.models ?? []) in \($0.heldIn ?? [])" }.sorted()
            XCTAssertEqual(held, ["[\"Entry\"] in [\"Entry.store\"]", "[\"Profile\"] in [\"default.store\"]"], spelling)

            let next = TestSupport.analyze(app(Self.twoContainers), lockfile: lockfile)
            XCTAssertEqual(TestSupport.summary(next.findings.filter { $0.severity > .note }), [], spelling)
        }
    }

    /// What a file really loses is still found: an attribute dropped from the model one configuration holds is that
    /// file's loss, and only that file's.
    func testADroppedAttributeIsItsOwnStoresLoss() throws {
        for (spelling, files) in Self.oneContainer {
            let lockfile = TestSupport.lock(TestSupport.analyze(app(files)))
            let trimmed = Self.models.replacingOccurrences(of: "var item: String = \"\"; ", with: "")
            let next = TestSupport.analyze(app(Self.twoContainers, models: trimmed), lockfile: lockfile)
            let dropped = next.findings.filter { $0.rule == .dataDropped }
            XCTAssertEqual(dropped.count, 1, spelling)
            guard case let .property(_, entity, property)? = dropped.first?.subject else {
                return XCTFail("no attribute dropped: \(spelling)")
            }
            XCTAssertEqual("\(entity).\(property)", "Entry.item", spelling)
        }
    }

    /// Configurations without a schema of their own hold the container's every model: one state, in both files.
    func testConfigurationsWithoutTheirOwnSchemaHoldEveryModel() {
        let files = [
            "App/Stores.swift": """
            import SwiftData
            enum Stores {
                static let shared = try! ModelContainer(
                    for: Profile.self, Entry.self,
                    configurations: ModelConfiguration(cloudKitDatabase: .none),
                    ModelConfiguration("Entry", cloudKitDatabase: .none))
            }
            """
        ]
        let lockfile = TestSupport.lock(TestSupport.analyze(app(files)))
        XCTAssertEqual(lockfile.versions.values.map { $0.heldIn ?? [] }, [["Entry.store", "default.store"]])
    }
}
