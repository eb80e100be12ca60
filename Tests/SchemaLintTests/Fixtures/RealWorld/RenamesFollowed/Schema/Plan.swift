import SwiftData

typealias Journey = SchemaV2.Journey
typealias Halt = SchemaV2.Halt
typealias Label = SchemaV2.Label

enum TravelPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }
    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
}

enum Store {
    static func open() throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: SchemaV2.self), migrationPlan: TravelPlan.self)
    }
}
