import SchemaLintEngine
import XCTest

/// A custom stage's step is migrated by inference between `willMigrate` and `didMigrate`: a new required property
/// with no default fails there on stores holding rows, whatever `didMigrate` sets (Ticklist 003201e, "This does not
/// work", field test 22). Written as a `static let`, inline in `stages`, and with closures given by name; silent when
/// `willMigrate` deletes the model's rows first, hands its context elsewhere, or the property has a default.
final class CustomStageInferredStepTests: XCTestCase {
    private static func source(tick: String, stage: String, extra: String = "") -> String {
        """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Tick.self] }
            @Model final class Tick { var name: String = ""; init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Tick.self] }
            @Model final class Tick {
                var name: String = ""
                \(tick)
                init() { level = 0 }
            }
        }
        enum TicksPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            \(stage)
        }
        \(extra)
        let container = try! ModelContainer(for: SchemaV2.Tick.self, migrationPlan: TicksPlan.self)
        """
    }

    private static let fill =
        "{ context in for tick in try context.fetch(FetchDescriptor<SchemaV2.Tick>()) { tick.level = 1 } }"
    private static let stages = [
        "static var stages: [MigrationStage] { [v1ToV2] }\n    static let v1ToV2 = MigrationStage.custom("
            + "fromVersion: SchemaV1.self, toVersion: SchemaV2.self, willMigrate: nil, didMigrate: \(fill))",
        "static var stages: [MigrationStage] { [.custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self, "
            + "willMigrate: nil, didMigrate: \(fill))] }",
        "static var stages: [MigrationStage] { [MigrationStage.custom(fromVersion: SchemaV1.self, toVersion: "
            + "SchemaV2.self, willMigrate: log, didMigrate: nil)] }\n    static func log(_ context: ModelContext) {}",
    ]

    func testANewRequiredPropertyInACustomStagesStepFails() {
        for (index, stage) in Self.stages.enumerated() {
            let findings = TestSupport.analyze(Self.source(tick: "var level: Int", stage: stage)).findings
            XCTAssertEqual(
                TestSupport.summary(findings).filter { !$0.hasPrefix("lockfile_missing") },
                ["lightweight_unsupported_change Schema.swift:12"], "stage \(index)")
            XCTAssertTrue(
                findings.contains { $0.message.headline.contains("custom stage's step") }, "stage \(index)")
        }
    }

    func testWhatMakesTheStepWork() {
        let deleting = "static var stages: [MigrationStage] { [.custom(fromVersion: SchemaV1.self, toVersion: "
            + "SchemaV2.self, willMigrate: { context in try context.delete(model: SchemaV1.Tick.self) }, "
            + "didMigrate: nil)] }"
        let handing = "static var stages: [MigrationStage] { [.custom(fromVersion: SchemaV1.self, toVersion: "
            + "SchemaV2.self, willMigrate: { context in try Cleanup.run(context) }, didMigrate: nil)] }"
        let cases = [
            ("a default", Self.source(tick: "var level: Int = 0", stage: Self.stages[0])),
            ("optional", Self.source(tick: "var level: Int?", stage: Self.stages[0])),
            ("rows deleted first", Self.source(tick: "var level: Int", stage: deleting)),
            ("context handed off", Self.source(tick: "var level: Int", stage: handing,
                extra: "enum Cleanup { static func run(_ context: ModelContext) throws {} }")),
        ]
        for (name, source) in cases {
            let findings = TestSupport.summary(TestSupport.analyze(source).findings)
            XCTAssertFalse(findings.contains { $0.hasPrefix("lightweight_unsupported_change") }, "\(name): \(findings)")
        }
    }
}
