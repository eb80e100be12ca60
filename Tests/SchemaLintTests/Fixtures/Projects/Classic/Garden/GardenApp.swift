import SwiftData
import SwiftUI

@main
struct GardenApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(
                for: Schema(versionedSchema: PlantSchemaV2.self), migrationPlan: PlantMigrationPlan.self)
        } catch {
            fatalError("Could not open the garden: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Garden") }
            .modelContainer(container)
    }
}
