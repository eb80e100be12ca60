import SchemaLintEngine
import XCTest

/// A required property added to a live model that several historical versions list (Waypoint's `Block.indentLevel`,
/// field test 21) breaks every step out of a locked version at one line: one finding there, not one per step. Two
/// changes at two lines stay two findings.
final class OneChangeManyStepsTests: XCTestCase {
    private static func source(block: String, stages: String) -> String {
        """
        import SwiftData
        @Model final class Block {
            var content: String = ""
            \(block)
            init() {}
        }
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Block.self, NoteV1.self] }
            @Model final class NoteV1 { var text: String = ""; init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Block.self, NoteV2.self] }
            @Model final class NoteV2 { var text: String = ""; var pinned: Bool = false; init() {} }
        }
        enum SchemaV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [Block.self] }
        }
        enum BlocksPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
            \(stages)
        }
        let container = try! ModelContainer(for: Block.self, migrationPlan: BlocksPlan.self)
        """
    }

    private static let stages = [
        """
        static var stages: [MigrationStage] {
                [
                    .lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self),
                    .lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self),
                ]
            }
        """,
        "static var stages: [MigrationStage] { [] }",
    ]

    private func lightweight(locked: String, now: String, stages: String) -> [String] {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.source(block: locked, stages: stages)))
        let findings = TestSupport.analyze(Self.source(block: now, stages: stages), lockfile: lockfile).findings
        return TestSupport.summary(findings).filter { $0.hasPrefix("lightweight_unsupported_change") }
    }

    func testOneChangeCarriedByEveryStepIsOneFinding() {
        for stages in Self.stages {
            XCTAssertEqual(
                lightweight(locked: "", now: "var indentLevel: Int", stages: stages),
                ["lightweight_unsupported_change Schema.swift:4"], stages)
        }
    }

    func testTwoChangesAreTwoFindings() {
        for stages in Self.stages {
            XCTAssertEqual(
                lightweight(locked: "", now: "var indentLevel: Int\n    var depth: Int", stages: stages),
                ["lightweight_unsupported_change Schema.swift:4", "lightweight_unsupported_change Schema.swift:5"],
                stages)
        }
    }
}
