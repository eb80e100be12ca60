import SwiftData

/// One step of the todo store's history: the version it migrates to and how. The plan lists the steps' versions and
/// stages, so adding a version touches its own file and one line of the plan.
protocol MigrationStep {
    static var toVersion: any VersionedSchema.Type { get }
    static var stage: MigrationStage { get }
}

enum TodoMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [
            TodoSchemaV1.self,
            MigrateToV2.toVersion,
            MigrateToV3.toVersion,
        ]
    }

    static var stages: [MigrationStage] {
        [MigrateToV2.stage, MigrateToV3.stage]
    }
}
