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

/// `schemalint fixtures` run on the declarations that wrote each real store in ../shared/stores writes the store the
/// framework wrote: the same tables and indexes, `Z_PRIMARYKEY`, the metadata that identifies the model, and the
/// cached model entity by entity. One test per store, through the whole path: sources → lock → plan → files.
final class FixtureRealStoreTests: XCTestCase {
    func testFreezeRay1() throws {
        try assertFixture("swiftdata/freezeray-1.0.0.sqlite", "Golden/FreezeRay", "AppSchemaV1")
    }
    func testFreezeRay2() throws {
        try assertFixture("swiftdata/freezeray-2.0.0.sqlite", "Golden/FreezeRay", "AppSchemaV2")
    }
    func testMyHome1() throws {
        try assertFixture("swiftdata/myhome-v1.store", "Golden/MyHome", "SchemaV1")
    }
    func testMyHome2() throws {
        try assertFixture("swiftdata/myhome-v2.store", "Golden/MyHome", "SchemaV2")
    }
    func testChefTime() throws {
        try assertFixture("swiftdata/cheftime.store", "Golden/ChefTime", "ChefTimeSchemaV1")
    }
    func testLadder() throws {
        try assertFixture("swiftdata/ladder-phase4prep.store", "Golden/Ladder", "LadderSchemaV1")
    }
    func testVivobody() throws {
        try assertFixture("swiftdata/vivobody-db99d12.store", "Golden/Vivobody", "VivobodySchemaV1")
    }
    func testMetaCocktailsPreloaded() throws {
        try assertFixture("swiftdata/metacocktails-preloaded-3d81022.store", "Golden/Cocktails", "BarSchemaV1")
    }
    func testCartKit() throws {
        try assertFixture("coredata/cartkit-coredata.sqlite", "CoreData/Golden", "CartStorage.xcdatamodeld/CartStorage")
    }
    func testSampleModel1() throws {
        try assertFixture(
            "coredata/coredataplus-SampleModel_V1.sqlite", "CoreData/Golden", "SampleModel.xcdatamodeld/SampleModel")
    }
    /// Two differences, both the real store's history rather than the model: it was migrated from V1 and still names
    /// entity 3 by its old name (`ExpensiveSportCar`, renamed `LuxuryCar` with a renaming identifier), and the model's
    /// named Core Data fetch index is not something schemalint reads from model files.
    func testSampleModel2() throws {
        try assertFixture(
            "coredata/coredataplus-SampleModel_V2.sqlite", "CoreData/Golden", "SampleModel.xcdatamodeld/SampleModel2",
            notWritten: ["Z_Car_byMakerAndNumberPlate"], migratedStore: true)
    }
    func testStandaloneSampleModel3() throws {
        try assertFixture(
            "coredata/coredataplus-SampleModel3_V1.sqlite", "CoreData/Golden", "SampleModel3.xcdatamodel/SampleModel3")
    }

    /// The fixture of `key`, written from the fixture app's sources, against the real store.
    /// `notWritten`: indexes of the real store a fixture does not have (each said why at its test); `migratedStore`:
    /// the real store was migrated, so Z_PRIMARYKEY keeps an old entity name and only numbers and supers compare.
    private func assertFixture(
        _ storeName: String, _ app: String, _ key: String, notWritten: Set<String> = [], migratedStore: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let real = StoreVerificationTests.storesFolder.appendingPathComponent(storeName).path
        try TestSupport.requireSharedStore(real)
        let analysis = try TestSupport.analyzeFixture(app)
        let lockfile = TestSupport.lock(analysis)
        var state = try XCTUnwrap(
            FixturePlanner.states(lockfile: lockfile, analysis: analysis).first { $0.key == key }, "no state \(key)",
            file: file, line: line)
        // Written as the framework that wrote the real store: which metadata keys a store has depends on it.
        state.frameworkVersion = try StoreReader.metadata(of: real).frameworkVersion
        XCTAssertNil(state.unavailable, file: file, line: line)
        let folder = try TestSupport.temporaryDirectory()
        let outcome = try FixtureExport.write([state], to: folder.path, rows: 0)
        XCTAssertEqual(outcome.written.map(\.key), [key], file: file, line: line)
        let fixture = folder.appendingPathComponent(state.fileName).path
        let copy = folder.appendingPathComponent("real-" + (storeName as NSString).lastPathComponent).path
        try FileManager.default.copyItem(atPath: real, toPath: copy)
        if FileManager.default.fileExists(atPath: real + "-wal") {
            try FileManager.default.copyItem(atPath: real + "-wal", toPath: copy + "-wal")
        }

        let realSchema = try schema(of: copy).filter { row in !notWritten.contains { row.contains("| \($0) |") } }
        XCTAssertEqual(try schema(of: fixture), realSchema, "tables and indexes", file: file, line: line)
        let entityRows = migratedStore ? Self.entityNumbers : Self.entityRows
        XCTAssertEqual(
            try rows(entityRows, in: fixture), try rows(entityRows, in: copy), "Z_PRIMARYKEY", file: file, line: line)

        let written = try StoreReader.metadata(of: fixture)
        let stored = try StoreReader.metadata(of: copy)
        XCTAssertEqual(written.entityHashes, stored.entityHashes, file: file, line: line)
        XCTAssertEqual(written.identifiers, stored.identifiers, file: file, line: line)
        XCTAssertEqual(written.checksum, stored.checksum, file: file, line: line)
        XCTAssertEqual(written.digest, stored.digest, file: file, line: line)
        XCTAssertEqual(
            try metadataKeys(of: fixture), try metadataKeys(of: copy), "Z_METADATA keys", file: file, line: line)
        let writtenModel = try XCTUnwrap(written.model, "the fixture's cached model", file: file, line: line)
        // Transient properties are cached but never hashed, and model files' versions are read without them.
        var storedModel = try XCTUnwrap(stored.model, "the store's cached model", file: file, line: line)
        for index in storedModel.schema.entities.indices {
            storedModel.schema.entities[index].properties.removeAll(where: \.isTransient)
        }
        XCTAssertEqual(
            SnapshotDiff.changes(from: storedModel.schema.snapshot, to: writtenModel.schema.snapshot), [],
            file: file, line: line)
        XCTAssertEqual(writtenModel.schema, storedModel.schema, file: file, line: line)
        XCTAssertEqual(writtenModel.versionIdentifiers, storedModel.versionIdentifiers, file: file, line: line)
    }

    /// The entities' rows of Z_PRIMARYKEY: the history entities' rows (16001…) appear once history is recorded.
    private static let entityRows = "SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000 ORDER BY Z_ENT"
    private static let entityNumbers = "SELECT Z_ENT, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000 ORDER BY Z_ENT"

    /// `sqlite_master` as type, name, table and SQL with whitespace runs made one space, sorted.
    private func schema(of path: String) throws -> [String] {
        try rows("SELECT type, name, tbl_name, sql FROM sqlite_master", in: path).map { row in
            row.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        }.sorted()
    }

    private func metadataKeys(of path: String) throws -> [String] {
        let blob = try XCTUnwrap(try blobs("SELECT Z_PLIST FROM Z_METADATA", in: path).first)
        return (try BinaryPropertyList.decode(blob).dictionary ?? [:]).keys.sorted()
    }

    private func rows(_ query: String, in path: String) throws -> [String] {
        try withStatement(query, in: path) { statement in
            var rows: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                let columns = (0..<sqlite3_column_count(statement)).map { index -> String in
                    sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "NULL"
                }
                rows.append(columns.joined(separator: " | "))
            }
            return rows
        }
    }

    private func blobs(_ query: String, in path: String) throws -> [[UInt8]] {
        try withStatement(query, in: path) { statement in
            var blobs: [[UInt8]] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                let count = Int(sqlite3_column_bytes(statement, 0))
                guard let bytes = sqlite3_column_blob(statement, 0) else { continue }
                blobs.append(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
            }
            return blobs
        }
    }

    private func withStatement<T>(_ query: String, in path: String, _ body: (OpaquePointer?) -> T) throws -> T {
        var database: OpaquePointer?
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw XCTSkip("cannot open \(path)")
        }
        defer { sqlite3_close(database) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, query, -1, &statement, nil) == SQLITE_OK else {
            XCTFail("\(query) on \(path): \(String(cString: sqlite3_errmsg(database)))")
            return body(nil)
        }
        defer { sqlite3_finalize(statement) }
        return body(statement)
    }
}
