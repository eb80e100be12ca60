import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Core Data stores in the store topology (issue 41): which file each stack opens, read with the one evaluator in the
/// spellings real stacks use, recorded by `lock` per model version (`heldIn`), and an app that moved to a new file
/// judged as leaving its old stores behind instead of migrating them. On a scratch copy of
/// Fixtures/CoreData/Apps/Journal (`Journal 2` current), where `Journal 3` then adds a required attribute with no
/// default: a migration Core Data cannot infer, unless no store migrates.
final class CoreDataStoreFileTests: JournalAppTestCase {
    /// The files each locked version of the bundle is recorded in.
    func heldIn(_ lockfile: Lockfile) -> Set<[String]> {
        Set(lockfile.coreData?["Journal.xcdatamodeld"]?.versions.values.map { $0.heldIn ?? [] } ?? [])
    }

    /// `Journal 3` current, its new attribute required with no default.
    func moveToAnUninferableVersion() throws {
        try TestSupport.setCurrentVersion(
            "Journal 3", of: app.appendingPathComponent("Journal/Journal.xcdatamodeld"))
        let contents = app.appendingPathComponent("Journal/Journal.xcdatamodeld/Journal 3.xcdatamodel/contents")
        try TestSupport.edit(contents) {
            $0.replacingOccurrences(of: " defaultValueString=\"0\"", with: "")
        }
    }

    /// Locks the app as it is, then writes `stack` as its Persistence.swift (plus `others`), moves to Journal 3 and
    /// checks against that lockfile.
    func switchStack(to stack: String, others: [String: String] = [:]) throws -> (Lockfile, Analysis) {
        let lockfile = TestSupport.lock(try analyze())
        XCTAssertEqual(heldIn(lockfile), [["file:⟨Application Support⟩/Journal.sqlite"]])
        try write("Journal/Persistence.swift", stack)
        for (path, text) in others { try write(path, text) }
        try moveToAnUninferableVersion()
        return (lockfile, try analyze(lockfile))
    }

    /// The journal's stack with `body` run in `init()` before its stores load, and `members` after it.
    func persistence(_ body: String, members: String = "") -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
        return """
            import CoreData

            final class Persistence {
                let container = NSPersistentContainer(name: "Journal")

                init() {
            \(indented.joined(separator: "\n"))
                    container.loadPersistentStores { _, _ in }
                }
            \(members)
            }
            """
    }

    /// The step to Journal 3 is judged as a migration, as before stores were told apart.
    func assertStillMigrates(_ analysis: Analysis, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            analysis.findings.filter { $0.severity != .note }.map(\.rule), ["lightweight_unsupported_change"],
            file: file, line: line)
    }

    func assertLeftBehind(_ analysis: Analysis, at line: Int, now file: String, _ message: StaticString = #filePath,
                          line testLine: UInt = #line) {
        let findings = analysis.findings.filter { $0.severity != .note }
        XCTAssertEqual(
            TestSupport.summary(findings), ["store_abandoned Journal/Persistence.swift:\(line)"],
            "\(findings.map(\.message.text))", file: message, line: testLine)
        XCTAssertEqual(
            findings.first?.message.headline,
            "Journal.sqlite is no longer opened (the app opens \(file) now): users' data in it is left behind, unread",
            file: message, line: testLine)
    }

    // MARK: The file a stack opens, spelt four ways

    /// Twidere's shape: the file's name is a parameter's default, put into a URL by an extension function in a file
    /// with no Core Data word.
    func testAFileNamedByAParameterDefaultThroughAnExtensionFunction() throws {
        let (_, analysis) = try switchStack(
            to: """
                import CoreData

                final class Persistence {
                    let container: NSPersistentContainer

                    init(databaseName: String = "Journal_v2") {
                        let storeURL = URL.storeURL(for: "group.journal", databaseName: databaseName)
                        let description = NSPersistentStoreDescription(url: storeURL)
                        container = NSPersistentContainer(name: "Journal")
                        container.persistentStoreDescriptions = [description]
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """,
            others: [
                "Journal/URL+Store.swift": """
                    import Foundation

                    extension URL {
                        static func storeURL(for appGroup: String, databaseName: String) -> URL {
                            guard let folder = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: appGroup)
                            else { fatalError("no App Group") }
                            return folder.appendingPathComponent("\\(databaseName).sqlite")
                        }
                    }
                    """
            ])
        assertLeftBehind(analysis, at: 8, now: "Journal_v2.sqlite")
    }

    /// A constant of another type, in another file, given to a description's `url`.
    func testAFileNamedByAConstantOfAnotherType() throws {
        let (_, analysis) = try switchStack(
            to: """
                import CoreData

                final class Persistence {
                    static let shared = Persistence()
                    let container = NSPersistentContainer(name: "Journal")

                    init() {
                        let folder = NSPersistentContainer.defaultDirectoryURL()
                        container.persistentStoreDescriptions.first?.url = folder.appending(path: StoreFiles.journal)
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """,
            others: ["Journal/StoreFiles.swift": "enum StoreFiles {\n    static let journal = \"Entries.sqlite\"\n}\n"])
        assertLeftBehind(analysis, at: 9, now: "Entries.sqlite")
    }

    /// A coordinator's `addPersistentStore(ofType:configurationName:at:options:)` with an interpolated name.
    func testACoordinatorStoreWithAnInterpolatedName() throws {
        let (_, analysis) = try switchStack(
            to: """
                import CoreData

                final class Persistence {
                    let coordinator: NSPersistentStoreCoordinator

                    init() {
                        let url = Bundle.main.url(forResource: "Journal", withExtension: "momd")!
                        let model = NSManagedObjectModel(contentsOf: url)!
                        coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
                        let name = "Journal"
                        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                        let storeURL = folder.appendingPathComponent("\\(name)-2024").appendingPathExtension("sqlite")
                        _ = try? coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: storeURL, options: nil)
                    }
                }
                """)
        assertLeftBehind(analysis, at: 14, now: "Journal-2024.sqlite")
    }

    /// A container renamed, its model loaded by resource name: the default file follows the container's name.
    func testAContainerRenamedWithItsModelGivenByResource() throws {
        let (_, analysis) = try switchStack(
            to: """
                import CoreData

                enum Stack {
                    static func makeContainer() -> NSPersistentContainer {
                        let modelURL = Bundle.main.url(forResource: "Journal", withExtension: "momd")!
                        let model = NSManagedObjectModel(contentsOf: modelURL)!
                        let container = NSPersistentContainer(name: "JournalStore", managedObjectModel: model)
                        container.loadPersistentStores { _, _ in }
                        return container
                    }
                }
                """)
        assertLeftBehind(analysis, at: 7, now: "JournalStore.sqlite")
    }

    // MARK: What is not a move

    /// The same file spelt another way is the same store: the migration is judged as before.
    func testTheSameFileSpeltAnotherWayStillMigrates() throws {
        let (_, analysis) = try switchStack(
            to: persistence(
                """
                let folder = NSPersistentContainer.defaultDirectoryURL()
                let description = NSPersistentStoreDescription(url: folder.appendingPathComponent(Self.file))
                container.persistentStoreDescriptions = [description]
                """,
                members: "    static var file: String { \"Journal\" + \".sqlite\" }"))
        assertStillMigrates(analysis)
    }

    /// A move that copies the old file over first (`migratePersistentStore`) keeps users' rows: it migrates.
    func testAMoveThatCopiesTheOldStoreStillMigrates() throws {
        let (_, analysis) = try switchStack(
            to: persistence(
                """
                let folder = NSPersistentContainer.defaultDirectoryURL()
                let old = folder.appendingPathComponent("Journal.sqlite")
                let new = folder.appendingPathComponent("Shared.sqlite")
                let coordinator = container.persistentStoreCoordinator
                if let store = try? coordinator.addPersistentStore(
                    ofType: NSSQLiteStoreType, configurationName: nil, at: old, options: nil) {
                    _ = try? coordinator.migratePersistentStore(
                        store, to: new, options: nil, withType: NSSQLiteStoreType)
                }
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: new)]
                """))
        assertStillMigrates(analysis)
    }

    /// A file read at run time cannot be told: nothing is said to be left behind, and the step is judged.
    func testAFileReadAtRunTimeIsNoMove() throws {
        let (_, analysis) = try switchStack(
            to: persistence(
                """
                let name = UserDefaults.standard.string(forKey: "store") ?? "Journal"
                let folder = NSPersistentContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent(name)
                """))
        assertStillMigrates(analysis)
    }

    /// An in-memory description for previews beside the container's own file, and an empty model opened to destroy a
    /// file: neither is a store of the app's, so the lock records the container's own file.
    func testInMemoryAndEmptyModelStacksAreNoStores() throws {
        try write(
            "Journal/Persistence.swift",
            """
            import CoreData

            final class Persistence {
                let container: NSPersistentContainer

                init(inMemory: Bool = false) {
                    container = NSPersistentContainer(name: "Journal")
                    if inMemory {
                        container.persistentStoreDescriptions.first?.url = URL(fileURLWithPath: "/dev/null")
                    }
                    container.loadPersistentStores { _, _ in }
                }

                static func destroy(at url: URL) throws {
                    let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())
                    try coordinator.destroyPersistentStore(at: url, ofType: NSSQLiteStoreType)
                    _ = try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url)
                }
            }
            """)
        XCTAssertEqual(
            heldIn(TestSupport.lock(try analyze())), [["file:⟨Application Support⟩/Journal.sqlite"]])
    }

    // MARK: upgrades and lock

    /// `upgrades` says the old file's versions are left behind; `lock --accept` retires them.
    func testUpgradesAndAcceptingAMove() throws {
        let (lockfile, analysis) = try switchStack(
            to: persistence(
                """
                let folder = NSPersistentContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appending(path: "Journal2.sqlite")
                """))
        XCTAssertEqual(
            analysis.upgrades.rows.map { "\($0.name): \(UpgradeReport.describe($0.outcome)[0])" }.first,
            "Journal.xcdatamodeld/Journal: not opened: it was locked in Journal.sqlite, which no app container opens "
                + "any more; users' data there is left behind")
        var request = Locker.Request()
        request.accept = ["Journal.xcdatamodeld"]
        request.reason = "a cache"
        let accepted = Locker.plan(analysis, existing: lockfile, request: request).lockfile
        let versions = accepted.coreData?["Journal.xcdatamodeld"]?.versions ?? [:]
        XCTAssertEqual(versions["Journal"]?.retired, "a cache")
        XCTAssertEqual(versions["Journal 3"]?.heldIn, ["file:⟨Application Support⟩/Journal2.sqlite"])
        XCTAssertEqual(try analyze(accepted).findings.filter { $0.rule == "store_abandoned" }, [])
    }

    // MARK: Migration the app does itself

    /// Automatic migration turned off with no migrator in the sources: whether the step works cannot be told, so
    /// no finding rests on it and `upgrades` says so.
    func testAutomaticMigrationOffWithNoMigratorInSightCannotBeTold() throws {
        let (_, analysis) = try switchStack(
            to: persistence(
                """
                let description = container.persistentStoreDescriptions.first
                description?.shouldMigrateStoreAutomatically = false
                description?.shouldInferMappingModelAutomatically = false
                StoreMigrations.runIfNeeded(container)
                """))
        XCTAssertEqual(analysis.findings.filter { $0.severity != .note }.map(\.rule), [])
        XCTAssertEqual(
            analysis.upgrades.rows.map { UpgradeReport.describe($0.outcome)[0] }.first?.hasPrefix("cannot tell"), true,
            "\(analysis.upgrades.rows.map { UpgradeReport.describe($0.outcome) })")
    }

    /// Inferred mapping turned off with automatic migration left on (kiwix-apple 1.9): Core Data migrates only
    /// through a mapping model from the store's version straight to the current one, so a step inference could make
    /// fails without one. Was read as "automatic migration off", and `upgrades` blamed the inference line for it.
    func testInferenceOffNeedsAMappingModelStraightToTheCurrentVersion() throws {
        let lockfile = TestSupport.lock(try analyze())
        let stacks = [
            persistence(
                """
                let description = container.persistentStoreDescriptions.first
                description?.shouldMigrateStoreAutomatically = true
                description?.shouldInferMappingModelAutomatically = false
                """),
            persistence("container.persistentStoreDescriptions.first?.shouldInferMappingModelAutomatically = false"),
            // A static member of another type, declared in another file.
            persistence(
                "container.persistentStoreDescriptions.first?.shouldInferMappingModelAutomatically = "
                    + "StoreSettings.infersMappings"),
            // A parameter's default.
            persistence(
                "configure(container.persistentStoreDescriptions.first!)",
                members: """

                    func configure(_ description: NSPersistentStoreDescription, inferring: Bool = false) {
                        description.shouldInferMappingModelAutomatically = inferring
                    }
                """),
        ]
        try write("Journal/StoreSettings.swift", "enum StoreSettings {\n    static let infersMappings = false\n}\n")
        // Journal 3 adds an attribute with a default: a step inference makes.
        try TestSupport.setCurrentVersion("Journal 3", of: app.appendingPathComponent("Journal/Journal.xcdatamodeld"))
        XCTAssertEqual(try analyze(lockfile).findings.filter { $0.severity != .note }.map(\.rule), [])
        for stack in stacks {
            try write("Journal/Persistence.swift", stack)
            let analysis = try analyze(lockfile)
            let errors = analysis.findings.filter { $0.severity == .error }
            XCTAssertEqual(errors.map(\.rule), ["lightweight_unsupported_change"], stack)
            XCTAssertTrue(
                errors.first?.message.headline.contains("changed while inferred mapping is off") == true,
                "\(errors.map(\.message.headline))")
            let verdicts = analysis.upgrades.rows.map { UpgradeReport.describe($0.outcome).joined(separator: " ") }
            XCTAssertTrue(
                verdicts.contains { $0.hasPrefix("fails") && $0.contains("inferred mapping off (Journal/Persistence") },
                "\(verdicts)")
        }
        // A setting read at run time: whether Core Data infers cannot be told, so no finding and no verdict rest on it.
        try write(
            "Journal/Persistence.swift",
            persistence(
                "container.persistentStoreDescriptions.first?.shouldInferMappingModelAutomatically = "
                    + "UserDefaults.standard.bool(forKey: \"infers\")"))
        let unread = try analyze(lockfile)
        XCTAssertEqual(unread.findings.filter { $0.severity != .note }.map(\.rule), [])
        let verdicts = unread.upgrades.rows.map { UpgradeReport.describe($0.outcome).joined(separator: " ") }
        XCTAssertTrue(verdicts.contains { $0.hasPrefix("cannot tell") }, "\(verdicts)")
        XCTAssertFalse(verdicts.contains { $0.hasPrefix("fails") }, "\(verdicts)")
    }

    /// A second bundle no stack opens (wallabag compiled a `Shared` model its only stack never loaded): `lock`
    /// records its versions as held in no file, and deleting the bundle loses nothing. Where a stack's model cannot
    /// be read, or the lockfile says nothing of files, the deletion is still reported.
    func testABundleNoStackOpensLeavesNothingBehindWhenDeleted() throws {
        let drafts = app.appendingPathComponent("Journal/Drafts.xcdatamodeld")
        try FileManager.default.copyItem(
            at: app.appendingPathComponent("Journal/Journal.xcdatamodeld"), to: drafts)
        let lockfile = TestSupport.lock(try analyze())
        XCTAssertEqual(
            Set(lockfile.coreData?["Drafts.xcdatamodeld"]?.versions.values.map { $0.heldIn ?? ["?"] } ?? []), [[]])
        // The same through the built binary, which reads the whole app from its root.
        XCTAssertEqual(try TestSupport.run(["lock"], in: app).status, 0)
        let written = try JSONSerialization.jsonObject(
            with: Data(contentsOf: app.appendingPathComponent("schemalint.lock"))) as? [String: Any]
        let bundle = ((written?["coreData"] as? [String: Any])?["Drafts.xcdatamodeld"] as? [String: Any])
        let versions = (bundle?["versions"] as? [String: [String: Any]]) ?? [:]
        XCTAssertFalse(versions.isEmpty)
        XCTAssertTrue(versions.values.allSatisfy { ($0["heldIn"] as? [String]) == [] }, "\(versions)")
        try FileManager.default.removeItem(at: app.appendingPathComponent("schemalint.lock"))
        try FileManager.default.removeItem(at: drafts)
        XCTAssertEqual(try analyze(lockfile).findings.filter { $0.severity != .note }.map(\.rule), [])

        var unknown = lockfile
        for name in unknown.coreData?["Drafts.xcdatamodeld"]?.versions.keys.sorted() ?? [] {
            unknown.coreData?["Drafts.xcdatamodeld"]?.versions[name]?.heldIn = nil
        }
        XCTAssertEqual(
            try analyze(unknown).findings.filter { $0.severity != .note }.map(\.rule), ["shipped_schema_removed"])

        try FileManager.default.copyItem(
            at: app.appendingPathComponent("Journal/Journal.xcdatamodeld"), to: drafts)
        try write(
            "Journal/Persistence.swift",
            """
            import CoreData

            final class Persistence {
                let container: NSPersistentContainer
                init(modelName: String) {
                    container = NSPersistentContainer(name: modelName)
                    container.loadPersistentStores { _, _ in }
                }
            }
            """)
        let unread = TestSupport.lock(try analyze())
        XCTAssertNil(unread.coreData?["Drafts.xcdatamodeld"]?.versions.values.first?.heldIn ?? nil)
        try FileManager.default.removeItem(at: drafts)
        XCTAssertEqual(
            try analyze(unread).findings.filter { $0.severity != .note }.map(\.rule), ["shipped_schema_removed"])
    }

    /// The same with an `NSMigrationManager` in the sources: the store is walked version by version, and a step no
    /// mapping can make is still reported.
    func testAMigratorInSightIsJudgedStepByStep() throws {
        let (_, analysis) = try switchStack(
            to: persistence(
                "container.persistentStoreDescriptions.first?.shouldMigrateStoreAutomatically = false",
                members: """

                    func migrate(from source: NSManagedObjectModel, to destination: NSManagedObjectModel, at url: URL)
                        throws
                    {
                        let mapping = try NSMappingModel.inferredMappingModel(
                            forSourceModel: source, destinationModel: destination)
                        let manager = NSMigrationManager(sourceModel: source, destinationModel: destination)
                        try manager.migrateStore(
                            from: url, sourceType: NSSQLiteStoreType, options: nil, with: mapping,
                            toDestinationURL: url, destinationType: NSSQLiteStoreType, destinationOptions: nil)
                    }
                """))
        assertStillMigrates(analysis)
    }

    /// Stacks are parsed where a model bundle is (an app without one parses none, see ParseSelectionTests), except in
    /// test targets: a test's stack opens no user's store, so a test that opens another file is no move.
    func testStacksInTestsAreNotReadAsTheAppsStores() throws {
        let lockfile = TestSupport.lock(try analyze())
        try write("Journal/Persistence.swift", persistence(""))
        try write(
            "JournalTests/StackTests.swift",
            """
            import CoreData
            import XCTest

            final class StackTests: XCTestCase {
                func testOpens() {
                    let container = NSPersistentContainer(name: "Journal")
                    container.persistentStoreDescriptions.first?.url = URL(fileURLWithPath: "/tmp/Scratch.sqlite")
                    container.loadPersistentStores { _, _ in }
                }
            }
            """)
        try moveToAnUninferableVersion()
        let analysis = try analyze(lockfile)
        XCTAssertEqual(analysis.statistics.filesParsed, 1, "the app's stack, not the test's")
        assertStillMigrates(analysis)
        try write(
            "Journal/Persistence.swift",
            persistence(
                "container.persistentStoreDescriptions.first?.url = URL(fileURLWithPath: \"/tmp/Scratch.sqlite\")"))
        assertLeftBehind(try analyze(lockfile), at: 7, now: "Scratch.sqlite")
    }

    /// `check --verbose` says which file each stack opens, or why it cannot be told.
    func testVerboseNamesEachStacksFile() throws {
        try write(
            "Journal/Widget.swift",
            """
            import CoreData

            func widgetContainer(path: String) -> NSPersistentContainer {
                let container = NSPersistentContainer(name: "Journal")
                container.persistentStoreDescriptions.first?.url = URL(fileURLWithPath: path)
                return container
            }

            func exportContainer(_ url: URL) -> NSPersistentContainer {
                let container = NSPersistentContainer(name: "Journal")
                container.persistentStoreDescriptions.first?.url = url
                return container
            }
            """)
        // Called in a file the first pass skips and no project puts in a target: pass 2 reads it (with no project
        // saying which targets compile the stack, any file outside tests may build it), so the call names the file.
        try write("Journal/WidgetStore.swift", "let widgetStore = widgetContainer(path: \"/tmp/widget.sqlite\")\n")
        let run = try TestSupport.run(["check", "--verbose"], in: app)
        let lines = (run.stdout + run.stderr).split(separator: "\n").filter {
            $0.hasPrefix("schemalint: app .: Core Data stack")
        }
        let expected: [String] = [
                "schemalint: app .: Core Data stack at Journal/Persistence.swift:9:21 opens "
                    + "⟨Application Support⟩/Journal.sqlite with model Journal",
                "schemalint: app .: Core Data stack at Journal/Widget.swift:5:56 opens widget.sqlite with model "
                    + "Journal",
                // A parameter without a label is named by its place, never by an internal name.
                "schemalint: app .: Core Data stack at Journal/Widget.swift:11:56 opens a file that cannot be told "
                    + "(no call of `exportContainer` in the files read passes its first argument) with model Journal",
            ]
        XCTAssertEqual(lines.map(String.init), expected, run.stdout + run.stderr)
        // The file that cannot be told is said in plain `check` too, where the stack opens it.
        let plain = try TestSupport.run(["check"], in: app)
        let notes = (plain.stdout + plain.stderr).split(separator: "\n").filter { $0.contains("Core Data stack") }
        XCTAssertEqual(
            notes.map(String.init),
            [
                "schemalint: note: Journal/Widget.swift:11:56: which file this Core Data stack opens cannot be told "
                    + "(no call of `exportContainer` in the files read passes its first argument): a move or rename "
                    + "of its store file is not reported",
                "schemalint: note: Journal/Widget.swift:5:56: the folder of the file widget.sqlite this Core Data "
                    + "stack opens cannot be told: a move of it to another folder is not reported",
            ], plain.stdout + plain.stderr)
    }
}

extension CoreDataStoreFileTests {
    /// The new file named by a literal, given to `NSPersistentStoreDescription(url:)` in the stack, or passed to a
    /// function of another type in another file that builds the URL: the old file's versions are left behind, so the
    /// step to Journal 3 is no migration anyone runs (no `lightweight_unsupported_change`, one `store_abandoned`).
    /// The control names the old file by the same literal: the store migrates, and the blocker is reported.
    func testAFileNamedByALiteralInADescription() throws {
        let direct = persistence(
            """
            let folder = NSPersistentContainer.defaultDirectoryURL()
            let description = NSPersistentStoreDescription(url: folder.appendingPathComponent("Journal_v2.sqlite"))
            container.persistentStoreDescriptions = [description]
            """)
        var (_, analysis) = try switchStack(to: direct)
        assertLeftBehind(analysis, at: 8, now: "Journal_v2.sqlite")

        setUpWithErrorOrFail()
        (_, analysis) = try switchStack(
            to: persistence(
                """
                let description = NSPersistentStoreDescription(url: StoreLocations.url(of: "Journal_v2.sqlite"))
                container.persistentStoreDescriptions = [description]
                """),
            others: [
                "Journal/StoreLocations.swift": """
                    import CoreData

                    enum StoreLocations {
                        static func url(of file: String) -> URL {
                            NSPersistentContainer.defaultDirectoryURL().appendingPathComponent(file)
                        }
                    }
                    """
            ])
        assertLeftBehind(analysis, at: 7, now: "Journal_v2.sqlite")

        setUpWithErrorOrFail()
        let same = direct.replacingOccurrences(of: "Journal_v2.sqlite", with: "Journal.sqlite")
        (_, analysis) = try switchStack(to: same)
        assertStillMigrates(analysis)
        XCTAssertEqual(analysis.findings.filter { $0.rule == "store_abandoned" }, [])
    }

    /// A fresh copy of the fixture, for a test that switches stacks more than once.
    func setUpWithErrorOrFail() {
        XCTAssertNoThrow(try setUpWithError())
    }
}

extension CoreDataStoreFileTests {
    /// The stack's file named by a value declared in a file with no Core Data or SwiftData word, which pass 1 skips:
    /// the name not found is looked for where it is declared, that file alone is read, and the new file is told.
    func testAFileNamedByAValueDeclaredInAFileTheFilterSkips() throws {
        let spellings: [(String, use: String, file: String)] = [
            ("a top-level let", "journalFile", "let journalFile = \"Entries.sqlite\"\n"),
            (
                "a static let in an enum", "StoreNames.journal",
                "enum StoreNames {\n    static let journal = \"Entries.sqlite\"\n}\n"
            ),
            (
                "a static member an extension of the stack adds", "Self.journalFile",
                "extension Persistence {\n    static let journalFile = \"Entries.sqlite\"\n}\n"
            ),
            (
                "a top-level computed var", "journalFile",
                "var journalFile: String {\n    \"Entries.sqlite\"\n}\n"
            ),
        ]
        for (name, use, declaration) in spellings {
            setUpWithErrorOrFail()
            let (_, analysis) = try switchStack(
                to: persistence(
                    """
                    let folder = NSPersistentContainer.defaultDirectoryURL()
                    container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent(\(use))
                    """),
                others: [
                    "Journal/Support/Names.swift": "import Foundation\n\n" + declaration,
                    // Mentions the name, declares nothing: never read.
                    "Journal/Support/Log.swift": "func log() {\n    print(\"journalFile\", StoreNames.self)\n}\n",
                ])
            XCTAssertEqual(analysis.statistics.filesParsed, 2, name)
            let findings = analysis.findings.filter { $0.severity != .note }
            XCTAssertEqual(
                TestSupport.summary(findings), ["store_abandoned Journal/Persistence.swift:8"],
                "\(name): \(findings.map(\.message.text))")
        }
    }

    /// A name no file declares cannot be told: the step is judged as a migration, and plain `check` says once why
    /// the stack's file cannot be told.
    func testAFileNamedByAValueNoFileDeclaresCannotBeTold() throws {
        let (_, analysis) = try switchStack(
            to: persistence(
                """
                let folder = NSPersistentContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent(journalFile)
                """),
            others: ["Journal/Support/Log.swift": "func log() {\n    print(\"journalFile\")\n}\n"])
        XCTAssertEqual(analysis.statistics.filesParsed, 1)
        assertStillMigrates(analysis)
        let plain = try TestSupport.run(["check"], in: app)
        let notes = (plain.stdout + plain.stderr).split(separator: "\n").filter { $0.contains("Core Data stack") }
        XCTAssertEqual(
            notes.map(String.init),
            [
                "schemalint: note: Journal/Persistence.swift:8:60: which file this Core Data stack opens cannot be "
                    + "told (`journalFile` is not a constant schemalint can find (Journal/Persistence.swift:8:90)): "
                    + "a move or rename of its store file is not reported"
            ], plain.stdout + plain.stderr)
    }
}
