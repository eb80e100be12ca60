import SwiftData

enum NotesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
    static var stages: [MigrationStage] {
        [
            migrateV1toV2,
            .lightweight(fromVersion: SchemaV3.self, toVersion: SchemaV4.self),
        ]
    }
    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
}

extension NotesMigrationPlan {
    static let migrateV2toV3 = MigrationStage.custom(fromVersion: SchemaV2.self, toVersion: SchemaV3.self, willMigrate: nil) { context in
        try context.save()
    }
}
