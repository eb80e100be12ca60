import SwiftData
import SwiftUI

@main
struct BikeShareApp: App {
    let container: ModelContainer

    init() {
        do {
            // Migrations are not ready yet: open the store without the plan for now.
            // container = try ModelContainer(
            //     for: Schema(versionedSchema: StationsSchemaV2.self),
            //     migrationPlan: StationsMigrationPlan.self
            // )
            container = try ModelContainer(for: Station.self, Dock.self)
        } catch {
            fatalError("Could not open the store: \(error)")
        }
    }

    var body: some Scene {
        WindowGroup {
            Text("Stations")
        }
        .modelContainer(container)
    }
}
