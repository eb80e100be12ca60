import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Where a Core Data store is when the app makes its container from a subclass of `NSPersistentContainer` (issue 48):
/// the container's own file is `<defaultDirectoryURL()>/<name>.sqlite`, the subclass's override when it has one
/// (an App Group's folder, most often), Core Data's Application Support when it has none. The subclass is a container
/// wherever it is made, in a file that names no Core Data type too (an extension target's). And a store URL whose
/// folders are marked as folders (`isDirectory: true`, `directoryHint:`) keeps them. On the journal app of
/// `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    static let groupFolder =
        "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"\(group)\")!"

    /// A stack made from `type` (`init(name:)` or, with `model`, `init(name:managedObjectModel:)`), in a file that
    /// names no Core Data container type.
    static func stack(_ type: String, model: Bool = false) -> String {
        let made =
            model
            ? """
            \(type)(
                    name: "Journal",
                    managedObjectModel: NSManagedObjectModel(
                        contentsOf: Bundle.main.url(forResource: "Journal", withExtension: "momd")!)!)
            """ : "\(type)(name: \"Journal\")"
        return """
            import CoreData

            final class Persistence {
                let container = \(made)

                init() {
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
    }

    /// The same journal opened from a subclass that keeps its files in the App Group: the override returning
    /// `containerURL(...)!`, one with `guard let ... else { fatalError() }` made with a model, one calling a static
    /// helper of another type, and a subclass of a CloudKit subclass that overrides.
    static let subclassesInTheGroup: [Spelling] = [
        Spelling(
            name: "an override returning containerURL(...)!",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        \(groupFolder)
                    }
                }
                """
            ]),
        Spelling(
            name: "guard let in the override, made with a model",
            stack: stack("GroupContainer", model: true),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        guard let shared = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "\(group)")
                        else { fatalError("the App Group is missing") }
                        return shared
                    }
                }
                """
            ]),
        Spelling(
            name: "an override calling a static helper of another type",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL { Folders.shared() }
                }
                """,
                "Journal/Folders.swift": """
                import Foundation

                enum Folders {
                    static func shared() -> URL { \(groupFolder) }
                }
                """,
            ]),
        Spelling(
            name: "guard let with Core Data's own folder as the fallback (countdown)",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override open class func defaultDirectoryURL() -> URL {
                        let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")
                        guard let folder = shared else { return super.defaultDirectoryURL() }
                        return folder
                    }
                }
                """
            ]),
        Spelling(
            name: "a var given a new value before it is returned",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        var folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")
                        folder = folder?.appendingPathComponent("Stores", isDirectory: true)
                        return folder!.deletingLastPathComponent()
                    }
                }
                """
            ]),
        Spelling(
            name: "Core Data's folder given the group's in an `if let` (GuessWho, MemCoo)",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        var url = super.defaultDirectoryURL()
                        if let newURL = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "\(group)")
                        {
                            url = newURL
                        }
                        return url
                    }
                }
                """
            ]),
        Spelling(
            name: "the group's folder given in an `if let` of a local, made with a model",
            stack: stack("GroupContainer", model: true),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        let identifier = "\(group)"
                        var folder: URL = NSPersistentContainer.defaultDirectoryURL()
                        let manager = FileManager.default
                        if let shared = manager.containerURL(forSecurityApplicationGroupIdentifier: identifier) {
                            folder = shared
                        }
                        return folder
                    }
                }
                """
            ]),
        Spelling(
            name: "a subclass of a CloudKit subclass that overrides",
            stack: stack("JournalContainer"),
            others: [
                "Journal/Containers.swift": """
                import CoreData

                class SyncedContainer: NSPersistentCloudKitContainer {
                    override class func defaultDirectoryURL() -> URL { \(groupFolder) }
                }

                final class JournalContainer: SyncedContainer {}
                """
            ]),
    ]

    func testASubclassesContainerOpensItsFileInTheFolderItsOverrideReturns() throws {
        for spelling in Self.subclassesInTheGroup {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
        }
        // The CloudKit one syncs.
        let synced = Self.subclassesInTheGroup.first { $0.name.hasPrefix("a subclass of a CloudKit") }!
        try write("Journal/Persistence.swift", synced.stack)
        for (path, text) in synced.others { try write(path, text) }
        XCTAssertEqual(try analyze().project.coreDataStores.map(\.syncs), [true])
    }

    /// The App Group named at run time (the Info.plist, a value set at launch), in the override or in the
    /// description's URL: the group the target compiling it is entitled to, when it names that one alone.
    func testAGroupReadAtRunTimeIsTheTargetsOnlyGroup() throws {
        let unread = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
            + "Bundle.main.object(forInfoDictionaryKey: \"AppGroup\") as! String)!"
        let spellings = [
            Spelling(
                name: "a subclass's override",
                stack: Self.stack("JournalContainer"),
                others: [
                    "Journal/JournalContainer.swift": """
                    import CoreData

                    final class JournalContainer: NSPersistentContainer {
                        override class func defaultDirectoryURL() -> URL { \(unread) }
                    }
                    """
                ]),
            Spelling(
                name: "a description's URL through a static member set at launch",
                stack: Self.persistence(
                    "container.persistentStoreDescriptions.first?.url = FileManager.default.containerURL("
                        + "forSecurityApplicationGroupIdentifier: Launch.group!)!"
                        + ".appendingPathComponent(\"Journal.sqlite\")"),
                others: ["Journal/Launch.swift": "enum Launch {\n    static var group: String?\n}\n"]),
        ]
        func entitlements(_ groups: [String]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
                + "\t<key>com.apple.security.application-groups</key>\n\t<array>\n"
                + groups.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n</dict>\n</plist>\n"
        }
        var target = TestXcodeProject.Target(name: "Journal")
        target.set("CODE_SIGN_ENTITLEMENTS", "Journal/Journal.entitlements")
        try write("Journal.xcodeproj/project.pbxproj", TestXcodeProject.text([target]))
        for spelling in spellings {
            try write("Journal/Journal.entitlements", entitlements([Self.group]))
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
            // Entitled to two groups: which one cannot be told, and the file is known by its name alone.
            try write("Journal/Journal.entitlements", entitlements([Self.group, "group.com.example.other"]))
            XCTAssertEqual(try keys(spelling), ["Journal.sqlite"], spelling.name)
        }
    }

    /// A subclass that does not override keeps Core Data's folder; one whose override cannot be read keeps the file's
    /// name and leaves its place untold; a type that only shares the initialiser's label opens nothing.
    func testWhatIsNotTheGroup() throws {
        let plain = Spelling(
            name: "a subclass without an override",
            stack: Self.stack("PlainContainer"),
            others: [
                "Journal/PlainContainer.swift": "import CoreData\n\nclass PlainContainer: NSPersistentContainer {}\n"
            ])
        XCTAssertEqual(try keys(plain), ["file:⟨Application Support⟩/Journal.sqlite"])
        let unread = Spelling(
            name: "an override read at run time",
            stack: Self.stack("PickedContainer"),
            others: [
                "Journal/PickedContainer.swift": """
                import CoreData

                final class PickedContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        URL(fileURLWithPath: UserDefaults.standard.string(forKey: "folder") ?? "")
                    }
                }
                """
            ])
        XCTAssertEqual(try keys(unread), ["Journal.sqlite"])
        // A var given another value in an `if`: not read from the value it was declared with.
        let branched = Spelling(
            name: "a var reassigned in an if",
            stack: Self.stack("BranchedContainer"),
            others: [
                "Journal/BranchedContainer.swift": """
                import CoreData

                final class BranchedContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        var folder = \(Self.groupFolder)
                        if UserDefaults.standard.bool(forKey: "local") { folder = URL.documentsDirectory }
                        return folder
                    }
                }
                """
            ])
        XCTAssertEqual(try keys(branched), ["Journal.sqlite"])
        // `Shelf(name:)` is no container: only the journal's own one opens a store.
        let lookalike = Spelling(
            name: "a type with init(name:) that is no container",
            stack: Self.persistence("let shelf = Shelf(name: \"Journal\")"),
            others: ["Journal/Shelf.swift": "final class Shelf {\n    init(name: String) {}\n}\n"])
        XCTAssertEqual(try keys(lookalike), ["file:⟨Application Support⟩/Journal.sqlite"])
    }

    /// The store moved into the App Group by making the container from a subclass, its rows carried by
    /// `migratePersistentStore`: no store is left behind, and the lockfile records the group's file.
    func testAMoveIntoTheGroupBySubclassingIsCarriedAndLocked() throws {
        let carried = Spelling(
            name: "a subclass, the old file migrated into its folder",
            stack: """
                import CoreData

                final class Persistence {
                    let container = GroupContainer(name: "Journal")

                    init() {
                        container.loadPersistentStores { _, _ in }
                    }

                    func moveIntoTheGroup() {
                        let old = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                        let new = GroupContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                        let coordinator = container.persistentStoreCoordinator
                        if let store = try? coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: old, options: nil) {
                            _ = try? coordinator.migratePersistentStore(store, to: new, options: nil, type: .sqlite)
                        }
                    }
                }
                """,
            others: Self.subclassesInTheGroup[0].others)
        let analysis = try move(from: Self.applicationSupport[0], to: carried)
        XCTAssertFalse(errorsAndWarnings(analysis).contains("store_abandoned"), "\(analysis.findings)")
        let relocked = Locker.plan(analysis, existing: nil, request: Locker.Request()).lockfile
        let held = Set(relocked.coreData?["Journal.xcdatamodeld"]?.versions.values.flatMap { $0.heldIn ?? [] } ?? [])
        XCTAssertTrue(held.contains("file:⟨group:\(Self.group)⟩/Journal.sqlite"), "\(held)")
    }

    /// `check --verbose` names the subclass's store, made in a file pass 1 does not read, in its group.
    func testVerboseNamesTheSubclassesStore() throws {
        try write("Journal/Persistence.swift", Self.subclassesInTheGroup[0].stack)
        for (path, text) in Self.subclassesInTheGroup[0].others { try write(path, text) }
        let run = try TestSupport.run(["check", "--verbose"], in: app)
        let lines = (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("Core Data stack") }
        XCTAssertEqual(
            lines.map(String.init),
            [
                "schemalint: app .: Core Data stack at Journal/Persistence.swift:4:21 opens "
                    + "⟨group:\(Self.group)⟩/Journal.sqlite with model Journal"
            ], run.stdout + run.stderr)
    }

    // MARK: Folders marked as folders

    /// `Journal.sqlite` in the group's `Stores` folder, the folder marked as one: a static helper an extension of
    /// `URL` adds, with `guard let` and a defaulted file name; `appending(path:directoryHint:)`;
    /// `appending(components:directoryHint:)`; the name passed on by the stack's own defaulted parameter.
    static let markedFolders: [Spelling] = [
        Spelling(
            name: "a URL extension's helper with isDirectory: and a defaulted name",
            stack: persistence(
                """
                let url = URL.journalStore(in: Groups.journal)
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                """),
            others: [
                "Journal/Groups.swift": "enum Groups {\n    static let journal = \"\(group)\"\n}\n",
                "Journal/URL+Store.swift": """
                import Foundation

                extension URL {
                    static func journalStore(in group: String, file: String = "Journal") -> URL {
                        guard let shared = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: group)
                        else { fatalError("the App Group is missing") }
                        return shared
                            .appendingPathComponent("Stores", isDirectory: true)
                            .appendingPathComponent("\\(file).sqlite")
                    }
                }
                """,
            ]),
        Spelling(
            name: "appending(path:directoryHint:)",
            stack: persistence(
                """
                let folder = \(groupFolder).appending(path: "Stores", directoryHint: .isDirectory)
                container.persistentStoreDescriptions.first?.url = folder.appending(path: "Journal.sqlite")
                """)),
        Spelling(
            name: "appending(components:directoryHint:)",
            stack: persistence(
                """
                let url = \(groupFolder)
                    .appending(components: "Stores", "Journal.sqlite", directoryHint: .notDirectory)
                container.persistentStoreDescriptions.first?.url = url
                """)),
        Spelling(
            name: "the name passed on by the stack's defaulted parameter",
            stack: """
                import CoreData

                final class Persistence {
                    let container = NSPersistentContainer(name: "Journal")

                    init(storeName: String = "Journal") {
                        let folder = \(groupFolder)
                        let url = folder.appendingPathComponent("Stores", isDirectory: true)
                            .appendingPathComponent(storeName + ".sqlite", isDirectory: false)
                        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """),
    ]

    func testAFolderMarkedAsAFolderIsKept() throws {
        for spelling in Self.markedFolders {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Stores/Journal.sqlite"], spelling.name)
        }
        // The mark on the file itself changes nothing.
        let file = Spelling(
            name: "isDirectory: false on the file",
            stack: Self.persistence(
                """
                let url = URL.documentsDirectory.appendingPathComponent("Journal.sqlite", isDirectory: false)
                container.persistentStoreDescriptions.first?.url = url
                """))
        XCTAssertEqual(try keys(file), ["file:⟨Documents⟩/Journal.sqlite"])
    }
}

/// A subclass's convenience initialiser that passes its `name` on to `self.init(name:)` (Simply Filter SMS's read-only
/// container for its extension): the model is the one each call names, as for `super.init(name:)`.
extension CoreDataStoreLocationTests {
    func testAConvenienceInitialisersNameIsTheModel() throws {
        try write(
            "Journal/GroupContainer.swift",
            """
            import CoreData

            class GroupContainer: NSPersistentCloudKitContainer, @unchecked Sendable {
                override class func defaultDirectoryURL() -> URL {
                    \(Self.groupFolder).appendingPathComponent("DB")
                }

                convenience init(name: String, isReadOnly: Bool) {
                    self.init(name: name)
                    if isReadOnly {
                        let description = NSPersistentStoreDescription()
                        description.url = GroupContainer.defaultDirectoryURL().appendingPathComponent("\\(name).sqlite")
                        description.isReadOnly = true
                        persistentStoreDescriptions = [description]
                    }
                }
            }
            """)
        try write("Journal/Persistence.swift", Self.stack("GroupContainer"))
        try write(
            "Journal/Reader.swift",
            """
            import CoreData

            final class Reader {
                let container = GroupContainer(name: "Journal", isReadOnly: true)
                init() { container.loadPersistentStores { _, _ in } }
            }
            """)
        let stores = try analyze().project.coreDataStores.filter { $0.purpose == .app }
        XCTAssertFalse(stores.isEmpty)
        XCTAssertEqual(Set(stores.map { $0.model ?? "none" }), ["Journal"])
        XCTAssertEqual(Set(stores.compactMap(\.file)), ["Journal.sqlite"])
    }
}

/// A URL a local takes in an `if`, `/dev/null` on one branch (`if inMemory`): that branch keeps the store in memory,
/// so the other branch's file is the store (Bloomly's PersistenceController), written as a local assigned in an
/// `if`/`else` and as a ternary.
extension CoreDataStoreLocationTests {
    func testADevNullBranchLeavesTheOtherFile() throws {
        let pickings = [
            """
                    let storeURL: URL
                    if inMemory {
                        storeURL = URL(fileURLWithPath: "/dev/null")
                    } else {
                        storeURL = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                    }
            """,
            """
                    let storeURL = inMemory
                        ? URL(fileURLWithPath: "/dev/null")
                        : \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
            """,
        ]
        for picking in pickings {
            try write(
                "Journal/Persistence.swift",
                """
                import CoreData

                final class Persistence {
                    static let shared = Persistence()
                    let container: NSPersistentContainer

                    init(inMemory: Bool = false) {
                        container = NSPersistentContainer(name: "Journal")
                \(picking)
                        let description = container.persistentStoreDescriptions.first ?? NSPersistentStoreDescription()
                        description.url = storeURL
                        container.persistentStoreDescriptions = [description]
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """)
            let stores = try analyze().project.coreDataStores.filter { $0.purpose == .app }
            XCTAssertEqual(stores.compactMap(\.key), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], picking)
        }
    }
}
