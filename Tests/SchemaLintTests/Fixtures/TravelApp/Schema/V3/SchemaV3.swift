import Foundation
import SwiftData

enum SchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Stop.self] }

    @Model
    final class Trip {
        #Unique<Trip>([\.name, \.startDate])
        var name: String
        var startDate: Date
        var notes: String?
        var rating: Int = 0
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip)
        var stops: [Stop] = []

        var isRated: Bool { rating > 0 }

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
    static let migrateV2toV3 = MigrationStage.custom(
        fromVersion: SchemaV2.self,
        toVersion: SchemaV3.self,
        willMigrate: { context in
            let trips = try context.fetch(FetchDescriptor<SchemaV2.Trip>())
            var seen = Set<String>()
            for trip in trips where !seen.insert("\(trip.name)|\(trip.startDate)").inserted {
                context.delete(trip)
            }
            try context.save()
        },
        didMigrate: nil
    )
}
