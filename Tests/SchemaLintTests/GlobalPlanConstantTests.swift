import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A plan and a container given by global constants (Bloom, field test 27): `schemas` and `stages` returning global
/// `let` arrays, and `Schema(versionedSchema: currentSchema)` with `let currentSchema: VersionedSchema.Type =
/// SchemaV2.self`. Each is read where it is declared, with no note that it cannot be read.
final class GlobalPlanConstantTests: XCTestCase {
    private static let versions = """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var title: String = ""; init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var title: String = ""; var done: Bool = false; init() {} }
        }
        """

    private static let lists = """
        import SwiftData
        let currentSchemas: [any VersionedSchema.Type] = [SchemaV1.self, SchemaV2.self]
        let currentStages: [MigrationStage] = [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
        """

    private static func plan(schemas: String, stages: String) -> String {
        """
        import SwiftData
        enum DefaultMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { \(schemas) }
            static var stages: [MigrationStage] { \(stages) }
        }
        """
    }

    private static func container(_ versioned: String) -> String {
        """
        import SwiftData
        @MainActor let container: ModelContainer = {
            let schema = Schema(versionedSchema: \(versioned))
            let configuration = ModelConfiguration(schema: schema)
            return try! ModelContainer(
                for: schema, migrationPlan: DefaultMigrationPlan.self, configurations: configuration)
        }()
        """
    }

    func testGlobalConstantsAreReadWhereTheyAreDeclared() {
        let spellings: [(String, [String: String])] = [
            (
                "global lists in another file, a global version in the container's",
                [
                    "App/Lists.swift": Self.lists,
                    "App/Plan.swift": Self.plan(schemas: "currentSchemas", stages: "currentStages"),
                    "App/Container.swift": "let currentSchema: VersionedSchema.Type = SchemaV2.self\n"
                        + Self.container("currentSchema"),
                ]
            ),
            (
                "global lists returned with `return`, the version in another file",
                [
                    "App/Lists.swift": Self.lists + "\nlet currentSchema: any VersionedSchema.Type = SchemaV2.self\n",
                    "App/Plan.swift": Self.plan(schemas: "return currentSchemas", stages: "return currentStages"),
                    "App/Container.swift": Self.container("currentSchema"),
                ]
            ),
            (
                "a type's static constants",
                [
                    "App/Lists.swift": """
                    import SwiftData
                    enum Versions {
                        static let all: [any VersionedSchema.Type] = [SchemaV1.self, SchemaV2.self]
                        static let stages: [MigrationStage] = [
                            .lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                        ]
                        static let current: any VersionedSchema.Type = SchemaV2.self
                    }
                    """,
                    "App/Plan.swift": Self.plan(schemas: "Versions.all", stages: "Versions.stages"),
                    "App/Container.swift": Self.container("Versions.current"),
                ]
            ),
        ]
        for (name, files) in spellings {
            var all = files
            all["App/Versions.swift"] = Self.versions
            let analysis = TestSupport.analyze(all)
            XCTAssertEqual(analysis.notes, [], name)
            XCTAssertEqual(analysis.project.plans.first?.schemas?.count, 2, name)
            XCTAssertEqual(analysis.project.plans.first?.stages?.count, 1, name)
            XCTAssertEqual(analysis.topology.stores.first?.versions.map(\.name), ["SchemaV1", "SchemaV2"], name)
        }
    }

    /// Control: two files each declare a global `currentSchemas` (two targets' lists): which one the plan returns
    /// cannot be told, and the note says so.
    func testTwoGlobalsOfOneNameCannotBeTold() {
        let analysis = TestSupport.analyze([
            "App/Versions.swift": Self.versions, "App/Lists.swift": Self.lists,
            "Widget/Lists.swift":
                "import SwiftData\nlet currentSchemas: [any VersionedSchema.Type] = [SchemaV2.self]\n",
            "App/Plan.swift": Self.plan(
                schemas: "currentSchemas",
                stages: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]"),
        ])
        XCTAssertTrue(analysis.notes.contains { $0.contains("schemas cannot be read") }, "\(analysis.notes)")
    }
}
