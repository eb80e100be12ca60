import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Stacks a field test found missed or misread (issues 48 and 49), on the journal app of `CoreDataStoreLocationTests`:
/// descriptions replaced by another function's container, or on some paths only; a model unwrapped by a helper, built
/// in a static property's closure or handed to `super.init`; a store URL read through `Self` in a nested type.
extension CoreDataStoreLocationTests {
    static let groupFile = "file:⟨group:\(group)⟩/Journal.sqlite"
    static let defaultFile = "file:⟨Application Support⟩/Journal.sqlite"

    /// The app's stores: each one's key and the model bundle it is opened with.
    func appStores(_ spelling: Spelling) throws -> [String] {
        try write("Journal/Persistence.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        let stores = try analyze().project.coreDataStores.filter { $0.purpose == .app }
        for path in spelling.others.keys { try FileManager.default.removeItem(at: app.appendingPathComponent(path)) }
        return stores.map { "\($0.key ?? "?") \($0.model ?? "-")" }
    }

    // MARK: Descriptions replaced by another function's container

    /// A container made in one function, a test's in-memory one in another function of the same type that replaces
    /// its own descriptions: the app's file is still opened. A subclass whose inheritance list has `@unchecked
    /// Sendable`, the same with `@preconcurrency`, Core Data's own container in two static functions, and two instance
    /// methods.
    static let anotherFunctionReplaces: [(Spelling, String)] = [
        (
            Spelling(
                name: "a subclass, @unchecked Sendable, made in its own static functions",
                stack: """
                    import CoreData

                    public final class JournalContainer: NSPersistentContainer, @unchecked Sendable {
                        override public class func defaultDirectoryURL() -> URL {
                            \(groupFolder)
                        }

                        static func make() -> JournalContainer {
                            let container = JournalContainer(name: "Journal")
                            container.loadPersistentStores { _, _ in }
                            return container
                        }

                        static func makeForTests() -> JournalContainer {
                            let container = JournalContainer(name: "Journal")
                            let description = NSPersistentStoreDescription()
                            description.type = NSInMemoryStoreType
                            container.persistentStoreDescriptions = [description]
                            container.loadPersistentStores { _, _ in }
                            return container
                        }
                    }
                    """), groupFile
        ),
        (
            Spelling(
                name: "a subclass with @preconcurrency in its list, the test's container first",
                stack: """
                    import CoreData

                    protocol Describing {}

                    class JournalContainer: NSPersistentContainer, @preconcurrency Describing {
                        override class func defaultDirectoryURL() -> URL { \(groupFolder) }

                        class func inMemory() -> JournalContainer {
                            let container = JournalContainer(name: "Journal")
                            container.persistentStoreDescriptions = [
                                NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
                            ]
                            return container
                        }

                        class func onDisk() -> JournalContainer {
                            let container = JournalContainer(name: "Journal")
                            container.loadPersistentStores { _, _ in }
                            return container
                        }
                    }
                    """), groupFile
        ),
        (
            Spelling(
                name: "Core Data's container in two static functions of an enum",
                stack: """
                    import CoreData

                    enum Stacks {
                        static func app() -> NSPersistentContainer {
                            let container = NSPersistentContainer(name: "Journal")
                            container.loadPersistentStores { _, _ in }
                            return container
                        }

                        static func preview() -> NSPersistentContainer {
                            let container = NSPersistentContainer(name: "Journal")
                            let description = NSPersistentStoreDescription()
                            description.type = NSInMemoryStoreType
                            container.persistentStoreDescriptions = [description]
                            return container
                        }
                    }
                    """), defaultFile
        ),
        (
            Spelling(
                name: "two instance methods",
                stack: """
                    import CoreData

                    final class Stacks {
                        func scratch() -> NSPersistentContainer {
                            let container = NSPersistentContainer(name: "Journal")
                            container.persistentStoreDescriptions = [
                                NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
                            ]
                            return container
                        }

                        func live() -> NSPersistentContainer {
                            let container = NSPersistentContainer(name: "Journal")
                            container.loadPersistentStores { _, _ in }
                            return container
                        }
                    }
                    """), defaultFile
        ),
    ]

    func testDescriptionsReplacedByAnotherFunctionsContainerLeaveTheAppsFile() throws {
        for (spelling, key) in Self.anotherFunctionReplaces {
            XCTAssertEqual(try appStores(spelling), ["\(key) Journal"], spelling.name)
        }
        // Replaced in `init` for the container a property makes: still that container's, its own file not opened.
        let inInit = Spelling(
            name: "replaced in init, made by a property",
            stack: Self.persistence(
                """
                let url = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                """))
        XCTAssertEqual(try appStores(inInit), ["\(Self.groupFile) Journal"])
    }

    // MARK: Descriptions replaced on some paths only

    /// The shared description set only where the old default file is missing (an `if`), or where a flag or a
    /// `switch` case says: the stack opens one of the two files, each listed.
    static let replacedOnSomePaths: [Spelling] = [
        Spelling(
            name: "if the old file is missing",
            stack: persistence(
                """
                let shared = \(groupFolder).appendingPathComponent("Journal.sqlite")
                var oldURL: URL?
                if let url = container.persistentStoreDescriptions.first?.url,
                    FileManager.default.fileExists(atPath: url.path) {
                    oldURL = url
                }
                if oldURL == nil {
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: shared)]
                }
                """)),
        Spelling(
            name: "if a flag another file sets",
            stack: persistence(
                """
                if Sharing.enabled {
                    let description = NSPersistentStoreDescription(url: Sharing.url)
                    container.persistentStoreDescriptions = [description]
                }
                """),
            others: [
                "Journal/Sharing.swift": """
                import Foundation

                enum Sharing {
                    static var enabled: Bool { UserDefaults.standard.bool(forKey: "shared") }
                    static let url = \(groupFolder).appendingPathComponent("Journal.sqlite")
                }
                """
            ]),
        Spelling(
            name: "one case of a switch",
            stack: """
                import CoreData

                enum Place { case local, shared }

                final class Persistence {
                    let container = NSPersistentContainer(name: "Journal")

                    init(place: Place) {
                        switch place {
                        case .local:
                            break
                        case .shared:
                            let url = \(groupFolder).appendingPathComponent("Journal.sqlite")
                            container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                        }
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """),
        Spelling(
            name: "the if of an else-if chain with no else",
            stack: persistence(
                """
                let url = \(groupFolder).appendingPathComponent("Journal.sqlite")
                if ProcessInfo.processInfo.arguments.contains("-reset") {
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                } else if ProcessInfo.processInfo.arguments.contains("-shared") {
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                }
                """)),
    ]

    func testDescriptionsReplacedOnSomePathsLeaveTheDefaultFileOpenToo() throws {
        for spelling in Self.replacedOnSomePaths {
            XCTAssertEqual(
                Set(try appStores(spelling)), ["\(Self.groupFile) Journal", "\(Self.defaultFile) Journal"],
                spelling.name)
        }
        // Every branch replaces them (`if`/`else`, every case): the default file is never opened.
        let everyBranch = Spelling(
            name: "if and else both replace",
            stack: Self.persistence(
                """
                let url = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                if ProcessInfo.processInfo.arguments.contains("-fresh") {
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                } else {
                    let description = NSPersistentStoreDescription(url: url)
                    container.persistentStoreDescriptions = [description]
                }
                """))
        XCTAssertEqual(Set(try appStores(everyBranch)), ["\(Self.groupFile) Journal"])
        // The other branch keeps them in memory (`forEach { $0.type = ... }`): the default file is no disk store.
        let otherBranchInMemory = Spelling(
            name: "else sets each description in memory",
            stack: Self.persistence(
                """
                if !ProcessInfo.processInfo.arguments.contains("-memory") {
                    let url = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                } else {
                    container.persistentStoreDescriptions.forEach { $0.type = NSInMemoryStoreType }
                }
                """))
        XCTAssertEqual(try appStores(otherBranchInMemory), ["\(Self.groupFile) Journal"])
        // Replaced on some paths by an in-memory store only: the app's file stays its own, nothing more.
        let inMemory = Spelling(
            name: "if a flag says in memory",
            stack: Self.persistence(
                """
                if ProcessInfo.processInfo.arguments.contains("-memory") {
                    container.persistentStoreDescriptions = [
                        NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))
                    ]
                }
                """))
        XCTAssertEqual(try appStores(inMemory), ["\(Self.defaultFile) Journal"])
    }

    /// The container's own description given the group's file only where the old file is missing: directly
    /// (`first!.url`), through a local holding it, in another function given the container, and in an `else if`
    /// chain with no `else`. Where the `if` is not met the default file is opened (writefreely).
    static let ownURLOnSomePaths: [Spelling] = [
        Spelling(
            name: "first!.url in an if",
            stack: persistence(
                """
                let old = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first!
                    .appendingPathComponent("Journal.sqlite")
                if !FileManager.default.fileExists(atPath: old.path) {
                    container.persistentStoreDescriptions.first!.url = \(groupFolder)
                        .appendingPathComponent("Journal.sqlite")
                }
                """)),
        Spelling(
            name: "a local holding the description",
            stack: persistence(
                """
                let description = container.persistentStoreDescriptions.first
                if UserDefaults.standard.bool(forKey: "moved") {
                    description?.url = \(groupFolder).appendingPathComponent("Journal.sqlite")
                }
                """)),
        Spelling(
            name: "another function given the container",
            stack: """
                import CoreData

                final class Persistence {
                    let container = NSPersistentContainer(name: "Journal")

                    init() {
                        setUp(container)
                    }

                    private var shared: URL {
                        \(groupFolder).appendingPathComponent("Journal.sqlite")
                    }

                    private func setUp(_ container: NSPersistentContainer) {
                        if UserDefaults.standard.bool(forKey: "moved") {
                            container.persistentStoreDescriptions.first?.url = shared
                        }
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """),
        Spelling(
            name: "an else-if chain with no else",
            stack: persistence(
                """
                let url = \(groupFolder).appendingPathComponent("Journal.sqlite")
                if ProcessInfo.processInfo.arguments.contains("-shared") {
                    container.persistentStoreDescriptions[0].url = url
                } else if UserDefaults.standard.bool(forKey: "moved") {
                    container.persistentStoreDescriptions[0].url = url
                }
                """)),
    ]

    func testTheOwnDescriptionsURLSetOnSomePathsLeavesTheDefaultFileOpenToo() throws {
        for spelling in Self.ownURLOnSomePaths {
            XCTAssertEqual(
                Set(try appStores(spelling)), ["\(Self.groupFile) Journal", "\(Self.defaultFile) Journal"],
                spelling.name)
        }
        // Set on every path (`if`/`else`), bound from the descriptions themselves (`if let description = ...first`)
        // or from the group's folder (`if let group = containerURL(...)`, present where the target is entitled):
        // the default file is never opened.
        let controls = [
            Spelling(
                name: "if and else both set it",
                stack: Self.persistence(
                    """
                    let url = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                    if ProcessInfo.processInfo.arguments.contains("-fresh") {
                        container.persistentStoreDescriptions.first!.url = url
                    } else {
                        container.persistentStoreDescriptions.first!.url = url
                    }
                    """)),
            Spelling(
                name: "if let description",
                stack: Self.persistence(
                    """
                    if let description = container.persistentStoreDescriptions.first {
                        description.url = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                    }
                    """)),
            Spelling(
                name: "if let group",
                stack: Self.persistence(
                    """
                    if let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(
                        Self.group)") {
                        let file = group.appendingPathComponent("Journal.sqlite")
                        container.persistentStoreDescriptions.first!.url = file
                    }
                    """)),
        ]
        for control in controls {
            XCTAssertEqual(Set(try appStores(control)), ["\(Self.groupFile) Journal"], control.name)
        }
    }

    /// The old default file kept where it exists and migrated into the group after loading, then removed: the move
    /// is carried, nothing is left behind.
    func testAConditionalMoveIntoTheGroupIsNotLeftBehind() throws {
        let moved = Spelling(
            name: "kept where it exists, migrated after loading",
            stack: """
                import CoreData

                final class Persistence {
                    let container = NSPersistentContainer(name: "Journal")

                    init() {
                        let shared = \(Self.groupFolder).appendingPathComponent("Journal.sqlite")
                        var oldURL: URL?
                        if let url = container.persistentStoreDescriptions.first?.url,
                            FileManager.default.fileExists(atPath: url.path) {
                            oldURL = url
                        }
                        if oldURL == nil {
                            container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: shared)]
                        }
                        container.loadPersistentStores { _, _ in
                            guard let url = oldURL,
                                let store = self.container.persistentStoreCoordinator.persistentStore(for: url)
                            else { return }
                            _ = try? self.container.persistentStoreCoordinator.migratePersistentStore(
                                store, to: shared, options: nil, type: .sqlite)
                        }
                    }
                }
                """)
        let analysis = try move(from: Self.applicationSupport[0], to: moved)
        XCTAssertFalse(errorsAndWarnings(analysis).contains("store_abandoned"), "\(analysis.findings)")
    }

    // MARK: Models named where the code determines them

    static let requireHelper = """
        extension Optional {
            func require(_ hint: String = "") -> Wrapped {
                guard let value = self else {
                    fatalError("required: \\(hint)")
                }
                return value
            }
        }
        """

    /// The journal's model, named four ways: unwrapped by a helper another file declares on `Optional`, the same
    /// helper written `if let ... { return }; preconditionFailure()`, a static property built in a closure with
    /// `guard let`, and a subclass's initialiser handing it to `super.init(name:managedObjectModel:)`.
    static let namedModels: [Spelling] = [
        Spelling(
            name: "require() declared in another file",
            stack: """
                import CoreData

                final class Persistence {
                    let container: NSPersistentContainer

                    init() {
                        let url = Bundle.main.url(forResource: "Journal", withExtension: "momd").require()
                        let model = NSManagedObjectModel(contentsOf: url).require()
                        container = NSPersistentContainer(name: "Store", managedObjectModel: model)
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """,
            others: ["Journal/Optional+Require.swift": "import Foundation\n\n" + requireHelper + "\n"]),
        Spelling(
            name: "an unwrap written with if let",
            stack: """
                import CoreData

                final class Persistence {
                    let container = NSPersistentContainer(
                        name: "Store",
                        managedObjectModel: NSManagedObjectModel(
                            contentsOf: Bundle.main.url(forResource: "Journal", withExtension: "momd").unwrapped()
                        ).unwrapped())
                }
                """,
            others: [
                "Journal/Unwrap.swift": """
                extension Optional {
                    func unwrapped() -> Wrapped {
                        if let value = self { return value }
                        preconditionFailure("nil")
                    }
                }
                """
            ]),
        Spelling(
            name: "a static property built in a closure",
            stack: """
                import CoreData

                final class Persistence {
                    static var model: NSManagedObjectModel = {
                        let bundle = Bundle(for: Persistence.self)
                        guard let url = bundle.url(forResource: "Journal", withExtension: "momd") else {
                            fatalError("no model")
                        }
                        guard let model = NSManagedObjectModel(contentsOf: url) else { fatalError("unreadable") }
                        return model
                    }()

                    let container: NSPersistentContainer

                    init() {
                        container = NSPersistentContainer(name: "Store", managedObjectModel: Self.model)
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """),
        Spelling(
            name: "super.init in a subclass's initialiser",
            stack: """
                import CoreData

                final class JournalContainer: NSPersistentContainer, @unchecked Sendable {
                    init(inMemory: Bool) {
                        let url = Bundle.main.url(forResource: "Journal", withExtension: "momd")!
                        let model = NSManagedObjectModel(contentsOf: url)!
                        super.init(name: "Store", managedObjectModel: model)
                        if inMemory {
                            persistentStoreDescriptions.first!.url = URL(fileURLWithPath: "/dev/null")
                        }
                        loadPersistentStores { _, _ in }
                    }
                }

                let shared = JournalContainer(inMemory: false)
                """),
    ]

    func testAModelIsNamedWhereTheCodeDeterminesIt() throws {
        for spelling in Self.namedModels {
            let stores = try appStores(spelling)
            XCTAssertEqual(stores, ["file:⟨Application Support⟩/Store.sqlite Journal"], spelling.name)
        }
    }

    /// A helper of the same name that may return something else (a fallback), or one no file declares: which model
    /// cannot be told.
    func testAnUnwrapTheFilesDoNotDeclareNamesNoModel() throws {
        let stack = Self.namedModels[0].stack
        let fallback = Spelling(
            name: "require() returning a fallback",
            stack: stack,
            others: [
                "Journal/Optional+Require.swift": """
                import CoreData

                extension Optional {
                    func require() -> Wrapped {
                        guard let value = self else { return Fallback.value as! Wrapped }
                        return value
                    }
                }

                enum Fallback {
                    static let value = NSManagedObjectModel()
                }
                """
            ])
        let undeclared = Spelling(name: "require() declared nowhere", stack: stack)
        for spelling in [fallback, undeclared] {
            let stores = try analyze(spelling)
            XCTAssertEqual(stores.map(\.model), [nil], spelling.name)
            XCTAssertEqual(stores.map(\.modelUnread), [true], spelling.name)
        }
    }

    /// A coordinator made with the model a file's own metadata names opens that file as it is (a WAL checkpoint
    /// before a copy, an inspection): no store of the app's bundle, and nothing to tell about its file (2fas). Three
    /// spellings; the control, a model loaded from a URL a parameter gives, is a stack whose model cannot be told.
    func testACoordinatorWithTheStoresOwnModelIsNoStore() throws {
        let stack = """
            import CoreData

            final class Persistence {
                let container = NSPersistentContainer(name: "Journal")
                init() {
                    Checkpoint.flush(at: URL.applicationSupportDirectory.appending(path: "J.sqlite"), metadata: [:])
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
        func checkpoint(_ model: String, _ coordinator: String = "model") -> [String: String] {
            [
                "Journal/Checkpoint.swift": """
                import CoreData

                enum Checkpoint {
                    static func flush(at url: URL, metadata: [String: Any]) {
                        \(model)
                        let coordinator = NSPersistentStoreCoordinator(managedObjectModel: \(coordinator))
                        let options = [NSSQLitePragmasOption: ["journal_mode": "DELETE"]]
                        if let store = try? coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: options)
                        {
                            try? coordinator.remove(store)
                        }
                    }
                }
                """
            ]
        }
        let spellings = [
            checkpoint(
                "guard let model = NSManagedObjectModel.compatibleModelForStoreMetadata(metadata) else { return }"),
            checkpoint("", "NSManagedObjectModel.mergedModel(from: nil, forStoreMetadata: metadata)!"),
            checkpoint("let model = NSManagedObjectModel.compatibleModelForStoreMetadata(metadata)!"),
        ]
        for others in spellings {
            let stores = try analyze(Spelling(name: "checkpoint", stack: stack, others: others))
            XCTAssertEqual(stores.map(\.model), ["Journal"], "\(others)")
        }
        let loaded = checkpoint(
            "guard let model = NSManagedObjectModel(contentsOf: url.deletingLastPathComponent()) else { return }")
        let stores = try analyze(Spelling(name: "a model from a URL", stack: stack, others: loaded))
        XCTAssertEqual(stores.count, 2)
        XCTAssertTrue(stores.contains { $0.modelUnread }, "\(stores.map(\.model))")
    }

    private func analyze(_ spelling: Spelling) throws -> [CoreDataStore] {
        try write("Journal/Persistence.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        defer {
            for path in spelling.others.keys {
                try? FileManager.default.removeItem(at: app.appendingPathComponent(path))
            }
        }
        return try analyze().project.coreDataStores.filter { $0.purpose == .app }
    }

    // MARK: A store URL in a nested type

    /// `Journal.sqlite` named by a static computed property of a struct nested in an extension of the stack's type,
    /// its folder built in several statements: read through `Self.`, bare, by the nested type's name and by its full
    /// name.
    static func nestedStore(_ reference: String) -> Spelling {
        Spelling(
            name: reference,
            stack: """
                import CoreData

                final class JournalContainer: NSPersistentContainer, @unchecked Sendable {}

                extension JournalContainer {
                    struct Current {
                        static var folder: URL {
                            let url = JournalContainer.defaultDirectoryURL().appendingPathComponent("Current")
                            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                            return url
                        }
                        static var storeURL: URL { folder.appendingPathComponent("Journal.sqlite") }
                        static var description: NSPersistentStoreDescription {
                            let description = NSPersistentStoreDescription(url: \(reference))
                            description.configuration = "Default"
                            return description
                        }
                    }

                    static var storeURL: URL { URL.documentsDirectory.appendingPathComponent("Other.sqlite") }
                }
                """)
    }

    func testAStoreURLIsReadInTheNestedTypeItIsWrittenIn() throws {
        for reference in [
            "Self.storeURL", "storeURL", "Current.storeURL", "JournalContainer.Current.storeURL",
        ] {
            let stores = try analyze(Self.nestedStore(reference))
            XCTAssertEqual(stores.map(\.file), ["Journal.sqlite"], reference)
        }
        // The outer type's own property of the same name is the outer one's file.
        let outer = try analyze(Self.nestedStore("JournalContainer.storeURL"))
        XCTAssertEqual(outer.map(\.file), ["Other.sqlite"])
    }
}

/// A URL helper declaring a `let` per `#if os()` clause (omnivore's `StorageProvider.path()`): each platform's App
/// Group file, with no note.
extension CoreDataStoreLocationTests {
    func testAHelpersLetDeclaredPerPlatformIsEachPlatformsFile() throws {
        let helper = """
            import Foundation

            enum Storage {
                static func url() -> URL? {
                    #if os(iOS)
                    let group = "group.com.example.journal"
                    #else
                    let group = "TEAM.com.example.journal"
                    #endif
                    let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
                    return folder?.appendingPathComponent("Journal.sqlite")
                }
            }
            """
        let spelling = Spelling(
            name: "a let per clause in another type's function",
            stack: Self.persistence("container.persistentStoreDescriptions.first!.url = Storage.url()"),
            others: ["Journal/Storage.swift": helper])
        XCTAssertEqual(
            Set(try keys(spelling)),
            [
                "file:⟨group:group.com.example.journal⟩/Journal.sqlite",
                "file:⟨group:TEAM.com.example.journal⟩/Journal.sqlite",
            ])
    }
}

/// Two files left behind that share a name (each platform's App Group holding `Journal.sqlite`) are each named with
/// their folder, and the headline says they are two (omnivore's `store.sqlite` in two groups).
extension CoreDataStoreLocationTests {
    func testFilesLeftBehindUnderOneNameAreToldApart() throws {
        func helper(_ file: String) -> Spelling {
            Spelling(
                name: file,
                stack: Self.persistence("container.persistentStoreDescriptions.first!.url = Storage.url()"),
                others: [
                    "Journal/Storage.swift": """
                    import Foundation

                    enum Storage {
                        static func url() -> URL? {
                            #if os(iOS)
                            let group = "group.com.example.journal"
                            #else
                            let group = "TEAM.com.example.journal"
                            #endif
                            let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
                            return folder?.appendingPathComponent("\(file)")
                        }
                    }
                    """
                ])
        }
        let analysis = try move(from: helper("Journal.sqlite"), to: helper("Journal-2.sqlite"))
        let left = analysis.findings.filter { $0.rule == .storeAbandoned }
        XCTAssertEqual(left.count, 1, "\(analysis.findings)")
        XCTAssertEqual(
            left.first?.message.headline,
            "App Group TEAM.com.example.journal/Journal.sqlite and 1 more are no longer opened: users' data in them is "
                + "left unread")
        XCTAssertTrue(
            left.first?.message.detail.contains("App Group group.com.example.journal/Journal.sqlite") == true,
            left.first?.message.detail ?? "")
    }
}
