import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Where a Core Data store is (issue 48): the file a stack opens is an evaluated place, a folder the system gives the
/// app (Application Support, Documents, Caches, an App Group's) and the file's name, read through the one evaluator
/// whichever way the code builds the URL. Two places are one file, two files, or which cannot be told; a store moved
/// to another folder under the same name is another file. On a scratch copy of Fixtures/CoreData/Apps/Journal.
final class CoreDataStoreLocationTests: JournalAppTestCase {
    /// The journal's stack with `body` run in `init()` before its stores load.
    static func persistence(_ body: String) -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
        return """
            import CoreData

            final class Persistence {
                let container = NSPersistentContainer(name: "Journal")

                init() {
            \(indented.joined(separator: "\n"))
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
    }

    /// A stack and the other files it needs, spelling one place.
    struct Spelling {
        var name: String
        var stack: String
        var others: [String: String] = [:]
    }

    /// The places a stack opens, as the lockfile records them.
    func keys(_ spelling: Spelling) throws -> [String?] {
        try write("Journal/Persistence.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        let keys = try analyze().topology.coreData.stores.map(\.key)
        for path in spelling.others.keys { try FileManager.default.removeItem(at: app.appendingPathComponent(path)) }
        return keys
    }

    static let group = "group.com.example.journal"

    /// `Journal.sqlite` in the app's Documents folder: a static computed property of another type in another file, a
    /// function returning the URL, `url(for:in:...)` and `urls(for:in:)[0]` inline.
    static let documents: [Spelling] = [
        Spelling(
            name: "a static computed property of another type",
            stack: persistence("container.persistentStoreDescriptions.first?.url = StorePaths.journal"),
            others: [
                "Journal/StorePaths.swift": """
                    import Foundation

                    enum StorePaths {
                        static var journal: URL {
                            FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
                                .appendingPathComponent("Journal.sqlite")
                        }
                    }
                    """
            ]),
        Spelling(
            name: "a function returning the URL",
            stack: persistence(
                """
                let description = NSPersistentStoreDescription(url: journalStoreURL())
                container.persistentStoreDescriptions = [description]
                """)
                + """


                func journalStoreURL() -> URL {
                    let folder = try! FileManager.default.url(
                        for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                    return folder.appending(path: "Journal.sqlite")
                }
                """),
        Spelling(
            name: "a static function returning paths[0] of a local",
            stack: persistence("container.persistentStoreDescriptions.first?.url = Folders.journal()"),
            others: [
                "Journal/Folders.swift": """
                    import Foundation

                    enum Folders {
                        static func journal() -> URL {
                            documents().appendingPathComponent("Journal.sqlite")
                        }

                        private static func documents() -> URL {
                            let paths = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
                            return paths[0]
                        }
                    }
                    """
            ]),
        Spelling(
            name: ".first! of a local in a global function",
            stack: persistence(
                """
                container.persistentStoreDescriptions.first?.url = documentsFolder().appending(path: "Journal.sqlite")
                """)
                + """


                func documentsFolder() -> URL {
                    let found = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
                    return found.first!
                }
                """),
        Spelling(
            name: "urls(for:in:)[0] inline",
            stack: persistence(
                """
                let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                container.persistentStoreDescriptions.first?.url = documents.appendingPathComponent("Journal.sqlite")
                """)),
    ]

    /// `Journal.sqlite` in the App Group's folder: `guard let` in a static function of another type, `!` on a
    /// constant of another type, `?` with `??` on a literal.
    static let appGroup: [Spelling] = [
        Spelling(
            name: "guard let in a static function of another type",
            stack: persistence("container.persistentStoreDescriptions.first?.url = SharedStore.url()"),
            others: [
                "Journal/SharedStore.swift": """
                    import Foundation

                    enum SharedStore {
                        static let group = "\(group)"

                        static func url() -> URL {
                            guard let folder = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: group)
                            else { fatalError("no App Group") }
                            return folder.appendingPathComponent("Journal.sqlite")
                        }
                    }
                    """
            ]),
        Spelling(
            name: "! on a constant of another type",
            stack: persistence(
                """
                let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Groups.journal)!
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """),
            others: ["Journal/Groups.swift": "enum Groups {\n    static let journal = \"\(group)\"\n}\n"]),
        Spelling(
            name: "? with ??",
            stack: persistence(
                """
                let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")
                let folder = shared ?? URL.documentsDirectory
                container.persistentStoreDescriptions.first?.url = folder.appending(path: "Journal.sqlite")
                """)),
        Spelling(
            name: "?. with ?? on the file",
            stack: persistence(
                """
                let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: SharedStore.group)?
                    .appendingPathComponent("Journal.sqlite")
                    ?? URL.documentsDirectory.appending(path: "Journal.sqlite")
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                """),
            others: ["Journal/SharedStore.swift": "enum SharedStore {\n    static let group = \"\(group)\"\n}\n"]),
    ]

    /// `Journal.sqlite` in Application Support, where the container puts it unless told otherwise.
    static let applicationSupport: [Spelling] = [
        Spelling(name: "the container's own file", stack: persistence("")),
        Spelling(
            name: "Core Data's default folder",
            stack: persistence(
                """
                let folder = NSPersistentContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """)),
        Spelling(
            name: "URL.applicationSupportDirectory",
            stack: persistence(
                """
                let url = URL.applicationSupportDirectory.appending(path: "Journal.sqlite")
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                """)),
    ]

    func testEachSpellingOfAPlaceIsEvaluated() throws {
        let expected: [(String, [Spelling])] = [
            ("file:⟨Documents⟩/Journal.sqlite", Self.documents),
            ("file:⟨group:\(Self.group)⟩/Journal.sqlite", Self.appGroup),
            ("file:⟨Application Support⟩/Journal.sqlite", Self.applicationSupport),
        ]
        for (key, spellings) in expected {
            for spelling in spellings {
                XCTAssertEqual(try keys(spelling), [key], spelling.name)
            }
        }
    }

    /// An in-memory description made in one branch and a file given in the other (BabyDashboard's
    /// `PersistenceController`): the file is the store, never taken as in memory for the other branch's type. Spelt
    /// with a local `description` beside `privateDescription`, with `first!` in both branches, and with a `switch`; the
    /// control sets the type on the file's own description after its URL, on every path: no store on disk.
    func testAnInMemoryBranchBesideAFileIsNotTheFilesType() throws {
        let test = "ProcessInfo.processInfo.arguments.contains(\"-ui-testing\")"
        let file = "URL.applicationSupportDirectory.appending(path: \"Journal.sqlite\")"
        let spellings = [
            Spelling(
                name: "a local description in the if, another in the else",
                stack: Self.persistence(
                    """
                    if \(test) {
                        let description = NSPersistentStoreDescription()
                        description.type = NSInMemoryStoreType
                        container.persistentStoreDescriptions = [description]
                    } else {
                        let privateDescription = NSPersistentStoreDescription(url: \(file))
                        container.persistentStoreDescriptions = [privateDescription]
                    }
                    """)),
            Spelling(
                name: "first! in both branches",
                stack: Self.persistence(
                    """
                    if \(test) {
                        container.persistentStoreDescriptions.first!.type = NSInMemoryStoreType
                    } else {
                        container.persistentStoreDescriptions.first!.url = \(file)
                    }
                    """)),
            Spelling(
                name: "a switch",
                stack: Self.persistence(
                    """
                    let description = container.persistentStoreDescriptions.first!
                    switch \(test) {
                    case true: description.type = NSInMemoryStoreType
                    case false: description.url = \(file)
                    }
                    """)),
        ]
        for spelling in spellings {
            XCTAssertEqual(try keys(spelling), ["file:⟨Application Support⟩/Journal.sqlite"], spelling.name)
        }
        // `/dev/null` given to the container's own description on every path (OpenSesame's preview stack): no file
        // of its own; on some paths only, its own file on the others.
        let devNull = "URL(fileURLWithPath: \"/dev/null\")"
        let always = Spelling(
            name: "/dev/null on every path",
            stack: Self.persistence("container.persistentStoreDescriptions.first!.url = \(devNull)"))
        XCTAssertEqual(try keys(always), [])
        let sometimes = Spelling(
            name: "/dev/null in an if",
            stack: Self.persistence("if \(test) { container.persistentStoreDescriptions.first!.url = \(devNull) }"))
        XCTAssertEqual(try keys(sometimes), ["file:⟨Application Support⟩/Journal.sqlite"])
        let control = Spelling(
            name: "typed after its URL",
            stack: Self.persistence(
                """
                let description = NSPersistentStoreDescription(url: \(file))
                description.type = NSInMemoryStoreType
                container.persistentStoreDescriptions = [description]
                """))
        XCTAssertEqual(try keys(control), [])
    }

    /// Descriptions a container is given by name, built in another file (TweetNest's `persistentStoreDescriptions =
    /// [Self.V3.defaultPersistentStoreDescription]`): the file the named property builds, not a file that cannot be
    /// told beside a lone description. A static property of a nested type in an extension, the same read bare from
    /// that type's own extension, and a global built by a closure; the control names a property no file builds.
    func testDescriptionsGivenByNameFromAnotherFileAreTheFilesTheyBuild() throws {
        let file = "URL.documentsDirectory.appending(path: \"Journal.sqlite\")"
        let stores = """
            import CoreData

            extension Persistence {
                enum Stores {
                    static var main: NSPersistentStoreDescription {
                        let description = NSPersistentStoreDescription(url: \(file))
                        description.shouldInferMappingModelAutomatically = true
                        return description
                    }
                }
            }
            """
        let spellings = [
            Spelling(
                name: "a static property of a nested type, from an extension elsewhere",
                stack: Self.persistence("container.persistentStoreDescriptions = [Self.Stores.main]"),
                others: ["Journal/Stores.swift": stores]),
            Spelling(
                name: "read bare from the nested type's own extension",
                stack: """
                    import CoreData

                    final class Persistence {}

                    extension Persistence.Stores {
                        static func container() -> NSPersistentContainer {
                            let container = NSPersistentContainer(name: "Journal")
                            container.persistentStoreDescriptions = [main]
                            container.loadPersistentStores { _, _ in }
                            return container
                        }
                    }
                    """,
                others: ["Journal/Stores.swift": stores]),
            Spelling(
                name: "a global built by a closure",
                stack: Self.persistence("container.persistentStoreDescriptions = [journalDescription]"),
                others: [
                    "Journal/Stores.swift": """
                        import CoreData

                        let journalDescription: NSPersistentStoreDescription = {
                            let description = NSPersistentStoreDescription(url: \(file))
                            return description
                        }()
                        """
                ]),
        ]
        for spelling in spellings {
            XCTAssertEqual(try keys(spelling), ["file:⟨Documents⟩/Journal.sqlite"], spelling.name)
        }
        let control = Spelling(
            name: "a property no file builds",
            stack: Self.persistence("container.persistentStoreDescriptions = [Settings.shared.description]"))
        XCTAssertNotEqual(try keys(control), ["file:⟨Documents⟩/Journal.sqlite"])
    }

    /// A local holding something else than a folder search (`let paths = Folders.list(); return paths[0]`): the
    /// folder stays untold.
    func testALocalHoldingAnotherListIsNoFolder() throws {
        let other = Spelling(
            name: "paths[0] of another list",
            stack: Self.persistence("container.persistentStoreDescriptions.first?.url = Folders.journal()"),
            others: [
                "Journal/Folders.swift": """
                    import Foundation

                    enum Folders {
                        static func journal() -> URL {
                            let paths = UserDefaults.standard.array(forKey: "folders") as! [URL]
                            return paths[0].appendingPathComponent("Journal.sqlite")
                        }
                    }
                    """
            ])
        XCTAssertNotEqual(try keys(other), ["file:⟨Documents⟩/Journal.sqlite"])
    }

    /// A folder that cannot be read leaves the file's name known and its place untold; a subclass's own
    /// `defaultDirectoryURL()` is read as its function says, not as Core Data's default.
    func testAFolderThatCannotBeReadKeepsTheFileName() throws {
        let runTime = Spelling(
            name: "a folder read at run time",
            stack: Self.persistence(
                """
                let folder = URL(fileURLWithPath: UserDefaults.standard.string(forKey: "folder") ?? "")
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """))
        XCTAssertEqual(try keys(runTime), ["Journal.sqlite"])
        let subclass = Spelling(
            name: "a subclass overriding the default folder",
            stack: Self.persistence(
                """
                let folder = SharedContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """),
            others: [
                "Journal/SharedContainer.swift": """
                    import CoreData

                    final class SharedContainer: NSPersistentContainer {
                        override class func defaultDirectoryURL() -> URL {
                            FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(Self.group)")!
                        }
                    }
                    """
            ])
        let key = try keys(subclass).first ?? nil
        XCTAssertNotEqual(key, "file:⟨Application Support⟩/Journal.sqlite")
        XCTAssertTrue(
            key == "Journal.sqlite" || key == "file:⟨group:\(Self.group)⟩/Journal.sqlite", "\(key ?? "nil")")
    }

    func testTwoPlacesAreOneFileTwoFilesOrCannotBeTold() {
        let support = StorePath(base: .applicationSupport, components: ["Journal.sqlite"])
        let documents = StorePath(base: .documents, components: ["Journal.sqlite"])
        let group = StorePath(base: .appGroup(Self.group), components: ["Journal.sqlite"])
        let unknown = StorePath(base: .unknown, components: ["Journal.sqlite"])
        let renamed = StorePath(base: .unknown, components: ["Journal_v2.sqlite"])
        let nested = StorePath(base: .applicationSupport, components: ["Stores", "Journal.sqlite"])
        XCTAssertEqual(support.compared(with: support), .same)
        XCTAssertEqual(support.compared(with: documents), .different)
        XCTAssertEqual(group.compared(with: support), .different)
        XCTAssertEqual(support.compared(with: nested), .different)
        XCTAssertEqual(support.compared(with: unknown), .cannotTell)
        XCTAssertEqual(unknown.compared(with: unknown), .cannotTell)
        XCTAssertEqual(unknown.compared(with: renamed), .different)
        XCTAssertEqual(support.compared(with: renamed), .different)
        // One folder reached from another: Library's Application Support, the home folder's Documents.
        let library = StorePath(base: .library, components: ["Application Support", "Journal.sqlite"])
        let home = StorePath(base: .home, components: ["Documents", "Journal.sqlite"])
        XCTAssertEqual(support.compared(with: library), .same)
        XCTAssertEqual(home.compared(with: documents), .same)
        XCTAssertEqual(library.compared(with: documents), .different)
        let climbing = StorePath(base: .documents, components: ["..", "Library", "Journal.sqlite"])
        XCTAssertEqual(climbing.compared(with: support), .cannotTell)
    }
}

// MARK: Moves

extension CoreDataStoreLocationTests {
    /// `Journal 3` current, its new attribute required with no default: a step Core Data cannot infer, reported
    /// when the store migrates and not when it is left behind.
    func moveToAnUninferableVersion() throws {
        try TestSupport.setCurrentVersion(
            "Journal 3", of: app.appendingPathComponent("Journal/Journal.xcdatamodeld"))
        let contents = app.appendingPathComponent("Journal/Journal.xcdatamodeld/Journal 3.xcdatamodel/contents")
        try TestSupport.edit(contents) {
            $0.replacingOccurrences(of: " defaultValueString=\"0\"", with: "")
        }
    }

    /// Locks the app with `old` as its stack, then checks it with `new`, at Journal 3, against that lockfile.
    func move(from old: Spelling, to new: Spelling, lockfile given: Lockfile? = nil) throws -> Analysis {
        app = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        try write("Journal/Persistence.swift", old.stack)
        for (path, text) in old.others { try write(path, text) }
        let lockfile = try given ?? TestSupport.lock(analyze())
        for path in old.others.keys { try FileManager.default.removeItem(at: app.appendingPathComponent(path)) }
        try write("Journal/Persistence.swift", new.stack)
        for (path, text) in new.others { try write(path, text) }
        try moveToAnUninferableVersion()
        return try analyze(lockfile)
    }

    func errorsAndWarnings(_ analysis: Analysis) -> [String] {
        analysis.findings.filter { $0.severity != .note }.map(\.rule.rawValue)
    }

    /// A store moved to another folder under the same name, with nothing carrying its rows: the versions locked in
    /// the old place are left behind (one `store_abandoned` where the app opens the new place, naming both folders),
    /// so the step to Journal 3 is no migration anyone runs.
    func testAStoreMovedToAnotherFolderUnderTheSameNameIsLeftBehind() throws {
        let moves: [(Spelling, Spelling, String, String)] = [
            (Self.applicationSupport[0], Self.documents[0], "Application Support", "Documents"),
            (Self.applicationSupport[1], Self.appGroup[0], "Application Support", "App Group \(Self.group)"),
            (Self.documents[1], Self.appGroup[1], "Documents", "App Group \(Self.group)"),
            (Self.appGroup[2], Self.applicationSupport[2], "App Group \(Self.group)", "Application Support"),
            (Self.appGroup[3], Self.documents[2], "App Group \(Self.group)", "Documents"),
        ]
        for (old, new, was, now) in moves {
            let analysis = try move(from: old, to: new)
            let context = "\(old.name) → \(new.name): \(analysis.findings.map(\.message.text))"
            XCTAssertEqual(errorsAndWarnings(analysis), ["store_abandoned"], context)
            let finding = analysis.findings.first { $0.rule == "store_abandoned" }
            XCTAssertEqual(finding?.location.file, "Journal/Persistence.swift", context)
            XCTAssertEqual(
                finding?.message.headline,
                "\(was)/Journal.sqlite is no longer opened: users' data in it is left behind, unread", context)
            XCTAssertTrue(
                finding?.message.detail.contains("stacks open \(now)/Journal.sqlite now") == true, context)
        }
    }

    /// What is no move: the same folder spelt another way, a move carried by `migratePersistentStore`, a folder that
    /// cannot be read on either side. The store migrates, and the step to Journal 3 is judged.
    func testWhatIsNoMove() throws {
        let carried = Spelling(
            name: "a move carried by migratePersistentStore",
            stack: Self.persistence(
                """
                let old = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                let new = SharedStore.url()
                let coordinator = container.persistentStoreCoordinator
                if let store = try? coordinator.addPersistentStore(
                    ofType: NSSQLiteStoreType, configurationName: nil, at: old, options: nil) {
                    _ = try? coordinator.migratePersistentStore(store, to: new, options: nil, type: .sqlite)
                }
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: new)]
                """),
            others: Self.appGroup[0].others)
        let unknown = Spelling(
            name: "a folder read at run time",
            stack: Self.persistence(
                """
                let folder = URL(fileURLWithPath: UserDefaults.standard.string(forKey: "folder") ?? "")
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """))
        let pairs: [(Spelling, Spelling)] = [
            (Self.applicationSupport[0], Self.applicationSupport[1]),
            (Self.applicationSupport[2], Self.applicationSupport[0]),
            (Self.appGroup[0], Self.appGroup[1]),
            (Self.documents[0], Self.documents[1]),
            (Self.applicationSupport[0], carried),
            (Self.applicationSupport[0], unknown),
            (unknown, Self.documents[0]),
        ]
        for (old, new) in pairs {
            let analysis = try move(from: old, to: new)
            XCTAssertEqual(
                errorsAndWarnings(analysis), ["lightweight_unsupported_change"],
                "\(old.name) → \(new.name): \(analysis.findings.map(\.message.text))")
        }
    }

    /// A lockfile written before places were recorded holds bare names: it reads and writes back as it was; a bare
    /// name beside today's place of the same name cannot be told apart (no move, and `lock` adds the place to the
    /// name), while another name is still a move.
    func testALockfileHoldingBareNames() throws {
        var old = TestSupport.lock(try analyze())
        let bundle = "Journal.xcdatamodeld"
        XCTAssertEqual(
            Set(old.coreData?[bundle]?.versions.values.map { $0.heldIn ?? [] } ?? []),
            [["file:⟨Application Support⟩/Journal.sqlite"]])
        for name in old.coreData?[bundle]?.versions.keys.sorted() ?? [] {
            old.coreData?[bundle]?.versions[name]?.heldIn = ["Journal.sqlite"]
        }
        // Written and read back: the names as they were, and a place with its brackets.
        let path = app.appendingPathComponent("schemalint.lock").path
        var mixed = old
        let both = ["Journal.sqlite", "file:⟨group:\(Self.group)⟩/J.sqlite"]
        mixed.coreData?[bundle]?.versions["Journal"]?.heldIn = both
        try LockfileStore.write(mixed, to: path)
        let read = try XCTUnwrap(LockfileStore.load(path))
        XCTAssertEqual(read.coreData?[bundle]?.versions["Journal 2"]?.heldIn, ["Journal.sqlite"])
        XCTAssertEqual(read.coreData?[bundle]?.versions["Journal"]?.heldIn, both)
        try FileManager.default.removeItem(atPath: path)

        // Moved to Documents under the same name: which folder the old one was in cannot be told.
        let documents = try move(from: Self.applicationSupport[0], to: Self.documents[0], lockfile: old)
        XCTAssertEqual(errorsAndWarnings(documents), ["lightweight_unsupported_change"])
        let relocked = Locker.plan(documents, existing: old, request: Locker.Request()).lockfile
        XCTAssertEqual(
            relocked.coreData?[bundle]?.versions["Journal 2"]?.heldIn,
            ["Journal.sqlite", "file:⟨Documents⟩/Journal.sqlite"])

        // Renamed: another file whatever its folder.
        var renamed = Self.documents[0]
        renamed.others = renamed.others.mapValues {
            $0.replacingOccurrences(of: "Journal.sqlite", with: "Diary.sqlite")
        }
        let moved = try move(from: Self.applicationSupport[0], to: renamed, lockfile: old)
        XCTAssertEqual(errorsAndWarnings(moved), ["store_abandoned"])
        XCTAssertEqual(
            moved.findings.first { $0.rule == "store_abandoned" }?.message.headline,
            "Journal.sqlite is no longer opened (the app opens Diary.sqlite now): users' data in it is left behind, "
                + "unread")
    }

    /// `check --verbose` names each Core Data store with its evaluated place.
    func testVerboseNamesEachStoresPlace() throws {
        try write("Journal/Persistence.swift", Self.appGroup[1].stack)
        for (path, text) in Self.appGroup[1].others { try write(path, text) }
        let run = try TestSupport.run(["check", "--verbose"], in: app)
        let lines = (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("Core Data stack") }
        let expected: [String] = [
            "schemalint: app .: Core Data stack at Journal/Persistence.swift:8:60 opens "
                + "⟨group:\(Self.group)⟩/Journal.sqlite with model Journal"
        ]
        XCTAssertEqual(lines.map(String.init), expected, run.stdout + run.stderr)
    }
}
