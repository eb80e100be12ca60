import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A version listed after another, with every stage going forward along the list, whose versionIdentifier is lower
/// (Bloom, field test 27: V17 `17.0.0`, then V18 `0.18.0` onwards, shipped for fourteen releases): the plan migrates
/// in the listed order, so the identifiers only mislead their readers: a warning, never the error that stages run
/// the wrong way.
final class IdentifierBelowListedTests: XCTestCase {
    private static func version(_ name: String, _ identifier: String, _ field: String) -> String {
        """
        enum \(name): VersionedSchema {
            static let versionIdentifier = Schema.Version(\(identifier))
            static var models: [any PersistentModel.Type] { [Reminder.self] }
            @Model final class Reminder { var title: String = ""\(field); init() {} }
        }
        """
    }

    private static func app(schemas: String, stages: String, extra: String = "") -> String {
        """
        import SwiftData
        \(version("SchemaV16", "16, 0, 0", ""))
        \(version("SchemaV17", "17, 0, 0", "; var note: String?"))
        \(version("SchemaV18", "0, 18, 0", "; var note: String?; var done: Bool = false"))
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { \(schemas) }
            static var stages: [MigrationStage] { \(stages) }
            \(extra)
        }
        let container = try! ModelContainer(for: Schema(versionedSchema: SchemaV18.self), migrationPlan: Plan.self)
        """
    }

    private func outOfOrder(_ text: String) -> [Severity] {
        TestSupport.analyze(["App/Plan.swift": text]).findings.filter { $0.rule == .schemasOutOfOrder }.map(\.severity)
    }

    func testAnIdentifierBelowTheOneListedBeforeIsAWarning() {
        let list = "[SchemaV16.self, SchemaV17.self, SchemaV18.self]"
        let spellings = [
            (
                "lightweight stages written in the list",
                Self.app(
                    schemas: list,
                    stages: "[.lightweight(fromVersion: SchemaV16.self, toVersion: SchemaV17.self), "
                        + ".lightweight(fromVersion: SchemaV17.self, toVersion: SchemaV18.self)]")
            ),
            (
                "stages as static lets",
                Self.app(
                    schemas: list, stages: "[v16to17, v17to18]",
                    extra: """
                    static let v16to17 = MigrationStage.lightweight(
                            fromVersion: SchemaV16.self, toVersion: SchemaV17.self)
                        static let v17to18 = MigrationStage.lightweight(
                            fromVersion: SchemaV17.self, toVersion: SchemaV18.self)
                    """)
            ),
            (
                "only the last step staged",
                Self.app(
                    schemas: list, stages: "[.lightweight(fromVersion: SchemaV17.self, toVersion: SchemaV18.self)]")
            ),
        ]
        for (name, text) in spellings {
            XCTAssertEqual(outOfOrder(text), [.warning], name)
        }
    }

    /// Control: V18 listed before V17 while a stage goes V17 → V18: the list, the stages and the identifiers each
    /// say another order, an error.
    func testAStageAgainstTheListIsAnError() {
        let text = Self.app(
            schemas: "[SchemaV16.self, SchemaV18.self, SchemaV17.self]",
            stages: "[.lightweight(fromVersion: SchemaV16.self, toVersion: SchemaV17.self), "
                + ".lightweight(fromVersion: SchemaV17.self, toVersion: SchemaV18.self)]")
        XCTAssertEqual(outOfOrder(text), [.error])
    }
}
