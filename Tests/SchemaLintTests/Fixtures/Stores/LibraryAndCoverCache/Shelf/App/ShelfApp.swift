import SwiftData
import SwiftUI

@main
struct ShelfApp: App {
    let library = try! Persistence.libraryContainer()
    let covers = try! Persistence.coverCacheContainer()

    var body: some Scene {
        WindowGroup {
            Text("Shelf")
        }
        .modelContainer(library)
    }
}
