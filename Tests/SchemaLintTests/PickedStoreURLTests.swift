import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL the code picks at run time (issues 48/49): a getter or function returning a URL in each branch of an
/// `if let`, after a `guard let ... else { return fallback }` or in a `switch` is each place it may return, every one
/// checked as holding users' rows; one place the branches cannot be read for stays "cannot be told". A closure called
/// at once (`let url: URL? = { switch kind { ... } }()`) in an initialiser reads its `switch` over the initialiser's
/// parameter as each caller of the app passes it (a test's call names a test's file), and `name ?? fallback` is the
/// fallback where the caller leaves `name` at its `nil` default.
final class PickedStoreURLTests: JournalAppTestCase {
    static let group = "group.org.example.journal"

    /// The places the app's stacks open, as the lockfile records them (nil: cannot be told).
    func keys(_ stack: String, others: [String: String] = [:]) throws -> [String?] {
        try opened(stack, others: others).keys
    }

    /// The same, with the notes about stacks whose file cannot be told.
    func opened(_ stack: String, others: [String: String] = [:]) throws -> (keys: [String?], notes: [String]) {
        try write("Journal/Persistence.swift", stack)
        for (path, text) in others { try write(path, text) }
        defer {
            for path in others.keys { try? FileManager.default.removeItem(at: app.appendingPathComponent(path)) }
        }
        let analysis = try analyze()
        return (
            analysis.topology.coreData.stores.map(\.key).sorted { ($0 ?? "") < ($1 ?? "") },
            analysis.untoldCoreDataStoreNotes
        )
    }

    /// The stack opening the file `url` names.
    static func stack(_ url: String) -> String {
        """
        import CoreData

        final class Persistence {
            static let shared = Persistence()
            let container = NSPersistentContainer(name: "Journal")

            init() {
                container.persistentStoreDescriptions.first?.url = \(url)
                container.loadPersistentStores { _, _ in }
            }
        }
        """
    }

    static let shared = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"\(group)\")"
    static let documents = "FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!"

    /// Five getters and functions picking the folder at run time, each in a file of its own.
    static let pickers: [(String, String, String)] = [
        (
            // CodeAgentsMobile's `AppGroup.storeURL`: `if let` of a static property, a local in the `else`.
            "an `if let` of a property, with locals in its branches", "Locations.journal",
            """
            enum Locations {
                static var folder: URL? { \(shared) }
                static var journal: URL {
                    if let folder {
                        return folder.appendingPathComponent("Journal.sqlite")
                    } else {
                        let documents = \(documents)
                        let name = "Journal.sqlite"
                        return documents.appendingPathComponent(name)
                    }
                }
            }
            """
        ),
        (
            "an `if let` in a static property", "Locations.journal",
            """
            enum Locations {
                static var journal: URL {
                    if let folder = \(shared) {
                        return folder.appendingPathComponent("Journal.sqlite")
                    } else {
                        // No group: the app's own folder.
                        return \(documents).appendingPathComponent("Journal.sqlite")
                    }
                }
            }
            """
        ),
        (
            "a `guard let` with a fallback in a static property", "Locations.journal",
            """
            enum Locations {
                static var journal: URL {
                    guard UserDefaults.standard.bool(forKey: "shared"), let folder = \(shared) else {
                        return \(documents).appendingPathComponent("Journal.sqlite")
                    }
                    return folder.appendingPathComponent("Journal.sqlite")
                }
            }
            """
        ),
        (
            "a `switch` over a value read at run time in a static function", "Locations.journal()",
            """
            enum Locations {
                static func journal() -> URL {
                    switch UserDefaults.standard.integer(forKey: "where") {
                    case 0: return \(shared)!.appendingPathComponent("Journal.sqlite")
                    default: return \(documents).appendingPathComponent("Journal.sqlite")
                    }
                }
            }
            """
        ),
        (
            "a function returning from the branches of an `if`", "Locations.journal()",
            """
            enum Locations {
                static func journal() -> URL {
                    if UserDefaults.standard.bool(forKey: "shared") {
                        return \(shared)!.appendingPathComponent("Journal.sqlite")
                    }
                    else {
                        return \(documents).appendingPathComponent("Journal.sqlite")
                    }
                }
            }
            """
        ),
    ]

    /// A file named in the code in a folder read at run time: its name alone is known, and plain `check` says the
    /// folder cannot be told (a move of it to another folder goes unreported), as it does for SwiftData.
    func testAFolderReadAtRunTimeIsSaidOutLoud() throws {
        let spellings: [(String, String)] = [
            (
                "a folder from the user's defaults",
                "UserDefaults.standard.url(forKey: \"folder\")!.appendingPathComponent(\"Journal.sqlite\")"
            ),
            (
                "an App Group read from the Info.plist",
                "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
                    + "Bundle.main.object(forInfoDictionaryKey: \"Group\") as! String)!"
                    + ".appendingPathComponent(\"Journal.sqlite\")"
            ),
            (
                "a static member of another type holding a folder from the environment",
                "Folders.chosen.appendingPathComponent(\"Journal.sqlite\")"
            ),
        ]
        let folders = """
            import Foundation

            enum Folders {
                static let chosen = URL(fileURLWithPath: ProcessInfo.processInfo.environment["JOURNAL_DIR"]!)
            }
            """
        for (name, url) in spellings {
            let (_, notes) = try opened(Self.stack(url), others: ["Journal/Folders.swift": folders])
            XCTAssertEqual(
                notes,
                [
                    "Journal/Persistence.swift:8:60: the folder of the file Journal.sqlite this Core Data stack opens "
                        + "cannot be told: a move of it to another folder is not reported"
                ], name)
        }
        // Control: the App Group written out is a folder, and nothing is said.
        let (keys, notes) = try opened(Self.stack("\(Self.shared)!.appendingPathComponent(\"Journal.sqlite\")"))
        XCTAssertEqual(keys, ["file:⟨group:\(Self.group)⟩/Journal.sqlite"])
        XCTAssertEqual(notes, [])
    }

    func testAURLPickedAtRunTimeIsEachPlaceItMayBe() throws {
        for (name, url, declaration) in Self.pickers {
            let others = ["Journal/Locations.swift": "import Foundation\n\n\(declaration)\n"]
            let (found, notes) = try opened(Self.stack(url), others: others)
            XCTAssertEqual(
                found, ["file:⟨Documents⟩/Journal.sqlite", "file:⟨group:\(Self.group)⟩/Journal.sqlite"], name)
            XCTAssertEqual(notes, [], name)

            // Control: both branches name one place: that place alone.
            let same = declaration.replacingOccurrences(of: Self.shared + "!", with: Self.documents)
                .replacingOccurrences(
                    of: "if let folder = \(Self.shared)", with: "if let folder = \(Self.documents.dropLast())")
                .replacingOccurrences(of: "guard let folder = \(Self.shared)", with: "guard let folder = URL?.none")
                .replacingOccurrences(of: "{ \(Self.shared) }", with: "{ \(Self.documents.dropLast()) }")
            if !declaration.contains("guard") {
                XCTAssertEqual(
                    try keys(Self.stack(url), others: ["Journal/Locations.swift": "import Foundation\n\n\(same)\n"]),
                    ["file:⟨Documents⟩/Journal.sqlite"], "\(name): one place")
            }
            // Control: a branch whose folder cannot be read: that file is its name alone, its place untold, beside the
            // place the other branch names (issue 48: each store a stack opens is named).
            let unread = declaration.replacingOccurrences(
                of: Self.documents, with: "URL(fileURLWithPath: UserDefaults.standard.string(forKey: \"d\") ?? \"\")")
            let untold = try keys(
                Self.stack(url), others: ["Journal/Locations.swift": "import Foundation\n\n\(unread)\n"])
            XCTAssertEqual(
                Set(untold), ["Journal.sqlite", "file:⟨group:\(Self.group)⟩/Journal.sqlite"], "\(name): \(untold)")
            XCTAssertFalse(untold.contains("file:⟨Documents⟩/Journal.sqlite"), "\(name): \(untold)")
        }
    }

    /// A stack whose initialiser picks its URL in a closure called at once, by a `switch` over its store kind, the
    /// file named `name ?? folder`: the app's call (`.disk`, no name) is `⟨Documents⟩/journal.sqlite`, written four
    /// ways (the caller in another file, through a holder's own parameter, a static member, a `let` closure over the
    /// subject). A test's call with a name of its own names no file of the app's.
    func testAClosureCalledAtOnceIsReadWithTheInitialisersCallers() throws {
        let closure = """
            let url: URL? = {
                switch kind {
                case .disk:
                    return \(Self.documents).appendingPathComponent("\\(name ?? folder).sqlite")
                case .memory:
                    return nil
                }
            }()
            """
        func stack(_ closure: String) -> String {
            let indented = closure.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
            return """
                import CoreData

                final class JournalStack {
                    enum Kind { case disk, memory }
                    let coordinator: NSPersistentStoreCoordinator

                    init(folder: String, kind: Kind, name: String? = nil) {
                        let model = Bundle.main.url(forResource: "Journal", withExtension: "momd")!
                        coordinator = NSPersistentStoreCoordinator(
                            managedObjectModel: NSManagedObjectModel(contentsOf: model)!)
                \(indented)
                        try? coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
                    }
                }
                """
        }
        let test = """
            import XCTest

            final class JournalStackTests: XCTestCase {
                func testOldStore() {
                    let name = "old-\\(UUID().uuidString)"
                    _ = JournalStack(folder: "journal", kind: .disk, name: name)
                }
            }
            """
        // Callers are read where the first pass reads them: files that name a stack's type (pass 2 does not look
        // for a Core Data stack's callers, see `CoreDataStoreBuilder.bind`).
        let uses = "    var coordinator: NSPersistentStoreCoordinator { stack.coordinator }\n"
        let spellings: [(String, [String: String])] = [
            (
                "called in another file",
                [
                    "Journal/Holder.swift":
                        "import CoreData\n\nfinal class Holder {\n    let stack = JournalStack(folder: \"journal\", "
                        + "kind: .disk)\n\(uses)}\n"
                ]
            ),
            (
                "through a holder's own parameter",
                [
                    "Journal/Holder.swift": """
                    import CoreData

                    final class Holder {
                        let stack: JournalStack
                        init(kind: JournalStack.Kind) { stack = JournalStack(folder: "journal", kind: kind) }
                    \(uses)}
                    """,
                    "Journal/App.swift":
                        "import CoreData\n\nfinal class App {\n    lazy var holder = Holder(kind: .disk)\n"
                        + "    var coordinator: NSPersistentStoreCoordinator { holder.stack.coordinator }\n}\n",
                ]
            ),
            (
                "a static member of another type",
                [
                    "Journal/Holder.swift":
                        "import CoreData\n\nenum Holder {\n    static let stack = JournalStack(folder: \"journal\", "
                        + "kind: .disk)\n"
                        + "    static var coordinator: NSPersistentStoreCoordinator { stack.coordinator }\n}\n"
                ]
            ),
            (
                "a name given as nil",
                [
                    "Journal/Holder.swift":
                        "import CoreData\n\nenum Holder {\n    static let stack = JournalStack(folder: \"journal\", "
                        + "kind: .disk, name: nil)\n"
                        + "    static var coordinator: NSPersistentStoreCoordinator { stack.coordinator }\n}\n"
                ]
            ),
        ]
        for (name, callers) in spellings {
            var others = callers
            others["JournalTests/JournalStackTests.swift"] = test
            let (found, notes) = try opened(stack(closure), others: others)
            XCTAssertEqual(found, ["file:⟨Documents⟩/journal.sqlite"], name)
            XCTAssertEqual(notes, [], name)
        }
        // Control: the app's call takes the other case: not the Documents file.
        let inMemory = [
            "Journal/Holder.swift":
                "enum Holder {\n    static let stack = JournalStack(folder: \"journal\", kind: .memory)\n}\n"
        ]
        XCTAssertFalse(try keys(stack(closure), others: inMemory).contains("file:⟨Documents⟩/journal.sqlite"))
        // Control: a name read at run time: which file cannot be told.
        let runTime = [
            "Journal/Holder.swift":
                "enum Holder {\n    static let stack = JournalStack(folder: \"journal\", kind: .disk, "
                + "name: UserDefaults.standard.string(forKey: \"n\"))\n}\n"
        ]
        XCTAssertEqual(try keys(stack(closure), others: runTime), [nil])
    }

    /// The same getters given to a SwiftData configuration (`ModelConfiguration(url:)`): the container opens one of
    /// the two places, each its own store, said as picked at run time by the getter; not "the folder cannot be told".
    func testASwiftDataConfigurationGivenAPickedURLIsEachStore() {
        for (name, url, declaration) in Self.pickers {
            let files = [
                "Seeds/Models.swift":
                    "import SwiftData\n\n@Model final class Seed {\n    var variety = \"\"\n    init() {}\n}\n",
                "Seeds/Locations.swift": "import Foundation\n\n\(declaration)\n",
                "Seeds/SeedApp.swift": """
                    import SwiftData
                    import SwiftUI

                    @main struct SeedApp: App {
                        let container = try! ModelContainer(
                            for: Seed.self, configurations: ModelConfiguration(url: \(url)))
                        var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                    }
                    """,
            ]
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key).sorted(),
                ["file:⟨Documents⟩/Journal.sqlite", "file:⟨group:\(Self.group)⟩/Journal.sqlite"], name)
            XCTAssertFalse(analysis.notes.contains { $0.contains("cannot be told") }, "\(name): \(analysis.notes)")
        }
    }

    /// A store URL a function returns as an optional (`guard let base = containerURL(...) else { return nil }`, or an
    /// `if let base = ... { return ... }` before `return nil`), bound where the container is opened (`if let`, `guard
    /// let`): the URL given to the configuration is the one it has when not nil, the App Group's file (field test 8:
    /// Kado's `Kado.sqlite` was "the folder of the store at `target` cannot be told"). And a sandbox URL held by a
    /// property an initialiser sets from a parameter whose default is a static property of another type, returning
    /// the group's file early or the app's own: both places, whatever URL a test passes. Controls: the same function
    /// with a folder that cannot be read keeps its note.
    func testAnOptionalStoreURLBoundWhereTheContainerIsOpenedIsItsPlace() {
        let folder = "Library/Application Support"
        let guarded = """
            import Foundation

            enum Paths {
                static func store() -> URL? {
                    guard let base = \(Self.shared) else { return nil }
                    return base.appendingPathComponent("\(folder)").appendingPathComponent("Journal.sqlite")
                }
            }
            """
        let early = """
            import Foundation

            struct Paths {
                static func store() -> URL? {
                    if let base = \(Self.shared) {
                        return base.appendingPathComponent("\(folder)/Journal.sqlite")
                    }
                    return nil
                }
            }
            """
        let ifLet = """
            func open() throws -> ModelContainer {
                let configuration: ModelConfiguration
                if let target = Paths.store() {
                    configuration = ModelConfiguration(url: target)
                } else {
                    configuration = ModelConfiguration()
                }
                return try ModelContainer(for: Seed.self, configurations: configuration)
            }
            """
        let guardLet = """
            func open() throws -> ModelContainer {
                guard let target = Paths.store() else { fatalError("no App Group") }
                return try ModelContainer(for: Seed.self, configurations: ModelConfiguration(url: target))
            }
            """
        let inGroup = "file:⟨group:\(Self.group)⟩/\(folder)/Journal.sqlite"
        let spellings: [(String, String, String, [String])] = [
            // Nil only where the App Group is missing, which no entitlements say: the group's file alone.
            ("a guard in another file, bound by if let", guarded, ifLet, [inGroup]),
            ("an early return in another file, bound by if let", early, ifLet, [inGroup]),
            ("a guard in another file, bound by guard let", guarded, guardLet, [inGroup]),
        ]
        func analyzed(_ locations: String, _ container: String) -> Analysis {
            TestSupport.analyze([
                "Seeds/Models.swift":
                    "import SwiftData\n\n@Model final class Seed {\n    var variety = \"\"\n    init() {}\n}\n",
                "Seeds/Paths.swift": locations,
                "Seeds/Store.swift": "import SwiftData\n\n" + container,
            ])
        }
        for (name, locations, container, expected) in spellings {
            let analysis = analyzed(locations, container)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key).sorted(), expected, name)
            XCTAssertFalse(analysis.notes.contains { $0.contains("cannot be told") }, "\(name): \(analysis.notes)")
        }
        // Control: a folder read from a value schemalint cannot read stays untold, its file name known.
        let unread = analyzed(
            guarded.replacingOccurrences(of: Self.shared, with: "UserDefaults.standard.url(forKey: \"folder\")"),
            guardLet)
        XCTAssertTrue(
            unread.notes.contains { $0.contains("the folder of the store at `target` cannot be told") },
            "\(unread.notes)")

        // The sandbox: a property set from a parameter whose default is another type's static property.
        let sandbox = """
            import Foundation
            import SwiftData

            enum Sandbox {
                static func url() -> URL {
                    if let base = \(Self.shared) {
                        return base.appendingPathComponent("\(folder)").appendingPathComponent("Sandbox.sqlite")
                    }
                    return URL.applicationSupportDirectory.appendingPathComponent("Sandbox.sqlite")
                }
            }

            final class SandboxController {
                private let storeURL: URL
                init(storeURL: URL = SandboxController.defaultURL) {
                    self.storeURL = storeURL
                }
                static var defaultURL: URL { Sandbox.url() }

                func open() throws -> ModelContainer {
                    try ModelContainer(for: Seed.self, configurations: ModelConfiguration(url: storeURL))
                }
            }
            """
        let files = [
            "Seeds/Models.swift":
                "import SwiftData\n\n@Model final class Seed {\n    var variety = \"\"\n    init() {}\n}\n",
            "Seeds/Sandbox.swift": sandbox,
            "Seeds/SeedApp.swift": "let controller = SandboxController()\n",
            "SeedsTests/SandboxTests.swift": """
                import Foundation
                import XCTest

                final class SandboxTests: XCTestCase {
                    func testOpens() throws {
                        let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                        _ = try SandboxController(storeURL: url).open()
                    }
                }
                """,
        ]
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(
            analysis.topology.stores.map(\.location.key).sorted(),
            ["file:⟨group:\(Self.group)⟩/\(folder)/Sandbox.sqlite"])
        XCTAssertFalse(analysis.notes.contains { $0.contains("cannot be told") }, "\(analysis.notes)")
    }
}
