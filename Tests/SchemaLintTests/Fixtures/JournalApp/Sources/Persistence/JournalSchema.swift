import Foundation
import SwiftData

/// Versions and the plan live in one namespace, as many apps do.
enum JournalSchema {
    enum Mood: String, Codable { case calm, busy, tired }

    enum MigrationPlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [SchemaV10.self, SchemaV11.self, SchemaV12.self] }
        static var stages: [MigrationStage] { [migrateV10toV11, migrateV11toV12] }
    }
}
