import Foundation
import SwiftData

enum SchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Session.self] }

    @Model
    final class Session {
        var startedAt: Date = Date()
        var restDuration: TimeInterval = 90
        var kind = SessionKind.strength
        var intensity: Intensity = Intensity.moderate
        var laps: [Lap] = []
        var notes: String?
        var heartRateZones: [String: Double] = [:]

        init() {}
    }
}

typealias Session = SchemaV2.Session

enum SessionPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
}
