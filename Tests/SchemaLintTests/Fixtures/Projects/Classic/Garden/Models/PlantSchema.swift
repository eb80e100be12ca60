import Foundation
import SwiftData

enum PlantSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model final class Plant {
        var name: String = ""
        init() {}
    }
}

enum PlantSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model final class Plant {
        var name: String = ""
        var wateredAt: Date?
        init() {}
    }
}

enum PlantMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PlantSchemaV1.self, PlantSchemaV2.self] }
    static var stages: [MigrationStage] {
        [.lightweight(fromVersion: PlantSchemaV1.self, toVersion: PlantSchemaV2.self)]
    }
}
