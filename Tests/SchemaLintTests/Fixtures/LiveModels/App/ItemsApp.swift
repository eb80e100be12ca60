import SwiftData
import SwiftUI

@main
struct ItemsApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(for: Item.self, Tag.self, migrationPlan: ItemsMigrationPlan.self)
        } catch {
            fatalError("Could not open the store: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Items") }
            .modelContainer(container)
    }
}

#Preview {
    Text("Items").modelContainer(for: [Item.self, Tag.self], inMemory: true)
}
