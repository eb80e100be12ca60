import Foundation
import SchemaLintEngine
import XCTest

/// `check` and `upgrades` read one judgement of each step: a lightweight step (or one with no stage) that SwiftData
/// cannot infer fails in both, a custom stage's inferred step too where a new required property meets stored rows
/// (else it is left to its code in both), and a plan listing two versions with one checksum fails every state in
/// `upgrades` as `duplicate_schema_hash` does in `check`.
final class StepJudgementTests: XCTestCase {
    static let versions = """
        import SwiftData

        enum NotesV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note {
                var title: String = ""
                init() {}
            }
        }

        enum NotesV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note {
                var title: String = ""
                var folder: String
                init(folder: String) { self.folder = folder }
            }
        }

        enum NotesV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note {
                var title: String = ""
                var folder: String
                var pinned: Bool = false
                init(folder: String) { self.folder = folder }
            }
        }

        let container = try! ModelContainer(
            for: Schema(versionedSchema: NotesV3.self), migrationPlan: NotesPlan.self)

        """

    /// Plans whose V1 → V2 step runs no custom stage, spelt three ways.
    static let failingPlans = [
        """
        enum NotesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self, NotesV3.self] }
            static var stages: [MigrationStage] {
                [
                    .lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self),
                    .lightweight(fromVersion: NotesV2.self, toVersion: NotesV3.self),
                ]
            }
        }
        """,
        """
        enum NotesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self, NotesV3.self] }
            static var stages: [MigrationStage] { [toV2, toV3] }
            static let toV2 = MigrationStage.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)
            static let toV3 = MigrationStage.lightweight(fromVersion: NotesV2.self, toVersion: NotesV3.self)
        }
        """,
        """
        enum NotesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self, NotesV3.self] }
            static var stages: [MigrationStage] { [toV3] }
        }

        extension NotesPlan {
            static let toV3 = MigrationStage.lightweight(fromVersion: NotesV2.self, toVersion: NotesV3.self)
        }
        """,
    ]

    func app(_ plan: String) throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        try Data((Self.versions + plan).utf8).write(to: root.appendingPathComponent("Notes.swift"))
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        return root
    }

    func testAStepCheckRejectsFailsInUpgradesToo() throws {
        for plan in Self.failingPlans {
            let root = try app(plan)
            defer { try? FileManager.default.removeItem(at: root) }
            let check = try TestSupport.run(["check"], in: root)
            XCTAssertEqual(check.status, 1, plan)
            XCTAssertTrue(check.stdout.contains("[lightweight_unsupported_change]"), check.stdout)
            let upgrades = try TestSupport.run(["upgrades"], in: root)
            XCTAssertEqual(upgrades.status, 1, upgrades.stdout)
            let lines = upgrades.stdout.split(separator: "\n").map(String.init)
            XCTAssertTrue(
                lines[0].hasPrefix(
                    "NotesV1 in default.store: fails: migrating from NotesV1, SwiftData cannot infer NotesV1 → "
                        + "NotesV2"),
                upgrades.stdout)
            XCTAssertTrue(lines[0].contains("Note.folder added (String)"), upgrades.stdout)
            XCTAssertEqual(
                lines[1], "NotesV2 in default.store: migrates from NotesV2: NotesV2 → NotesV3 (lightweight)")
        }
    }

    /// A custom stage's step is inferred between its closures: `didMigrate` filling a new required attribute comes too
    /// late in both (field test 22, Ticklist); one whose `willMigrate` hands the context to the app's code is left to
    /// that code in both.
    func testACustomStagesStepIsInferredInBoth() throws {
        func plan(_ willMigrate: String, _ didMigrate: String) -> String {
            """
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self, NotesV3.self] }
                static var stages: [MigrationStage] {
                    [
                        .custom(
                            fromVersion: NotesV1.self, toVersion: NotesV2.self, willMigrate: \(willMigrate),
                            didMigrate: \(didMigrate)),
                        .lightweight(fromVersion: NotesV2.self, toVersion: NotesV3.self),
                    ]
                }
            }
            enum NotesCleanup { static func prepare(_ context: ModelContext) throws {} }
            """
        }
        let fill = """
            { context in
                                for note in try context.fetch(FetchDescriptor<NotesV2.Note>()) { note.folder = "Inbox" }
                                try context.save()
                            }
            """
        let late = try app(plan("nil", fill))
        defer { try? FileManager.default.removeItem(at: late) }
        let check = try TestSupport.run(["check"], in: late)
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("Note.folder was added as required in a custom stage's step"), check.stdout)
        let upgrades = try TestSupport.run(["upgrades"], in: late)
        XCTAssertEqual(upgrades.status, 1, upgrades.stdout)
        XCTAssertTrue(
            upgrades.stdout.hasPrefix(
                "NotesV1 in default.store: fails: migrating from NotesV1, SwiftData cannot infer NotesV1 → NotesV2 "
                    + "(custom)"),
            upgrades.stdout)

        let handedOff = try app(plan("{ context in try NotesCleanup.prepare(context) }", "nil"))
        defer { try? FileManager.default.removeItem(at: handedOff) }
        let left = try TestSupport.run(["check"], in: handedOff)
        XCTAssertFalse(left.stdout.contains("[lightweight_unsupported_change]"), left.stdout)
        let migrates = try TestSupport.run(["upgrades"], in: handedOff)
        XCTAssertEqual(migrates.status, 0, migrates.stdout)
        XCTAssertTrue(
            migrates.stdout.hasPrefix(
                "NotesV1 in default.store: migrates from NotesV1: 2 steps (1 custom, 1 lightweight)"),
            migrates.stdout)
    }

    func testAPlanWithOneChecksumTwiceFailsEveryState() throws {
        let same = Self.versions.replacingOccurrences(
            of: "        var pinned: Bool = false\n", with: "")
        XCTAssertNotEqual(same, Self.versions)
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = """
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self, NotesV3.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: NotesV2.self, toVersion: NotesV3.self)]
                }
            }
            """
        try Data((same + plan).utf8).write(to: root.appendingPathComponent("Notes.swift"))
        _ = try TestSupport.run(["lock"], in: root)
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(check.stdout.contains("[duplicate_schema_hash]"), check.stdout)
        let upgrades = try TestSupport.run(["upgrades"], in: root)
        XCTAssertEqual(upgrades.status, 1, upgrades.stdout)
        for line in upgrades.stdout.split(separator: "\n") {
            XCTAssertTrue(
                line.hasSuffix(
                    ": fails: NotesPlan lists NotesV2 and NotesV3 with one checksum: SwiftData stops at launch "
                        + "(\"Duplicate version checksums\")"), upgrades.stdout)
        }
    }
}
