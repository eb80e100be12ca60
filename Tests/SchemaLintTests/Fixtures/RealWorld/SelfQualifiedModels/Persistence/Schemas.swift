import SwiftData

enum RoutinesSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { .init(1, 2, 0) }

    static var models: [any PersistentModel.Type] {
        [self.Routine.self, self.Check.self]
    }
}

enum RoutinesSchemaV3: VersionedSchema {
    static var versionIdentifier: Schema.Version { .init(1, 3, 0) }

    static var models: [any PersistentModel.Type] {
        [Self.Routine.self, Self.Check.self]
    }
}

enum RoutinesMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [RoutinesSchemaV2.self, RoutinesSchemaV3.self]
    }

    static var stages: [MigrationStage] {
        [migrateV2toV3]
    }

    static let migrateV2toV3 = MigrationStage.custom(
        fromVersion: RoutinesSchemaV2.self,
        toVersion: RoutinesSchemaV3.self,
        willMigrate: { context in
            let routines = try context.fetch(FetchDescriptor<RoutinesSchemaV2.Routine>())
            for routine in routines where routine.title.isEmpty {
                routine.title = "Untitled"
            }
            try context.save()
        },
        didMigrate: nil
    )
}
