import SchemaLintEngine
import XCTest

/// An app that answers a store failing to open by rewriting the store's version metadata itself, then opening it
/// again, decides with its own code whether an old store opens: `shipped_schema_edited` and
/// `shipped_version_not_in_plan` say so in a note that names the repair, instead of predicting a launch failure. Each
/// spelling of the repair (in the `catch`, in a function it calls, in another file's type, through a static member),
/// and the controls that stay errors: a `catch` that only retries, one that only reads the metadata, a repair of
/// another container.
final class StoreRepairTests: XCTestCase {
    static func schema(editedInPlace: Bool, listsV1: Bool = true) -> String {
        """
        import SwiftData

        enum JournalV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Entry.self] }
            @Model final class Entry {
                var text: String = ""
                \(editedInPlace ? "var tag: String?" : "")
                init() {}
            }
        }

        enum JournalV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Entry.self] }
            @Model final class Entry {
                var text: String = ""
                var mood: Int = 0
                init() {}
            }
        }

        enum JournalV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [Entry.self] }
            @Model final class Entry {
                var text: String = ""
                var mood: Int = 0
                var starred: Bool = false
                init() {}
            }
        }

        enum JournalPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] {
                [\(listsV1 ? "JournalV1.self, " : "")JournalV2.self, JournalV3.self]
            }
            static var stages: [MigrationStage] {
                [
                    \(listsV1 ? ".lightweight(fromVersion: JournalV1.self, toVersion: JournalV2.self)," : "")
                    .lightweight(fromVersion: JournalV2.self, toVersion: JournalV3.self),
                ]
            }
        }
        """
    }

    /// The container, opened by `makeContainer()`; `open` is the code that calls it and handles a failure.
    static func store(_ open: String) -> String {
        """
        import SwiftData
        import Foundation
        import SQLite3

        final class Persistence {
            let url = URL.applicationSupportDirectory.appending(path: "Journal.store")

            \(open.replacingOccurrences(of: "\n", with: "\n    "))

            func makeContainer() throws -> ModelContainer {
                try ModelContainer(
                    for: JournalV3.Entry.self, migrationPlan: JournalPlan.self,
                    configurations: ModelConfiguration(url: url))
            }
        }
        """
    }

    /// Findings of `rule` after locking the shipped schema and checking `schema` with the app's code.
    func findings(
        schema: String, open: String, extra: [String: String] = [:], rule: RuleID
    ) -> [Finding] {
        var files = ["Journal/Schema.swift": Self.schema(editedInPlace: false), "Journal/Store.swift": Self.store(open)]
        files.merge(extra) { _, new in new }
        let lockfile = TestSupport.lock(TestSupport.analyze(files))
        files["Journal/Schema.swift"] = schema
        return TestSupport.analyze(files, lockfile: lockfile).findings.filter { $0.rule == rule }
    }

    static let doctor = """
        import Foundation
        import SQLite3
        import SwiftData

        final class StoreDoctor {
            func repairIfNeeded(storeURL: URL) throws {
                // The version metadata a fresh store of today's models would have.
                _ = ModelConfiguration(url: FileManager.default.temporaryDirectory.appending(path: "reference.store"))
                var database: OpaquePointer?
                guard sqlite3_open(storeURL.path, &database) == SQLITE_OK else { return }
                try write(database, "UPDATE Z_METADATA SET Z_PLIST = ? WHERE Z_VERSION = 1")
            }

            private func write(_ database: OpaquePointer?, _ sql: String) throws {
                sqlite3_exec(database, sql, nil, nil, nil)
            }
        }
        """

    static let staticRepair = """
        import Foundation
        import SQLite3
        import SwiftData

        enum MetadataPatch {
            /// Patches the store `configuration` opens.
            static func apply(to configuration: ModelConfiguration) {
                let url = configuration.url
                var database: OpaquePointer?
                sqlite3_open(url.path, &database)
                sqlite3_exec(database, "insert or replace into Z_METADATA (Z_VERSION, Z_PLIST) values (1, NULL)", nil,
                    nil, nil)
            }
        }
        """

    /// Every spelling of a repair: `open` code, and files it needs.
    static let repairs: [(name: String, open: String, extra: [String: String])] = [
        (
            "a function of the same type, SQL on Z_METADATA",
            """
            func open() -> ModelContainer {
                do {
                    return try makeContainer()
                } catch {
                    rewriteMetadata()
                    return try! makeContainer()
                }
            }

            private func rewriteMetadata() {
                var database: OpaquePointer?
                sqlite3_open(url.path, &database)
                sqlite3_exec(database, "UPDATE Z_METADATA SET Z_PLIST = NULL", nil, nil, nil)
            }
            """,
            [:]
        ),
        (
            "a service of another file, reached through a stored property",
            """
            let doctor = StoreDoctor()
            var container: ModelContainer?

            func start() {
                do {
                    container = try makeContainer()
                } catch {
                    try? doctor.repairIfNeeded(storeURL: url)
                    container = try? makeContainer()
                }
            }
            """,
            ["Journal/StoreDoctor.swift": doctor]
        ),
        (
            "Core Data's setMetadata in the catch",
            """
            func open() throws -> ModelContainer {
                do {
                    return try makeContainer()
                } catch {
                    var metadata = try NSPersistentStoreCoordinator.metadataForPersistentStore(
                        ofType: NSSQLiteStoreType, at: url)
                    metadata["NSStoreModelVersionIdentifiers"] = ["2.0.0"]
                    try NSPersistentStoreCoordinator.setMetadata(metadata, forPersistentStoreOfType: NSSQLiteStoreType,
                        at: url)
                    return try makeContainer()
                }
            }
            """,
            [:]
        ),
        (
            "a static member of another type, SQL verbs in lower case",
            """
            func open() -> ModelContainer? {
                if let container = try? makeContainer() { return container }
                MetadataPatch.apply(to: ModelConfiguration(url: url))
                return try? makeContainer()
            }
            """,
            ["Journal/MetadataPatch.swift": staticRepair]
        ),
    ]

    func testAnEditOfAShippedVersionIsANoteWhenTheAppRepairsItsStore() {
        for repair in Self.repairs {
            let found = findings(
                schema: Self.schema(editedInPlace: true), open: repair.open, extra: repair.extra,
                rule: .shippedSchemaEdited)
            XCTAssertEqual(found.map(\.severity), [.note], "\(repair.name): \(TestSupport.summary(found))")
            XCTAssertEqual(found.first?.notes.count, 1, repair.name)
            XCTAssertTrue(
                found.first?.message.text.contains("only if the app's repair covers the change") == true,
                "\(repair.name): \(found.first?.message.text ?? "")")
        }
    }

    func testAVersionDroppedFromThePlanIsANoteWhenTheAppRepairsItsStore() {
        for repair in Self.repairs {
            let found = findings(
                schema: Self.schema(editedInPlace: false, listsV1: false), open: repair.open, extra: repair.extra,
                rule: .shippedVersionNotInPlan)
            XCTAssertEqual(found.map(\.severity), [.note], "\(repair.name): \(TestSupport.summary(found))")
        }
    }

    /// Controls: nothing rewrites the metadata, so the stores fail to open as before.
    func testACatchThatRetriesReadsOrRepairsAnotherStoreStaysAnError() {
        let controls: [(String, String, [String: String])] = [
            (
                "a retry alone",
                """
                func open() -> ModelContainer {
                    do { return try makeContainer() } catch { return try! makeContainer() }
                }
                """,
                [:]
            ),
            (
                "a catch that only reads the metadata",
                """
                func open() -> ModelContainer {
                    do {
                        return try makeContainer()
                    } catch {
                        var database: OpaquePointer?
                        sqlite3_open(url.path, &database)
                        sqlite3_exec(database, "SELECT Z_PLIST FROM Z_METADATA LIMIT 1", nil, nil, nil)
                        return try! makeContainer()
                    }
                }
                """,
                [:]
            ),
            (
                "a repair of another container's store",
                """
                func open() -> ModelContainer {
                    do {
                        let scratch = URL.cachesDirectory.appending(path: "Scratch.store")
                        _ = try ModelContainer(for: JournalV3.Entry.self,
                            configurations: ModelConfiguration(url: scratch))
                    } catch {
                        try? StoreDoctor().repairIfNeeded(storeURL: url)
                    }
                    return try! makeContainer()
                }
                """,
                ["Journal/StoreDoctor.swift": Self.doctor]
            ),
        ]
        for (name, open, extra) in controls {
            let edited = findings(
                schema: Self.schema(editedInPlace: true), open: open, extra: extra, rule: .shippedSchemaEdited)
            XCTAssertEqual(edited.map(\.severity), [.error], "\(name): \(TestSupport.summary(edited))")
            XCTAssertEqual(edited.first?.notes.contains { $0.text.contains("rewrites its version metadata") }, false)
            let dropped = findings(
                schema: Self.schema(editedInPlace: false, listsV1: false), open: open, extra: extra,
                rule: .shippedVersionNotInPlan)
            XCTAssertEqual(dropped.map(\.severity), [.error], "\(name): \(TestSupport.summary(dropped))")
        }
    }
}
