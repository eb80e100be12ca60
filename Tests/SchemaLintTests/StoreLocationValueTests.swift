import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store is the file it is, not the text naming it: a URL is evaluated to a folder the system gives the app (or an
/// App Group's), the folders under it and the file. Two spellings of one file are one store, a file moved to another
/// folder under the same name is another store, and a folder schemalint cannot read leaves the store "cannot tell".
final class StoreLocationValueTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Entry {
            var text: String = ""
            init() {}
        }

        @Model final class Tag {
            var name: String = ""
            init() {}
        }
        """

    /// An app whose container opens `Entry` with `configuration`, plus other files.
    func app(_ configuration: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Journal/Models.swift": Self.models,
            "Journal/JournalApp.swift": """
            import Foundation
            import SwiftData
            import SwiftUI

            @main struct JournalApp: App {
                let container = try! ModelContainer(for: Entry.self, configurations: \(configuration))
                var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(container) }
            }
            """,
        ]
        files.merge(extra) { _, new in new }
        return files
    }

    // MARK: Two spellings, one file

    /// The default store spelt as a URL into Application Support, four ways: it is `ModelConfiguration()`'s file.
    func testAURLIntoApplicationSupportIsTheDefaultStore() {
        let spellings: [(String, String, [String: String])] = [
            (
                "URL's static folder",
                "ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"default.store\"))", [:]
            ),
            (
                "FileManager's urls(for:in:).first!, through a local",
                "ModelConfiguration(url: Paths.store)",
                [
                    "Journal/Paths.swift": """
                    import Foundation

                    enum Paths {
                        static var store: URL {
                            let folder = FileManager.default.urls(
                                for: .applicationSupportDirectory, in: .userDomainMask
                            ).first!
                            return folder.appendingPathComponent("default.store")
                        }
                    }
                    """
                ]
            ),
            (
                "try url(for:in:appropriateFor:create:), in a function of another type",
                "ModelConfiguration(url: StoreFiles.main())",
                [
                    "Journal/StoreFiles.swift": """
                    import Foundation

                    enum StoreFiles {
                        static func main() -> URL {
                            let folder = try! FileManager.default.url(
                                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil,
                                create: true)
                            return folder.appending(component: "default.store")
                        }
                    }
                    """
                ]
            ),
            (
                "a constant holding the file name, interpolated",
                "ModelConfiguration(url: .applicationSupportDirectory.appending(path: \"\\(Names.file).store\"))",
                ["Journal/Names.swift": "enum Names {\n    static let file = \"default\"\n}\n"]
            ),
        ]
        for (name, configuration, extra) in spellings {
            let analysis = TestSupport.analyze(app(configuration, extra: extra))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], name)
            XCTAssertEqual(analysis.topology.stores.map(\.location.kind), [.defaultStore], name)
        }
    }

    /// A second container on the same file, spelt another way, with other models: one store two containers open
    /// with different models, reported; the same spelling in a file of its own folder (Documents) is another store.
    func testTwoSpellingsOfOneFileAreOneStore() {
        let reader = """
            import Foundation
            import SwiftData

            enum Reader {
                static func open() throws -> ModelContainer {
                    let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    return try ModelContainer(
                        for: Tag.self, configurations: ModelConfiguration(url: folder.appending(path: "Journal.store")))
                }
            }
            """
        let same = TestSupport.analyze(
            app("ModelConfiguration(url: URL.documentsDirectory.appending(path: \"Journal.store\"))",
                extra: ["Journal/Reader.swift": reader]))
        XCTAssertEqual(same.topology.stores.map(\.location.key), ["file:⟨Documents⟩/Journal.store"])
        XCTAssertEqual(same.topology.stores.map(\.containers.count), [2])
        XCTAssertEqual(same.topology.stores.map(\.name), ["the store at Documents/Journal.store"])
        XCTAssertTrue(
            TestSupport.summary(same.findings).contains { $0.hasPrefix("store_opened_with_different_models") },
            "\(TestSupport.summary(same.findings))")

        // Control: the app's file is in Application Support, the reader's in Documents: two stores.
        let apart = TestSupport.analyze(
            app("ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Journal.sqlite\"))",
                extra: ["Journal/Reader.swift": reader]))
        XCTAssertEqual(
            apart.topology.stores.map(\.location.key),
            ["file:⟨Application Support⟩/Journal.sqlite", "file:⟨Documents⟩/Journal.store"])
        XCTAssertFalse(TestSupport.summary(apart.findings).contains { $0.hasPrefix("store_opened_with_different") })
    }

    /// A helper opening the store at a URL its callers pass (RogyMD/remember's `setupModelContainer(url:)`): each
    /// call's URL is evaluated where it is written, four ways (a static member of another type, a global, a
    /// parameter's default the caller leaves out, an initialiser's parameter called from the app in another file),
    /// and is the store the app opens, the same one a literal URL names. Controls: a URL picked at run time stays
    /// "cannot tell"; two calls passing two files are two stores.
    func testAURLAHelperIsPassedIsTheStoreEachCallNames() {
        let helper = """
            import Foundation
            import SwiftData

            func openJournal(url: URL) throws -> ModelContainer {
                let config: ModelConfiguration = .init(schema: Schema([Entry.self]), url: url)
                return try ModelContainer(for: Schema([Entry.self]), configurations: [config])
            }
            """
        let place = "file:⟨Application Support⟩/Data/journal.sqlite"
        let ways: [(String, [String: String])] = [
            (
                "static member of another type",
                [
                    "Journal/Helper.swift": helper,
                    "Journal/Paths.swift": """
                    import Foundation
                    extension URL {
                        static let dataFolder = URL.applicationSupportDirectory.appending(path: "Data")
                        static let journalStore = URL.dataFolder.appending(path: "journal.sqlite")
                    }
                    enum Shared {
                        static let container: ModelContainer = {
                            do { return try openJournal(url: URL.journalStore) } catch { fatalError("\\(error)") }
                        }()
                    }
                    """,
                ]
            ),
            (
                "global",
                [
                    "Journal/Helper.swift": helper,
                    "Journal/Shared.swift": """
                    import Foundation
                    let journalURL = URL.applicationSupportDirectory.appending(path: "Data/journal.sqlite")
                    func shared() throws -> ModelContainer { try openJournal(url: journalURL) }
                    """,
                ]
            ),
            (
                "default the caller leaves out",
                [
                    "Journal/Helper.swift": """
                    import Foundation
                    import SwiftData

                    func openJournal(
                        url: URL = URL.applicationSupportDirectory.appending(path: "Data")
                            .appending(path: "journal.sqlite")
                    ) throws -> ModelContainer {
                        try ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: url))
                    }
                    func shared() throws -> ModelContainer { try openJournal() }
                    """,
                ]
            ),
            (
                "initialiser in another file",
                [
                    "Journal/Store.swift": """
                    import Foundation
                    import SwiftData

                    final class JournalStore {
                        let container: ModelContainer
                        init(at url: URL) throws {
                            container = try ModelContainer(
                                for: Entry.self, configurations: ModelConfiguration(url: url))
                        }
                    }
                    """,
                    "Journal/JournalApp.swift": """
                    import Foundation
                    import SwiftUI

                    @main struct JournalApp: App {
                        let store = try! JournalStore(
                            at: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                                .appendingPathComponent("Data").appendingPathComponent("journal.sqlite"))
                        var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(store.container) }
                    }
                    """,
                ]
            ),
        ]
        // The call in a file with no SwiftData word, which pass 1 skips: pass 2 reads it for the helper's calls.
        let boot: [String: String] = [
            "Journal/Store.swift": """
            import Foundation
            import SwiftData

            final class JournalStore {
                let container: ModelContainer
                init(at url: URL) throws {
                    container = try ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: url))
                }
            }
            """,
            "Journal/Boot.swift": """
            import Foundation
            enum Boot {
                static let store = try! JournalStore(
                    at: URL.applicationSupportDirectory.appending(path: "Data/journal.sqlite"))
            }
            """,
        ]
        for (way, files) in ways + [("a call in a file with no SwiftData word", boot)] {
            var all = files
            all["Journal/Models.swift"] = Self.models
            let analysis = TestSupport.analyze(all)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), [place], way)
            XCTAssertEqual(analysis.notes, [], way)
        }

        // Controls: a URL the user picks is not told; two calls with two files are two stores.
        let picked = TestSupport.analyze([
            "Journal/Models.swift": Self.models, "Journal/Helper.swift": helper,
            "Journal/Open.swift": """
            import Foundation
            func open(_ picked: URL) throws -> ModelContainer { try openJournal(url: picked) }
            """,
        ])
        XCTAssertEqual(picked.topology.stores.map(\.location.kind), [.unknown])
        XCTAssertEqual(picked.notes.count, 1, "\(picked.notes)")
        let two = TestSupport.analyze([
            "Journal/Models.swift": Self.models, "Journal/Helper.swift": helper,
            "Journal/Open.swift": """
            import Foundation
            func main() throws -> ModelContainer {
                try openJournal(url: URL.applicationSupportDirectory.appending(path: "Data/journal.sqlite"))
            }
            func archive() throws -> ModelContainer {
                try openJournal(url: URL.documentsDirectory.appending(path: "archive.sqlite"))
            }
            """,
        ])
        XCTAssertEqual(two.topology.stores.map(\.location.key), [place, "file:⟨Documents⟩/archive.sqlite"].sorted())
    }

    /// An App Group's store spelt through the group's folder, with `!`, `guard let` and `??`, and a constant of
    /// another type for the identifier: the store `groupContainer: .identifier(...)` opens.
    func testAnAppGroupFolderIsTheGroupContainersStore() {
        let group = ["Journal/AppGroup.swift": "enum AppGroup {\n    static let id = \"group.journal\"\n}\n"]
        let spellings: [(String, String, [String: String])] = [
            ("groupContainer", "ModelConfiguration(\"Shared\", groupContainer: .identifier(AppGroup.id))", group),
            (
                "containerURL with !",
                """
                ModelConfiguration(url: FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: "group.journal")!
                        .appending(path: "Library/Application Support/Shared.store"))
                """,
                [:]
            ),
            (
                "containerURL through guard let in a function",
                "ModelConfiguration(url: SharedStore.url())",
                group.merging([
                    "Journal/SharedStore.swift": """
                    import Foundation

                    enum SharedStore {
                        static func url() -> URL {
                            guard let folder = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: AppGroup.id)
                            else { fatalError("no App Group") }
                            return folder.appending(components: "Library", "Application Support", "Shared.store")
                        }
                    }
                    """
                ]) { _, new in new }
            ),
            (
                "containerURL ?? a fallback",
                """
                ModelConfiguration(url: (FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: "group.journal") ?? URL.documentsDirectory)
                        .appendingPathComponent("Library/Application Support/Shared.store"))
                """,
                [:]
            ),
        ]
        for (name, configuration, extra) in spellings {
            let analysis = TestSupport.analyze(app(configuration, extra: extra))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["group.journal/Shared.store"], name)
        }
    }

    /// An App Group URL read through a `guard` whose `else` reports before it gives up (VGB's `sharedStoreURL`):
    /// the report changes nothing, the URL is the group's file. Three ways to report; the control's `else` builds
    /// its own fallback first, which is not read whole, so the store cannot be told rather than guessed.
    func testAGuardThatReportsBeforeItGivesUpIsRead() {
        let reports: [(String, String)] = [
            ("print", "print(\"no App Group\")"),
            ("print under #if DEBUG", "#if DEBUG\n            print(\"no App Group\")\n            #endif"),
            ("a logger and an assertion", "Log.store.error(\"no App Group\")\n            assertionFailure()"),
        ]
        func files(_ report: String, fallback: String = "return nil") -> [String: String] {
            app(
                "ModelConfiguration(url: SharedStore.url!)",
                extra: [
                    "Journal/SharedStore.swift": """
                    import Foundation

                    enum SharedStore {
                        static var url: URL? {
                            guard let folder = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: "group.journal")
                            else {
                                \(report)
                                \(fallback)
                            }
                            return folder.appending(path: "Library/Application Support/Shared.store")
                        }
                    }
                    """
                ])
        }
        for (name, report) in reports {
            let analysis = TestSupport.analyze(files(report))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["group.journal/Shared.store"], name)
        }
        let control = TestSupport.analyze(
            files("let fallback = URL.temporaryDirectory", fallback: "return fallback.appending(path: \"S.store\")"))
        // Not read: the store is known only by the text naming it, never placed in a folder.
        XCTAssertEqual(control.topology.stores.map(\.location.key), ["url:SharedStore.url!"])
    }

    // MARK: Moved and renamed

    /// A store moved from Documents to Application Support under the same file name: the lockfile recorded the
    /// place, so the old file is left behind (`store_abandoned`), however each side is spelt.
    func testAStoreMovedToAnotherFolderIsAbandoned() {
        let before: [(String, [String: String])] = [
            (
                "URL.documentsDirectory",
                app("ModelConfiguration(url: URL.documentsDirectory.appending(path: \"J.store\"))")
            ),
            (
                "urls(for: .documentDirectory)[0] in a static let of another type",
                app(
                    "ModelConfiguration(url: Locations.journal)",
                    extra: [
                        "Journal/Locations.swift": """
                        import Foundation

                        enum Locations {
                            static let journal = FileManager.default.urls(
                                for: .documentDirectory, in: .userDomainMask
                            )[0].appendingPathComponent("J.store")
                        }
                        """
                    ])
            ),
        ]
        let after = app("ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Stores/J.store\"))")
        for (name, files) in before {
            let shipped = TestSupport.lock(TestSupport.analyze(files))
            XCTAssertEqual(shipped.versions.values.first?.heldIn, ["file:⟨Documents⟩/J.store"], name)
            let moved = TestSupport.analyze(after, lockfile: shipped)
            XCTAssertEqual(
                TestSupport.summary(moved.findings).filter { $0.hasPrefix("store_abandoned") }.count, 1,
                "\(name): \(TestSupport.summary(moved.findings))")
            XCTAssertTrue(
                moved.findings.contains { $0.message.headline.hasPrefix("Documents/J.store is no longer opened") },
                name)
            // Control: the same file spelt another way is no move.
            let respelt = TestSupport.analyze(
                app("ModelConfiguration(url: URL.documentsDirectory.appendingPathComponent(\"J.store\"))"),
                lockfile: shipped)
            XCTAssertEqual(TestSupport.summary(respelt.findings), [], name)
        }
    }

    /// The app opening its store at `⟨Application Support⟩/J.store`, running `body` first (what moves the old one).
    static func movingApp(_ body: String) -> String {
        """
        import Foundation
        import SwiftData
        import SwiftUI

        @main struct JournalApp: App {
            static let new = URL.applicationSupportDirectory.appending(path: "J.store")
            let container: ModelContainer
            init() {
                \(body)
                container = try! ModelContainer(
                    for: Entry.self, configurations: ModelConfiguration(url: Self.new))
            }
            var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(container) }
        }
        """
    }

    /// The same move carried by the app's own code before the new store opens: a `moveItem`, a `copyItem(atPath:)`
    /// through a constant of another type, a `replaceItemAt`, or a move of the folder holding it. No store is left
    /// behind; a move of another file, or of a source that cannot be read, carries nothing, nor does a copy of the
    /// store to a place no store the app opens now is in.
    func testAStoreMovedByTheAppsOwnCodeIsCarried() {
        let old = "URL.documentsDirectory.appending(path: \"Old/J.store\")"
        let shipped = TestSupport.lock(TestSupport.analyze(app("ModelConfiguration(url: \(old))")))
        XCTAssertEqual(shipped.versions.values.first?.heldIn, ["file:⟨Documents⟩/Old/J.store"])
        func moved(_ body: String, extra: [String: String] = [:]) -> [String] {
            var files = [
                "Journal/Models.swift": Self.models,
                "Journal/JournalApp.swift": Self.movingApp(body),
            ]
            files.merge(extra) { _, new in new }
            return TestSupport.summary(TestSupport.analyze(files, lockfile: shipped).findings)
        }
        let legacy = ["Journal/Legacy.swift": "import Foundation\n\nenum Legacy {\n    static let folder = "
            + "URL.documentsDirectory.appending(path: \"Old\")\n}\n"]
        let carried: [(String, String, [String: String])] = [
            (
                "moveItem(at:to:)",
                "try? FileManager.default.moveItem(at: \(old), to: Self.new)",
                [:]
            ),
            (
                "copyItem(atPath:toPath:) through another type's constant",
                "try? FileManager.default.copyItem(\n"
                    + "atPath: Legacy.folder.appending(path: \"J.store\").path, toPath: Self.new.path)",
                legacy
            ),
            (
                "replaceItemAt(_:withItemAt:)",
                "_ = try? FileManager.default.replaceItemAt(\n"
                    + "Self.new, withItemAt: Legacy.folder.appendingPathComponent(\"J.store\"))",
                legacy
            ),
            (
                "the folder holding it",
                "try? FileManager.default.moveItem(at: Legacy.folder, to: URL.applicationSupportDirectory)",
                legacy
            ),
            (
                "copyItem of each of its files in a loop over suffixes",
                """
                for suffix in ["", "-shm", "-wal"] {
                        let source = URL(fileURLWithPath: \(old).path + suffix)
                        try? FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: Self.new.path + suffix))
                    }
                """,
                [:]
            ),
            (
                "the same loop in a helper of another type given the old URL (field test 8: Kado's copy)",
                "Copier.copyFiles(from: \(old), to: Self.new)",
                [
                    "Journal/Copier.swift": """
                    import Foundation

                    enum Copier {
                        static func copyFiles(from legacy: URL, to target: URL) {
                            for suffix in ["", "-shm", "-wal"] {
                                let source = URL(fileURLWithPath: legacy.path + suffix)
                                try? FileManager.default.copyItem(
                                    at: source, to: URL(fileURLWithPath: target.path + suffix))
                            }
                        }
                    }
                    """
                ]
            ),
        ]
        for (name, body, extra) in carried {
            XCTAssertEqual(moved(body, extra: extra).filter { $0.hasPrefix("store_abandoned") }, [], name)
        }
        let notCarried: [(String, String)] = [
            (
                "another file",
                "try? FileManager.default.moveItem(\n"
                    + "at: URL.documentsDirectory.appending(path: \"Old/K.store\"), to: Self.new)"
            ),
            (
                // Into the new store it might be the old one (`StorePathFunctionTests`): into another file, not.
                "a source that cannot be read, into another file",
                "try? FileManager.default.moveItem(\n"
                    + "at: Bundle.main.bundleURL, to: URL.documentsDirectory.appending(path: \"Other/K.store\"))"
            ),
            (
                // W8Trackr copied its store to its App Group's root, where SwiftData never opens it.
                "the store copied beside the new one's folder",
                "try? FileManager.default.copyItem(\n"
                    + "at: \(old), to: URL.applicationSupportDirectory.appending(path: \"Backup/J.store\"))"
            ),
            (
                "the store replaced into a folder no store opens",
                "try? NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())\n"
                    + ".replacePersistentStore(at: URL.temporaryDirectory.appending(path: \"J.store\"),\n"
                    + "withPersistentStoreFrom: \(old), type: .sqlite)"
            ),
            (
                "another file's files in a loop over suffixes",
                """
                for suffix in ["", "-wal"] {
                        let other = URL.documentsDirectory.appending(path: "Old/K.store")
                        let source = URL(fileURLWithPath: other.path + suffix)
                        try? FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: Self.new.path + suffix))
                    }
                """
            ),
        ]
        for (name, body) in notCarried {
            XCTAssertEqual(moved(body).filter { $0.hasPrefix("store_abandoned") }.count, 1, name)
        }
    }

    /// A helper given its models by its callers (piny's `Storage(name, schema:)`), called only from a file that names
    /// no SwiftData container type (`static var storage = Storage("journal", schema: schema)`): pass 2 reads the call,
    /// so the store's models are known. Written with a `Schema` constant, an array of models and a function; the
    /// control is called nowhere, and its models stay unread with their note.
    func testModelsAHelpersCallersGiveAreReadFromAFileWithNoSwiftDataWord() {
        let storage = """
            import SwiftData

            final class Storage {
                let container: ModelContainer
                init(_ name: String, schema: Schema) {
                    container = try! ModelContainer(
                        for: schema, configurations: [ModelConfiguration(name, schema: schema)])
                }
            }
            """
        let callers = [
            """
            import SwiftData

            struct Journal {
                static let schema = Schema([Entry.self, Tag.self])
                static var storage = Storage("journal", schema: schema)
            }
            """,
            """
            import SwiftData

            enum Journal {
                static let all: [any PersistentModel.Type] = [Entry.self, Tag.self]
                static let storage = Storage("journal", schema: Schema(all))
            }
            """,
            """
            import SwiftData

            func journalSchema() -> Schema { Schema([Entry.self, Tag.self]) }
            let journalStorage = Storage("journal", schema: journalSchema())
            """,
        ]
        for caller in callers {
            let analysis = TestSupport.analyze([
                "Journal/Models.swift": Self.models, "Journal/Storage.swift": storage, "Journal/Journal.swift": caller,
            ])
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["journal.store"], caller)
            XCTAssertEqual(analysis.notes, [], caller)
            XCTAssertEqual(
                analysis.topology.stores.first?.versions.count, 1, "\(analysis.topology.stores.map(\.versions))")
        }
        let uncalled = TestSupport.analyze(["Journal/Models.swift": Self.models, "Journal/Storage.swift": storage])
        XCTAssertEqual(uncalled.notes.count, 1, "\(uncalled.notes)")
    }

    /// A global schema in a file with no container word (CloudNews' `public let schema = Schema([...])`, given as
    /// `ModelContainer(for: schema)` by the app and its widget): pass 2 reads the file declaring it. A `let`, a
    /// `public let`, and a computed global; the control declares it nowhere, and the note stays.
    func testAGlobalSchemaInAFileWithNoContainerWordIsRead() {
        let app = """
            import SwiftUI
            import SwiftData

            @main struct JournalApp: App {
                let container = try! ModelContainer(for: journalSchema)
                var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(container) }
            }
            """
        let declarations = [
            "let journalSchema = Schema([Entry.self, Tag.self])",
            "public let journalSchema = Schema([Entry.self, Tag.self])",
            "var journalSchema: Schema { Schema([Entry.self, Tag.self]) }",
        ]
        for declaration in declarations {
            let analysis = TestSupport.analyze([
                "Journal/Models.swift": Self.models, "Journal/JournalApp.swift": app,
                "Journal/Schema.swift": "import SwiftData\n\n\(declaration)\n",
            ])
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], declaration)
            XCTAssertEqual(analysis.notes, [], declaration)
        }
        let nowhere = TestSupport.analyze(["Journal/Models.swift": Self.models, "Journal/JournalApp.swift": app])
        XCTAssertEqual(nowhere.notes.count, 1, "\(nowhere.notes)")
    }

    /// A migrator whose destination its initialiser picks (W8Trackr 1.1's `MigrationManager`: `newStoreURL` is the App
    /// Group's root when `containerURL(...)` gives a folder, else the old URL itself): each value an initialiser's
    /// branches assign is read, so a copy into places no store opens is no carry. Spelt with `if let`/`else`, a
    /// `guard let` that assigns before it returns, a `switch`, and `self.`; the controls copy into the new store on
    /// every branch.
    func testADestinationAnInitialiserPicksIsRead() {
        let old = "URL.documentsDirectory.appending(path: \"Old/J.store\")"
        let shipped = TestSupport.lock(TestSupport.analyze(app("ModelConfiguration(url: \(old))")))
        func migrator(_ initialiser: String) -> [String: String] {
            [
                "Journal/Models.swift": Self.models,
                "Journal/JournalApp.swift": Self.movingApp("Migrator().run()"),
                "Journal/Migrator.swift": """
                import Foundation

                enum Kind { case shared, local }

                final class Migrator {
                    private let oldURL: URL
                    private let newURL: URL
                    init(kind: Kind = .shared) {
                        oldURL = \(old)
                \(initialiser)
                    }
                    func run() {
                        try? FileManager.default.copyItem(at: oldURL, to: newURL)
                    }
                }
                """,
            ]
        }
        func ways(into place: String) -> [(String, String)] {
            [
                (
                    "if let / else",
                    """
                            let fileManager = FileManager.default
                            if let group = fileManager.containerURL(forSecurityApplicationGroupIdentifier: "group.j") {
                                newURL = \(place)
                            } else {
                                newURL = oldURL
                            }
                    """
                ),
                (
                    "guard let that assigns before it returns",
                    """
                            guard let group = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: "group.j")
                            else {
                                self.newURL = oldURL
                                return
                            }
                            self.newURL = \(place)
                    """
                ),
                (
                    "switch over a parameter",
                    """
                            let group = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: "group.j")!
                            switch kind {
                            case .shared: newURL = \(place)
                            case .local: newURL = self.oldURL
                            }
                    """
                ),
            ]
        }
        let root = "group.appending(path: \"J.store\")"
        for (name, initialiser) in ways(into: root) {
            let found = TestSupport.summary(TestSupport.analyze(migrator(initialiser), lockfile: shipped).findings)
            XCTAssertEqual(found.filter { $0.hasPrefix("store_abandoned") }.count, 1, "\(name): \(found)")
        }
        // Controls: every branch copies into the store the app opens now.
        let into = "URL.applicationSupportDirectory.appending(path: \"J.store\")"
        for (name, initialiser) in ways(into: into) {
            let carried = initialiser.replacingOccurrences(of: "newURL = oldURL", with: "newURL = \(into)")
                .replacingOccurrences(of: "newURL = self.oldURL", with: "newURL = \(into)")
            let found = TestSupport.summary(TestSupport.analyze(migrator(carried), lockfile: shipped).findings)
            XCTAssertEqual(found.filter { $0.hasPrefix("store_abandoned") }, [], "control, \(name)")
        }
    }

    /// The move made by a migrator in a file with no SwiftData word, file by file over a listing of the old folder
    /// (the store and its `-wal`/`-shm` beside it): any file there may be the store, so it is carried, not left
    /// behind. A listing of another folder carries nothing.
    func testAStoreMovedFileByFileFromAListingIsCarried() throws {
        let old = "URL.documentsDirectory.appending(path: \"Old/J.store\")"
        let shipped = TestSupport.lock(TestSupport.analyze(app("ModelConfiguration(url: \(old))")))
        func moved(_ migrator: String) throws -> [String] {
            let files = [
                "Journal/Models.swift": Self.models,
                "Journal/JournalApp.swift": Self.movingApp("Migrator.run()"),
                "Journal/Paths.swift": """
                import Foundation

                enum Paths {
                    static let legacy = \(old)
                    static let folder = URL.documentsDirectory.appending(path: "Old")
                }
                """,
                "Journal/Migrator.swift": """
                import Foundation

                enum Migrator {
                    static func run() {
                        let manager = FileManager.default
                \(migrator)
                    }
                }
                """,
            ]
            return TestSupport.summary(try TestSupport.analyzeOnDisk(files, lockfile: shipped).findings)
        }
        let carried: [(String, String)] = [
            (
                "the store's own folder, each name starting with its name",
                """
                        let folder = Paths.legacy.deletingLastPathComponent()
                        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
                        for name in names where name.hasPrefix(Paths.legacy.lastPathComponent) {
                            let source = folder.appendingPathComponent(name)
                            try? manager.moveItem(at: source, to: URL.applicationSupportDirectory.appending(path: name))
                        }
                """
            ),
            (
                "a folder of another type, copied with forEach",
                """
                        let names = (try? manager.contentsOfDirectory(atPath: Paths.folder.path)) ?? []
                        names.forEach { name in
                            try? manager.copyItem(
                                at: Paths.folder.appendingPathComponent(name),
                                to: URL.applicationSupportDirectory.appendingPathComponent(name))
                        }
                """
            ),
            (
                "the folder written out, each file moved by path",
                """
                        let folder = URL.documentsDirectory.appending(path: "Old")
                        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                            try? manager.moveItem(
                                atPath: folder.appending(path: name).path,
                                toPath: URL.applicationSupportDirectory.appending(path: name).path)
                        }
                """
            ),
        ]
        for (name, migrator) in carried {
            XCTAssertEqual(try moved(migrator).filter { $0.hasPrefix("store_abandoned") }, [], name)
        }
        // Control: a listing of another folder.
        let other = """
                    let folder = URL.cachesDirectory
                    for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                        try? manager.moveItem(
                            at: folder.appendingPathComponent(name),
                            to: URL.applicationSupportDirectory.appendingPathComponent(name))
                    }
            """
        XCTAssertEqual(try moved(other).filter { $0.hasPrefix("store_abandoned") }.count, 1)
    }

    /// A state recorded in two stores, one of which nothing opens any more while the other still holds it: the one
    /// left behind is reported all the same (a phone store moved while the watch kept its own copy); not when the
    /// app's code moves it, or when both are still opened.
    func testAStoreLeftBehindBesideAnotherStillOpenedIsAbandoned() {
        func files(second: String, move: String = "") -> [String: String] {
            app(
                "ModelConfiguration(url: URL.documentsDirectory.appending(path: \"Main.store\"))",
                extra: [
                    "Journal/Mirror.swift": """
                    import Foundation
                    import SwiftData

                    enum Mirror {
                        static func open() throws -> ModelContainer {
                            \(move)
                            return try ModelContainer(
                                for: Entry.self, configurations: ModelConfiguration(url: \(second)))
                        }
                    }
                    """
                ])
        }
        let cachesMirror = "URL.cachesDirectory.appending(path: \"Mirror.store\")"
        let shipped = TestSupport.lock(TestSupport.analyze(files(second: cachesMirror)))
        XCTAssertEqual(
            shipped.versions.values.first?.heldIn,
            ["file:⟨Caches⟩/Mirror.store", "file:⟨Documents⟩/Main.store"])
        let moved = TestSupport.analyze(
            files(second: "URL.applicationSupportDirectory.appending(path: \"Mirror.store\")"), lockfile: shipped)
        XCTAssertEqual(
            moved.findings.filter { $0.rule == .storeAbandoned }.map(\.message.headline),
            ["Caches/Mirror.store is no longer opened: users' data in it is left behind, unread"])
        let carried = TestSupport.analyze(
            files(
                second: "URL.applicationSupportDirectory.appending(path: \"Mirror.store\")",
                move: "try? FileManager.default.moveItem(at: \(cachesMirror), "
                    + "to: URL.applicationSupportDirectory.appending(path: \"Mirror.store\"))"),
            lockfile: shipped)
        XCTAssertEqual(carried.findings.filter { $0.rule == .storeAbandoned }, [])
        let same = TestSupport.analyze(files(second: cachesMirror), lockfile: shipped)
        XCTAssertEqual(TestSupport.summary(same.findings), [])
    }

    /// One spelling whose value changed: a constant holding the file name is renamed between releases.
    func testAFileNameConstantThatChangedIsAnotherStore() {
        func files(_ name: String) -> [String: String] {
            app(
                "ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: Store.fileName))",
                extra: ["Journal/Store.swift": "enum Store {\n    static let fileName = \"\(name)\"\n}\n"])
        }
        let shipped = TestSupport.lock(TestSupport.analyze(files("Journal.sqlite")))
        let renamed = TestSupport.analyze(files("Journal-v2.sqlite"), lockfile: shipped)
        XCTAssertEqual(
            TestSupport.summary(renamed.findings).filter { $0.hasPrefix("store_abandoned") }.count, 1,
            "\(TestSupport.summary(renamed.findings))")
        let same = TestSupport.analyze(files("Journal.sqlite"), lockfile: shipped)
        XCTAssertEqual(TestSupport.summary(same.findings), [])
    }

    /// A folder schemalint cannot read keeps the store "cannot tell": no store is said to be left behind when the
    /// unreadable spelling changes.
    func testAnUnreadableFolderIsNeverAMove() {
        func files(_ folder: String) -> [String: String] {
            app("ModelConfiguration(url: \(folder).appending(path: \"J.store\"))")
        }
        let shipped = TestSupport.lock(TestSupport.analyze(files("Bundle.main.bundleURL")))
        let changed = TestSupport.analyze(files("Bundle.main.resourceURL!"), lockfile: shipped)
        XCTAssertEqual(TestSupport.summary(changed.findings).filter { $0.hasPrefix("store_abandoned") }, [])
        // Said out loud in plain `check`, at the container, and at the state no store opened now matches.
        XCTAssertEqual(changed.notes.count, 2, "\(changed.notes)")
        XCTAssertTrue(changed.notes.last?.contains("which matches no store opened now") ?? false, "\(changed.notes)")
        XCTAssertTrue(changed.notes.first?.hasPrefix("Journal/JournalApp.swift:6:") ?? false, "\(changed.notes)")
        XCTAssertTrue(changed.notes.first?.contains("the folder of the store at `") ?? false, "\(changed.notes)")
    }

    /// A Mac app: its stores' keys say the device (`macOS:...`). Messages name the store as a user knows it, never
    /// by its key; a store opened now whose URL cannot be read is "cannot tell", so the file an earlier release
    /// recorded is never said to be left behind. Spelt four ways: a URL from a function of another type, a local
    /// function, a static let, a computed property. Controls: a folder that can be read and is another is a move
    /// (reported, named without the key's prefix); the same file is none.
    func testAMacAppsStoreIsNamedWithoutItsKeyAndAnUnreadURLIsNeverAbandoned() throws {
        var mac = TestXcodeProject.Target(name: "Journal")
        mac.set("SDKROOT", "macosx")
        func files(_ configuration: String, extra: [String: String] = [:]) -> [String: String] {
            var files = app(configuration, extra: extra)
            files["Journal.xcodeproj/project.pbxproj"] = TestXcodeProject.text([mac])
            return files
        }
        let placeOf = """
            import Foundation

            enum Place {
                static func storeURL(_ name: String = "J.store") throws -> URL {
                    try FileManager.default.url(
                        for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
                    ).appendingPathComponent(CommandLine.arguments[1]).appendingPathComponent(name)
                }
                static let stored = try! storeURL()
                static var computed: URL { try! storeURL() }
            }

            func journalStoreURL() -> URL { try! Place.storeURL("J.store") }
            """
        let shipped = TestSupport.lock(
            try TestSupport.analyzeOnDisk(
                files("ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Old/J.store\"))")))
        XCTAssertEqual(shipped.versions.values.first?.heldIn, ["macOS:file:⟨Application Support⟩/Old/J.store"])
        let unread: [(String, String)] = [
            ("a function of another type", "ModelConfiguration(url: try! Place.storeURL())"),
            ("a global function", "ModelConfiguration(url: journalStoreURL())"),
            ("a static let", "ModelConfiguration(url: Place.stored)"),
            ("a computed property", "ModelConfiguration(url: Place.computed)"),
        ]
        for (name, configuration) in unread {
            let analysis = try TestSupport.analyzeOnDisk(
                files(configuration, extra: ["Journal/Place.swift": placeOf]), lockfile: shipped)
            XCTAssertEqual(
                TestSupport.summary(analysis.findings).filter { $0.hasPrefix("store_abandoned") }, [], name)
            let said = analysis.notes + analysis.findings.map { "\($0.message.headline) \($0.message.detail)" }
            for line in said {
                for device in StoreLocation.devices {
                    XCTAssertFalse(line.contains("\(device):"), "\(name): \(line)")
                    XCTAssertFalse(line.contains("\(device.dropFirst(2)):url:"), "\(name): \(line)")
                }
            }
        }
        // Control: a folder read and another is a move, named as a user knows the file.
        let moved = try TestSupport.analyzeOnDisk(
            files("ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"New/J.store\"))"),
            lockfile: shipped)
        let abandoned = moved.findings.filter { $0.rule == .storeAbandoned }
        XCTAssertEqual(abandoned.count, 1, "\(TestSupport.summary(moved.findings))")
        XCTAssertEqual(
            abandoned.first?.message.headline.hasPrefix(
                "Application Support/Old/J.store (on macOS) is no longer opened"), true,
            abandoned.first?.message.headline ?? "")
        // Control: the same file spelt another way is none.
        let same = try TestSupport.analyzeOnDisk(
            files("ModelConfiguration(url: URL.applicationSupportDirectory.appendingPathComponent(\"Old/J.store\"))"),
            lockfile: shipped)
        XCTAssertEqual(TestSupport.summary(same.findings).filter { $0.hasPrefix("store_abandoned") }, [])
    }

    /// A folder named by a number interpolated into a string (`"v\(generation)"`, the generation a constant): the
    /// store is that place, however the number is given: a static let of another type (`1_2`), a global let,
    /// a computed property, a function returning it. Control: a number the code assigns at run time leaves the
    /// folder untold.
    func testAFolderNamedByAnIntegerConstantIsThatPlace() {
        let spellings: [(String, String)] = [
            ("a static let of another type", "Generations.current"),
            ("a global let", "currentGeneration"),
            ("a computed property of another type", "Generations.computed"),
            ("a function of another type", "Generations.latest()"),
        ]
        let constants = """
            import Foundation

            enum Generations {
                static let current = 1_2
                static var computed: Int { 12 }
                static func latest() -> Int { current }
            }
            let currentGeneration = 12
            var assignedGeneration = 1
            func bump() { assignedGeneration = 12 }
            """
        for (name, number) in spellings {
            let url = "URL.applicationSupportDirectory.appending(path: \"Stores/v\\(\(number))/J.store\")"
            let files = app("ModelConfiguration(url: \(url))", extra: ["Journal/Generations.swift": constants])
            let stores = TestSupport.analyze(files).topology.stores
            XCTAssertEqual(
                stores.map { $0.location.path?.description }, ["Application Support/Stores/v12/J.store"], name)
            XCTAssertTrue(TestSupport.analyze(files).notes.isEmpty, name)
        }
        let url = "URL.applicationSupportDirectory.appending(path: \"Stores/v\\(assignedGeneration)/J.store\")"
        let assigned = app(
            "ModelConfiguration(url: \(url))",
            extra: ["Journal/Generations.swift": constants])
        let stores = TestSupport.analyze(assigned).topology.stores
        XCTAssertEqual(stores.map { $0.location.path?.description }, [nil])
    }

    /// A store on another device is named as the phone's is, with the device: never by its key.
    func testAStoreOnAnotherDeviceIsNamedAsTheSameStoreOnThatDevice() {
        let url = StoreLocation(kind: .url, key: "url:Place.storeURL()").onDevice("macOS")
        XCTAssertEqual(url.description, "the store at `Place.storeURL()` (on macOS)")
        XCTAssertEqual(url.description(whole: true), "the store at `Place.storeURL()` (on macOS)")
        XCTAssertEqual(StoreLocation.defaultStore.onDevice("watchOS").description, "default.store (on watchOS)")
        XCTAssertEqual(
            StoreLocation.displayName(key: "macOS:file:⟨Application Support⟩/Old/J.store"),
            "Application Support/Old/J.store (on macOS)")
        XCTAssertEqual(
            StoreLocation.displayName(key: "macOS:url:Place.storeURL()"), "the store at `Place.storeURL()` (on macOS)")
        XCTAssertFalse(StoreLocation.isCertain(key: "macOS:url:Place.storeURL()"))
        XCTAssertTrue(StoreLocation.isCertain(key: "macOS:file:⟨Application Support⟩/Old/J.store"))
        XCTAssertEqual(
            StorePath(storeKey: "macOS:file:⟨Application Support⟩/Old/J.store"),
            StorePath(storeKey: "file:⟨Application Support⟩/Old/J.store"))
        // Control: a phone's keys are as they were.
        XCTAssertEqual(
            StoreLocation(kind: .url, key: "url:Place.storeURL()").description, "the store at `Place.storeURL()`")
        XCTAssertFalse(StoreLocation.isCertain(key: "url:Place.storeURL()"))
    }

    /// A store whose file cannot be told at all gets one note at its container; a known place gets none.
    func testAStoreThatCannotBeToldIsSaidInPlainCheck() {
        let opener = """
            import Foundation
            import SwiftData

            enum Opener {
                static func open(at url: URL) throws -> ModelContainer {
                    try ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: url))
                }

                /// The file the user picks in the document browser.
                static func openPicked(_ picked: URL) throws -> ModelContainer { try open(at: picked) }
            }
            """
        let untold = TestSupport.analyze([
            "Journal/Models.swift": Self.models, "Journal/Opener.swift": opener,
        ])
        XCTAssertEqual(untold.notes.count, 1, "\(untold.notes)")
        XCTAssertTrue(untold.notes.first?.contains("which file this container opens cannot be told") ?? false)
        for known in [
            "ModelConfiguration()", "ModelConfiguration(url: URL.documentsDirectory.appending(path: \"J.store\"))",
            "ModelConfiguration(\"Journal\", groupContainer: .identifier(\"group.journal\"))",
        ] {
            XCTAssertEqual(TestSupport.analyze(app(known)).notes, [], known)
        }
    }

    /// The built binary: plain `check` passes with the note; `--strict` and `require_known_stores: true` fail on it,
    /// and an app whose stores are all told passes either way.
    func testStrictAndRequireKnownStoresFailOnWhatCannotBeTold() throws {
        let opener = """
            import Foundation
            import SwiftData

            enum Opener {
                static func open(at url: URL) throws -> ModelContainer {
                    try ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: url))
                }

                /// The file the user picks in the document browser.
                static func openPicked(_ picked: URL) throws -> ModelContainer { try open(at: picked) }
            }
            """
        let untold = try TestSupport.writeTree(["Journal/Models.swift": Self.models, "Journal/Opener.swift": opener])
        XCTAssertEqual(try TestSupport.run(["lock"], in: untold).status, 0)
        let plain = try TestSupport.run(["check"], in: untold)
        XCTAssertEqual(plain.status, 0, plain.stdout + plain.stderr)
        XCTAssertTrue(plain.stderr.contains("note: Journal/Opener.swift:"), plain.stderr)
        let strict = try TestSupport.run(["check", "--strict"], in: untold)
        XCTAssertEqual(strict.status, 1, strict.stdout + strict.stderr)
        XCTAssertTrue(strict.stderr.contains("1 note above says what could not be told"), strict.stderr)
        try "require_known_stores: true\n".write(
            to: untold.appendingPathComponent(".schemalint.yml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestSupport.run(["check"], in: untold).status, 1)

        let told = try TestSupport.writeTree(app("ModelConfiguration()"))
        try "require_known_stores: true\n".write(
            to: told.appendingPathComponent(".schemalint.yml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestSupport.run(["lock"], in: told).status, 0)
        let clean = try TestSupport.run(["check", "--strict"], in: told)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
    }
}
