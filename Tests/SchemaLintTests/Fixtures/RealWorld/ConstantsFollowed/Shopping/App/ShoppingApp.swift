import SwiftData
import SwiftUI

@main
struct ShoppingApp: App {
    let modelContainer: ModelContainer

    init() {
        let schema = SchemaDefinition.schema
        let configuration = ModelConfiguration(schema: schema)
        do {
            modelContainer = try ModelContainer(
                for: schema,
                migrationPlan: SchemaDefinition.migrationPlan,
                configurations: [configuration]
            )
        } catch {
            fatalError("ModelContainer: \(error)")
        }
    }

    var body: some Scene {
        WindowGroup { Text("Shopping") }
            .modelContainer(modelContainer)
    }
}
