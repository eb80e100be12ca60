import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A historical version listing live models in a plan that runs no stage (TeacherAssistant, field test 30):
/// SwiftData infers each store's migration from what it holds, so an edit breaks nothing yet; the first stage added
/// makes stores written before it unknown (134504). A warning that says so; with a stage, the error stays.
final class HistoricalNoStageTests: XCTestCase {
    private static func source(stages: String) -> String {
        """
        import SwiftData
        @Model final class Item { var title: String = ""; init() {} }
        @Model final class Tag { var name: String = ""; init() {} }
        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
        }
        enum SchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self, Tag.self] }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            \(stages)
        }
        func open() throws -> ModelContainer { try ModelContainer(for: Item.self, Tag.self, migrationPlan: Plan.self) }
        """
    }

    private func live(_ stages: String) -> [Finding] {
        TestSupport.analyze(Self.source(stages: stages)).findings.filter { $0.rule == .historicalSchemaUsesLiveModel }
    }

    func testAPlanRunningNoStageIsAWarningThatSaysWhen() {
        for stages in ["static var stages: [MigrationStage] { [] }", "static let stages: [MigrationStage] = []"] {
            let found = live(stages)
            XCTAssertEqual(found.map(\.severity), [.warning], stages)
            XCTAssertTrue(found.first?.message.headline.hasSuffix("once a stage runs (134504)") == true, stages)
        }
    }

    func testAPlanWithAStageIsAnError() {
        let found = live(
            "static var stages: [MigrationStage] { "
                + "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }")
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertTrue(found.first?.message.headline.hasSuffix("breaks its stores (134504)") == true)
    }
}
