#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// The demo app's fixtures (Examples/TripJournal/SchemaLintFixtures, `schemalint fixtures --rows 2 --tests
/// --module TripJournal`) are what its lockfile gives today: regenerated, every table, row, metadata value and the
/// test file are the same, and each store is named by its locked state. Compared by content, not bytes: SQLite
/// writes its own version number into a file's header.
final class ExampleFixturesTests: XCTestCase {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/TripJournal")
    static var committed: URL { example.appendingPathComponent("SchemaLintFixtures") }

    private func regenerate() throws -> (folder: URL, outcome: FixtureExport.Outcome, analysis: Analysis) {
        let lockfile = try XCTUnwrap(
            try LockfileStore.load(Self.example.appendingPathComponent("schemalint.lock").path))
        let analysis = try Analyzer(workingDirectory: Self.example, threads: 2).analyze(paths: [], lockfile: lockfile)
        let folder = try TestSupport.temporaryDirectory()
        let states = FixturePlanner.states(lockfile: lockfile, analysis: analysis)
        return (folder, try FixtureExport.write(states, to: folder.path, rows: 2), analysis)
    }

    func testTheCommittedFixturesAreWhatTheLockfileGives() throws {
        let (folder, outcome, analysis) = try regenerate()
        XCTAssertEqual(outcome.written.map(\.key), ["SchemaV1", "SchemaV2"])
        XCTAssertEqual(outcome.skipped.map(\.key), [])
        for state in outcome.written {
            let fresh = folder.appendingPathComponent(state.fileName).path
            let kept = Self.committed.appendingPathComponent(state.fileName).path
            XCTAssertEqual(try FixtureDump.dump(fresh), try FixtureDump.dump(kept), state.key)
        }
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent(FixtureExport.manifestName), encoding: .utf8),
            try String(contentsOf: Self.committed.appendingPathComponent(FixtureExport.manifestName), encoding: .utf8))
        let tests = FixtureTestFile(states: outcome.written, analysis: analysis, rows: 2, module: "TripJournal")
        XCTAssertEqual(
            tests.source(),
            try String(contentsOf: Self.committed.appendingPathComponent(FixtureTestFile.fileName), encoding: .utf8))
    }

    /// Reading the committed fixtures (this class, `verify-store`) leaves nothing beside them.
    func testNothingIsLeftBesideTheCommittedFixtures() throws {
        _ = try FixtureDump.dump(Self.committed.appendingPathComponent("SchemaV1.store").path)
        _ = try StoreReader.metadata(of: Self.committed.appendingPathComponent("SchemaV2.store").path)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.committed.path).sorted()
        XCTAssertEqual(
            names, ["SchemaLintFixtureTests.swift", "SchemaV1.store", "SchemaV2.store", FixtureExport.manifestName])
    }

    func testEachCommittedFixtureIsNamedByItsLockedState() throws {
        let lockfile = try XCTUnwrap(
            try LockfileStore.load(Self.example.appendingPathComponent("schemalint.lock").path))
        for (file, key) in [("SchemaV1.store", "SchemaV1"), ("SchemaV2.store", "SchemaV2")] {
            let metadata = try StoreReader.metadata(of: Self.committed.appendingPathComponent(file).path)
            XCTAssertEqual(StoreVerifier.lockedStates(matching: metadata, in: lockfile), [key])
            XCTAssertEqual(HashSelfCheck(metadata)?.passed, true, file)
        }
    }

    /// As a user runs it: `fixtures` in the app's folder, then `verify-store` and `upgrades` on what it wrote; a file
    /// it did not write is never replaced, and a second run replaces what the first wrote.
    func testTheBinaryWritesVerifiesAndNeverReplacesOthersFiles() throws {
        let app = try TestSupport.temporaryDirectory().appendingPathComponent("TripJournal")
        try FileManager.default.copyItem(at: Self.example, to: app)
        try FileManager.default.removeItem(at: app.appendingPathComponent("SchemaLintFixtures"))
        let folder = app.appendingPathComponent("SchemaLintFixtures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("SchemaV2.store"))
        let refused = try TestSupport.run(["fixtures"], in: app)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("SchemaV2.store already exists and was not written by"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["SchemaV2.store"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("SchemaV2.store"))

        let written = try TestSupport.run(["fixtures", "--rows", "1"], in: app)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stdout.contains("wrote SchemaV1.store: SchemaV1 (1.0.0, checksum "), written.stdout)
        XCTAssertEqual(try TestSupport.run(["fixtures", "--rows", "1"], in: app).status, 0)
        let verified = try TestSupport.run(
            ["verify-store", "SchemaLintFixtures/SchemaV1.store", "SchemaLintFixtures/SchemaV2.store"], in: app)
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
        XCTAssertTrue(verified.stdout.contains("SchemaV1.store: holds locked state SchemaV1"), verified.stdout)
        XCTAssertTrue(verified.stdout.contains("SchemaV2.store: holds locked state SchemaV2"), verified.stdout)
        let upgrades = try TestSupport.run(["upgrades", "--stores", "SchemaLintFixtures/*.store"], in: app)
        XCTAssertEqual(upgrades.status, 0, upgrades.stdout + upgrades.stderr)
        XCTAssertTrue(upgrades.stdout.contains("SchemaLintFixtures/SchemaV2.store: opens as is"), upgrades.stdout)

        // No lockfile: nothing to write, and it says what to do.
        try FileManager.default.removeItem(at: app.appendingPathComponent("schemalint.lock"))
        let unlocked = try TestSupport.run(["fixtures"], in: app)
        XCTAssertEqual(unlocked.status, 2)
        XCTAssertTrue(unlocked.stderr.contains("Run `schemalint lock` first"), unlocked.stderr)
    }

    /// Written twice, a fixture is the same file to the byte on one machine: UUIDs, dates and rows come from the state.
    func testWritingTwiceGivesTheSameBytes() throws {
        let first = try regenerate().folder
        let second = try regenerate().folder
        for name in ["SchemaV1.store", "SchemaV2.store", FixtureExport.manifestName] {
            XCTAssertEqual(
                try Data(contentsOf: first.appendingPathComponent(name)),
                try Data(contentsOf: second.appendingPathComponent(name)), name)
        }
    }
}

/// A store's content as text: every `sqlite_master` entry and every row of every table, the metadata property list
/// decoded. Equal dumps are equal stores whatever SQLite version wrote them.
enum FixtureDump {
    static func dump(_ original: String) throws -> [String] {
        // A copy: SQLite opens a WAL-mode store with `-shm` and `-wal` files beside it, and a committed fixture
        // must stay the one file it is.
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent((original as NSString).lastPathComponent).path
        try FileManager.default.copyItem(atPath: original, toPath: path)
        var database: OpaquePointer?
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw XCTSkip("cannot open \(path)")
        }
        defer { sqlite3_close(database) }
        let master = query("SELECT type || ' ' || name || ' ' || ifnull(sql, '') FROM sqlite_master", database)
        var lines = master.map { "master: \($0)" }.sorted()
        let tables = query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", database)
        for table in tables where table != "Z_METADATA" {
            lines += query("SELECT * FROM \(table) ORDER BY 1", database).map { "\(table): \($0)" }
        }
        let metadata = try StoreReader.metadata(of: path)
        lines.append("identifiers: \(metadata.identifiers)")
        lines.append("checksum: \(metadata.checksum ?? "")")
        lines += metadata.entityHashes.keys.sorted().map { "hash \($0): \(Hex.encode(metadata.entityHashes[$0]!))" }
        return lines
    }

    /// Rows as text, columns joined; blobs in hex.
    private static func query(_ sql: String, _ database: OpaquePointer?) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { return ["error: \(sql)"] }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let columns = (0..<sqlite3_column_count(statement)).map { index -> String in
                switch sqlite3_column_type(statement, index) {
                case SQLITE_NULL: return "NULL"
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, index))
                    guard let bytes = sqlite3_column_blob(statement, index) else { return "x''" }
                    return "x'" + Hex.encode(Array(UnsafeRawBufferPointer(start: bytes, count: count))) + "'"
                default:
                    return sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "NULL"
                }
            }
            rows.append(columns.joined(separator: " | "))
        }
        return rows
    }
}
