import SwiftData
import SwiftUI

@main
struct RoutinesApp: App {
    let container: ModelContainer

    init() {
        do {
            container = try ModelContainer(
                for: Schema(versionedSchema: RoutinesSchemaV3.self),
                migrationPlan: RoutinesMigrationPlan.self)
        } catch {
            fatalError("Could not open the routines store: \(error)")
        }
    }

    var body: some Scene {
        WindowGroup {
            Text("Routines")
        }
        .modelContainer(container)
    }
}
