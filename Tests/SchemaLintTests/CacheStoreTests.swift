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

    // MARK: Core Data

    /// Fixtures/CoreData/Apps/Journal with `stack` as its Persistence.swift, locked, then moved to a `Journal 3`
    /// that renames `Entry.body` to `bodyText` with no renaming identifier: the `rename_without_original_name`
    /// findings of the check against that lockfile, as `severity headline`.
    func coreDataRename(_ url: String) throws -> [String] {
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
            }
            """
        try Data(stack.utf8).write(to: app.appendingPathComponent("Journal/Persistence.swift"))
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
}
