import CoreData

/// The journal's store: one Core Data stack on the bundle's current version.
final class Persistence {
    static let shared = Persistence()
    let container: NSPersistentContainer

    init() {
        container = NSPersistentContainer(name: "Journal")
        container.loadPersistentStores { _, error in
            if let error { fatalError("store failed to open: \(error)") }
        }
    }
}
