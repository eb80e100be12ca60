import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// LoopCaregiver's shapes (field test 25): a file name built with `String.appending(_:)`, a model from a computed
/// property or an extension's static member, a container made only to ask where its file is, and containers made
/// in different cases of one `switch`. On the journal app of `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    /// The journal's stack made in `createContainer()`, with `members` added to its type.
    static func factory(_ made: String, members: String = "") -> String {
        """
        import CoreData

        final class Factory {
            func createContainer() -> NSPersistentContainer {
                \(made)
                container.loadPersistentStores { _, _ in }
                return container
            }
        \(members)
        }
        """
    }

    func testAStringAppendingIsTheTwoStringsOneAfterTheOther() throws {
        let made = """
            let container = NSPersistentContainer(name: "Journal")
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: storeURL)]
            """
        let spellings = [
            Spelling(
                name: "a computed name",
                stack: Self.factory(
                    made,
                    members: """
                        var storeURL: URL { \(Self.groupURL).appendingPathComponent(fileName.appending(".sqlite")) }
                        var fileName: String { return "Journal" }
                    """)),
            Spelling(
                name: "a literal",
                stack: Self.factory(
                    made,
                    members: """
                        var storeURL: URL { \(Self.groupURL).appendingPathComponent("Journal".appending(".sqlite")) }
                    """)),
            Spelling(
                name: "a static constant of another type in another file",
                stack: Self.factory(
                    made,
                    members: """
                        var storeURL: URL { \(Self.groupURL).appending(path: Names.journal.appending(".sqlite")) }
                    """),
                others: ["Journal/Names.swift": "enum Names { static let journal = \"Journal\" }"]),
            Spelling(
                name: "a static constant of the type, appended where it is declared",
                stack: Self.factory(
                    made,
                    members: """
                        var storeURL: URL { \(Self.groupURL).appendingPathComponent(Self.fileName) }
                        static let fileName = "Journal".appending(".sqlite")
                    """)),
        ]
        for spelling in spellings {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
        }
    }

    /// A container made to read `persistentStoreDescriptions.first?.url` and never loaded opens nothing; one that is
    /// loaded (the control) opens its file.
    func testAContainerOnlyAskedWhereItsFileIsOpensNothing() throws {
        let made = #"let container = NSPersistentContainer(name: "Journal")"#
        let probes = [
            """
                func legacyStoreExists() -> Bool {
                    let probe = NSPersistentContainer(name: "Legacy")
                    guard let url = probe.persistentStoreDescriptions.first?.url else { return false }
                    return FileManager.default.fileExists(atPath: url.path)
                }
            """,
            """
                var legacyURL: URL { NSPersistentContainer(name: "Legacy").persistentStoreDescriptions[0].url! }
            """,
            """
                func legacyStatus() -> URL? {
                    let probe = NSPersistentContainer(name: "Legacy")
                    guard let description = probe.persistentStoreDescriptions.first else { return nil }
                    guard let url = description.url else { return nil }
                    return url
                }
            """,
            """
                func legacyPath() -> String? {
                    let probe = NSPersistentContainer(name: "Legacy")
                    let path = probe.persistentStoreDescriptions.first?.url?.path
                    return path
                }
            """,
        ]
        for (index, probe) in probes.enumerated() {
            let spelling = Spelling(name: "probe \(index)", stack: Self.factory(made, members: probe))
            XCTAssertEqual(try keys(spelling), ["file:⟨Application Support⟩/Journal.sqlite"], spelling.name)
        }
        let loaded = """
                func legacy() -> NSPersistentContainer {
                    let probe = NSPersistentContainer(name: "Legacy")
                    probe.loadPersistentStores { _, _ in }
                    return probe
                }
            """
        let both = try keys(Spelling(name: "loaded", stack: Self.factory(made, members: loaded)))
        XCTAssertEqual(
            both.sorted { ($0 ?? "") < ($1 ?? "") },
            ["file:⟨Application Support⟩/Journal.sqlite", "file:⟨Application Support⟩/Legacy.sqlite"])
    }

    /// Two containers made in two cases of one `switch` (or branches of one `if`), the first given the App Group's
    /// file in its case: each opens its own, the first not its default file too.
    func testContainersMadeInDifferentBranchesOpenTheirOwnFiles() throws {
        let cases = """
            switch legacy {
                    case nil:
                        let container = NSPersistentContainer(name: "Journal")
                        container.persistentStoreDescriptions = [
                            NSPersistentStoreDescription(
                                url: \(Self.groupURL).appendingPathComponent("Journal.sqlite"))
                        ]
                        container.loadPersistentStores { _, _ in }
                        return container
                    case let old?:
                        let container = NSPersistentContainer(name: "Journal")
                        container.loadPersistentStores { _, _ in _ = old }
                        return container
                    }
            """
        let branches = """
            if legacy == nil {
                        let container = NSPersistentContainer(name: "Journal")
                        let shared = \(Self.groupURL).appendingPathComponent("Journal.sqlite")
                        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: shared)]
                        container.loadPersistentStores { _, _ in }
                        return container
                    } else {
                        let container = NSPersistentContainer(name: "Journal")
                        container.loadPersistentStores { _, _ in }
                        return container
                    }
            """
        for (name, body) in [("switch", cases), ("if", branches)] {
            let stack = """
                import CoreData

                final class Factory {
                    func createContainer(legacy: URL?) -> NSPersistentContainer {
                        \(body)
                    }
                }
                """
            XCTAssertEqual(
                try keys(Spelling(name: name, stack: stack)).sorted { ($0 ?? "") < ($1 ?? "") },
                ["file:⟨Application Support⟩/Journal.sqlite", "file:⟨group:\(Self.group)⟩/Journal.sqlite"], name)
        }
    }

    /// A coordinator given `description.url` of a description made from a URL (SideStore's move to the App Group)
    /// opens that URL's file; no file that cannot be told.
    func testADescriptionsURLIsTheURLItWasMadeWith() throws {
        let moves = """
            import CoreData

            final class Mover {
                let container = NSPersistentContainer(name: "Journal")
                func moveToGroup() throws {
                    let old = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                    let new = \(Self.groupURL).appendingPathComponent("Journal.sqlite")
                    let description = NSPersistentStoreDescription(url: old)
                    let coordinator = NSPersistentStoreCoordinator(managedObjectModel: container.managedObjectModel)
                    let store = try coordinator.addPersistentStore(
                        ofType: description.type, configurationName: nil, at: description.url, options: nil)
                    try coordinator.migratePersistentStore(store, to: new, options: nil, withType: NSSQLiteStoreType)
                }
            }
            """
        let keys = try keys(Spelling(name: "move", stack: moves))
        XCTAssertFalse(keys.contains(nil), "\(keys)")
        XCTAssertTrue(keys.contains("file:⟨Application Support⟩/Journal.sqlite"), "\(keys)")
    }

    /// `managedObjectModel:` given a computed property of the type, its URL a static member an extension of
    /// `Bundle` declares in the same file: the journal's bundle.
    func testAModelFromAComputedPropertyIsItsBundle() throws {
        let stack = """
            import CoreData

            extension Bundle {
                static var journalModelURL: URL { Bundle.main.url(forResource: "Journal", withExtension: "momd")! }
            }

            final class Factory {
                var model: NSManagedObjectModel { NSManagedObjectModel(contentsOf: Bundle.journalModelURL)! }
                func createContainer() -> NSPersistentContainer {
                    let container = NSPersistentContainer(name: "Store", managedObjectModel: model)
                    container.loadPersistentStores { _, _ in }
                    return container
                }
            }
            """
        try write("Journal/Persistence.swift", stack)
        XCTAssertEqual(try analyze().project.coreDataStores.map(\.model), ["Journal"])
    }
}
