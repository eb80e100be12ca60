import Foundation
import SwiftData

/// A store for the checks target, opened fresh at a path of its own.
enum CheckStores {
    static func makeGarden() throws -> ModelContainer {
        let url = URL(fileURLWithPath: "garden-check.store")
        return try ModelContainer(for: Plant.self, configurations: ModelConfiguration(url: url))
    }
}
