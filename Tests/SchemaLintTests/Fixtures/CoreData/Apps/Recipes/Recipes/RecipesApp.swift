import SwiftData
import SwiftUI

/// Version 2 of the app moves from Core Data to SwiftData and keeps the store the Core Data stack wrote.
@main
struct RecipesApp: App {
    let container: ModelContainer

    init() {
        let url = URL.applicationSupportDirectory.appending(path: "Recipes.sqlite")
        do {
            container = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: url))
        } catch {
            fatalError("Could not open the recipes store: \(error)")
        }
    }

    var body: some Scene {
        WindowGroup { Text("Recipes") }.modelContainer(container)
    }
}
