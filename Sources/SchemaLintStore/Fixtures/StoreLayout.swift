import SchemaLintModel

/// The SQLite schema Core Data (and SwiftData through it) creates for a model: entity numbers, one table per root
/// entity, join tables, indexes and the bookkeeping tables. Pure and deterministic, so a fixture store can be written
/// on Linux and compared, statement by statement, with a store the framework wrote (see `StoreLayoutBuilder` for the
/// rules, each observed on the real stores in ../shared/stores).
public struct StoreLayout: Sendable, Hashable {
    /// What a column holds, so rows can be generated without parsing SQL back.
    public enum ColumnRole: Sendable, Hashable {
        case primaryKey, entity, optimisticLock
        /// An attribute declared on `entity`; for a composite `path` is the composite's name then its element names.
        case attribute(entity: String, path: [String], type: Int32, externalStorage: Bool)
        /// The to-one `relationship` of `entity`: the destination row's Z_PK.
        case foreignKey(entity: String, relationship: String, destination: String)
        /// Beside a foreign key into an entity that has subentities: the destination row's Z_ENT.
        case foreignEntity(entity: String, relationship: String, destination: String)
        /// `Z_FOK_…`: the row's position in the ordered to-many `relationship` of `owner`.
        case foreignOrder(owner: String, relationship: String)
        /// A to-many `relationship` of `source` without an inverse: each destination row names its owner here.
        case hiddenForeignKey(source: String, relationship: String, destination: String)
        /// The two key columns of a many-to-many join table: Z_PKs of `entity`'s rows.
        case joinKey(entity: String)
    }

    public struct Column: Sendable, Hashable {
        public var name: String
        /// INTEGER, FLOAT, TIMESTAMP, DECIMAL, VARCHAR or BLOB, as Core Data spells them.
        public var type: String
        public var role: ColumnRole
    }

    /// A many-to-many relationship's join table (`Z_<n><NAME>`): `relationship` of `owner` and its `inverse` on
    /// `destination`, both to-many.
    public struct Join: Sendable, Hashable {
        public var owner: String
        public var relationship: String
        public var destination: String
        public var inverse: String
        /// Holds `owner`'s rows, then `destination`'s.
        public var ownerColumn: String
        public var destinationColumn: String
        public var isOrdered: Bool
        public var inverseIsOrdered: Bool
    }

    public struct Table: Sendable, Hashable {
        public var name: String
        public var columns: [Column]
        /// The root entity whose hierarchy the table holds; nil for a join table.
        public var rootEntity: String?
        public var join: Join?
        public var sql: String
    }

    public struct Index: Sendable, Hashable {
        public var name: String
        public var table: String
        public var sql: String
    }

    /// A trigger keeping a derived attribute current (see `derivedAttributeTriggers`).
    public struct Trigger: Sendable, Hashable {
        public var name: String
        public var table: String
        public var sql: String
    }

    /// A Z_PRIMARYKEY row without its Z_MAX (the writer adds it from the rows it writes).
    public struct PrimaryKeyRow: Sendable, Hashable {
        public var entity: Int
        public var name: String
        public var superentity: Int
    }

    /// Z_ENT of every entity: roots in name order, each followed depth-first by its subentities in name order.
    public var entityNumbers: [String: Int]
    /// Entity names in Z_ENT order.
    public var entityOrder: [String]
    /// The table each entity's rows live in (its root's).
    public var entityTables: [String: String]
    /// Entity and join tables, in the order Core Data creates them.
    public var tables: [Table]
    /// Foreign-key, join, Z_ENT and uniqueness indexes, in the order Core Data creates them.
    public var indexes: [Index]
    public var triggers: [Trigger]
    public var primaryKeys: [PrimaryKeyRow]
    public var persistentHistory: Bool
    public var modelCache: Bool

    /// `modelCache`: whether the store has a Z_MODELCACHE table (every store written since iOS 9 / macOS 10.11).
    public init(schema: ManagedModel, persistentHistory: Bool, modelCache: Bool = true) {
        self = StoreLayoutBuilder(schema: schema).layout(persistentHistory: persistentHistory, modelCache: modelCache)
    }

    init(
        entityNumbers: [String: Int], entityOrder: [String], entityTables: [String: String], tables: [Table],
        indexes: [Index], triggers: [Trigger], primaryKeys: [PrimaryKeyRow], persistentHistory: Bool,
        modelCache: Bool
    ) {
        self.entityNumbers = entityNumbers
        self.entityOrder = entityOrder
        self.entityTables = entityTables
        self.tables = tables
        self.indexes = indexes
        self.triggers = triggers
        self.primaryKeys = primaryKeys
        self.persistentHistory = persistentHistory
        self.modelCache = modelCache
    }

    /// The layout with SwiftData's `#Index` indexes: one per listed key-path set, named
    /// `Z_<Entity>_SwiftDataIndexOnBinary<names run together>`, each column `COLLATE BINARY ASC`, as vivobody's and
    /// metacocktails' stores hold them. A property with no column of its own (a composite, a to-many) is left out
    /// of the index rather than guessed.
    public func addingSwiftDataIndexes(_ indexes: [String: [[String]]]) -> StoreLayout {
        var layout = self
        for entity in indexes.keys.sorted() {
            guard let tableName = entityTables[entity], let table = tables.first(where: { $0.name == tableName }) else {
                continue
            }
            for properties in indexes[entity] ?? [] {
                let columns = properties.compactMap { property in
                    table.columns.first { column in
                        switch column.role {
                        case let .attribute(owner, path, _, _): return owner == entity && path == [property]
                        case let .foreignKey(owner, relationship, _): return owner == entity && relationship == property
                        default: return false
                        }
                    }?.name
                }
                guard !columns.isEmpty, columns.count == properties.count else { continue }
                let name = "Z_\(entity)_SwiftDataIndexOnBinary\(properties.joined())"
                let list = columns.map { "\($0) COLLATE BINARY ASC" }.joined(separator: ", ")
                layout.indexes.append(
                    Index(name: name, table: tableName, sql: "CREATE INDEX \(name) ON \(tableName) (\(list))"))
            }
        }
        return layout
    }

    /// Every `CREATE` statement in the order a new store's `sqlite_master` lists them: entity and join tables, their
    /// indexes and triggers, the bookkeeping tables, then the persistent-history tables and their indexes.
    public var statements: [String] {
        var result = tables.map(\.sql) + indexes.map(\.sql) + triggers.map(\.sql)
        result.append(BookkeepingTables.primaryKey)
        result.append(BookkeepingTables.metadata)
        if modelCache { result.append(BookkeepingTables.modelCache) }
        if persistentHistory { result += BookkeepingTables.history }
        return result
    }
}

/// The tables every store has, and the persistent-history ones SwiftData turns on, as Core Data writes them.
enum BookkeepingTables {
    static let primaryKey =
        "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)"
    static let metadata = "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)"
    static let modelCache = "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)"

    /// Z_ENT of the history entities (their Z_PRIMARYKEY rows appear once history has been recorded).
    static let changeEntity = 16001, transactionEntity = 16002, transactionStringEntity = 16003

    static let history: [String] = [
        "CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, "
            + "ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB )",
        "CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, "
            + "ZBUNDLEIDTS INTEGER, ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, ZAUTHOR VARCHAR, "
            + "ZBUNDLEID VARCHAR, ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, ZQUERYGEN BLOB )",
        "CREATE TABLE ATRANSACTIONSTRING ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR )",
        "CREATE INDEX ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)",
        "CREATE INDEX ATRANSACTION_ZAUTHORTS_INDEX ON ATRANSACTION (ZAUTHORTS)",
        "CREATE INDEX ATRANSACTION_ZBUNDLEIDTS_INDEX ON ATRANSACTION (ZBUNDLEIDTS)",
        "CREATE INDEX ATRANSACTION_ZCONTEXTNAMETS_INDEX ON ATRANSACTION (ZCONTEXTNAMETS)",
        "CREATE INDEX ATRANSACTION_ZPROCESSIDTS_INDEX ON ATRANSACTION (ZPROCESSIDTS)",
        "CREATE INDEX Z_TRANSACTION_TransactionAuthorIndex ON ATRANSACTION (ZAUTHOR COLLATE BINARY ASC)",
        "CREATE INDEX Z_TRANSACTION_TransactionTimestampIndex ON ATRANSACTION (ZTIMESTAMP COLLATE BINARY ASC)",
        "CREATE UNIQUE INDEX Z_TRANSACTIONSTRING_UNIQUE_NAME ON ATRANSACTIONSTRING (ZNAME COLLATE BINARY ASC)",
    ]
}
