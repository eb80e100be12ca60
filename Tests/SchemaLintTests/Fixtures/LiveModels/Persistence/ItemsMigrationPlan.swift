import SwiftData

enum ItemsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [
            ItemsSchemaV1.self,
            ItemsSchemaV2.self,
        ]
    }

    static var stages: [MigrationStage] {
        [v1ToV2]
    }

    // Priorities and tags are new: nothing to transform.
    static let v1ToV2 = MigrationStage.lightweight(
        fromVersion: ItemsSchemaV1.self,
        toVersion: ItemsSchemaV2.self
    )
}
