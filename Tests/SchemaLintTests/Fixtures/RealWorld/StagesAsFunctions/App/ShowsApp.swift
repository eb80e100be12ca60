import SwiftData
import SwiftUI

@main
struct ShowsApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Shows")
        }
        .modelContainer(Self.makeContainer())
    }

    static func makeContainer() -> ModelContainer {
        do {
            return try ModelContainer(
                for: Schema(versionedSchema: ShowsSchemaV3.self), migrationPlan: ShowsMigrationPlan.self)
        } catch {
            fatalError("The shows store did not open: \(error)")
        }
    }
}
