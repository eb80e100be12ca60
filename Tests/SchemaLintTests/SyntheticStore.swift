#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore

/// Writes a minimal Core Data store file: the `Z_METADATA` row SwiftData writes (identifier, entity hashes,
/// checksum, digest) for a version computed from source, as if an app built from that source had created it.
/// Rule documents use it for their `### Store` examples; the real stores in ../shared/stores cover the rest.
enum SyntheticStore {
    static func write(_ version: VersionAnalysis, identifier: String?, hashesVersion: Int = 3, to path: String) throws {
        let plist: [String: Any] = [
            "NSStoreType": "SQLite",
            "NSStoreModelVersionIdentifiers": identifier.map { [$0] } ?? [],
            "NSStoreModelVersionHashes": version.hashes.entityHashes.mapValues { Data($0) },
            "NSStoreModelVersionChecksumKey": version.hashes.checksum,
            "NSStoreModelVersionHashesDigest": version.hashes.digest,
            "NSStoreModelVersionHashesVersion": hashesVersion,
            "NSPersistenceFrameworkVersion": 1526,
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try? FileManager.default.removeItem(atPath: path)
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        guard sqlite3_open(path, &database) == SQLITE_OK,
            sqlite3_exec(
                database, "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
                nil, nil, nil) == SQLITE_OK
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        sqlite3_prepare_v2(database, "INSERT INTO Z_METADATA VALUES (1, 'F00D', ?)", -1, &statement, nil)
        _ = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), nil) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw CocoaError(.fileWriteUnknown) }
    }

    /// One store per version declared in `files`, each recording its version's own identifier.
    static func stores(for files: [String: String], in folder: URL) throws -> [StoreMetadata] {
        let analysis = TestSupport.analyze(files)
        return try analysis.versions.enumerated().map { index, version in
            let path = folder.appendingPathComponent("store-\(index).store").path
            let identifier = analysis.project.versions.first { $0.key == version.key }?.identifier?.description
            try write(version, identifier: identifier, to: path)
            return try StoreReader.metadata(of: path)
        }
    }
}
