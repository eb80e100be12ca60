import SwiftData
import SwiftUI

@main
struct TodoApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(
                for: Schema(versionedSchema: TodoSchemaV3.self), migrationPlan: TodoMigrationPlan.self)
        } catch {
            fatalError("Could not open the todo store: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Todo") }
            .modelContainer(container)
    }
}
