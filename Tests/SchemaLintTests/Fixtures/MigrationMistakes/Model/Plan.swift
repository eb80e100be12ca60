import SwiftData

enum HabitsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [HabitsV1.self, HabitsV2.self, HabitsV3.self] }
    static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: HabitsV1.self, toVersion: HabitsV2.self),
            .custom(fromVersion: HabitsV2.self, toVersion: HabitsV3.self, willMigrate: { context in
                let checks = try context.fetch(FetchDescriptor<HabitsV3.Check>())
                try? context.save()
                _ = checks
            }, didMigrate: nil),
        ]
    }
}
