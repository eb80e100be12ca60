import SwiftUI
import SwiftData

@main
struct TravelApp: App {
    var body: some Scene {
        WindowGroup { TripListView() }
            .modelContainer(for: [Trip.self, Stop.self], migrationPlan: TravelApp.MigrationPlan.self)
    }
}

extension TravelApp {
    /// Stages are declared next to each version (see Schema/V2, Schema/V3).
    enum MigrationPlan: SchemaMigrationPlan {
        static var schemas: [VersionedSchema.Type] {
            [
                SchemaV1.self,
                SchemaV2.self,
                SchemaV3.self,
            ]
        }

        static var stages: [MigrationStage] {
            [migrateV1toV2, migrateV2toV3]
        }
    }
}
