import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Data-loss findings about a store that is evidently a cache (issue 50): kept in Caches, named as a cache or in a
/// folder named so, the app fetches again what a migration drops, so `data_dropped` and
/// `rename_without_original_name` say it as a note and say why. A store nothing says is a cache stays a warning.
final class CacheStoreTests: XCTestCase {
    /// A feed reader whose V1 → V2 step drops `Story.score` and renames `Story.headline` to `headlineText`, its
    /// container opened with `configuration` (and `helpers` beside it).
    func feed(_ configuration: String, helpers: String = "") -> [String: String] {
        [
            "Feed/Schema.swift": """
            import SwiftData

            enum FeedV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Story.self] }
                @Model final class Story {
                    var headline: String = ""
                    var score: Int = 0
                    init() {}
                }
            }

            enum FeedV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Story.self] }
                @Model final class Story {
                    var headlineText: String = ""
                    init() {}
                }
            }

            enum FeedPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [FeedV1.self, FeedV2.self] }
                static var stages: [MigrationStage] { [] }
            }
            """,
            "Feed/FeedApp.swift": """
            import Foundation
            import SwiftData
            import SwiftUI

            \(helpers)

            @main struct FeedApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: FeedV2.self), migrationPlan: FeedPlan.self,
                    configurations: \(configuration))
                var body: some Scene { WindowGroup { Text("Feed") }.modelContainer(container) }
            }
            """,
        ]
    }

    /// The data-loss findings as `rule severity headline`.
    func losses(_ files: [String: String], readsWholeApp: Bool = true) -> [String] {
        TestSupport.analyze(files, readsWholeApp: readsWholeApp).findings
            .filter { [.dataDropped, .renameWithoutOriginalName].contains($0.rule) }
            .map { "\($0.rule) \($0.severity) \($0.message.headline)" }.sorted()
    }

    func testASwiftDataStoreThatIsEvidentlyACacheLosesDataAsANote() {
        let spellings: [(String, String, String)] = [
            (
                "URL.cachesDirectory", "ModelConfiguration(url: URL.cachesDirectory.appending(path: \"Feed.store\"))",
                ""
            ),
            (
                "FileManager's caches folder, through a helper", "ModelConfiguration(url: Paths.feed)",
                """
                enum Paths {
                    static var feed: URL {
                        let folder = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
                        return folder.appendingPathComponent("Feed.store")
                    }
                }
                """
            ),
            ("a store named as a cache", "ModelConfiguration(\"StoryCache\")", ""),
            (
                "a folder named as a cache",
                "ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Cache/Feed.store\"))", ""
            ),
        ]
        for (name, configuration, helpers) in spellings {
            let found = losses(feed(configuration, helpers: helpers))
            XCTAssertEqual(found.count, 2, "\(name): \(found)")
            for line in found {
                XCTAssertTrue(line.contains(" note "), "\(name): \(line)")
                XCTAssertTrue(line.contains("the app can refill it") || line.contains("in a cache store"), line)
            }
        }
        let detail = TestSupport.analyze(
            feed("ModelConfiguration(url: URL.cachesDirectory.appending(path: \"Feed.store\"))"), readsWholeApp: true
        ).findings.first { $0.rule == .dataDropped }?.message.detail
        XCTAssertTrue(detail?.contains("The store is kept in Caches") == true, detail ?? "no data_dropped")
    }

    /// The controls: an Application Support store named `Main.sqlite`, the default store, a cache beside a store
    /// that is not one, and a cache's folder when the whole app was not read: warnings, as before.
    func testAStoreNothingSaysIsACacheStaysAWarning() {
        let controls: [(String, [String: String], Bool)] = [
            (
                "Main.sqlite in Application Support",
                feed("ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Main.sqlite\"))"),
                true
            ),
            ("the default store", feed("ModelConfiguration()"), true),
            (
                "a cache and a library",
                feed(
                    "ModelConfiguration(\"StoryCache\"), ModelConfiguration(url: "
                        + "URL.documentsDirectory.appending(path: \"Library.store\"))"), true
            ),
            (
                "part of the app read",
                feed("ModelConfiguration(url: URL.cachesDirectory.appending(path: \"Feed.store\"))"), false
            ),
        ]
        for (name, files, whole) in controls {
            let found = losses(files, readsWholeApp: whole)
            XCTAssertEqual(found.count, 2, "\(name): \(found)")
            XCTAssertTrue(found.allSatisfy { $0.contains(" warning ") }, "\(name): \(found)")
        }
    }

    // MARK: Deleted and refilled

    /// The store `Feed.store` in Application Support, named nowhere as a cache, with `code` beside the app (or in
    /// `file`).
    func refilled(_ code: String, file: String? = nil) -> [String: String] {
        var files = feed(
            "ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Feed.store\"))",
            helpers: file == nil ? code : "")
        if let file { files[file] = "import Foundation\nimport SwiftData\n\n" + code }
        return files
    }

    /// The app empties the whole store at logout, on a refresh, when its version changes, in a wipe its sign-out
    /// calls: the rows come back from the server, so what a migration loses there is a note that says where.
    func testAStoreTheAppDeletesAndRefillsLosesDataAsANote() {
        let spellings: [(String, [String: String], String)] = [
            (
                "each model deleted at logout, in another file",
                refilled(
                    """
                    final class Session {
                        let container: ModelContainer
                        init(container: ModelContainer) { self.container = container }
                        func logout() throws {
                            try container.mainContext.delete(model: FeedV2.Story.self)
                            try container.mainContext.save()
                        }
                    }
                    """, file: "Feed/Session.swift"), "Session.swift:8"
            ),
            (
                "deleteAllData in a refresh function",
                refilled(
                    """
                    func refreshFeed(_ container: ModelContainer) {
                        container.deleteAllData()
                    }
                    """), "FeedApp.swift:6"
            ),
            (
                "the store's URL, a static member of another type, deleted when the version changes",
                refilled(
                    """
                    enum StoreFiles {
                        static let feedStore = URL.applicationSupportDirectory.appending(path: "Feed.store")
                    }
                    enum Maintenance {
                        static func prepare(_ container: ModelContainer, current: String) {
                            if UserDefaults.standard.string(forKey: "lastVersion") != current {
                                try? FileManager.default.removeItem(at: StoreFiles.feedStore)
                            }
                        }
                    }
                    """, file: "Feed/Maintenance.swift"), "Maintenance.swift:10"
            ),
            (
                "the store's files deleted by a helper sign-out calls",
                refilled(
                    """
                    func signOut() {
                        wipe()
                    }
                    private func wipe() {
                        for suffix in ["", "-wal", "-shm"] {
                            let url = URL.applicationSupportDirectory.appending(path: "Feed.store" + suffix)
                            try? FileManager.default.removeItem(at: url)
                        }
                    }
                    """), "FeedApp.swift:11"
            ),
        ]
        for (name, files, place) in spellings {
            let found = losses(files)
            XCTAssertEqual(found.count, 2, "\(name): \(found)")
            XCTAssertTrue(found.allSatisfy { $0.contains(" note ") }, "\(name): \(found)")
            let details = TestSupport.analyze(files, readsWholeApp: true).findings
                .filter { [.dataDropped, .renameWithoutOriginalName].contains($0.rule) }.map(\.message.detail)
            for detail in details {
                XCTAssertTrue(
                    detail.contains("The app deletes and refills this store at \(place), so"), "\(name): \(detail)")
            }
        }
        let detail = TestSupport.analyze(
            refilled("func refreshFeed(_ container: ModelContainer) {\n    container.deleteAllData()\n}"),
            readsWholeApp: true
        ).findings.first { $0.rule == .dataDropped }?.message.detail
        XCTAssertTrue(
            detail?.contains("The app deletes and refills this store at FeedApp.swift:6, so what it loses") == true,
            detail ?? "no data_dropped")
    }

    /// The controls: a delete only where a failed open leads (written there, or in a reset only that path calls),
    /// one row deleted, a model's rows matching a predicate, the user's own "erase everything", another file
    /// deleted: nothing says the app refills the store, so warnings.
    func testADeleteThatIsNoRefillLeavesAWarning() {
        let controls: [(String, String)] = [
            (
                "a delete in the catch of a failed open",
                """
                func openFeed() -> ModelContainer {
                    let url = URL.applicationSupportDirectory.appending(path: "Feed.store")
                    do {
                        return try ModelContainer(
                            for: Schema(versionedSchema: FeedV2.self), migrationPlan: FeedPlan.self,
                            configurations: ModelConfiguration(url: url))
                    } catch {
                        try? FileManager.default.removeItem(at: url)
                        fatalError("cannot open")
                    }
                }
                """
            ),
            (
                "a reset only the catch of a failed open calls",
                """
                func openFeed() -> ModelContainer? {
                    do {
                        return try ModelContainer(
                            for: Schema(versionedSchema: FeedV2.self), migrationPlan: FeedPlan.self,
                            configurations: ModelConfiguration(
                                url: URL.applicationSupportDirectory.appending(path: "Feed.store")))
                    } catch {
                        resetStore()
                        return nil
                    }
                }
                func resetStore() {
                    let folder = URL.applicationSupportDirectory
                    try? FileManager.default.removeItem(at: folder.appending(path: "Feed.store"))
                }
                """
            ),
            (
                "one row, and a model's rows matching a predicate, deleted on refresh",
                """
                func refresh(_ context: ModelContext, _ story: FeedV2.Story) throws {
                    context.delete(story)
                    try context.delete(model: FeedV2.Story.self, where: #Predicate { $0.headlineText.isEmpty })
                }
                """
            ),
            (
                "the user's own erase",
                """
                func eraseEverything(_ container: ModelContainer) {
                    container.deleteAllData()
                }
                """
            ),
            (
                "another file deleted at logout",
                """
                func logout() {
                    let folder = URL.applicationSupportDirectory
                    try? FileManager.default.removeItem(at: folder.appending(path: "inbox.json"))
                }
                """
            ),
        ]
        for (name, code) in controls {
            let found = losses(refilled(code))
            XCTAssertEqual(found.count, 2, "\(name): \(found)")
            XCTAssertTrue(found.allSatisfy { $0.contains(" warning ") }, "\(name): \(found)")
        }
    }

    // MARK: Core Data

    /// Fixtures/CoreData/Apps/Journal with `stack` as its Persistence.swift, locked, then moved to a `Journal 3`
    /// that renames `Entry.body` to `bodyText` with no renaming identifier: the `rename_without_original_name`
    /// findings of the check against that lockfile, as `severity headline`.
    func coreDataRename(_ url: String, members: String = "", files: [String: String] = [:]) throws -> [String] {
        let app = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        let stack = """
            import CoreData

            final class Persistence {
                let container = NSPersistentContainer(name: "Journal")

                init() {
                    let url = \(url)
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                    container.loadPersistentStores { _, _ in }
                }
            \(members)
            }
            """
        try Data(stack.utf8).write(to: app.appendingPathComponent("Journal/Persistence.swift"))
        for (path, text) in files {
            try Data(text.utf8).write(to: app.appendingPathComponent(path))
        }
        let analyze = { (lockfile: Lockfile?) in
            try Analyzer(workingDirectory: app, threads: 2).analyze(paths: [], lockfile: lockfile)
        }
        let lockfile = TestSupport.lock(try analyze(nil))
        let bundle = app.appendingPathComponent("Journal/Journal.xcdatamodeld")
        try TestSupport.setCurrentVersion("Journal 3", of: bundle)
        try TestSupport.edit(bundle.appendingPathComponent("Journal 3.xcdatamodel/contents")) {
            $0.replacingOccurrences(of: "name=\"body\"", with: "name=\"bodyText\"")
        }
        let findings = try analyze(lockfile).findings
        TestSupport.assertMessagesAreShaped(findings)
        return findings.filter { $0.rule == .renameWithoutOriginalName }.map {
            "\($0.severity) \($0.message.headline) | \($0.message.detail)"
        }
    }

    func testACoreDataStoreThatIsEvidentlyACacheLosesARenameAsANote() throws {
        let spellings = [
            (
                "FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]"
                    + ".appendingPathComponent(\"Journal.sqlite\")", "kept in Caches"
            ),
            ("URL.cachesDirectory.appending(path: \"Journal.sqlite\")", "kept in Caches"),
            (
                "NSPersistentContainer.defaultDirectoryURL().appendingPathComponent(\"JournalCache.sqlite\")",
                "named JournalCache.sqlite"
            ),
            (
                "URL.documentsDirectory.appendingPathComponent(\"cache\").appendingPathComponent(\"Journal.sqlite\")",
                "in a folder named cache"
            ),
        ]
        for (url, reason) in spellings {
            let found = try coreDataRename(url)
            XCTAssertEqual(found.count, 1, "\(url): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("note ") == true, "\(url): \(found)")
            XCTAssertTrue(found.first?.contains("(in a cache store) |") == true, "\(url): \(found)")
            XCTAssertTrue(found.first?.contains("The store is \(reason), so what it loses") == true, "\(url): \(found)")
        }
    }

    /// The control: the same rename in `Main.sqlite` in Application Support stays a warning.
    func testACoreDataStoreNothingSaysIsACacheStaysAWarning() throws {
        let found = try coreDataRename("URL.applicationSupportDirectory.appendingPathComponent(\"Main.sqlite\")")
        XCTAssertEqual(found.map { $0.components(separatedBy: " | ")[0] }, [
            "warning Entry.body looks renamed to bodyText with no renaming identifier: migrating drops its values"
        ])
        XCTAssertFalse(found.first?.contains("cache") == true)
    }

    /// The Core Data store the app empties and refills: destroyed at logout, every entity's rows deleted in a
    /// reset or in a helper sign-out calls, its file deleted on a version change in another file.
    func testACoreDataStoreTheAppDeletesAndRefillsLosesARenameAsANote() throws {
        let main = "URL.applicationSupportDirectory.appendingPathComponent(\"Main.sqlite\")"
        let spellings: [(String, String, [String: String], String)] = [
            (
                "destroyPersistentStore at logout",
                """
                    func logout() throws {
                        let coordinator = container.persistentStoreCoordinator
                        try coordinator.destroyPersistentStore(
                            at: container.persistentStoreDescriptions[0].url!, type: .sqlite)
                    }
                """, [:], "Persistence.swift:13"
            ),
            (
                "every entity batch-deleted in a reset",
                """
                    func reset() throws {
                        for entity in container.managedObjectModel.entities {
                            let request = NSFetchRequest<NSFetchRequestResult>(entityName: entity.name!)
                            try container.viewContext.execute(NSBatchDeleteRequest(fetchRequest: request))
                        }
                    }
                """, [:], "Persistence.swift:14"
            ),
            (
                "every entity's objects deleted one by one, in a helper sign-out calls",
                """
                    func signOut() { deleteEverything() }
                    private func deleteEverything() {
                        let context = container.viewContext
                        let entities = container.persistentStoreCoordinator.managedObjectModel.entities
                        for entity in entities {
                            let request = NSFetchRequest<NSManagedObject>(entityName: entity.name!)
                            let objects = (try? context.fetch(request)) ?? []
                            objects.forEach { context.delete($0) }
                        }
                    }
                """, [:], "Persistence.swift:18"
            ),
            (
                "the file deleted on a version change, a static function of another type in another file", "",
                [
                    "Journal/Upgrade.swift": """
                    import CoreData

                    enum Upgrade {
                        static func onNewVersion(_ container: NSPersistentContainer) {
                            let folder = URL.applicationSupportDirectory
                            try? FileManager.default.removeItem(at: folder.appendingPathComponent("Main.sqlite"))
                        }
                    }
                    """
                ], "Upgrade.swift:6"
            ),
        ]
        for (name, members, files, place) in spellings {
            let found = try coreDataRename(main, members: members, files: files)
            XCTAssertEqual(found.count, 1, "\(name): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("note ") == true, "\(name): \(found)")
            XCTAssertTrue(
                found.first?.contains("The app deletes and refills this store at \(place), so") == true,
                "\(name): \(found)")
        }
        // The only stack, its file built where schemalint cannot read it: what empties the app's only store
        // empties it.
        let unread = try coreDataRename("Settings.storeLocation()", members: spellings[1].1)
        XCTAssertEqual(unread.count, 1, "\(unread)")
        XCTAssertTrue(unread.first?.hasPrefix("note ") == true, "\(unread)")
        XCTAssertTrue(
            unread.first?.contains("deletes and refills this store at Persistence.swift:14") == true, "\(unread)")
    }

    /// The controls: the store deleted in the load's completion (a failed load), one object deleted at logout:
    /// warnings.
    func testACoreDataDeleteThatIsNoRefillLeavesAWarning() throws {
        let main = "URL.applicationSupportDirectory.appendingPathComponent(\"Main.sqlite\")"
        let controls = [
            """
                func reload() {
                    container.loadPersistentStores { description, error in
                        if error != nil, let url = description.url { try? FileManager.default.removeItem(at: url) }
                    }
                }
            """,
            """
                func logout(_ entry: NSManagedObject) {
                    container.viewContext.delete(entry)
                }
            """,
        ]
        for members in controls {
            let found = try coreDataRename(main, members: members)
            XCTAssertEqual(found.count, 1, "\(members): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("warning ") == true, "\(members): \(found)")
        }
    }
}
