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

    // MARK: An unversioned app whose stored enum moves into a module it is not shown

    /// An unversioned app caching rigs from a server library. The library was first read with the app (a folder of
    /// the repository); a later release takes it from a submodule the sources do not hold, and names the enum
    /// `Rig.State` instead of `RigState`.
    func rigs(_ lastRun: String, parts: String = "@Relationship(deleteRule: .cascade) var parts: [Part]? = []",
              extra: [String: String] = [:]) -> [String: String] {
        [
            "Rigs/StoredRig.swift": """
            import SwiftData
            import RigKit

            @Model final class StoredRig {
                @Attribute(.unique) var code: String = ""
                \(lastRun)
                \(parts)
                init() {}
            }

            @Model final class Part {
                var serial: String = ""
                var rig: StoredRig?
                init() {}
            }
            """,
            "Rigs/RigsApp.swift": """
            import SwiftData
            import SwiftUI

            @main struct RigsApp: App {
                var body: some Scene { WindowGroup { Text("Rigs") }.modelContainer(for: StoredRig.self) }
            }
            """,
        ].merging(extra) { $1 }
    }

    static let library = ["Rigs/Library/RigState.swift": "enum RigState: String, Codable { case idle, busy }\n"]

    func testAStoredEnumMovedIntoAModuleNotShownIsCannotTell() {
        let shipped = TestSupport.analyze(rigs("var lastRun: RigState?", extra: Self.library))
        let locked = TestSupport.lock(shipped)
        XCTAssertEqual(locked.versions.keys.map { $0.hasPrefix("Unversioned@") }, [true])
        let extended = ["Rigs/Rig+Title.swift": "import RigKit\nextension Rig { var title: String { \"\" } }\n"]
        let spellings: [(String, [String: String])] = [
            ("nested in a type only extended here", rigs("var lastRun: Rig.State?", extra: extended)),
            ("qualified by its module", rigs("var lastRun: RigKit.Rig.State?")),
            (
                "through a typealias",
                rigs(
                    "var lastRun: RunPhase?",
                    extra: ["Rigs/Aliases.swift": "import RigKit\ntypealias RunPhase = Rig.State\n"])
            ),
            ("made required with a default too", rigs("var lastRun: Rig.State = .idle", extra: extended)),
        ]
        for (name, files) in spellings {
            let analysis = TestSupport.analyze(files, lockfile: locked)
            XCTAssertEqual(confident(analysis), [], name)
        }
        // Declared here under its new name, with the same cases: the store holds the same values.
        let renamed = TestSupport.analyze(
            rigs(
                "var lastRun: Rig.State?",
                extra: ["Rigs/Rig.swift": "struct Rig { enum State: String, Codable { case idle, busy } }\n"]),
            lockfile: locked)
        XCTAssertEqual(confident(renamed), [])
        // A type change between two types it can read is still one.
        let retyped = TestSupport.analyze(rigs("var lastRun: Int?", extra: Self.library), lockfile: locked)
        XCTAssertEqual(confident(retyped), ["lightweight_unsupported_change"])
    }

    /// A relationship whose type can no longer be read is not an attribute it "became": what it is was not read.
    func testARelationshipOfATypeNotReadIsNoKindChange() {
        let locked = TestSupport.lock(TestSupport.analyze(rigs("var lastRun: RigState?", extra: Self.library)))
        for parts in [
            "@Relationship(deleteRule: .cascade) var parts: PartList?",
            "@Relationship(deleteRule: .cascade) var parts = makeParts()",
            "@Relationship(deleteRule: .cascade) var parts = RigKit.emptyParts",
        ] {
            let analysis = TestSupport.analyze(
                rigs("var lastRun: RigState?", parts: parts, extra: Self.library), lockfile: locked)
            XCTAssertEqual(confident(analysis), [], parts)
        }
        // The relationship gone: Part is reached no more, and its rows are dropped.
        let gone = TestSupport.analyze(
            rigs("var lastRun: RigState?", parts: "", extra: Self.library), lockfile: locked)
        XCTAssertEqual(confident(gone), ["data_dropped"])
        // Read as an attribute of a known type, it is one: the inferred mapping drops the links (and Part, reached
        // no more, loses its rows) and starts the optional attribute empty; no launch failure.
        let attribute = TestSupport.analyze(
            rigs("var lastRun: RigState?", parts: "var parts: String? = nil", extra: Self.library), lockfile: locked)
        XCTAssertEqual(confident(attribute), ["data_dropped"])
    }
}

/// A standard type whose storage no real store has shown (`UInt`, field test 20: FoodTracker's `quantity`) is said
/// to be that, never "declared in a module it was not shown".
extension UnresolvedTypeTests {
    func testAnUnverifiedStandardTypeIsNamedAsSuch() {
        let locked = TestSupport.lock(TestSupport.analyze(tasks("var quantity: Int = 1")))
        for type in ["UInt", "UInt8", "Int8"] {
            let analysis = TestSupport.analyze(tasks("var quantity: \(type) = 1"), lockfile: locked)
            XCTAssertEqual(confident(analysis), [], type)
            let note = analysis.unresolvedTypeNotes.first ?? ""
            XCTAssertTrue(note.contains("a type whose storage schemalint does not know ('\(type)'"), note)
            XCTAssertFalse(note.contains("module"), note)
        }
    }
}
