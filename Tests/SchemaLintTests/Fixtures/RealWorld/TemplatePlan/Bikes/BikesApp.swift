import SwiftData
import SwiftUI

@main
struct BikesApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(for: Station.self)
        } catch {
            fatalError("Could not open the station store: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Stations") }
            .modelContainer(container)
    }
}
