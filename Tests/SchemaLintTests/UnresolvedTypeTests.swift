import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A property whose type schemalint cannot resolve now (an enum moved into a package or submodule it is not shown)
/// is "cannot tell": never a definite type change, an "opening fails (134110)", an edit of a shipped version or a
/// lock conflict. A type change it can see is still reported.
final class UnresolvedTypeTests: XCTestCase {
    let priority = """
        import Foundation

        enum Priority: String, Codable {
            case low, high
        }
        """

    func tasks(_ declaration: String, importing module: String? = nil) -> [String: String] {
        [
            "Tasks/TaskSchemaV1.swift": """
            import SwiftData
            \(module.map { "import \($0)" } ?? "")

            enum TaskSchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Chore.self] }
                @Model final class Chore {
                    var title: String = ""
                    \(declaration)
                    init() {}
                }
            }
            """,
            "Tasks/ChoresApp.swift": """
            import SwiftData
            import SwiftUI

            @main struct ChoresApp: App {
                var body: some Scene {
                    WindowGroup { Text("Chores") }.modelContainer(for: TaskSchemaV1.Chore.self)
                }
            }
            """,
        ]
    }

    func confident(_ analysis: Analysis) -> [String] {
        analysis.findings.filter { $0.severity >= .warning }.map { "\($0.rule)" }
    }

    func testATypeMovedOutOfSightIsCannotTellInCheckLockAndUpgrades() {
        let shipped = tasks("var priority: Priority = Priority.low").merging(["Tasks/Priority.swift": priority]) {
            $1
        }
        let locked = TestSupport.lock(TestSupport.analyze(shipped))
        XCTAssertEqual(locked.versions.keys.sorted(), ["TaskSchemaV1"])
        // The same enum, now declared where schemalint cannot see it: written three ways.
        let spellings = [
            ("imported from a package", tasks("var priority: Priority = Priority.low", importing: "ChoreKit")),
            ("qualified by its module", tasks("var priority: ChoreKit.Priority = .low", importing: "ChoreKit")),
            ("made optional too", tasks("var priority: Priority? = nil", importing: "ChoreKit")),
        ]
        for (name, files) in spellings {
            let analysis = TestSupport.analyze(files, lockfile: locked)
            XCTAssertEqual(confident(analysis), [], name)
            XCTAssertEqual(analysis.upgrades.rows.count, 1, name)
            for row in analysis.upgrades.rows {
                guard case .cannotTell = row.outcome else { return XCTFail("\(name): \(row.outcome)") }
            }
            XCTAssertEqual(analysis.unresolvedTypeNotes.count, 1, name)
            let note = analysis.unresolvedTypeNotes.first ?? ""
            XCTAssertTrue(note.contains("rests on a type schemalint cannot resolve"), note)
            let outcome = Locker.plan(analysis, existing: locked, request: Locker.Request())
            XCTAssertTrue(outcome.conflicts.isEmpty, "\(name): \(outcome.conflicts)")
            XCTAssertEqual(outcome.unread.map(\.key), ["TaskSchemaV1"], name)
            XCTAssertTrue(outcome.unread.first?.why.contains("cannot tell whether it changed") == true, name)
            XCTAssertEqual(
                outcome.lockfile.versions["TaskSchemaV1"]?.checksum, locked.versions["TaskSchemaV1"]?.checksum, name)
            XCTAssertFalse(outcome.changed, name)
        }
        // A type change schemalint can see is still one.
        let retyped = TestSupport.analyze(
            tasks("var priority: Int = 0").merging(["Tasks/Priority.swift": priority]) { $1 }, lockfile: locked)
        XCTAssertTrue(confident(retyped).contains("shipped_schema_edited"), "\(confident(retyped))")
        XCTAssertTrue(confident(retyped).contains("lightweight_unsupported_change"), "\(confident(retyped))")
        XCTAssertEqual(retyped.unresolvedTypeNotes, [])
    }

    /// A lightweight stage between two versions, the second naming the type from a module schemalint cannot see.
    func testAStageToAnUnresolvedTypeIsNotAnImpossibleMigration() {
        let files = [
            "Plan/Versions.swift": """
            import SwiftData
            import ChoreKit

            enum Local {
                enum Priority: String, Codable { case low, high }
            }

            enum ChoresV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Chore.self] }
                @Model final class Chore {
                    var priority: Local.Priority = Local.Priority.low
                    init() {}
                }
            }

            enum ChoresV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Chore.self] }
                @Model final class Chore {
                    var priority: ChoreKit.Priority = .low
                    init() {}
                }
            }

            enum ChoresPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ChoresV1.self, ChoresV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: ChoresV1.self, toVersion: ChoresV2.self)]
                }
            }
            """,
            "Plan/App.swift": """
            import SwiftData
            import SwiftUI

            @main struct ChoresApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: ChoresV2.self), migrationPlan: ChoresPlan.self)
                var body: some Scene { WindowGroup { Text("Chores") }.modelContainer(container) }
            }
            """,
        ]
        let analysis = TestSupport.analyze(files)
        XCTAssertFalse(confident(analysis).contains("lightweight_unsupported_change"), "\(confident(analysis))")
        let old = analysis.analysis(forKey: "ChoresV1")!.snapshot
        let new = analysis.analysis(forKey: "ChoresV2")!.snapshot
        let changes = MigrationAssessment.assess(from: old, to: new)
        XCTAssertEqual(changes.map(\.kind), [.typeUnresolved])
        XCTAssertNil(changes.first?.blocker)
        XCTAssertTrue(changes.first?.caution?.contains("cannot tell") == true)
    }
}
