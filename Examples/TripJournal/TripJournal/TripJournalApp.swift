import SwiftData
import SwiftUI

@main
struct TripJournalApp: App {
    var body: some Scene {
        WindowGroup { Text("Trips") }
            .modelContainer(for: [Trip.self, Entry.self], migrationPlan: TripJournalMigrationPlan.self)
    }
}

// App code always uses the newest version's classes.
typealias Trip = SchemaV2.Trip
typealias Entry = SchemaV2.Entry
