import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

final class LockfileTests: XCTestCase {
    let v1 = """
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Trip.self] }
            @Model final class Trip { var name: String = ""; var startDate: Date?; init() {} }
        }
        """

    func testRoundTripIsByteIdenticalAndReadable() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(v1))
        let text = lockfile.json().rendered()
        XCTAssertTrue(text.hasSuffix("}\n"))
        XCTAssertTrue(text.contains("\"checksum\": "))
        XCTAssertTrue(text.contains("\"name\": \"startDate\""), "snapshots are readable")
        let directory = try TestSupport.temporaryDirectory()
        let path = directory.appendingPathComponent("schemalint.lock").path
        try LockfileStore.write(lockfile, to: path)
        SchemaSamples.files(under: directory)
        let read = try XCTUnwrap(LockfileStore.load(path))
        XCTAssertEqual(read, lockfile)
        XCTAssertEqual(read.json().rendered(), text)
        XCTAssertEqual(read.keyLines["SchemaV1"], 5)
    }

    func testEditingALockedVersionIsReportedPropertyByProperty() {
        let lockfile = TestSupport.lock(TestSupport.analyze(v1))
        let edited = v1.replacingOccurrences(
            of: "var startDate: Date?", with: "var startDate: Date\n        var notes: String?")
        let findings = TestSupport.analyze(edited, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["shipped_schema_edited"])
        let message = findings[0].message.text
        XCTAssertTrue(message.contains("Trip.notes added (String?)"), message)
        XCTAssertTrue(message.contains("Trip.startDate changed: became non-optional"), message)
        XCTAssertTrue(message.contains("134504"), message)
        XCTAssertEqual(findings[0].location.line, 5, "points at the first changed property (Trip.notes)")
    }

    /// Renaming a Codable enum a shipped version stores keeps every column (the store holds the raw value under the
    /// property's name), so it is no edit and no migration: a public task app renamed `HabitPriority` to `Priority`
    /// under a lightweight step and got an error and two warnings before. A changed column still is an edit.
    func testRenamingACodableTypeWithTheSameColumnsIsNoEdit() {
        let source = """
            enum TaskPriority: String, Codable { case low, high }
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Chore.self] }
                @Model final class Chore { var title: String = ""; var priority: TaskPriority = .low; init() {} }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Chore.self] }
                @Model final class Chore {
                    var title: String = ""; var priority: TaskPriority = .low; var done: Bool = false; init() {}
                }
            }
            enum ChorePlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
                }
            }
            """
        let lockfile = TestSupport.lock(TestSupport.analyze(source))
        let renamed = source.replacingOccurrences(of: "TaskPriority", with: "Priority")
        let renamedAnalysis = TestSupport.analyze(renamed, lockfile: lockfile)
        XCTAssertEqual(TestSupport.summary(renamedAnalysis.findings), [])
        let relocked = Locker.plan(renamedAnalysis, existing: lockfile, request: .init())
        XCTAssertEqual(relocked.renamedTypes, ["SchemaV1", "SchemaV2"])
        XCTAssertEqual(relocked.remapped, [])
        XCTAssertEqual(relocked.conflicts.map(\.key), [])
        let retyped = source.replacingOccurrences(
            of: "enum TaskPriority: String, Codable", with: "enum TaskPriority: Int, Codable")
            .replacingOccurrences(of: "case low, high", with: "case low = 0, high = 1")
        XCTAssertEqual(
            TestSupport.analyze(retyped, lockfile: lockfile).findings.map(\.rule),
            ["shipped_schema_edited", "lightweight_unsupported_change", "shipped_schema_edited"])
    }

    /// Versions that list the same live class are all edited by one change to it: one finding at the change naming
    /// every version (a public speaking app's 17 versions gave 17 errors at one line before).
    func testOneEditToSharedLiveClassesIsOneFinding() {
        let source = """
            @Model final class Note { var text: String = ""; init() {} }
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
            }
            enum SchemaV10: VersionedSchema {
                static var versionIdentifier = Schema.Version(10, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
            }
            """
        let lockfile = TestSupport.lock(TestSupport.analyze(source))
        let edited = source.replacingOccurrences(
            of: "var text: String = \"\";", with: "var text: String = \"\"; var pinned: Bool = false;")
        let findings = TestSupport.analyze(edited, lockfile: lockfile).findings.filter {
            $0.rule == "shipped_schema_edited"
        }
        XCTAssertEqual(TestSupport.summary(findings), ["shipped_schema_edited Schema.swift:1"])
        XCTAssertTrue(
            findings[0].message.headline.hasPrefix("SchemaV1 and 2 more were edited after they shipped: "),
            findings[0].message.headline)
        XCTAssertTrue(
            findings[0].message.detail.hasPrefix(
                "SchemaV1 (1.0.0), SchemaV2 (2.0.0) and SchemaV10 (10.0.0) were edited by this one change to the "
                    + "classes they share: Note.pinned added (Bool). 3 of their store checksums moved."),
            findings[0].message.detail)
    }

    /// Which stores fail depends on the plan: with stages SwiftData must recognise the store's checksum now; with no
    /// plan (or `stages: []`) it infers a migration from what the store holds, so the message says they open today and
    /// fail the day a stage is added. Both are errors; an edit that keeps the checksum is a warning.
    func testWhatAnEditBreaksDependsOnWhetherStagesRun() {
        let v2 = """
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip { var name: String = ""; var startDate: Date?; var tag: String?; init() {} }
            }
            """
        let staged = v1 + "\n" + v2 + """

            enum TripPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
                }
            }
            """
        let unstaged = staged.replacingOccurrences(
            of: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]\n", with: "[]\n")
        for (source, failsNow) in [(staged, true), (unstaged, false), (v1, false)] {
            let lockfile = TestSupport.lock(TestSupport.analyze(source))
            let edited = source.replacingOccurrences(
                of: "var name: String = \"\"; var startDate: Date?; init",
                with: "var name: String = \"\"; var startDate: Date?; var notes: String?; init")
            let findings = TestSupport.analyze(edited, lockfile: lockfile).findings
            XCTAssertEqual(findings.map(\.rule), ["shipped_schema_edited"])
            XCTAssertEqual(findings.map(\.severity), [.error])
            let message = findings[0].message.text
            XCTAssertEqual(message.contains("will fail to open with 134504"), failsNow, message)
            XCTAssertEqual(message.contains("still open today"), !failsNow, message)
        }
        let lockfile = TestSupport.lock(TestSupport.analyze(v1))
        let renamed = v1.replacingOccurrences(
            of: "var name: String = \"\"", with: "@Attribute(originalName: \"title\") var name: String = \"\"")
        let findings = TestSupport.analyze(renamed, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.severity), [.warning])
    }

    func testChangeTheChecksumIgnoresStillFails() {
        let lockfile = TestSupport.lock(TestSupport.analyze(v1))
        let edited = v1.replacingOccurrences(
            of: "var name: String = \"\"", with: "@Attribute(originalName: \"title\") var name: String = \"\"")
        let findings = TestSupport.analyze(edited, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["shipped_schema_edited"])
        XCTAssertTrue(findings[0].message.text.contains("checksum did not move"), findings[0].message.text)
    }

    func testLockNeverRewritesAChangedEntryUnlessAccepted() throws {
        let original = TestSupport.lock(TestSupport.analyze(v1))
        let edited = TestSupport.analyze(
            v1.replacingOccurrences(of: "var startDate: Date?", with: "var startDate: Date?\n var rating: Int = 0"))
        let refused = Locker.plan(edited, existing: original, request: .init())
        XCTAssertEqual(refused.conflicts.map(\.key), ["SchemaV1"])
        XCTAssertFalse(refused.changed)
        let accepted = Locker.plan(
            edited, existing: original, request: .init(accept: ["SchemaV1"], reason: "never shipped"))
        XCTAssertEqual(accepted.accepted, ["SchemaV1"])
        XCTAssertEqual(accepted.lockfile.versions["SchemaV1"]?.accepted?.first?.reason, "never shipped")
        XCTAssertEqual(
            accepted.lockfile.versions["SchemaV1"]?.accepted?.first?.previousChecksum,
            original.versions["SchemaV1"]?.checksum)
    }

    func testLockRefusesVersionsWhoseSourceIsIncomplete() {
        let broken = TestSupport.analyze(v1 + "\n extension SchemaV1 { @Model final class Stop { var x: Int = 0 ")
        let outcome = Locker.plan(broken, existing: nil, request: .init())
        XCTAssertEqual(outcome.incomplete.map(\.key), ["SchemaV1"])
        XCTAssertTrue(outcome.lockfile.versions.isEmpty)
    }

    /// Removed while a plan runs stages: its stores are unknown (134504). With no stage running (or nothing left that
    /// opens a store), SwiftData infers from what the store holds: nothing to report here. Renamed in Swift with the
    /// same checksum: nothing lost.
    func testRemovedVersionIsReportedAtItsLockfileEntry() throws {
        let v2 = v1.replacingOccurrences(of: "SchemaV1", with: "SchemaV2").replacingOccurrences(
            of: "Version(1, 0, 0)", with: "Version(2, 0, 0)"
        ).replacingOccurrences(of: "var startDate: Date?", with: "var startDate: Date?; var notes: String?")
        let v3 = v2.replacingOccurrences(of: "SchemaV2", with: "SchemaV3").replacingOccurrences(
            of: "Version(2, 0, 0)", with: "Version(3, 0, 0)"
        ).replacingOccurrences(of: "var notes: String?", with: "var notes: String?; var tag: String?")
        func plan(_ from: String, _ to: String) -> String {
            """
            enum TripPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [\(from).self, \(to).self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: \(from).self, toVersion: \(to).self)]
                }
            }
            """
        }
        let shipped = [v1, v2, plan("SchemaV1", "SchemaV2")].joined(separator: "\n")
        var lockfile = TestSupport.lock(TestSupport.analyze(shipped))
        lockfile.path = "schemalint.lock"
        lockfile.keyLines = ["SchemaV1": 4]
        let dropped = [v2, v3, plan("SchemaV2", "SchemaV3")].joined(separator: "\n")
        let findings = TestSupport.analyze(dropped, lockfile: lockfile).findings
        XCTAssertEqual(TestSupport.summary(findings), ["shipped_schema_removed schemalint.lock:4"])
        XCTAssertEqual(TestSupport.analyze("struct Nothing {}", lockfile: lockfile).findings.map(\.rule), [])
        // Renamed in Swift, same checksums, still in the plan: nothing lost.
        let renamed = shipped.replacingOccurrences(of: "SchemaV", with: "TripsV")
        XCTAssertEqual(TestSupport.analyze(renamed, lockfile: lockfile).findings.map(\.rule), [])
    }

    func testUnreadableLockfilesAreErrorsThatSayWhatToDo() throws {
        let good = TestSupport.lock(TestSupport.analyze(v1)).json().rendered()
        let cases: [(String, (LockfileStore.Failure) -> Bool)] = [
            (
                "<<<<<<< HEAD\n" + good + "=======\n{}\n>>>>>>> branch\n",
                {
                    if case .mergeConflict(_, 1) = $0 { return true }; return false
                }
            ),
            (
                String(good.prefix(good.count / 2)),
                {
                    if case .corrupt = $0 { return true }; return false
                }
            ),
            (
                good.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 99"),
                {
                    if case .newerFormat(_, 99) = $0 { return true }; return false
                }
            ),
            (
                good.replacingOccurrences(of: "\"models\": [", with: "\"models\": 3, \"x\": ["),
                {
                    if case .corrupt = $0 { return true }; return false
                }
            ),
        ]
        let directory = try TestSupport.temporaryDirectory()
        for (index, (content, expected)) in cases.enumerated() {
            let path = directory.appendingPathComponent("case\(index).lock").path
            try Data(content.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try LockfileStore.load(path), "case \(index)") { error in
                guard let failure = error as? LockfileStore.Failure else { return XCTFail("case \(index): \(error)") }
                XCTAssertTrue(expected(failure), "case \(index): \(failure)")
                XCTAssertTrue(failure.description.contains(path))
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(content.utf8), "never touched")
        }
    }
}
