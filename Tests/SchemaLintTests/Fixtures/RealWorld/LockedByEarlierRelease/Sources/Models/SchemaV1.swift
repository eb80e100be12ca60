import Foundation
import SwiftData

/// The version the app shipped with. Locked by a schemalint release that could not map `TimeInterval`, arrays of
/// Codable structs, or an unannotated `var kind = SessionKind.strength`.
enum SchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Session.self] }

    @Model
    final class Session {
        var startedAt: Date = Date()
        var restDuration: TimeInterval = 90
        var kind = SessionKind.strength
        var intensity: Intensity = Intensity.moderate
        var laps: [Lap] = []
        var notes: String?

        init() {}
    }
}
