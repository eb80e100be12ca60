import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Two versions of one checksum in a plan whose `stages` is empty (TeacherAssistant, field test 30: both list one
/// shared `Catalog.models`, and the app ran for ten commits): SwiftData sets up no staged migration, so nothing
/// compares them and no launch crashes. A warning that the first stage added does; with a stage, the error stays.
final class EmptyStagesDuplicateTests: XCTestCase {
    private static let versions = """
        import SwiftData
        @Model final class Item { var title: String = ""; init() {} }
        private enum Catalog { static var models: [any PersistentModel.Type] { [Item.self] } }
        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { Catalog.models }
        }
        enum SchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { Catalog.models }
        }
        """

    private static func plan(_ stages: String) -> String {
        """
        import SwiftData
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            \(stages)
        }
        """
    }

    private static let app = """
        import SwiftUI
        import SwiftData
        @main struct MyApp: App {
            let container: ModelContainer = {
                let schema = Schema(SchemaV2.models)
                let config = ModelConfiguration("Main", schema: schema)
                return try! ModelContainer(for: schema, migrationPlan: Plan.self, configurations: [config])
            }()
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(container) }
        }
        """

    private func duplicates(_ stages: String) -> [Finding] {
        TestSupport.analyze(["Versions.swift": Self.versions, "Plan.swift": Self.plan(stages), "App.swift": Self.app])
            .findings.filter { $0.rule == .duplicateSchemaHash }
    }

    func testAPlanRunningNoStageIsAWarning() {
        let spellings = [
            "static var stages: [MigrationStage] { [] }",
            "static var stages: [MigrationStage] = []",
            "static let stages: [MigrationStage] = []",
            "static var stages: [MigrationStage] { return [] }",
        ]
        for stages in spellings {
            let found = duplicates(stages)
            XCTAssertEqual(found.map(\.severity), [.warning], stages)
            XCTAssertEqual(found.map(\.message.id), ["same-checksum-no-stages"], stages)
        }
    }

    /// Control: a stage between them sets up a staged migration, which crashes at launch.
    func testAPlanWithAStageIsAnError() {
        let found = duplicates(
            "static var stages: [MigrationStage] { "
                + "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }")
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(found.map(\.message.id), ["same-checksum"])
    }
}
