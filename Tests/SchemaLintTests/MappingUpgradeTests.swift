import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Fixtures/RealWorld/LockedByEarlierRelease/schemalint.lock was written by the release before this one, which could
/// not map `TimeInterval`, `[Lap]` of a Codable struct or `var kind = SessionKind.strength`, and guessed a raw-value
/// enum's element optionality: its checksum for SchemaV1 is uncertain and differs from today's. Upgrading schemalint
/// must not turn that into "SchemaV1 was edited", and must still catch a real edit.
final class MappingUpgradeTests: XCTestCase {
    let app = "RealWorld/LockedByEarlierRelease"

    func earlierLockfile() throws -> Lockfile {
        try XCTUnwrap(LockfileStore.load(TestSupport.fixture("\(app)/schemalint.lock").path))
    }

    func testUpgradingIsNotAnEdit() throws {
        let lockfile = try earlierLockfile()
        XCTAssertNotNil(lockfile.versions["SchemaV1"]?.checksumUncertainties)
        let analysis = try TestSupport.analyzeFixture(app, lockfile: lockfile)
        let current = try XCTUnwrap(analysis.analysis(forKey: "SchemaV1"))
        XCTAssertTrue(current.isCertain, "\(current.uncertainties)")
        XCTAssertNotEqual(current.hashes.checksum, lockfile.versions["SchemaV1"]?.checksum)
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
    }

    /// `lock` re-records the entry with the better mapping once, then has nothing to do.
    func testLockReRecordsTheEntryOnce() throws {
        let lockfile = try earlierLockfile()
        let analysis = try TestSupport.analyzeFixture(app, lockfile: lockfile)
        let first = Locker.plan(analysis, existing: lockfile, request: .init(only: ["SchemaV1"]))
        XCTAssertEqual(first.remapped, ["SchemaV1"])
        XCTAssertEqual(first.conflicts.map(\.key), [])
        let entry = try XCTUnwrap(first.lockfile.versions["SchemaV1"])
        XCTAssertNil(entry.checksumUncertainties)
        XCTAssertEqual(entry.checksum, analysis.analysis(forKey: "SchemaV1")?.hashes.checksum)
        let second = Locker.plan(analysis, existing: first.lockfile, request: .init(only: ["SchemaV1"]))
        XCTAssertFalse(second.changed)
        XCTAssertEqual(second.unchanged, ["SchemaV1"])
    }

    /// A property the earlier release could not map is still compared by its Swift type: changing it is an edit.
    func testARealEditIsStillReported() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("App")
        try FileManager.default.copyItem(at: TestSupport.fixture(app), to: copy)
        let file = copy.appendingPathComponent("Sources/Models/SchemaV1.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let edited = source.replacingOccurrences(
            of: "var restDuration: TimeInterval = 90",
            with: "var restDuration: String = \"\"")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let analysis = try Analyzer(workingDirectory: copy, threads: 1).analyze(paths: [], lockfile: earlierLockfile())
        XCTAssertEqual(
            TestSupport.summary(analysis.findings),
            ["shipped_schema_edited Sources/Models/SchemaV1.swift:13"])
        XCTAssertTrue(
            analysis.findings[0].message.text.contains("Session.restDuration changed: type Double → String"),
            analysis.findings[0].message.text)
    }

    /// The previous release called an optional Codable struct's checksum certain and got it wrong: it kept each
    /// field's optionality, where SwiftData makes every element optional (vivobody-db99d12.store). Its lockfile
    /// (Legacy/TravelApp-previous-release.lock, `Stop.location: Coordinates?`) records the wrong checksum with no
    /// uncertainty; the snapshot is unchanged, so upgrading still reports nothing and `lock` re-records it.
    func testACorrectedCertainMappingIsNotAnEdit() throws {
        let lockfile = try XCTUnwrap(
            LockfileStore.load(
                TestSupport.fixture("Legacy/TravelApp-previous-release.lock").path))
        XCTAssertTrue(lockfile.versions.values.allSatisfy { $0.checksumUncertainties == nil })
        let analysis = try TestSupport.analyzeFixture("TravelApp", lockfile: lockfile)
        XCTAssertNotEqual(
            analysis.analysis(forKey: "SchemaV1")?.hashes.checksum, lockfile.versions["SchemaV1"]?.checksum)
        XCTAssertEqual(TestSupport.summary(analysis.findings.filter { $0.rule == .shippedSchemaEdited }), [])
        let outcome = Locker.plan(analysis, existing: lockfile, request: .init())
        XCTAssertEqual(outcome.remapped, ["SchemaV1", "SchemaV2", "SchemaV3"])
        XCTAssertEqual(outcome.conflicts.map(\.key), [])
    }

    /// An unversioned app's state is keyed by its checksum. RealWorld/UnversionedLockedByEarlierRelease was locked by
    /// the release before this one, which could not map `Color.Resolved` nor the arrays in `Tags` (their element
    /// types live in a file it never looked for): its state's key and checksum differ from today's. Upgrading must
    /// not report the state as migrated by inference through a type change, and `lock` re-records it under its new
    /// key, keeping its history.
    func testUpgradingAnUnversionedStateIsNotAChange() throws {
        let fixture = "RealWorld/UnversionedLockedByEarlierRelease"
        let lockfile = try XCTUnwrap(LockfileStore.load(TestSupport.fixture("\(fixture)/schemalint.lock").path))
        XCTAssertEqual(Array(lockfile.versions.keys), ["Unversioned@DEyjtpeY"])
        let analysis = try TestSupport.analyzeFixture(fixture, lockfile: lockfile)
        let current = try XCTUnwrap(analysis.versions.first)
        XCTAssertTrue(current.isCertain, "\(current.uncertainties)")
        XCTAssertEqual(current.hashes.checksum, "b5KzLI/MISUhx5nCQHVb9uN35m7Eh7lzA7lzgmBFxj4=")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])

        let outcome = Locker.plan(analysis, existing: lockfile, request: .init())
        XCTAssertEqual(outcome.remapped, ["Unversioned@b5KzLIMI"])
        XCTAssertEqual(outcome.renamedStates, ["Unversioned@b5KzLIMI": "Unversioned@DEyjtpeY"])
        XCTAssertEqual(Array(outcome.lockfile.versions.keys), ["Unversioned@b5KzLIMI"])
        let entry = try XCTUnwrap(outcome.lockfile.versions["Unversioned@b5KzLIMI"])
        XCTAssertNil(entry.checksumUncertainties)
        XCTAssertEqual(entry.lockedAt, lockfile.versions["Unversioned@DEyjtpeY"]?.lockedAt)
        let again = Locker.plan(analysis, existing: outcome.lockfile, request: .init())
        XCTAssertFalse(again.changed)
    }

    /// The same upgrade with a real change: `tags` made a `String` is still a change inference cannot do.
    func testAChangedUnversionedStateIsStillReported() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("App")
        try FileManager.default.copyItem(
            at: TestSupport.fixture("RealWorld/UnversionedLockedByEarlierRelease"), to: copy)
        let file = copy.appendingPathComponent("Sources/Drink.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        try source.replacingOccurrences(of: "var tags: Tags = Tags()", with: "var tags: String = \"\"")
            .write(to: file, atomically: true, encoding: .utf8)
        let lockfile = try XCTUnwrap(LockfileStore.load(copy.appendingPathComponent("schemalint.lock").path))
        let analysis = try Analyzer(workingDirectory: copy, threads: 1).analyze(paths: [], lockfile: lockfile)
        XCTAssertEqual(
            TestSupport.summary(analysis.findings), ["lightweight_unsupported_change Sources/Drink.swift:8"])
    }
}
