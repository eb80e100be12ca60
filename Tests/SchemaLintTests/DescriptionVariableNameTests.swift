import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store description is one by what it is, not by what its variable is called (Bussr, field test 34 B-D2/D3):
/// `let local = NSPersistentStoreDescription()` with `local.url = ...` gives the file, and its configuration and
/// CloudKit options are set through `local`: a description made fresh with no options of its own syncs nothing,
/// though its container is a CloudKit one.
final class DescriptionVariableNameTests: XCTestCase {
    static func stack(local: String, cloud: String) -> [String: String] {
        [
            "Shared/Stack.swift": """
                import CoreData

                enum Stack {
                    static let container: NSPersistentContainer = {
                        let group = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "group.demo")!
                        let container = NSPersistentCloudKitContainer(name: "Demo")
                        let \(cloud) = NSPersistentStoreDescription()
                        \(cloud).configuration = "Cloud"
                        \(cloud).url = group.appendingPathComponent("Demo_Cloud.sqlite")
                        \(cloud).cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                            containerIdentifier: "iCloud.demo")
                        let \(local) = NSPersistentStoreDescription()
                        \(local).configuration = "Local"
                        \(local).url = group.appendingPathComponent("Demo.sqlite")
                        container.persistentStoreDescriptions = [\(local), \(cloud)]
                        container.loadPersistentStores { _, _ in }
                        return container
                    }()
                }
                """,
            "Shared/Demo.xcdatamodeld/Demo.xcdatamodel/contents":
                CoreDataModelText.oneEntity("Stop", attribute: "name"),
        ]
    }

    /// Each file, its configuration and whether it syncs.
    private func stores(_ files: [String: String]) throws -> [String] {
        try TestSupport.analyzeOnDisk(files).project.coreDataStores.map {
            "\($0.file ?? "?") \($0.configuration ?? "-") \($0.syncs ? "syncs" : "local")"
        }.sorted()
    }

    func testDescriptionsAreReadWhateverTheirNames() throws {
        for (local, cloud) in [
            ("local", "cloud"), ("store", "storeB"), ("localStore", "remote"), ("localDescription", "cloudDescription"),
        ] {
            XCTAssertEqual(
                try stores(Self.stack(local: local, cloud: cloud)),
                ["Demo.sqlite Local local", "Demo_Cloud.sqlite Cloud syncs"], "\(local), \(cloud)")
        }
    }
}
