import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Whether a store is kept in memory is one value the project evaluates (`ValueEvaluator.keptInMemory`), never a
/// token the parser happens to see: a URL at `/dev/null`, an in-memory Core Data store type, a CloudKit container's
/// options, and what a failed open before a delete is given. Each written the ways Swift allows (a literal, a constant
/// in another file, a static member of another type, a parameter's default that a caller leaves out, a parameter
/// every caller passes), with the controls that keep the store on disk.
final class StoreInMemoryValueTests: XCTestCase {
    /// The places the lockfile records the app's and the preview's store files at.
    private static let journal = "file:⟨Application Support⟩/Journal.sqlite"
    private static let previewJournal = "file:⟨Application Support⟩/PreviewJournal.sqlite"

    // MARK: SwiftData: a configuration at /dev/null

    func purposes(_ files: [String: String]) -> [ContainerPurpose] {
        TestSupport.analyze(files).project.containers.map(\.purpose)
    }

    static let paths = """
        import Foundation

        enum ScratchPaths {
            static let nowhere = "/dev/null"
            static func nowhereURL() -> URL { URL(fileURLWithPath: "/dev/null") }
            static let kept = URL.applicationSupportDirectory.appending(path: "Specimens.store")
        }
        """

    func herbarium(_ body: String) -> [String: String] {
        StoreValueSpellingTests.herbarium(
            """
            @main struct HerbariumApp: App {
                \(body)
                var body: some Scene { WindowGroup { Text("Specimens") }.modelContainer(container) }
            }
            """, extra: ["Herbarium/ScratchPaths.swift": Self.paths])
    }

    func testAConfigurationAtDevNullWrittenEveryWayIsInMemory() {
        let spellings: [(String, String)] = [
            (
                "a literal path",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(url: URL(fileURLWithPath: \"/dev/null\")))"
            ),
            (
                "a constant of another type in another file",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(url: URL(fileURLWithPath: ScratchPaths.nowhere)))"
            ),
            (
                "a file URL string",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(url: URL(string: \"file:///dev/null\")!))"
            ),
            (
                "a static member of another type holding the URL",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(url: ScratchPaths.nowhereURL()))"
            ),
            (
                "a parameter's default that the caller leaves out",
                """
                let container = try! Self.open()
                    static func open(at url: URL = URL(fileURLWithPath: "/dev/null")) throws -> ModelContainer {
                        try ModelContainer(for: Specimen.self, configurations: ModelConfiguration(url: url))
                    }
                """
            ),
        ]
        for (name, body) in spellings {
            XCTAssertEqual(purposes(herbarium(body)), [.inMemory], name)
        }
    }

    func testAConfigurationThatMayBeOnDiskIsTheApps() {
        let spellings: [(String, String)] = [
            (
                "a file in Application Support",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(url: ScratchPaths.kept))"
            ),
            (
                "a parameter defaulting to /dev/null that the caller passes a file",
                """
                let container = try! Self.open(at: ScratchPaths.kept)
                    static func open(at url: URL = URL(fileURLWithPath: "/dev/null")) throws -> ModelContainer {
                        try ModelContainer(for: Specimen.self, configurations: ModelConfiguration(url: url))
                    }
                """
            ),
            (
                "a path picked at run time",
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration(url: "
                    + "URL(fileURLWithPath: CommandLine.arguments.isEmpty ? \"/dev/null\" : \"/var/db/x.store\")))"
            ),
        ]
        for (name, body) in spellings {
            XCTAssertEqual(purposes(herbarium(body)), [.app], name)
        }
    }

    // MARK: Core Data: in-memory store types and /dev/null

    var app: URL!

    func journal() throws -> URL {
        let app = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        self.app = app
        return app
    }

    func write(_ path: String, _ text: String) throws {
        let url = app.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The files the lock records Journal's versions in, with `preview` written as a second stack beside the app's.
    func heldIn(preview: String, others: [String: String] = [:]) throws -> Set<[String]> {
        _ = try journal()
        try write("Journal/PreviewStack.swift", preview)
        for (path, text) in others { try write(path, text) }
        let analysis = try Analyzer(workingDirectory: app, threads: 2).analyze(paths: [], lockfile: nil)
        let lockfile = TestSupport.lock(analysis)
        return Set(lockfile.coreData?["Journal.xcdatamodeld"]?.versions.values.map { $0.heldIn ?? [] } ?? [])
    }

    static let kinds = """
        import CoreData

        enum StoreKinds {
            static let memory = NSInMemoryStoreType
            static let disk = NSSQLiteStoreType
            static func nowhere() -> URL { URL(fileURLWithPath: "/dev/null") }
        }
        """

    /// A stack opening `Journal` at `PreviewJournal.sqlite` with a store of type `type` (a parameter `kind` of
    /// `init`, `defaulted` when given), `calls` written after it.
    func previewStack(type: String, parameter: String = "", calls: String = "") -> String {
        """
        import CoreData

        final class PreviewStack {
            let container = NSPersistentContainer(name: "Journal")

            init(\(parameter)) {
                let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("PreviewJournal.sqlite")
                _ = try? container.persistentStoreCoordinator.addPersistentStore(
                    ofType: \(type), configurationName: nil, at: url, options: nil)
            }
        }
        \(calls)
        """
    }

    func testAnInMemoryStoreTypeWrittenEveryWayIsNoStoreOfTheApps() throws {
        let spellings: [(String, String)] = [
            ("the SDK's constant", previewStack(type: "NSInMemoryStoreType")),
            ("a static member of another type in another file", previewStack(type: "StoreKinds.memory")),
            (
                "the store type's implicit member",
                previewStack(type: "NSInMemoryStoreType").replacingOccurrences(
                    of: "ofType: NSInMemoryStoreType, configurationName: nil, at: url, options: nil",
                    with: "type: .inMemory, at: url")
            ),
            (
                "a parameter's default the caller leaves out",
                previewStack(
                    type: "kind", parameter: "kind: String = NSInMemoryStoreType",
                    calls: "let previewStack = PreviewStack()")
            ),
        ]
        for (name, stack) in spellings {
            XCTAssertEqual(
                try heldIn(preview: stack, others: ["Journal/StoreKinds.swift": Self.kinds]),
                [[Self.journal]], name)
        }
    }

    func testAStoreTypeThatMayBeSQLiteIsAStoreOfTheApps() throws {
        let opened: Set<[String]> = [[Self.journal, Self.previewJournal]]
        let spellings: [(String, String)] = [
            ("a static member of another type holding SQLite", previewStack(type: "StoreKinds.disk")),
            (
                "a parameter defaulting to in memory that the caller passes SQLite",
                previewStack(
                    type: "kind", parameter: "kind: String = NSInMemoryStoreType",
                    calls: "let previewStack = PreviewStack(kind: NSSQLiteStoreType)")
            ),
        ]
        for (name, stack) in spellings {
            XCTAssertEqual(
                try heldIn(preview: stack, others: ["Journal/StoreKinds.swift": Self.kinds]), opened, name)
        }
    }

    /// `description.url = nil` names no file (an in-memory store's, or one Core Data refuses to load): nothing is
    /// said of a file that cannot be told (TweetNest v1.3.1 was told "a path that is not a string").
    func testADescriptionWithoutAURLIsNoFile() throws {
        let spellings: [(String, String)] = [
            ("the first description by index", "container.persistentStoreDescriptions[0].url = nil"),
            ("the first description, optional", "container.persistentStoreDescriptions.first?.url = nil"),
            ("the first description, force-unwrapped", "container.persistentStoreDescriptions.first!.url = nil"),
        ]
        for (name, body) in spellings {
            let stack = """
                import CoreData

                final class PreviewStack {
                    let container = NSPersistentContainer(name: "Journal")

                    init() {
                        \(body)
                        container.loadPersistentStores { _, _ in }
                    }
                }

                enum Previews { static let stack = PreviewStack() }
                """
            XCTAssertEqual(try heldIn(preview: stack), [[Self.journal]], name)
            let analysis = try Analyzer(workingDirectory: app, threads: 2).analyze(paths: [], lockfile: nil)
            XCTAssertEqual(analysis.notes, [], name)
        }
    }

    /// The container's own description typed more than once where no file is given (SQLite, then in memory in an
    /// `if`): its own file, read without a crash however often and wherever the type is set (field test 6: two such
    /// types in one function stopped every command).
    func testAnOwnDescriptionTypedTwiceIsTheContainersOwnFile() throws {
        func stack(_ body: String) -> String {
            """
            import CoreData

            final class PreviewStack {
                static func open(scratch: Bool) -> NSPersistentContainer {
            \(body)
                }
            }
            """
        }
        let spellings: [(String, String)] = [
            (
                "SQLite, then in memory in an `if`",
                stack(
                    """
                            let container = NSPersistentContainer(name: "Journal")
                            container.persistentStoreDescriptions[0].type = NSSQLiteStoreType
                            if scratch { container.persistentStoreDescriptions[0].type = NSInMemoryStoreType }
                            container.loadPersistentStores { _, _ in }
                            return container
                    """)
            ),
            (
                "two containers in one function, each typed",
                stack(
                    """
                            let old = NSPersistentContainer(name: "Journal")
                            old.persistentStoreDescriptions[0].type = NSSQLiteStoreType
                            old.loadPersistentStores { _, _ in }
                            let container = NSPersistentContainer(name: "Journal")
                            container.persistentStoreDescriptions[0].type = NSSQLiteStoreType
                            container.loadPersistentStores { _, _ in }
                            return container
                    """)
            ),
            (
                "three types, the last a static member of another type",
                stack(
                    """
                            let container = NSPersistentContainer(name: "Journal")
                            container.persistentStoreDescriptions.first?.type = NSSQLiteStoreType
                            if scratch { container.persistentStoreDescriptions[0].type = StoreKinds.memory }
                            container.persistentStoreDescriptions[0].type = StoreKinds.disk
                            container.loadPersistentStores { _, _ in }
                            return container
                    """)
            ),
        ]
        for (name, stack) in spellings {
            XCTAssertEqual(
                try heldIn(preview: stack, others: ["Journal/StoreKinds.swift": Self.kinds]), [[Self.journal]], name)
        }
    }

    /// `description.type = inMemory ? NSInMemoryStoreType : NSSQLiteStoreType`: the file the description names is
    /// in memory when every caller passes `true`, and the app's when one leaves the default `false`.
    func descriptionStack(calls: String) -> String {
        """
        import CoreData

        final class PreviewStack {
            let container = NSPersistentContainer(name: "Journal")

            init(inMemory: Bool = false) {
                let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("PreviewJournal.sqlite")
                let description = NSPersistentStoreDescription(url: url)
                description.type = inMemory ? NSInMemoryStoreType : NSSQLiteStoreType
                container.persistentStoreDescriptions = [description]
                container.loadPersistentStores { _, _ in }
            }
        }

        \(calls)
        """
    }

    func testADescriptionsTypeIsDecidedByWhatCallersPass() throws {
        XCTAssertEqual(
            try heldIn(
                preview: descriptionStack(calls: "enum Previews { static let stack = PreviewStack(inMemory: true) }")),
            [[Self.journal]])
        XCTAssertEqual(
            try heldIn(preview: descriptionStack(calls: "enum Previews { static let stack = PreviewStack() }")),
            [[Self.journal, Self.previewJournal]])
        XCTAssertEqual(
            try heldIn(
                preview: descriptionStack(
                    calls: "enum Previews { static let stack = PreviewStack(inMemory: StoreFlags.scratch) }"),
                others: ["Journal/StoreFlags.swift": "enum StoreFlags { static let scratch = true }\n"]),
            [[Self.journal]])
    }

    /// A description at `/dev/null` replacing the container's own: no file of the app's, however the URL is written.
    func testADescriptionAtDevNullWrittenEveryWayIsNoStoreOfTheApps() throws {
        func stack(_ url: String) -> String {
            """
            import CoreData

            final class PreviewStack {
                let container = NSPersistentContainer(name: "Journal")

                init() {
                    let description = NSPersistentStoreDescription(url: \(url))
                    container.persistentStoreDescriptions = [description]
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
        }
        let others = ["Journal/StoreKinds.swift": Self.kinds, "Journal/ScratchPaths.swift": Self.paths]
        for url in [
            "URL(fileURLWithPath: \"/dev/null\")", "URL(string: \"file:///dev/null\")!",
            "URL(fileURLWithPath: ScratchPaths.nowhere)", "StoreKinds.nowhere()",
        ] {
            XCTAssertEqual(try heldIn(preview: stack(url), others: others), [[Self.journal]], url)
        }
        XCTAssertEqual(
            try heldIn(
                preview: stack(
                    "NSPersistentContainer.defaultDirectoryURL().appendingPathComponent(\"PreviewJournal.sqlite\")"),
                others: others),
            [[Self.journal, Self.previewJournal]])
    }

    // MARK: A failed open of an in-memory store before a delete

    func deleted(_ app: String, extra: [String: String] = [:]) -> [Finding] {
        var files = [
            "Notes/Schema.swift": StoreDeletedOnFailureTests.schema,
            "Notes/Store.swift": "import SwiftData\nimport CoreData\nimport Foundation\n\n\(app)\n",
        ]
        files.merge(extra) { _, new in new }
        return TestSupport.analyze(files).findings.filter { $0.rule == .storeDeletedOnFailure }
    }

    /// A `do` opening a container with `configuration`, whose `catch` deletes the default store.
    func openThenDelete(_ configuration: String, parameter: String = "", calls: String = "") -> String {
        """
        func openScratch(\(parameter)) -> ModelContainer {
            do {
                return try ModelContainer(for: NotesV2.Note.self, configurations: \(configuration))
            } catch {
                try? FileManager.default.removeItem(
                    at: URL.applicationSupportDirectory.appending(path: "default.store"))
                return try! ModelContainer(for: NotesV2.Note.self, configurations: \(configuration))
            }
        }
        \(calls)
        """
    }

    func testAFailedOpenInMemoryBeforeADeleteWrittenEveryWayIsSilent() {
        let extra = [
            "Notes/ScratchPaths.swift": Self.paths,
            "Notes/StoreFlags.swift": "enum StoreFlags { static let scratch = true\n static let keep = false }\n",
        ]
        let spellings: [(String, String)] = [
            ("a literal flag", openThenDelete("ModelConfiguration(isStoredInMemoryOnly: true)")),
            (
                "a constant flag of another type in another file",
                openThenDelete("ModelConfiguration(isStoredInMemoryOnly: StoreFlags.scratch)")
            ),
            (
                "a URL at /dev/null built from a constant of another type",
                openThenDelete("ModelConfiguration(url: URL(fileURLWithPath: ScratchPaths.nowhere))")
            ),
            (
                "a file URL string at /dev/null",
                openThenDelete("ModelConfiguration(url: URL(string: \"file:///dev/null\")!)")
            ),
            (
                "a parameter's default that the caller leaves out",
                openThenDelete(
                    "ModelConfiguration(isStoredInMemoryOnly: inMemory)", parameter: "inMemory: Bool = true",
                    calls: "let scratch = openScratch()")
            ),
        ]
        for (name, app) in spellings {
            XCTAssertEqual(TestSupport.summary(deleted(app, extra: extra)), [], name)
        }
        // Controls: the store on disk, by a constant of another type or by what the caller passes.
        for (name, app) in [
            ("a constant false", openThenDelete("ModelConfiguration(isStoredInMemoryOnly: StoreFlags.keep)")),
            (
                "a parameter defaulting to true that the caller passes false",
                openThenDelete(
                    "ModelConfiguration(isStoredInMemoryOnly: inMemory)", parameter: "inMemory: Bool = true",
                    calls: "let scratch = openScratch(inMemory: false)")
            ),
        ] {
            XCTAssertEqual(deleted(app, extra: extra).count, 1, name)
        }
    }
}
