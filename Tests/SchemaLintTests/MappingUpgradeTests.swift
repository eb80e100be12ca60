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
}
