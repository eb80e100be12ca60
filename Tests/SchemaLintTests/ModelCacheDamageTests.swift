#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
@testable import SchemaLintStore
import XCTest

/// A store's cached model is untrusted input: damaged deflate streams, damaged archives and archives of the wrong
/// shape must give errors (or a partial model), never a crash, a hang or unbounded memory.
final class ModelCacheDamageTests: XCTestCase {
    func cacheBlob(_ name: String) throws -> [UInt8] {
        let path = StoreVerificationTests.storesFolder.appendingPathComponent(name).path
        try TestSupport.requireSharedStore(path)
        // A copy, as the product reads stores: SQLite creates -shm and -wal files beside a write-ahead-logged store
        // even when it opens it read-only, and the real stores are never to be touched.
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent((path as NSString).lastPathComponent).path
        // With its write-ahead log, as the product copies a store: the cached model may still be in it.
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        XCTAssertEqual(sqlite3_open_v2(copy, &database, SQLITE_OPEN_READONLY, nil), SQLITE_OK)
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        XCTAssertEqual(
            sqlite3_prepare_v2(database, "SELECT Z_CONTENT FROM Z_MODELCACHE", -1, &statement, nil), SQLITE_OK)
        XCTAssertEqual(sqlite3_step(statement), SQLITE_ROW)
        let count = Int(sqlite3_column_bytes(statement, 0))
        return Array(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 0), count: count))
    }

    func decode(_ deflated: [UInt8]) throws -> CachedModel {
        try ModelCacheDecoder.decode(try KeyedArchive(try BinaryPropertyList.decode(try Inflate.raw(deflated))))
    }

    func testRandomDamageIsAnErrorOrAModelNeverACrash() throws {
        let blob = try cacheBlob("swiftdata/cheftime.store")
        XCTAssertEqual(try decode(blob).schema.entities.count, 7)
        let inflated = try Inflate.raw(blob)
        var random = SystemRandomNumberGenerator()
        for round in 0..<3_000 {
            var damaged = round % 2 == 0 ? blob : inflated
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if round % 7 == 0 { damaged = Array(damaged.prefix(Int.random(in: 0..<damaged.count, using: &random))) }
            if round % 2 == 0 {
                _ = try? decode(damaged)
            } else if let plist = try? BinaryPropertyList.decode(damaged), let archive = try? KeyedArchive(plist) {
                _ = try? ModelCacheDecoder.decode(archive)
            }
        }
    }

    func testTruncatedStreamsAndBombsAreRefused() throws {
        let blob = try cacheBlob("swiftdata/myhome-v2.store")
        XCTAssertThrowsError(try Inflate.raw(Array(blob.prefix(blob.count / 2)))) { error in
            XCTAssertTrue("\(error)".contains("truncated"), "\(error)")
        }
        XCTAssertThrowsError(try Inflate.raw(blob, limit: 1_000)) { error in
            XCTAssertTrue("\(error)".contains("more than"), "\(error)")
        }
        XCTAssertThrowsError(try Inflate.raw(Array("not deflate at all, just text".utf8)))
        // A well-formed archive of something else is not a model.
        let other = try PropertyListSerialization.data(
            fromPropertyList: [
                "$archiver": "NSKeyedArchiver", "$objects": ["$null", ["a": 1]],
                "$top": ["root": 1],
            ] as [String: Any], format: .binary, options: 0)
        XCTAssertThrowsError(
            try ModelCacheDecoder.decode(try KeyedArchive(try BinaryPropertyList.decode([UInt8](other)))))
    }
}
