import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// The file a Core Data stack opens, where the code decides it (issues 48/49): through an instance of a type the app
/// declares (a stored property, a local, `Paths().url`, a `FileManager` extension), through the calls of the stack's
/// own target in files the first pass skipped, and not at all where the code only reopens or copies the stores a
/// stack already opens, or builds a stack nothing calls. Each has a silent control: a value that really is unknown
/// keeps its note. On a scratch copy of Fixtures/CoreData/Apps/Journal.
final class StoreFileThroughCodeTests: JournalAppTestCase {
    static let group = "group.com.example.journal"

    /// A stack opening its store at `url` through a coordinator in `Journal/Persistence.swift`, with `members`
    /// declared in its type.
    static func stack(_ url: String, members: String = "", before: String = "") -> String {
        """
        import CoreData

        final class JournalStack {
        \(members)
            func open() throws {
                let model = NSManagedObjectModel(contentsOf: Bundle.main.url(forResource: "Journal", \
        withExtension: "momd")!)!
                let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        \(before)
                try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: \(url), \
        options: nil)
            }
        }
        """
    }

    /// A type of the app building the store's URL in a computed property, in a file of its own.
    static let paths = """
        import Foundation

        final class JournalPaths {
            var storeURL: URL {
                FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    .appendingPathComponent("Journal.sqlite")
            }
        }
        """

    /// The places the app's stacks open (as the lockfile records them), and the notes `check` prints about them.
    func stores(_ files: [String: String]) throws -> (keys: [String?], notes: [String]) {
        for (path, text) in files { try write(path, text) }
        let analysis = try analyze()
        for path in files.keys where path != "Journal/Persistence.swift" {
            try FileManager.default.removeItem(at: app.appendingPathComponent(path))
        }
        return (analysis.topology.coreData.stores.map(\.key), analysis.untoldCoreDataStoreNotes)
    }

    // MARK: Through an instance

    func testAMemberOfAnInstanceIsReadWhereItsTypeDeclaresIt() throws {
        let spellings: [(String, [String: String])] = [
            (
                "a stored property whose type is written, set from an initialiser's default",
                [
                    "Journal/Persistence.swift": Self.stack(
                        "paths.storeURL",
                        members: """
                                private let paths: JournalPaths
                                init(paths: JournalPaths = JournalPaths()) { self.paths = paths }
                            """),
                    "Journal/JournalPaths.swift": Self.paths,
                ]
            ),
            (
                "a local holding an instance",
                [
                    "Journal/Persistence.swift": Self.stack("url", before: "        let paths = JournalPaths()\n"
                        + "        let url = paths.storeURL"),
                    "Journal/JournalPaths.swift": Self.paths,
                ]
            ),
            (
                "an instance made where it is read",
                [
                    "Journal/Persistence.swift": Self.stack("JournalPaths().storeURL"),
                    "Journal/JournalPaths.swift": Self.paths,
                ]
            ),
            (
                "a stored property made by its value",
                [
                    "Journal/Persistence.swift": Self.stack(
                        "paths.storeURL", members: "    let paths = JournalPaths()"),
                    "Journal/JournalPaths.swift": Self.paths,
                ]
            ),
        ]
        for (name, files) in spellings {
            let found = try stores(files)
            XCTAssertEqual(found.keys, ["file:⟨Documents⟩/Journal.sqlite"], name)
            XCTAssertEqual(found.notes, [], name)
        }
        // Silent control: the type's property reads its folder at run time; the file's name alone is known.
        let runTime = try stores([
            "Journal/Persistence.swift": Self.stack("JournalPaths().storeURL"),
            "Journal/JournalPaths.swift": """
                import Foundation

                final class JournalPaths {
                    var storeURL: URL {
                        URL(fileURLWithPath: UserDefaults.standard.string(forKey: "folder") ?? "")
                            .appendingPathComponent("Journal.sqlite")
                    }
                }
                """,
        ])
        XCTAssertEqual(runTime.keys, ["Journal.sqlite"])
        // Silent control: an instance of a type no file declares tells nothing.
        let external = try stores([
            "Journal/Persistence.swift": Self.stack(
                "paths.storeURL", members: "    private let paths: ExternalPaths\n    init(paths: ExternalPaths) "
                    + "{ self.paths = paths }")
        ])
        XCTAssertEqual(external.keys, [nil])
        XCTAssertEqual(external.notes.count, 1, "\(external.notes)")
    }

    /// `fileManager.sharedFolder` through a `FileManager` extension whose property calls `containerURL(...)` on
    /// itself: the App Group's folder. The same bare call in a type of the app's own is that type's function.
    func testAFileManagerExtensionUsedThroughAnInstance() throws {
        let sharedFolder = """
            import Foundation

            extension FileManager {
                var sharedFolder: URL {
                    containerURL(forSecurityApplicationGroupIdentifier: "\(Self.group)")!
                }
            }
            """
        let spellings: [(String, [String: String])] = [
            (
                "a stored property of type FileManager",
                [
                    "Journal/Persistence.swift": Self.stack(
                        "fileManager.sharedFolder.appendingPathComponent(\"Journal.sqlite\")",
                        members: "    private let fileManager: FileManager = .default"),
                    "Journal/FileManager+Shared.swift": sharedFolder,
                ]
            ),
            (
                "a property of an instance of the app's type, itself read through FileManager",
                [
                    "Journal/Persistence.swift": Self.stack("JournalPaths().storeURL"),
                    "Journal/JournalPaths.swift": """
                        import Foundation

                        final class JournalPaths {
                            private let fileManager: FileManager
                            init(fileManager: FileManager = .default) { self.fileManager = fileManager }
                            var storeURL: URL { fileManager.sharedFolder.appendingPathComponent("Journal.sqlite") }
                        }
                        """,
                    "Journal/FileManager+Shared.swift": sharedFolder,
                ]
            ),
            (
                "FileManager.default",
                [
                    "Journal/Persistence.swift": Self.stack(
                        "FileManager.default.sharedFolder.appendingPathComponent(\"Journal.sqlite\")"),
                    "Journal/FileManager+Shared.swift": sharedFolder,
                ]
            ),
        ]
        for (name, files) in spellings {
            XCTAssertEqual(try stores(files).keys, ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], name)
        }
        // Silent control: a bare `containerURL(...)` in a type of the app's own is its own function.
        let own = try stores([
            "Journal/Persistence.swift": Self.stack(
                "JournalPaths().storeURL"),
            "Journal/JournalPaths.swift": """
                import Foundation

                final class JournalPaths {
                    func containerURL(forSecurityApplicationGroupIdentifier identifier: String) -> URL? {
                        URL(fileURLWithPath: UserDefaults.standard.string(forKey: identifier) ?? "")
                    }
                    var storeURL: URL {
                        containerURL(forSecurityApplicationGroupIdentifier: "\(Self.group)")!
                            .appendingPathComponent("Journal.sqlite")
                    }
                }
                """,
        ])
        XCTAssertNotEqual(own.keys, ["file:⟨group:\(Self.group)⟩/Journal.sqlite"])
    }

    // MARK: The stores a stack already opens

    /// An extension of Core Data's container that reopens its own stores, or a copy of one named as it in a backup
    /// folder: no store of its own, and no note.
    func testReopeningOrCopyingAStackOwnStoresIsNoStoreOfItsOwn() throws {
        let spellings: [(String, String)] = [
            (
                "each of its descriptions' URLs",
                """
                for description in persistentStoreDescriptions {
                    let other = NSPersistentStoreCoordinator(managedObjectModel: managedObjectModel)
                    _ = try other.addPersistentStore(ofType: description.type, configurationName: nil, \
                at: description.url, options: nil)
                }
                """
            ),
            (
                "a loaded store's URL through a guard",
                """
                for store in persistentStoreCoordinator.persistentStores {
                    guard let url = store.url else { continue }
                    _ = try persistentStoreCoordinator.addPersistentStore(ofType: store.type, configurationName: nil, \
                at: url, options: nil)
                }
                """
            ),
            (
                "a copy in a backup folder named as a loaded store",
                """
                for store in persistentStoreCoordinator.persistentStores {
                    guard let url = store.url else { continue }
                    let copy = backups.appendingPathComponent(url.lastPathComponent)
                    _ = try persistentStoreCoordinator.addPersistentStore(ofType: store.type, configurationName: nil, \
                at: copy, options: nil)
                }
                """
            ),
        ]
        func backup(_ body: String) -> String {
            let indented = body.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
            return """
                import CoreData

                extension NSPersistentContainer {
                    func reopen(from backups: URL) throws {
                \(indented)
                    }
                }
                """
        }
        for (name, body) in spellings {
            let found = try stores(["Journal/Backup.swift": backup(body)])
            XCTAssertEqual(found.keys, ["file:⟨Application Support⟩/Journal.sqlite"], name)
            XCTAssertEqual(found.notes, [], name)
        }
        // Silent control: a loop over URLs that are no stack's stores opens files that cannot be told.
        let other = try stores([
            "Journal/Backup.swift": backup(
                """
                for url in try FileManager.default.contentsOfDirectory(at: backups, includingPropertiesForKeys: nil) {
                    _ = try persistentStoreCoordinator.addPersistentStore(ofType: NSSQLiteStoreType, \
                configurationName: nil, at: url, options: nil)
                }
                """)
        ])
        XCTAssertEqual(other.notes.count, 1, "\(other.notes)")
    }

    // MARK: A stack nothing builds

    /// A stack given its file by a labelled parameter without a default that no call passes, and that no other file
    /// writes: the code never runs, so it opens no store and needs no note.
    func testAStackNothingCallsOpensNoStore() throws {
        let spellings: [(String, String)] = [
            (
                "a convenience initialiser of Core Data's container",
                """
                import CoreData

                extension NSPersistentContainer {
                    convenience init(name: String, journalStoreAt storeURL: URL) {
                        self.init(name: name)
                        persistentStoreDescriptions = [NSPersistentStoreDescription(url: storeURL)]
                    }
                }
                """
            ),
            (
                "a static function of another type",
                """
                import CoreData

                enum JournalStores {
                    static func open(_ model: NSManagedObjectModel, journalStoreAt storeURL: URL) throws {
                        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
                        try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, \
                at: storeURL, options: nil)
                    }
                }
                """
            ),
            (
                "an instance method",
                """
                import CoreData

                final class JournalImporter {
                    func importStore(_ model: NSManagedObjectModel, journalStoreAt storeURL: URL) throws {
                        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
                        try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, \
                at: storeURL, options: nil)
                    }
                }
                """
            ),
        ]
        for (name, text) in spellings {
            let found = try stores(["Journal/Extra.swift": text])
            XCTAssertEqual(found.keys, ["file:⟨Application Support⟩/Journal.sqlite"], name)
            XCTAssertEqual(found.notes, [], name)
            // Silent control: a file the first pass skips writes the label (a call it does not read): the note stays.
            let called = try stores([
                "Journal/Extra.swift": text,
                "Journal/Caller.swift": """
                    import Foundation

                    func openJournal(_ url: URL) {
                        // calls it with journalStoreAt: url
                    }
                    """,
            ])
            XCTAssertEqual(called.notes.count, 1, "\(name): \(called.notes)")
            // The label written only in a test builds no user's stack: nothing is said.
            let tested = try stores([
                "Journal/Extra.swift": text,
                "JournalTests/ImportTests.swift": """
                    import Foundation

                    func testImport(_ url: URL) {
                        // calls it with journalStoreAt: url
                    }
                    """,
            ])
            XCTAssertEqual(tested.notes, [], name)
        }
    }

    // MARK: Callers in the stack's own target

    /// A stack given its file by its initialiser's first argument, called from files the first pass skips (no Core
    /// Data word in them): read where a target compiling the stack compiles them too, never in another target (a
    /// framework's example app).
    func testCallersInTheStackOwnTargetAreRead() throws {
        try write(
            "Journal.xcodeproj/project.pbxproj",
            TestXcodeProject.text([
                .init(name: "Journal", folder: "Journal"),
                .init(name: "JournalExample", folder: "Example"),
            ]))
        let stack = Self.stack(
            "storeURL",
            members: "    private let storeURL: URL\n    init(_ storeURL: URL) { self.storeURL = storeURL }")
        let spellings: [(String, String)] = [
            (
                "a local instance's property",
                """
                import Foundation

                final class Launcher {
                    func start() throws {
                        let paths = JournalPaths()
                        try JournalStack(paths.storeURL).open()
                    }
                }
                """
            ),
            ("an instance made in the argument", "let journal = JournalStack(JournalPaths().storeURL)\n"),
            (
                "a stored property's property",
                """
                final class Launcher {
                    private let paths = JournalPaths()
                    lazy var journal = JournalStack(paths.storeURL)
                }
                """
            ),
        ]
        for (name, caller) in spellings {
            let found = try stores([
                "Journal/Persistence.swift": stack, "Journal/JournalPaths.swift": Self.paths,
                "Journal/Launcher.swift": caller,
            ])
            XCTAssertEqual(found.keys, ["file:⟨Documents⟩/Journal.sqlite"], name)
            XCTAssertEqual(found.notes, [], name)
        }
        // Silent control: the only call is in another target (an example app): not read, the note stays.
        let example = try stores([
            "Journal/Persistence.swift": stack, "Journal/JournalPaths.swift": Self.paths,
            "Example/Demo.swift": "let journal = JournalStack(JournalPaths().storeURL)\n",
        ])
        XCTAssertEqual(example.keys, [nil])
        XCTAssertEqual(example.notes.count, 1, "\(example.notes)")
    }
}
