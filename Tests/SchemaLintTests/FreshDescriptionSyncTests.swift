import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A description the code makes (`NSPersistentStoreDescription(url:)`) has no CloudKit options until the code sets
/// them: on an `NSPersistentCloudKitContainer` only the container's own description is given the entitlement's
/// container, so a store opened from a fresh description without options does not sync (Meme-Ory's App Group store,
/// field test 24, was said to sync). On the journal app of `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    static let groupURL = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"\(group)\")!"

    /// The journal's CloudKit stack with `body` run in `init()` before its stores load.
    static func syncedPersistence(_ body: String) -> String {
        persistence(body).replacingOccurrences(of: "NSPersistentContainer(", with: "NSPersistentCloudKitContainer(")
    }

    /// Fresh descriptions, no options anywhere: inline in the array, through a local, from a function of the type,
    /// from a static member of another type in another file.
    static let freshDescriptions: [Spelling] = [
        Spelling(
            name: "inline in the array",
            stack: syncedPersistence(
                """
                container.persistentStoreDescriptions = [
                    NSPersistentStoreDescription(url: \(groupURL).appendingPathComponent("Journal.sqlite"))
                ]
                """)),
        Spelling(
            name: "through a local",
            stack: syncedPersistence(
                """
                let folder = \(groupURL)
                let description = NSPersistentStoreDescription(url: folder.appending(path: "Journal.sqlite"))
                container.persistentStoreDescriptions = [description]
                """)),
        Spelling(
            name: "from a function of the type",
            stack: syncedPersistence("container.persistentStoreDescriptions = [sharedDescription()]")
                .replacingOccurrences(
                    of: "\n}",
                    with: """

                            private func sharedDescription() -> NSPersistentStoreDescription {
                                NSPersistentStoreDescription(url: \(groupURL).appendingPathComponent("Journal.sqlite"))
                            }
                        }
                        """)),
        Spelling(
            name: "a static member of another type in another file",
            stack: syncedPersistence("container.persistentStoreDescriptions = [StoreDescriptions.shared]"),
            others: [
                "Journal/StoreDescriptions.swift": """
                    import CoreData

                    enum StoreDescriptions {
                        static var shared: NSPersistentStoreDescription {
                            NSPersistentStoreDescription(url: \(groupURL).appendingPathComponent("Journal.sqlite"))
                        }
                    }
                    """
            ]),
    ]

    /// Whether each store the spelling's stack opens syncs.
    func syncing(_ spelling: Spelling) throws -> [Bool] {
        try write("Journal/Persistence.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        let syncs = try analyze().project.coreDataStores.filter { $0.purpose == .app }.map(\.syncs)
        for path in spelling.others.keys { try FileManager.default.removeItem(at: app.appendingPathComponent(path)) }
        return syncs
    }

    func testAFreshDescriptionWithoutOptionsDoesNotSync() throws {
        for spelling in Self.freshDescriptions {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
            XCTAssertEqual(try syncing(spelling), [false], spelling.name)
        }
    }

    /// Controls: the container's own description given the file syncs; a fresh one given options syncs; options set
    /// on the container's descriptions after they are replaced, which description they reach not read, still sync.
    func testTheOwnDescriptionOrOneGivenOptionsSyncs() throws {
        let file = "\(Self.groupURL).appendingPathComponent(\"Journal.sqlite\")"
        let controls = [
            Self.syncedPersistence("container.persistentStoreDescriptions.first?.url = \(file)"),
            Self.syncedPersistence(
                """
                let description = NSPersistentStoreDescription(url: \(file))
                description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                    containerIdentifier: "iCloud.j")
                container.persistentStoreDescriptions = [description]
                """),
            Self.syncedPersistence(
                """
                container.persistentStoreDescriptions = [
                    NSPersistentStoreDescription(url: \(Self.groupURL).appendingPathComponent("Journal.sqlite"))
                ]
                container.persistentStoreDescriptions.first?.cloudKitContainerOptions =
                    NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.j")
                """),
        ]
        for (index, stack) in controls.enumerated() {
            XCTAssertEqual(try syncing(Spelling(name: "control \(index)", stack: stack)), [true], "control \(index)")
        }
    }
}
