import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Stacks field test 8 misread (issue 48), on the journal app of `CoreDataStoreLocationTests`: a container whose
/// descriptions are replaced by two, the first made from the container's own description's URL (its default file)
/// and the second in a folder named with `conformingTo: .directory`, each with its configuration and only the first
/// with CloudKit options; a store URL held by an instance a method of the type makes from a folder given through a
/// protocol; a model picked at run time between two bundles named by constants.
extension CoreDataStoreLocationTests {
    /// The app's stores: each one's key, model, configuration and whether it syncs.
    func describedStores(_ spelling: Spelling) throws -> [String] {
        try write("Journal/Persistence.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        defer {
            for path in spelling.others.keys {
                try? FileManager.default.removeItem(at: app.appendingPathComponent(path))
            }
        }
        let stores = try analyze().project.coreDataStores.filter { $0.purpose == .app }
        return stores.map { store in
            [
                store.key ?? "?", store.modelUnread ? "?" : store.model ?? "-", store.configuration ?? "-",
                store.syncs ? "CloudKit" : "-",
            ].joined(separator: " ")
        }
    }

    // MARK: The container's own URL read back for the descriptions that replace it

    /// A stack in `init` with the body given; `kind` is the container's type.
    static func twoDescriptions(_ body: String, kind: String = "NSPersistentCloudKitContainer", parameters: String = "")
        -> String
    {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
        return """
            import CoreData

            final class Persistence {
                let container: NSPersistentContainer

                init(\(parameters)) {
                    container = \(kind)(name: "Journal")
            \(indented.joined(separator: "\n"))
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
    }

    /// `Journal.sqlite`, the container's own file (configuration `Synced`, CloudKit), and `Journal/Device.sqlite` in
    /// Application Support (configuration `Device`, no CloudKit): the first description's URL is the container's own
    /// (`?? fallback`, `!`, through a local), the folder is named with `conformingTo: .directory`,
    /// `appending(component:directoryHint:)` or `appending(path:directoryHint:)`, inline, in a function of the type,
    /// as a parameter's default and as a static member of another type in another file.
    static let ownURLReadBack: [Spelling] = [
        Spelling(
            name: "inline, if expressions, conformingTo: .directory",
            stack: twoDescriptions(
                """
                let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                    .appendingPathComponent("Journal", conformingTo: .directory)
                let synced: NSPersistentStoreDescription = if inMemory {
                    NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
                } else {
                    NSPersistentStoreDescription(
                        url: container.persistentStoreDescriptions.first?.url
                            ?? folder.appendingPathComponent("Journal.sqlite"))
                }
                synced.configuration = "Synced"
                synced.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.j")
                let device = NSPersistentStoreDescription(url: folder.appendingPathComponent("Device.sqlite"))
                device.configuration = "Device"
                container.persistentStoreDescriptions = [synced, device]
                """, parameters: "inMemory: Bool = false")),
        Spelling(
            name: "in a function of the type, ! on the own URL, appending(component:directoryHint:)",
            stack: twoDescriptions(
                """
                container.persistentStoreDescriptions = descriptions()
                """)
                .replacingOccurrences(
                    of: "\n}",
                    with: """

                            private func descriptions() -> [NSPersistentStoreDescription] {
                                let folder = URL.applicationSupportDirectory
                                    .appending(component: "Journal", directoryHint: .isDirectory)
                                let own = container.persistentStoreDescriptions.first!.url!
                                let synced = NSPersistentStoreDescription(url: own)
                                synced.configuration = "Synced"
                                synced.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                                    containerIdentifier: "iCloud.j")
                                let device = NSPersistentStoreDescription(
                                    url: folder.appending(component: "Device.sqlite"))
                                device.configuration = "Device"
                                return [synced, device]
                            }
                        }
                        """)),
        Spelling(
            name: "the folder a parameter's default, appending(path:directoryHint:)",
            stack: twoDescriptions(
                """
                let synced = NSPersistentStoreDescription(
                    url: container.persistentStoreDescriptions.first?.url ?? folder.appending(path: "Journal.sqlite"))
                synced.configuration = "Synced"
                synced.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.j")
                let device = NSPersistentStoreDescription(url: folder.appending(path: "Device.sqlite"))
                device.configuration = "Device"
                container.persistentStoreDescriptions = [synced, device]
                """,
                parameters: "folder: URL = URL.applicationSupportDirectory"
                    + ".appending(path: \"Journal\", directoryHint: .isDirectory)"
            )),
        Spelling(
            name: "the folder a static member of another type, configurations its constants",
            stack: twoDescriptions(
                """
                let synced = NSPersistentStoreDescription(
                    url: container.persistentStoreDescriptions.first?.url
                        ?? Folders.journal.appendingPathComponent("Journal.sqlite"))
                synced.configuration = Configurations.synced
                synced.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.j")
                let device = NSPersistentStoreDescription(url: Folders.journal.appendingPathComponent("Device.sqlite"))
                device.configuration = Configurations.device
                container.persistentStoreDescriptions = [synced, device]
                """),
            others: [
                "Journal/Folders.swift": """
                    import Foundation

                    enum Configurations {
                        static let synced = "Synced"
                        static let device = "Device"
                    }

                    enum Folders {
                        static var journal: URL {
                            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first!
                                .appendingPathComponent("Journal", conformingTo: .directory)
                        }
                    }
                    """
            ]),
    ]

    static let ownAndDevice = [
        "file:⟨Application Support⟩/Journal.sqlite Journal Synced CloudKit",
        "file:⟨Application Support⟩/Journal/Device.sqlite Journal Device -",
    ]

    func testADescriptionMadeFromTheContainersOwnURLIsItsOwnFile() throws {
        for spelling in Self.ownURLReadBack {
            XCTAssertEqual(try describedStores(spelling), Self.ownAndDevice, spelling.name)
        }
    }

    /// A plain container or a CloudKit one picked at run time: each opens both files, and only the CloudKit one
    /// syncs, only the first file. `check --verbose` says so once per file.
    func testEitherContainerOpensBothFilesAndTheVerboseLinesSaySo() throws {
        let either = Spelling(
            name: "either container",
            stack: Self.ownURLReadBack[0].stack.replacingOccurrences(
                of: "container = NSPersistentCloudKitContainer(name: \"Journal\")",
                with: """
                    if syncs {
                                container = NSPersistentCloudKitContainer(name: "Journal")
                            } else {
                                container = NSPersistentContainer(name: "Journal")
                            }
                    """
            ).replacingOccurrences(of: "inMemory: Bool = false", with: "inMemory: Bool = false, syncs: Bool = true"))
        XCTAssertEqual(
            try describedStores(either),
            Self.ownAndDevice + Self.ownAndDevice.map { $0.replacingOccurrences(of: "CloudKit", with: "-") })
        let run = try TestSupport.run(["check", "--verbose"], in: app)
        let lines = (run.stdout + run.stderr).split(separator: "\n")
        XCTAssertEqual(
            lines.filter { $0.contains("Core Data stack") }.map(String.init),
            [
                "schemalint: app .: Core Data stack at Journal/Persistence.swift:18:22 opens ⟨Application Support⟩/"
                    + "Journal.sqlite (configuration Synced) with model Journal, CloudKit in one of the stacks the "
                    + "code picks from",
                "schemalint: app .: Core Data stack at Journal/Persistence.swift:23:56 opens ⟨Application Support⟩/"
                    + "Journal/Device.sqlite (configuration Device) with model Journal",
            ], run.stdout + run.stderr)
        // Every file told: no note that a folder or a file cannot be.
        XCTAssertFalse((run.stdout + run.stderr).contains("cannot be told"), run.stdout + run.stderr)
    }

    /// Controls: a description made from the own URL and added beside the container's own (not replacing it) is that
    /// one file, not two; CloudKit options set on every description alike (not through a variable) leave each
    /// syncing; a folder named with a type that has an extension (`conformingTo: .json`) is not `Journal/`.
    func testControlsForDescriptionsMadeFromTheOwnURL() throws {
        let added = Spelling(
            name: "appended, not replacing",
            stack: Self.twoDescriptions(
                """
                let copy = NSPersistentStoreDescription(url: container.persistentStoreDescriptions.first!.url!)
                copy.configuration = "Synced"
                container.persistentStoreDescriptions.append(copy)
                """, kind: "NSPersistentContainer"))
        XCTAssertEqual(try describedStores(added), ["file:⟨Application Support⟩/Journal.sqlite Journal - -"])

        // A copy named after the own file in another folder (a backup's) is no store of its own, nor the own file.
        let backup = Spelling(
            name: "a backup named after the own file",
            stack: Self.twoDescriptions(
                """
                let own = container.persistentStoreDescriptions.first!.url!
                let main = NSPersistentStoreDescription(url: URL.documentsDirectory.appending(path: "Journal.sqlite"))
                let copy = NSPersistentStoreDescription(url: URL.cachesDirectory.appending(path: own.lastPathComponent))
                container.persistentStoreDescriptions = [main, copy]
                """, kind: "NSPersistentContainer"))
        XCTAssertEqual(try describedStores(backup), ["file:⟨Documents⟩/Journal.sqlite Journal - -"])

        let everyOne = Spelling(
            name: "options on every description",
            stack: Self.twoDescriptions(
                """
                let folder = URL.applicationSupportDirectory.appending(path: "Journal", directoryHint: .isDirectory)
                let synced = NSPersistentStoreDescription(url: folder.appending(path: "Synced.sqlite"))
                let device = NSPersistentStoreDescription(url: folder.appending(path: "Device.sqlite"))
                container.persistentStoreDescriptions = [synced, device]
                container.persistentStoreDescriptions.forEach {
                    $0.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.j")
                }
                """))
        XCTAssertEqual(
            try describedStores(everyOne),
            [
                "file:⟨Application Support⟩/Journal/Synced.sqlite Journal - CloudKit",
                "file:⟨Application Support⟩/Journal/Device.sqlite Journal - CloudKit",
            ])

        let typed = Spelling(
            name: "conformingTo: .json",
            stack: Self.twoDescriptions(
                """
                let folder = URL.applicationSupportDirectory.appendingPathComponent("Journal", conformingTo: .json)
                container.persistentStoreDescriptions = [
                    NSPersistentStoreDescription(url: folder.appendingPathComponent("Device.sqlite"))
                ]
                """, kind: "NSPersistentContainer"))
        let keys = try describedStores(typed)
        XCTAssertEqual(keys.count, 1)
        XCTAssertFalse(keys.contains { $0.contains("⟨Application Support⟩/Journal/Device.sqlite") }, "\(keys)")
    }
}

// MARK: A store URL held by an instance, a model picked among two bundles

extension CoreDataStoreLocationTests {
    /// A second bundle beside the journal's, `Sealed.xcdatamodeld` (a copy of it).
    func addSealedBundle() throws {
        let bundles = app.appendingPathComponent("Journal")
        let sealed = bundles.appendingPathComponent("Sealed.xcdatamodeld")
        if !FileManager.default.fileExists(atPath: sealed.path) {
            try FileManager.default.copyItem(at: bundles.appendingPathComponent("Journal.xcdatamodeld"), to: sealed)
        }
    }

    /// A coordinator opening `paths.store` with `model`: the code before it (`setUp`), its type's other members
    /// (`members`) and what `open` takes.
    static func coordinator(
        setUp: String, members: String, parameters: String = "", at url: String = "paths.store"
    ) -> String {
        """
        import CoreData

        protocol Locating { func dataFolder(group: String) -> URL? }
        protocol Keys { var sealed: Bool { get } }

        final class Persistence {
            static let storeName = "Journal.sqlite"
            static let plainModel = "Journal"
            static let sealedModel = "Sealed"

            private let locating: Locating
            private let sealed: Bool

            init(locating: Locating, keys: Keys) {
                self.locating = locating
                self.sealed = keys.sealed
            }

        \(members)

            func open(\(parameters)) throws -> NSPersistentStoreCoordinator {
        \(setUp)
                let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
                try coordinator.addPersistentStore(
                    ofType: NSSQLiteStoreType, configurationName: nil, at: \(url), options: nil)
                return coordinator
            }
        }
        """
    }

    /// The journal's model, `model`, in a lazy property built by a closure that picks its bundle's name.
    static let lazyModel = """
            private lazy var lazyModel: NSManagedObjectModel? = {
                let name = sealed ? Persistence.sealedModel : Persistence.plainModel
                guard let url = Bundle.main.url(forResource: name, withExtension: "momd") else {
                    return nil
                }
                return NSManagedObjectModel(contentsOf: url)
            }()
        """

    /// The plain model named in `open`.
    static let plainModelHere = """
                let model = NSManagedObjectModel(
                    contentsOf: Bundle.main.url(forResource: Persistence.plainModel, withExtension: "momd")!)!
        """

    /// `Journal.sqlite` in a folder given through a protocol (`Locating`): the holder a struct nested in the type
    /// made by a method of it (`try self.paths()`), a struct in another file returned optional by a method bound
    /// with `guard let`, made in place from a parameter, and made by a static method with labels (`Self.paths(in:)`).
    static let heldStoreURLs: [Spelling] = [
        Spelling(
            name: "a nested struct a method makes",
            stack: coordinator(
                setUp: "        let paths = try self.paths()\n" + plainModelHere,
                members: """
                        private struct Paths {
                            let store: URL
                            init(folder: URL) {
                                self.store = folder.appendingPathComponent(storeName, isDirectory: false)
                            }
                        }

                        private func paths() throws -> Paths {
                            guard let folder = locating.dataFolder(group: "group.j") else {
                                throw CocoaError(.fileNoSuchFile)
                            }
                            return Paths(folder: folder)
                        }
                    """)),
        Spelling(
            name: "a struct of another file, returned optional, bound by guard let",
            stack: coordinator(
                setUp: """
                            guard let paths = self.paths() else { throw CocoaError(.fileNoSuchFile) }
                    """ + "\n" + plainModelHere,
                members: """
                        private func paths() -> StorePaths? {
                            locating.dataFolder(group: "group.j").map { StorePaths(folder: $0) }
                        }
                    """),
            others: [
                "Journal/StorePaths.swift": """
                    import Foundation

                    enum FileNames {
                        static let journal = "Journal.sqlite"
                    }

                    struct StorePaths {
                        let store: URL
                        let backup: URL

                        init(folder: URL) {
                            store = folder.appendingPathComponent(FileNames.journal)
                            backup = folder.appendingPathComponent(FileNames.journal + ".bak")
                        }
                    }
                    """
            ]),
        Spelling(
            name: "made in place from a parameter",
            stack: coordinator(
                setUp: "        let paths = StorePaths(folder: folder)\n" + plainModelHere,
                members: """
                        func openShared() throws {
                            _ = try open(folder: locating.dataFolder(group: "group.j")!)
                        }
                    """,
                parameters: "folder: URL"),
            others: [
                "Journal/StorePaths.swift": """
                    import Foundation

                    struct StorePaths {
                        let store: URL
                        init(folder: URL) { store = folder.appendingPathComponent(Persistence.storeName) }
                    }
                    """
            ]),
        Spelling(
            name: "a static method with labels",
            stack: coordinator(
                setUp: "        let paths = try Self.paths(in: locating)\n" + plainModelHere,
                members: """
                        struct Paths {
                            let store: URL
                            init(folder: URL) { store = folder.appendingPathComponent(Persistence.storeName) }
                        }

                        static func paths(in locating: Locating) throws -> Paths {
                            guard let folder = locating.dataFolder(group: "group.j") else {
                                throw CocoaError(.fileNoSuchFile)
                            }
                            return Paths(folder: folder)
                        }
                    """)),
    ]

    func testAStoreURLHeldByAnInstanceTellsItsFileWithTheFolderUnknown() throws {
        for spelling in Self.heldStoreURLs {
            XCTAssertEqual(try describedStores(spelling), ["Journal.sqlite Journal - -"], spelling.name)
        }
        // The note names the folder alone as untold.
        try write("Journal/Persistence.swift", Self.heldStoreURLs[0].stack)
        let run = try TestSupport.run(["check"], in: app)
        let notes = (run.stdout + run.stderr).split(separator: "\n").filter { $0.hasPrefix("schemalint: note:") }
        XCTAssertEqual(notes.count, 1, run.stdout + run.stderr)
        XCTAssertTrue(notes.first?.contains("the folder of the file Journal.sqlite") == true, "\(notes)")
    }

    /// Controls: the holder made from a folder the system gives (Documents) is that place; a file name read through
    /// the protocol too stays a file that cannot be told.
    func testControlsForAStoreURLHeldByAnInstance() throws {
        let documents = Spelling(
            name: "from Documents",
            stack: Self.heldStoreURLs[0].stack.replacingOccurrences(
                of: "guard let folder = locating.dataFolder(group: \"group.j\") else {",
                with: "let folder = URL.documentsDirectory\n if false {"))
        XCTAssertEqual(try describedStores(documents), ["file:⟨Documents⟩/Journal.sqlite Journal - -"])
        let unnamed = Spelling(
            name: "a file name through the protocol",
            stack: Self.heldStoreURLs[0].stack.replacingOccurrences(
                of: "folder.appendingPathComponent(storeName, isDirectory: false)",
                with: "folder.appendingPathComponent(UserDefaults.standard.string(forKey: \"store\") ?? \"\")"))
        XCTAssertEqual(try describedStores(unnamed), ["? Journal - -"])
    }

    static let documentsStore = "URL.documentsDirectory.appendingPathComponent(Persistence.storeName)"

    /// The model `Journal` or `Sealed`, picked by a flag read at run time: in a lazy property's closure (unwrapped
    /// with `guard let model`), by constants of another type in another file, by a parameter every caller passes a
    /// run-time value, and in a `let` built by a closure reading the type's constants through `Self`.
    static let pickedModels: [Spelling] = [
        Spelling(
            name: "a lazy property's closure",
            stack: coordinator(
                setUp: """
                            guard let model = lazyModel else { throw CocoaError(.fileReadCorruptFile) }
                    """,
                members: lazyModel, at: documentsStore)
                .replacingOccurrences(of: "guard let model = lazyModel", with: "guard let lazyModel")
                .replacingOccurrences(of: "managedObjectModel: model)", with: "managedObjectModel: lazyModel)")),
        Spelling(
            name: "constants of another type",
            stack: coordinator(
                setUp: """
                            let name = sealed ? Bundles.sealed : Bundles.plain
                            let model = NSManagedObjectModel(
                                contentsOf: Bundle.main.url(forResource: name, withExtension: "momd")!)!
                    """, members: "", at: documentsStore),
            others: [
                "Journal/Bundles.swift": """
                    enum Bundles {
                        static let plain = "Journal"
                        static let sealed = "Sealed"
                    }
                    """
            ]),
        Spelling(
            name: "a parameter",
            stack: coordinator(
                setUp: """
                            let model = NSManagedObjectModel(
                                contentsOf: Bundle.main.url(
                                    forResource: locked ? Persistence.sealedModel : Persistence.plainModel,
                                    withExtension: "momd")!)!
                    """,
                members: """
                        func openAsSet() throws {
                            _ = try open(locked: UserDefaults.standard.bool(forKey: "locked"))
                        }
                    """,
                parameters: "locked: Bool", at: documentsStore)),
        Spelling(
            name: "a let built by a closure, through Self",
            stack: coordinator(
                setUp: """
                            let model = builtModel
                    """,
                members: """
                        private let builtModel: NSManagedObjectModel = {
                            let name = UserDefaults.standard.bool(forKey: "sealed") ? Self.sealedModel : Self.plainModel
                            return NSManagedObjectModel(
                                contentsOf: Bundle.main.url(forResource: name, withExtension: "momd")!)!
                        }()
                    """, at: documentsStore)),
    ]

    func testAModelPickedAtRunTimeAmongTwoBundlesIsEach() throws {
        try addSealedBundle()
        for spelling in Self.pickedModels {
            XCTAssertEqual(
                Set(try describedStores(spelling)),
                ["file:⟨Documents⟩/Journal.sqlite Sealed - -", "file:⟨Documents⟩/Journal.sqlite Journal - -"],
                spelling.name)
        }
        // `check --verbose` names both on one line.
        try write("Journal/Persistence.swift", Self.pickedModels[0].stack)
        let run = try TestSupport.run(["check", "--verbose"], in: app)
        let lines = (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("Core Data stack") }
        XCTAssertEqual(lines.count, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            lines.first?.hasSuffix(
                "opens ⟨Documents⟩/Journal.sqlite with model Sealed or Journal (picked at run time)") == true,
            "\(lines)")
    }

    /// Controls: a flag every caller passes as `false` picks the plain model alone; a bundle's name read at run time
    /// is a model that cannot be told.
    func testControlsForAModelPickedAmongBundles() throws {
        try addSealedBundle()
        var known = Self.pickedModels[2]
        known.stack = known.stack.replacingOccurrences(
            of: "UserDefaults.standard.bool(forKey: \"locked\")", with: "false")
        XCTAssertEqual(try describedStores(known), ["file:⟨Documents⟩/Journal.sqlite Journal - -"])
        var unread = Self.pickedModels[1]
        unread.others["Journal/Bundles.swift"] =
            "import Foundation\n\nenum Bundles {\n    static let plain = \"Journal\"\n"
            + "    static var sealed: String { UserDefaults.standard.string(forKey: \"bundle\") ?? \"\" }\n}\n"
        XCTAssertEqual(try describedStores(unread), ["file:⟨Documents⟩/Journal.sqlite ? - -"])
    }
}

/// CloudKit options a setting switches (OpenSesame's `if iCloudSync { options = ... } else { options = nil }`):
/// the store may sync, so it is judged as one that does.
extension CoreDataStoreLocationTests {
    static let optionsBySetting: [Spelling] = [
        Spelling(
            name: "a local description, if and else",
            stack: twoDescriptions(
                """
                let description = NSPersistentStoreDescription(url: URL.documentsDirectory.appending(path: "J.sqlite"))
                if UserDefaults.standard.bool(forKey: "sync") {
                    description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                        containerIdentifier: "iCloud.j")
                } else {
                    description.cloudKitContainerOptions = nil
                }
                container.persistentStoreDescriptions = [description]
                """)),
        Spelling(
            name: "nil first, then a switch",
            stack: twoDescriptions(
                """
                let description = NSPersistentStoreDescription(url: URL.documentsDirectory.appending(path: "J.sqlite"))
                switch Settings.sync {
                case true:
                    description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                        containerIdentifier: "iCloud.j")
                case false:
                    description.cloudKitContainerOptions = nil
                }
                container.persistentStoreDescriptions = [description]
                """),
            others: [
                "Journal/Settings.swift": """
                import Foundation

                enum Settings {
                    static var sync: Bool { UserDefaults.standard.bool(forKey: "sync") }
                }
                """
            ]),
        Spelling(
            name: "a parameter, else first",
            stack: twoDescriptions(
                """
                let description = NSPersistentStoreDescription(url: URL.documentsDirectory.appending(path: "J.sqlite"))
                if !syncs {
                    description.cloudKitContainerOptions = nil
                } else {
                    let options = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.j")
                    description.cloudKitContainerOptions = options
                }
                container.persistentStoreDescriptions = [description]
                """, parameters: "syncs: Bool = UserDefaults.standard.bool(forKey: \"sync\")")),
    ]

    func testCloudKitOptionsASettingSwitchesMaySync() throws {
        for spelling in Self.optionsBySetting {
            XCTAssertEqual(
                try describedStores(spelling), ["file:⟨Documents⟩/J.sqlite Journal - CloudKit"], spelling.name)
        }
        // Controls: options set, then set to `nil` on every path after; `nil` in both branches.
        let controls = [
            Spelling(
                name: "nil after, on every path",
                stack: Self.twoDescriptions(
                    """
                    let description = NSPersistentStoreDescription(
                        url: URL.documentsDirectory.appending(path: "J.sqlite"))
                    description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                        containerIdentifier: "iCloud.j")
                    description.cloudKitContainerOptions = nil
                    container.persistentStoreDescriptions = [description]
                    """)),
            Spelling(
                name: "nil in both branches",
                stack: Self.twoDescriptions(
                    """
                    let description = NSPersistentStoreDescription(
                        url: URL.documentsDirectory.appending(path: "J.sqlite"))
                    if UserDefaults.standard.bool(forKey: "sync") {
                        description.cloudKitContainerOptions = nil
                    } else {
                        description.cloudKitContainerOptions = nil
                    }
                    container.persistentStoreDescriptions = [description]
                    """)),
        ]
        for control in controls {
            XCTAssertEqual(try describedStores(control), ["file:⟨Documents⟩/J.sqlite Journal - -"], control.name)
        }
    }
}
