import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container's plan or configurations held in a local before the call (field test 35): `let migrationPlan =
/// MigrationPlan.self` is that plan (Taster), and `let config: [ModelConfiguration] = []` is no configuration, so the
/// default store (Disclosure). A `var` list may grow before the call and is not taken as empty.
final class LocalPlanAndListTests: XCTestCase {
    static let versions = """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { var text: String = ""; init() {} }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { var text: String = ""; var rating: Int = 0; init() {} }
        }

        enum MigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        """

    static func app(_ body: String) -> [String: String] {
        [
            "Notes/Versions.swift": versions,
            "Notes/Store.swift": "import SwiftData\n\nenum Store {\n    static func open() throws -> ModelContainer {\n"
                + body + "\n    }\n}\n",
        ]
    }

    func testAPlanHeldInALocalIsThatPlan() {
        for body in [
            "let migrationPlan = MigrationPlan.self\n"
                + "return try ModelContainer(\n    for: Schema(versionedSchema: SchemaV2.self),\n"
                + "    migrationPlan: migrationPlan)",
            "let plan: any SchemaMigrationPlan.Type = MigrationPlan.self\nlet schema = Schema(versionedSchema: "
                + "SchemaV2.self)\nreturn try ModelContainer(for: schema, migrationPlan: plan, configurations: [])",
            "let plan = MigrationPlan.self\nreturn try ModelContainer(for: SchemaV2.Note.self, migrationPlan: plan)",
        ] {
            let analysis = TestSupport.analyze(Self.app(body))
            XCTAssertEqual(analysis.project.containers.compactMap(\.plan).count, 1, body)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], body)
            XCTAssertEqual(analysis.notes, [], body)
        }
    }

    func testAnEmptyListInALetIsTheDefaultStore() {
        for body in [
            "let config: [ModelConfiguration] = []\n"
                + "return try ModelContainer(for: SchemaV2.Note.self, configurations: config)",
            "let none: [ModelConfiguration] = []\n"
                + "return try ModelContainer(for: Schema([SchemaV2.Note.self]), migrationPlan: MigrationPlan.self, "
                + "configurations: none)",
        ] {
            let analysis = TestSupport.analyze(Self.app(body))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], body)
            XCTAssertEqual(analysis.notes, [], body)
        }
    }

    /// Control: a `var` list appended to before the call is not the default store.
    func testAListThatGrowsIsNotTakenAsEmpty() {
        let analysis = TestSupport.analyze(
            Self.app(
                "var configs: [ModelConfiguration] = []\nconfigs.append(ModelConfiguration(\"Notes\"))\n"
                    + "return try ModelContainer(for: SchemaV2.Note.self, configurations: configs)"))
        XCTAssertNotEqual(analysis.topology.stores.map(\.location.key), ["default.store"])
    }
}
