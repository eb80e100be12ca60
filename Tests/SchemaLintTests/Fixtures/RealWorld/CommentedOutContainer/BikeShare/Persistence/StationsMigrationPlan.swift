import SwiftData

// Template for when the model changes: both versions still point at the live classes.
enum StationsSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Station.self, Dock.self] }
}

enum StationsSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Station.self, Dock.self] }
}

enum StationsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [StationsSchemaV1.self, StationsSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: StationsSchemaV1.self, toVersion: StationsSchemaV2.self)
}
