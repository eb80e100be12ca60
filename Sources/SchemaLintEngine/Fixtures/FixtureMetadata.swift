import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// What a fixture's `Z_METADATA` and `Z_MODELCACHE` hold for a state: the values the framework recognises the store
/// by, and the model it caches (SwiftData puts every entity in its one `default` configuration).
enum FixtureMetadata {
    static func plist(for state: FixtureState) throws -> [UInt8] {
        try StoreMetadataPlist.encode(
            entityHashes: state.entityHashes, versionIdentifiers: state.versionIdentifiers, checksum: state.checksum,
            frameworkVersion: state.frameworkVersion ?? StoreMetadataPlist.currentFrameworkVersion)
    }

    /// The first SwiftData releases (framework 1327, cheftime.store) cached no configuration; later ones cache the
    /// one `default` configuration with every entity.
    static func modelCache(for state: FixtureState, schema: ManagedModel) throws -> [UInt8] {
        let framework = state.frameworkVersion ?? StoreMetadataPlist.currentFrameworkVersion
        let configurations =
            state.framework == .swiftData && framework > 1327 ? ["default": schema.entities.map(\.name)] : [:]
        return try ModelCacheEncoder.encode(
            schema, versionIdentifiers: state.versionIdentifiers, configurations: configurations,
            deleteRules: state.deleteRules)
    }
}
