import SwiftData

// Template for when the station model changes: fill in the versions' models then.
enum StationSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [] }
}

enum StationSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [] }
}

enum StationMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [StationSchemaV1.self, StationSchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }
    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: StationSchemaV1.self, toVersion: StationSchemaV2.self)
}
