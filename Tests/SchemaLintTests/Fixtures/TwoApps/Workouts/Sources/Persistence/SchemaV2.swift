import Foundation
import SwiftData

enum SchemaV2: VersionedSchema {
    typealias Lap = SchemaV1.Lap
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Workout.self, Lap.self] }

    @Model final class Workout {
        var startedAt: Date = Date()
        var calories: Int?
        @Relationship(deleteRule: .cascade) var laps: [Lap] = []
        init() {}
    }
}

enum MigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
    static var stages: [MigrationStage] { [] }
    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
}
