#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintModel

/// Everything a fixture store file is made of: the model to lay out and the blobs encoded elsewhere.
public struct FixtureStore: Sendable {
    public var schema: ManagedModel
    /// Z_METADATA.Z_PLIST bytes (binary plist).
    public var metadataPlist: [UInt8]
    /// Z_MODELCACHE.Z_CONTENT bytes; nil = no Z_MODELCACHE table.
    public var modelCache: [UInt8]?
    /// Z_METADATA.Z_UUID.
    public var storeUUID: String
    /// SwiftData stores have the persistent-history tables.
    public var persistentHistory: Bool
    /// 0 = an empty store.
    public var rowsPerEntity: Int
    /// SwiftData's `#Index` fetch indexes by entity, each a list of property names (not hashed, so not in
    /// `ManagedModel`): SwiftData creates one SQLite index for each.
    public var fetchIndexes: [String: [[String]]] = [:]

    public init(
        schema: ManagedModel, metadataPlist: [UInt8], modelCache: [UInt8]?, storeUUID: String,
        persistentHistory: Bool, rowsPerEntity: Int
    ) {
        self.schema = schema
        self.metadataPlist = metadataPlist
        self.modelCache = modelCache
        self.storeUUID = storeUUID
        self.persistentHistory = persistentHistory
        self.rowsPerEntity = rowsPerEntity
    }
}

/// Writes a fixture store with the system's SQLite: the file Core Data would have made for the model, with the
/// page size (4096) and incremental auto-vacuum every real store has, in WAL journal mode as most of them are.
/// The same input gives the same bytes (no clock, no randomness; SQLite's header depends only on the writes).
public enum FixtureStoreWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Refuses an existing path (a fixture never replaces a file, store or not); on failure nothing is left behind.
    public static func write(_ store: FixtureStore, to path: String) throws {
        for candidate in [path, path + "-wal", path + "-shm", path + "-journal"] {
            var status = stat()
            if lstat(candidate, &status) == 0 {
                throw Failure(path: path, problem: "\(candidate) already exists; fixture stores never overwrite a file")
            }
        }
        do {
            try writeNew(store, to: path)
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            throw error
        }
    }

    private static func writeNew(_ store: FixtureStore, to path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let problem = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot create it"
            sqlite3_close(handle)
            throw Failure(path: path, problem: "SQLite cannot create it: \(problem)")
        }
        let database = FixtureDatabase(handle: handle, path: path)
        defer { database.close() }
        let layout = StoreLayout(
            schema: store.schema, persistentHistory: store.persistentHistory, modelCache: store.modelCache != nil
        ).addingSwiftDataIndexes(store.fetchIndexes)
        try database.execute("PRAGMA page_size = 4096")
        try database.execute("PRAGMA auto_vacuum = 2")
        try database.execute("PRAGMA encoding = 'UTF-8'")
        database.defineTriggerFunctions()
        try database.execute("BEGIN")
        for statement in layout.statements { try database.execute(statement) }
        let rows = FixtureRows(layout: layout, schema: store.schema, rowsPerEntity: store.rowsPerEntity)
        for table in rows.tables where !table.rows.isEmpty {
            try database.insert(table.table, columns: table.columns, rows: table.rows)
        }
        var keys: [[SQLValue]] = layout.primaryKeys.map { row in
            [
                .integer(Int64(row.entity)), .text(row.name), .integer(Int64(row.superentity)),
                .integer(rows.maxima[row.name] ?? 0),
            ]
        }
        if store.persistentHistory && !rows.objects.isEmpty {
            let history = HistoryRows(objects: rows.objects)
            for table in history.tables { try database.insert(table.table, columns: table.columns, rows: table.rows) }
            keys += history.primaryKeys
        }
        try database.insert("Z_PRIMARYKEY", columns: ["Z_ENT", "Z_NAME", "Z_SUPER", "Z_MAX"], rows: keys)
        try database.insert(
            "Z_METADATA", columns: ["Z_VERSION", "Z_UUID", "Z_PLIST"],
            rows: [[.integer(1), .text(store.storeUUID), .blob(store.metadataPlist)]])
        if let cache = store.modelCache {
            try database.insert("Z_MODELCACHE", columns: ["Z_CONTENT"], rows: [[.blob(cache)]])
        }
        try database.execute("COMMIT")
        // Switching to WAL after the writes leaves every page in the main file; closing checkpoints and removes
        // the -wal and -shm files, so the fixture is one self-contained file.
        try database.execute("PRAGMA journal_mode = WAL")
    }
}

/// One history transaction that inserted every object, as a SwiftData save records it: ATRANSACTIONSTRING holds
/// the bundle identifier and process name, ACHANGE one insert (ZCHANGETYPE 0) per object; Z_OPT stays NULL there,
/// as in the real stores.
struct HistoryRows {
    var tables: [FixtureRows.TableRows] = []
    var primaryKeys: [[SQLValue]] = []

    init(objects: [FixtureRows.Object]) {
        let strings: [[SQLValue]] = [
            [.integer(1), .integer(16003), .null, .text("dev.schemalint.fixtures")],
            [.integer(2), .integer(16003), .null, .text("schemalint")],
        ]
        let transaction: [SQLValue] = [
            .integer(1), .integer(16002), .null, .null, .integer(1), .null, .integer(2),
            .real(FixtureValues.referenceTimestamp),
        ]
        let changes: [[SQLValue]] = objects.enumerated().map { index, object in
            [
                .integer(Int64(index + 1)), .integer(16001), .null, .integer(0), .integer(Int64(object.number)),
                .integer(object.pk), .integer(1),
            ]
        }
        tables = [
            .init(table: "ATRANSACTIONSTRING", columns: ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME"], rows: strings),
            .init(
                table: "ATRANSACTION",
                columns: [
                    "Z_PK", "Z_ENT", "Z_OPT", "ZAUTHORTS", "ZBUNDLEIDTS", "ZCONTEXTNAMETS", "ZPROCESSIDTS",
                    "ZTIMESTAMP",
                ],
                rows: [transaction]),
            .init(
                table: "ACHANGE",
                columns: ["Z_PK", "Z_ENT", "Z_OPT", "ZCHANGETYPE", "ZENTITY", "ZENTITYPK", "ZTRANSACTIONID"],
                rows: changes),
        ]
        primaryKeys = [
            [.integer(16001), .text("CHANGE"), .integer(0), .integer(Int64(changes.count))],
            [.integer(16002), .text("TRANSACTION"), .integer(0), .integer(1)],
            [.integer(16003), .text("TRANSACTIONSTRING"), .integer(0), .integer(2)],
        ]
    }
}

/// A freshly created SQLite file, written through prepared statements.
private final class FixtureDatabase {
    let handle: OpaquePointer
    let path: String
    private var closed = false

    init(handle: OpaquePointer, path: String) {
        self.handle = handle
        self.path = path
    }

    func close() {
        guard !closed else { return }
        closed = true
        sqlite3_close(handle)
    }

    /// Derived-attribute triggers call back into Core Data to refresh objects in memory; here there are none, so
    /// the callbacks do nothing while the rows are inserted (the triggers still compute the values).
    func defineTriggerFunctions() {
        for name in [
            "NSCoreDataDATriggerUpdatedAffectedObjectValue", "NSCoreDataDATriggerInsertUpdatedAffectedObjectValue",
        ] {
            sqlite3_create_function(
                handle, name, 5, SQLITE_UTF8, nil, { context, _, _ in sqlite3_result_null(context) }, nil, nil)
        }
    }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    func insert(_ table: String, columns: [String], rows: [[SQLValue]]) throws {
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(marks))"
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(sql) }
        defer { sqlite3_finalize(statement) }
        for row in rows {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (offset, value) in row.enumerated() { try bind(value, Int32(offset + 1), statement, sql) }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw failure(sql) }
        }
    }

    /// Text and blobs are copied by SQLite (SQLITE_TRANSIENT), so Swift's temporary buffers may go.
    private func bind(_ value: SQLValue, _ index: Int32, _ statement: OpaquePointer?, _ sql: String) throws {
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(statement, index)
        case let .integer(number): result = sqlite3_bind_int64(statement, index, number)
        case let .real(number): result = sqlite3_bind_double(statement, index, number)
        case let .text(text): result = sqlite3_bind_text(statement, index, text, -1, transient)
        case let .blob(bytes):
            result = bytes.withUnsafeBytes { buffer in
                // A zero-length blob is still a blob, not NULL.
                buffer.baseAddress.map { sqlite3_bind_blob(statement, index, $0, Int32(buffer.count), transient) }
                    ?? sqlite3_bind_zeroblob(statement, index, 0)
            }
        }
        guard result == SQLITE_OK else { throw failure(sql) }
    }

    private func failure(_ sql: String) -> FixtureStoreWriter.Failure {
        FixtureStoreWriter.Failure(
            path: path, problem: "SQLite refused `\(sql.prefix(80))`: \(String(cString: sqlite3_errmsg(handle)))")
    }
}
