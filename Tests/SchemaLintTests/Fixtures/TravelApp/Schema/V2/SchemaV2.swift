import Foundation
import SwiftData

enum SchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version = .init(2, 0, 0)
    static var models: [any PersistentModel.Type] = [Trip.self, Stop.self]

    @Model
    final class Trip {
        var name: String
        var startDate: Date
        var notes: String?
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip)
        var stops: [Stop] = []

        init(name: String, startDate: Date) {
            self.name = name
            self.startDate = startDate
        }
    }

    @Model
    final class Stop {
        var title: String = ""
        var arrival: Date?
        var location: Coordinates?
        var trip: Trip?
        init() {}
    }
}

extension TravelApp.MigrationPlan {
    static let migrateV1toV2 = MigrationStage.lightweight(
        fromVersion: SchemaV1.self,
        toVersion: SchemaV2.self,
    )
}
