#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintModel

/// What a Core Data store (SwiftData's too) records about the model that wrote it, from `Z_METADATA`.
public struct StoreMetadata: Sendable {
    public var path: String
    /// `NSStoreModelVersionIdentifiers` (`["1.0.0"]` for an unversioned SwiftData container).
    public var identifiers: [String]
    /// `NSStoreModelVersionHashes`: entity name to its 32-byte version hash.
    public var entityHashes: [String: [UInt8]]
    /// `NSStoreModelVersionChecksumKey`, absent on stores written before 2023.
    public var checksum: String?
    public var digest: String?
    public var hashesVersion: Int?
    public var frameworkVersion: Int?
    /// The model cached in `Z_MODELCACHE`, when the store has one and it could be decoded.
    public var model: CachedModel?
    /// Why there is no `model` (no cache table, or a damaged cache): the checksum alone still identifies the store.
    public var modelProblem: String?
}

public enum StoreReader {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Reads a store's metadata without touching it: the store and its `-wal` / `-shm` siblings are copied to a
    /// private temporary folder and only the copy is opened, so a write-ahead log is applied and the original stays
    /// byte-identical. Nothing is left beside the original.
    public static func metadata(of path: String) throws -> StoreMetadata {
        try checkHeader(path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schemalint-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store.sqlite").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
            }
        } catch {
            throw Failure(path: path, problem: "cannot copy the store to read it: \(error.localizedDescription)")
        }
        let database = try SQLiteCopy(path: copy, original: path)
        let blob = try database.metadataBlob()
        let plist: PropertyListValue
        do {
            plist = try BinaryPropertyList.decode(blob)
        } catch {
            throw Failure(path: path, problem: "its Z_METADATA is not readable (\(error))")
        }
        var hashes: [String: [UInt8]] = [:]
        for (name, value) in plist["NSStoreModelVersionHashes"]?.dictionary ?? [:] {
            if let data = value.data { hashes[name] = data }
        }
        guard !hashes.isEmpty else {
            throw Failure(
                path: path,
                problem: "its metadata has no entity version hashes; it is not a Core Data store schemalint understands"
            )
        }
        let metadata = StoreMetadata(
            path: path,
            identifiers: plist["NSStoreModelVersionIdentifiers"]?.array?.compactMap(\.string) ?? [],
            entityHashes: hashes,
            checksum: plist["NSStoreModelVersionChecksumKey"]?.string,
            digest: plist["NSStoreModelVersionHashesDigest"]?.string,
            hashesVersion: plist["NSStoreModelVersionHashesVersion"]?.integer.map(Int.init),
            frameworkVersion: plist["NSPersistenceFrameworkVersion"]?.integer.map(Int.init))
        if let version = metadata.hashesVersion, version != 3 {
            throw Failure(
                path: path,
                problem:
                    "it uses entity hashes version \(version); schemalint knows version 3 (every store written since "
                        + "2012)"
            )
        }
        var result = metadata
        do {
            if let cache = try database.modelCacheBlob() {
                let archive = try KeyedArchive(try BinaryPropertyList.decode(try Inflate.raw(cache)))
                result.model = try ModelCacheDecoder.decode(archive)
            } else {
                result.modelProblem = "the store has no cached model (Z_MODELCACHE); only its checksums can be compared"
            }
        } catch {
            result.modelProblem = "its cached model (Z_MODELCACHE) cannot be decoded: \(error)"
        }
        return result
    }

    /// SQLite files start with "SQLite format 3\0": anything else is named as such before SQLite sees it.
    private static func checkHeader(_ path: String) throws {
        // A pipe or a device is named, never opened by SQLite (a store may be large: no size limit here).
        switch RegularFile.status(path, limit: .max) {
        case .success: break
        case .failure(.missing): throw Failure(path: path, problem: "no such file")
        case let .failure(failure): throw Failure(path: path, problem: "cannot be read: \(failure)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(
                path: path,
                problem: FileManager.default.fileExists(atPath: path)
                    ? "cannot be read (check its permissions)" : "no such file")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        guard header.count == 16 else {
            throw Failure(path: path, problem: "too short to be a SQLite store (truncated?)")
        }
        guard Array(header) == Array("SQLite format 3\u{0}".utf8) else {
            throw Failure(
                path: path,
                problem: "not a SQLite file (or an encrypted one); Core Data and SwiftData stores are SQLite")
        }
    }
}

/// The private copy of a store, opened once with the system's SQLite (read-write, so SQLite applies a write-ahead
/// log to the copy) and closed when the last reference goes.
private final class SQLiteCopy {
    let original: String
    private var database: OpaquePointer?

    init(path: String, original: String) throws {
        self.original = original
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let problem = Self.message(database)
            sqlite3_close(database)
            database = nil
            throw StoreReader.Failure(path: original, problem: "SQLite cannot open it: \(problem)")
        }
    }

    deinit { sqlite3_close(database) }

    func metadataBlob() throws -> [UInt8] {
        switch try firstBlob("SELECT Z_PLIST FROM Z_METADATA LIMIT 1") {
        case .missingTable:
            throw StoreReader.Failure(
                path: original, problem: "a SQLite file without Z_METADATA: not a Core Data or SwiftData store")
        case .noRow:
            throw StoreReader.Failure(path: original, problem: "its Z_METADATA table is empty")
        case let .blob(bytes):
            return bytes
        }
    }

    /// The deflated model archive, or nil for stores written without one (before iOS 9 / macOS 10.11).
    func modelCacheBlob() throws -> [UInt8]? {
        if case let .blob(bytes) = try firstBlob("SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1") { return bytes }
        return nil
    }

    private enum Row { case missingTable, noRow, blob([UInt8]) }

    /// The first row's first column of `query`, as bytes.
    private func firstBlob(_ query: String) throws -> Row {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(database, query, -1, &statement, nil) == SQLITE_OK else {
            let problem = Self.message(database)
            if problem.contains("no such table") { return .missingTable }
            throw StoreReader.Failure(
                path: original, problem: "SQLite cannot read it (\(problem)); it may be truncated, encrypted or locked")
        }
        let step = sqlite3_step(statement)
        guard step == SQLITE_ROW else {
            if step == SQLITE_DONE { return .noRow }
            throw StoreReader.Failure(
                path: original,
                problem: "SQLite cannot read it (\(Self.message(database))); it may be truncated, encrypted or locked")
        }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard count > 0, let bytes = sqlite3_column_blob(statement, 0) else { return .blob([]) }
        return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    }

    private static func message(_ database: OpaquePointer?) -> String {
        database.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "unknown error"
    }
}
