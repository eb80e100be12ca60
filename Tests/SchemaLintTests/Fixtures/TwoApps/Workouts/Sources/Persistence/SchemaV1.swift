import Foundation
import SwiftData

enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Workout.self, Lap.self] }
}

extension SchemaV1 {
    @Model final class Workout {
        var startedAt: Date = Date()
        @Relationship(deleteRule: .cascade, inverse: \Lap.workout) var laps: [Lap] = []
        init() {}
    }

    @Model final class Lap {
        var seconds: Double = 0
        var workout: Workout?
        init() {}
    }
}
