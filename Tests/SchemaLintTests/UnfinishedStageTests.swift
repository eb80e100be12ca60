import SchemaLintEngine
import XCTest

/// A stage declared on a plan but not listed, towards a version the plan does not list and no container opens yet
/// (Read 23f9149's unfinished V2 → V3, field test 24): neither runs, no store is of that version, and listing it would
/// break the app, so neither `schema_not_listed` nor `stage_not_listed` says anything. Opened by the container, or
/// listed in `stages`, it is reported again.
final class UnfinishedStageTests: XCTestCase {
    private static func source(stages: String = "[migrateV1toV2]", opened: String = "BookSchemaV2") -> String {
        """
        import SwiftData
        enum BookSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book { var title: String = ""; init() {} }
        }
        enum BookSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book { var title: String = ""; var author: String = ""; init() {} }
        }
        enum BookSchemaV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book { var title: String = ""; var authors: [String] = []; init() {} }
        }
        enum BookMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [BookSchemaV1.self, BookSchemaV2.self] }
            static var stages: [MigrationStage] { \(stages) }
            static let migrateV1toV2 = MigrationStage.lightweight(
                fromVersion: BookSchemaV1.self, toVersion: BookSchemaV2.self)
            static let migrateV2toV3 = MigrationStage.custom(
                fromVersion: BookSchemaV2.self, toVersion: BookSchemaV3.self, willMigrate: nil, didMigrate: nil)
        }
        let container = try! ModelContainer(
            for: Schema(versionedSchema: \(opened).self), migrationPlan: BookMigrationPlan.self)
        """
    }

    private func rules(_ source: String) -> Set<String> {
        Set(TestSupport.analyze(source).findings.map(\.rule.rawValue))
    }

    func testAnUnfinishedStageIsNotReported() {
        let found = rules(Self.source())
        XCTAssertFalse(found.contains("schema_not_listed"), "\(found)")
        XCTAssertFalse(found.contains("stage_not_listed"), "\(found)")
    }

    func testOpenedOrListedItIsReported() {
        XCTAssertTrue(rules(Self.source(opened: "BookSchemaV3")).contains("stage_not_listed"))
        XCTAssertTrue(rules(Self.source(stages: "[migrateV1toV2, migrateV2toV3]")).contains("schema_not_listed"))
    }
}
