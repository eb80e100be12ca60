import SchemaLintModel
// TEMPORARY: replaced by the fixturesql and fixturecache branches.
public struct FixtureStore: Sendable {
    public var schema: StoreSchema
    public var metadataPlist: [UInt8]
    public var modelCache: [UInt8]?
    public var storeUUID: String
    public var persistentHistory: Bool
    public var rowsPerEntity: Int
    public init(
        schema: StoreSchema, metadataPlist: [UInt8], modelCache: [UInt8]?, storeUUID: String,
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
public enum FixtureStoreWriter {
    public static func write(_ store: FixtureStore, to path: String) throws {}
}
