import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `store_deleted_on_failure`: a user's store deleted where a failed open or migration leads, each shape written the
/// ways Swift allows, with the silent controls; and the container opened again after such a delete, which
/// `container_without_migration_plan` leaves alone.
final class StoreDeletedOnFailureTests: XCTestCase {
    static let schema = """
        import SwiftData

        enum NotesV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note {
                var text: String = ""
                init() {}
            }
        }

        enum NotesV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note {
                var text: String = ""
                var pinned: Bool = false
                init() {}
            }
        }

        enum NotesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
            static var stages: [MigrationStage] {
                [.custom(fromVersion: NotesV1.self, toVersion: NotesV2.self, willMigrate: nil,
                    didMigrate: { context in try context.save() })]
            }
        }
        """

    func findings(_ app: String, extra: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line)
        -> [Finding]
    {
        var files = ["Notes/Schema.swift": Self.schema,
            "Notes/Store.swift": "import SwiftData\nimport Foundation\n\n\(app)\n"]
        files.merge(extra) { _, new in new }
        return TestSupport.analyze(files).findings
    }

    func deleted(_ app: String, extra: [String: String] = [:]) -> [Finding] {
        findings(app, extra: extra).filter { $0.rule == .storeDeletedOnFailure }
    }

    func assertReported(_ spellings: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (name, app) in spellings {
            let found = deleted(app)
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))", file: file, line: line)
        }
    }

    func assertSilent(_ spellings: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (name, app) in spellings {
            let found = deleted(app)
            XCTAssertEqual(found, [], "\(name): \(TestSupport.summary(found))", file: file, line: line)
        }
    }

    // MARK: The catch of a failed open

    func testADeleteInTheCatchOfAFailedOpenIsReported() {
        assertReported([
            (
                "a function",
                """
                func openNotes() -> ModelContainer {
                    let storeURL = URL.applicationSupportDirectory.appending(path: "Notes.store")
                    let config = ModelConfiguration(url: storeURL)
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: config)
                    } catch {
                        try? FileManager.default.removeItem(at: storeURL)
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: config)
                    }
                }
                """
            ),
            (
                "a closure initialising a property",
                """
                @MainActor enum Shared {
                    static let container: ModelContainer = {
                        let config = ModelConfiguration(schema: Schema(versionedSchema: NotesV2.self))
                        do {
                            return try ModelContainer(for: Schema(versionedSchema: NotesV2.self),
                                migrationPlan: NotesPlan.self, configurations: config)
                        } catch {
                            try? FileManager.default.removeItem(at: config.url)
                            return try! ModelContainer(for: Schema(versionedSchema: NotesV2.self),
                                migrationPlan: NotesPlan.self, configurations: config)
                        }
                    }()
                }
                """
            ),
            (
                "the URL a parameter",
                """
                func openNotes(at databaseURL: URL) throws -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: databaseURL))
                    } catch {
                        try FileManager.default.removeItem(at: databaseURL)
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: databaseURL))
                    }
                }
                """
            ),
            (
                "the files listed in a loop, under #if DEBUG's else",
                """
                func openNotes() -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        #if DEBUG
                        fatalError("could not open: \\(error)")
                        #else
                        let folder = URL.applicationSupportDirectory
                        for file in ["default.store", "default.store-wal", "default.store-shm"] {
                            try? FileManager.default.removeItem(at: folder.appending(path: file))
                        }
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                        #endif
                    }
                }
                """
            ),
        ])
    }

    func testACatchThatKeepsTheStoreOrDeletesNoStoreIsSilent() {
        assertSilent([
            (
                "moved aside first",
                """
                func openNotes() throws -> ModelContainer {
                    let storeURL = URL.applicationSupportDirectory.appending(path: "Notes.store")
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: storeURL))
                    } catch {
                        let kept = URL.applicationSupportDirectory.appending(path: "Notes-kept.store")
                        try FileManager.default.moveItem(at: storeURL, to: kept)
                        try? FileManager.default.removeItem(at: storeURL)
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: storeURL))
                    }
                }
                """
            ),
            (
                "a file that is no store",
                """
                func openNotes() throws -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        try? FileManager.default.removeItem(
                            at: URL.documentsDirectory.appending(path: "draft-note.json"))
                        throw error
                    }
                }
                """
            ),
            (
                "a store whose name says cache",
                """
                func openPreviews() -> ModelContainer {
                    let url = URL.cachesDirectory.appending(path: "PreviewCache.store")
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: url))
                    } catch {
                        try? FileManager.default.removeItem(at: url)
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: url))
                    }
                }
                """
            ),
            (
                "an in-memory store",
                """
                func openScratch() -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self,
                            configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                    } catch {
                        try? FileManager.default.removeItem(
                            at: URL.applicationSupportDirectory.appending(path: "default.store"))
                        return try! ModelContainer(for: NotesV2.Note.self,
                            configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                    }
                }
                """
            ),
            (
                "a debug switch",
                """
                let debugWipeOnFailure = false
                func openNotes() throws -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        if debugWipeOnFailure {
                            try? FileManager.default.removeItem(
                                at: URL.applicationSupportDirectory.appending(path: "default.store"))
                        }
                        throw error
                    }
                }
                """
            ),
            (
                "a delete the user asks for, on no failure path",
                """
                func eraseEverything() throws -> ModelContainer {
                    try FileManager.default.removeItem(
                        at: URL.applicationSupportDirectory.appending(path: "default.store"))
                    return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                }
                """
            ),
        ])
    }

    func testAPreviewsOrATestsStoreIsSilent() {
        let preview = """
            #Preview {
                let container: ModelContainer = {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        try? FileManager.default.removeItem(
                            at: URL.applicationSupportDirectory.appending(path: "default.store"))
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    }
                }()
                return Text("notes").modelContainer(container)
            }
            """
        XCTAssertEqual(deleted("import SwiftUI\n" + preview), [])
        let test = """
            import XCTest
            final class StoreTests: XCTestCase {
                func testOpens() throws {
                    do {
                        _ = try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        try? FileManager.default.removeItem(
                            at: URL.applicationSupportDirectory.appending(path: "default.store"))
                    }
                }
            }
            """
        XCTAssertEqual(deleted(test), [])
    }

    // MARK: A function the catch calls

    func testADeleteInAFunctionTheCatchCallsIsReportedAtTheCall() {
        let spellings: [(String, String)] = [
            (
                "a method of the same type",
                """
                final class NotesStore {
                    let storeURL = URL.applicationSupportDirectory.appending(path: "Notes.sqlite")
                    func open() -> ModelContainer {
                        do {
                            return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                                configurations: ModelConfiguration(url: storeURL))
                        } catch {
                            removeStoreFiles()
                            return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                                configurations: ModelConfiguration(url: storeURL))
                        }
                    }
                    private func removeStoreFiles() {
                        for suffix in ["", "-wal", "-shm"] {
                            try? FileManager.default.removeItem(at: URL(fileURLWithPath: storeURL.path + suffix))
                        }
                    }
                }
                """
            ),
            (
                "a static member of another type",
                """
                enum StoreFiles {
                    static func erase() {
                        try? FileManager.default.removeItem(
                            at: URL.applicationSupportDirectory.appending(path: "default.store"))
                    }
                }
                func openNotes() -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        StoreFiles.erase()
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    }
                }
                """
            ),
            (
                "the store's URL a parameter of the function",
                """
                func discard(storeAt url: URL) {
                    try? FileManager.default.removeItem(at: url)
                }
                func openNotes(config: ModelConfiguration) -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: config)
                    } catch {
                        discard(storeAt: config.url)
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: config)
                    }
                }
                """
            ),
            (
                "two functions deep, the open in a function too",
                """
                func makeContainer() throws -> ModelContainer {
                    try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                }
                func resetStore() { deleteDatabase() }
                func deleteDatabase() {
                    try? FileManager.default.removeItem(
                        at: URL.applicationSupportDirectory.appending(path: "default.store"))
                }
                func openNotes() -> ModelContainer {
                    do {
                        return try makeContainer()
                    } catch {
                        resetStore()
                        return try! makeContainer()
                    }
                }
                """
            ),
        ]
        for (name, app) in spellings {
            let found = deleted(app)
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))")
            guard let finding = found.first else { continue }
            XCTAssertTrue(
                finding.notes.contains { $0.text.contains("deletes the file here") }, "\(name): \(finding.notes)")
        }
    }

    func testAFunctionThatCopiesTheStoreBeforeDeletingItIsSilent() {
        assertSilent([
            (
                "a backup first",
                """
                func backUpAndErase(_ storeURL: URL) throws {
                    let backup = URL.documentsDirectory.appending(path: "Backup.store")
                    try FileManager.default.copyItem(at: storeURL, to: backup)
                    try FileManager.default.removeItem(at: storeURL)
                }
                func openNotes(storeURL: URL) throws -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: storeURL))
                    } catch {
                        try backUpAndErase(storeURL)
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                            configurations: ModelConfiguration(url: storeURL))
                    }
                }
                """
            ),
            (
                "a function that deletes a log file",
                """
                func clearLogs() {
                    try? FileManager.default.removeItem(at: URL.documentsDirectory.appending(path: "launch.log"))
                }
                func openNotes() throws -> ModelContainer {
                    do {
                        return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    } catch {
                        clearLogs()
                        throw error
                    }
                }
                """
            ),
        ])
    }

    // MARK: The nil path of a try? open

    func testADeleteWhereATryOptionalOpenCameBackNilIsReported() {
        assertReported([
            (
                "guard let ... else",
                """
                func openNotes() -> ModelContainer {
                    guard let container = try? ModelContainer(for: NotesV2.Note.self,
                        migrationPlan: NotesPlan.self) else {
                        try? FileManager.default.removeItem(
                            at: URL.applicationSupportDirectory.appending(path: "default.store"))
                        return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    }
                    return container
                }
                """
            ),
            (
                "if let ... else",
                """
                func openNotes(storeURL: URL) -> ModelContainer? {
                    let config = ModelConfiguration(url: storeURL)
                    if let container = try? ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                        configurations: config) {
                        return container
                    } else {
                        try? FileManager.default.removeItem(at: storeURL)
                        return nil
                    }
                }
                """
            ),
            (
                "if container == nil after the assignment",
                """
                final class Holder {
                    var container: ModelContainer?
                    func open() {
                        container = try? ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                        if container == nil {
                            try? FileManager.default.removeItem(
                                at: URL.applicationSupportDirectory.appending(path: "default.store"))
                            container = try? ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                        }
                    }
                }
                """
            ),
            (
                "guard the variable != nil",
                """
                func openNotes() -> ModelContainer? {
                    let opened = try? ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                    guard opened != nil else {
                        try? FileManager.default.removeItem(
                            at: URL.applicationSupportDirectory.appending(path: "default.store"))
                        return nil
                    }
                    return opened
                }
                """
            ),
        ])
    }

    func testATryOptionalOfSomethingElseIsSilent() {
        assertSilent([
            (
                "a draft that does not decode",
                """
                func importDrafts(into container: ModelContainer, from file: URL) {
                    guard let data = try? Data(contentsOf: file) else {
                        try? FileManager.default.removeItem(at: file)
                        return
                    }
                    _ = data
                }
                """
            ),
            (
                "the store opened, a json file dropped",
                """
                func openNotes() -> ModelContainer? {
                    guard let container = try? ModelContainer(for: NotesV2.Note.self,
                        migrationPlan: NotesPlan.self) else {
                        try? FileManager.default.removeItem(
                            at: URL.documentsDirectory.appending(path: "widget-notes.json"))
                        return nil
                    }
                    return container
                }
                """
            ),
        ])
    }

    // MARK: Core Data: loadPersistentStores' completion

    static let coreDataModel = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Entry" representedClassName="Entry" syncable="YES" codeGenerationType="class">
                <attribute name="text" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """

    func coreDataFindings(_ stack: String, more: [String: String] = [:]) throws -> [Finding] {
        let folder = try TestSupport.temporaryDirectory()
        let files = [
            "Journal/Journal.xcdatamodeld/Journal.xcdatamodel/contents": Self.coreDataModel,
            "Journal/Stack.swift": "import CoreData\n\n\(stack)\n",
        ].merging(more) { $1 }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let analysis = try Analyzer(workingDirectory: folder, threads: 1).analyze(paths: [], lockfile: nil)
        return analysis.findings.filter { $0.rule == .storeDeletedOnFailure }
    }

    /// A load's completion that resets the store behind a condition of its own, before looking at the error (a
    /// cache emptied once when a stored version number is behind): it runs on success as on failure, so it is no
    /// handling of a failed load. Three spellings; controls: the same reset when the condition names the error, or
    /// inside `if let error`, is one.
    func testACoreDataResetBehindAConditionOfItsOwnIsNoFailureHandling() throws {
        func stack(_ completion: String) -> String {
            """
            final class Stack {
                static let version = 3
                let container = NSPersistentContainer(name: "Journal")
                func load() {
                    container.loadPersistentStores { description, error in
                        \(completion)
                        if let error { fatalError("\\(error)") }
                    }
                }
                func reset() {
                    let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                    try? FileManager.default.removeItem(at: url)
                }
            }
            """
        }
        let resets: [(String, String)] = [
            (
                "destroyPersistentStore behind a stored version",
                """
                if UserDefaults.standard.integer(forKey: "cacheVersion") < Self.version, let url = description.url {
                            try? self.container.persistentStoreCoordinator.destroyPersistentStore(
                                at: url, ofType: NSSQLiteStoreType)
                            UserDefaults.standard.set(Self.version, forKey: "cacheVersion")
                            return
                        }
                """
            ),
            (
                "a function of the stack behind a flag",
                """
                if UserDefaults.standard.bool(forKey: "resetRequested") {
                            self.reset()
                            return
                        }
                """
            ),
            (
                "removeItem in a nested if",
                """
                if let url = description.url {
                            if UserDefaults.standard.integer(forKey: "cacheVersion") < Self.version {
                                try? FileManager.default.removeItem(at: url)
                            }
                        }
                """
            ),
        ]
        for (name, completion) in resets {
            let found = try coreDataFindings(stack(completion))
            XCTAssertEqual(found.count, 0, "\(name): \(TestSupport.summary(found))")
        }
        let onFailure: [(String, String)] = [
            (
                "the condition names the error",
                """
                if error != nil || UserDefaults.standard.bool(forKey: "resetRequested") {
                            self.reset()
                            return
                        }
                """
            ),
            (
                "inside if let error",
                """
                if let failure = error as NSError? {
                            if failure.code == 134110 { self.reset() }
                        }
                """
            ),
        ]
        for (name, completion) in onFailure {
            let found = try coreDataFindings(stack(completion))
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))")
        }
    }

    func testACoreDataStoreDestroyedWhenItFailsToLoadIsReported() throws {
        let spellings: [(String, String)] = [
            (
                "destroyPersistentStore in if let error",
                """
                final class Stack {
                    let container = NSPersistentContainer(name: "Journal")
                    func load() {
                        container.loadPersistentStores { description, error in
                            if error != nil, let url = description.url {
                                try? self.container.persistentStoreCoordinator.destroyPersistentStore(at: url,
                                    ofType: NSSQLiteStoreType)
                                self.container.loadPersistentStores { _, _ in }
                            }
                        }
                    }
                }
                """
            ),
            (
                "removeItem of the description's URL, completionHandler: labelled",
                """
                final class Stack {
                    let container = NSPersistentContainer(name: "Journal")
                    func load() {
                        container.loadPersistentStores(completionHandler: { description, error in
                            guard error != nil else { return }
                            try? FileManager.default.removeItem(at: self.container.persistentStoreDescriptions[0].url!)
                        })
                    }
                }
                """
            ),
            (
                "a function of the stack",
                """
                final class Stack {
                    let container = NSPersistentContainer(name: "Journal")
                    func load() {
                        container.loadPersistentStores { _, error in
                            if let error {
                                print(error)
                                self.resetStore()
                            }
                        }
                    }
                    func resetStore() {
                        let storeURL =
                            NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                        try? container.persistentStoreCoordinator.destroyPersistentStore(at: storeURL,
                            ofType: NSSQLiteStoreType)
                    }
                }
                """
            ),
            (
                "a function of the stack called through [weak self], then the store loaded again (one store lost)",
                """
                final class Stack {
                    let container = NSPersistentContainer(name: "Journal")
                    func load() {
                        container.loadPersistentStores { [weak self] _, error in
                            if error != nil {
                                self?.wipe()
                                self?.load()
                            }
                        }
                    }
                    private func wipe() {
                        let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                            .appendingPathComponent("Journal.sqlite")
                        try? FileManager.default.removeItem(at: url)
                    }
                }
                """
            ),
            (
                "a function of the stack called through self!",
                """
                final class Stack {
                    var container: NSPersistentContainer! = NSPersistentContainer(name: "Journal")
                    func load() {
                        container.loadPersistentStores { [weak self] _, error in
                            guard error != nil else { return }
                            self!.wipe()
                        }
                    }
                    func wipe() {
                        let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                        try? FileManager.default.removeItem(at: url)
                    }
                }
                """
            ),
        ]
        for (name, stack) in spellings {
            let found = try coreDataFindings(stack)
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))")
        }
        // Control: the completion stops, and a test's in-memory store.
        let stops = """
            final class Stack {
                let container = NSPersistentContainer(name: "Journal")
                func load() {
                    container.loadPersistentStores { _, error in
                        if let error { fatalError("\\(error)") }
                    }
                }
            }
            """
        XCTAssertEqual(try coreDataFindings(stops), [])
    }

    // MARK: A migration whose error is only logged

    func testTheSourceDeletedAfterASwallowedMigrationIsReported() throws {
        let spellings: [(String, String)] = [
            (
                "print in the catch",
                """
                func move(_ coordinator: NSPersistentStoreCoordinator, legacyStoreURL: URL, groupURL: URL) {
                    do {
                        let old = try coordinator.addPersistentStore(ofType: NSSQLiteStoreType,
                            configurationName: nil, at: legacyStoreURL)
                        try coordinator.migratePersistentStore(old, to: groupURL, withType: NSSQLiteStoreType)
                    } catch {
                        print("could not move: \\(error)")
                    }
                    try? FileManager.default.removeItem(at: legacyStoreURL)
                }
                """
            ),
            (
                "an empty catch, the file named by its name",
                """
                final class Mover {
                    let coordinator: NSPersistentStoreCoordinator
                    init(coordinator: NSPersistentStoreCoordinator) { self.coordinator = coordinator }
                    func run(store: NSPersistentStore, to target: URL) {
                        do {
                            try coordinator.migratePersistentStore(store, to: target, withType: NSSQLiteStoreType)
                        } catch {}
                        let old = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Journal.sqlite")
                        try? FileManager.default.removeItem(at: old)
                    }
                }
                """
            ),
            (
                "a delete in the catch itself",
                """
                func move(_ coordinator: NSPersistentStoreCoordinator, store: NSPersistentStore,
                    legacyStoreURL: URL, to target: URL) {
                    do {
                        try coordinator.migratePersistentStore(store, to: target, withType: NSSQLiteStoreType)
                    } catch {
                        try? coordinator.destroyPersistentStore(at: legacyStoreURL, ofType: NSSQLiteStoreType)
                    }
                }
                """
            ),
        ]
        for (name, stack) in spellings {
            let found = try coreDataFindings(stack)
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))")
        }
        let controls: [(String, String)] = [
            (
                "the catch returns",
                """
                func move(_ coordinator: NSPersistentStoreCoordinator, store: NSPersistentStore,
                    legacyStoreURL: URL, to target: URL) {
                    do {
                        try coordinator.migratePersistentStore(store, to: target, withType: NSSQLiteStoreType)
                    } catch {
                        print(error)
                        return
                    }
                    try? FileManager.default.removeItem(at: legacyStoreURL)
                }
                """
            ),
            (
                "the half-written copy removed",
                """
                func move(_ coordinator: NSPersistentStoreCoordinator, store: NSPersistentStore,
                    to sharedStoreURL: URL) throws {
                    do {
                        try coordinator.migratePersistentStore(store, to: sharedStoreURL, withType: NSSQLiteStoreType)
                    } catch {
                        try? FileManager.default.removeItem(at: sharedStoreURL)
                        throw error
                    }
                }
                """
            ),
        ]
        for (name, stack) in controls {
            XCTAssertEqual(try coreDataFindings(stack), [], name)
        }
    }

    /// A `catch` that hands the error to a function that stops the app (a logger's `logCrash` ending in
    /// `fatalError`, a free function `-> Never`) does not fall through: the delete after the `do` runs only after a
    /// migration that worked (field test 8: writefreely's logger, in a file with no store word, was read as returning).
    func testADeleteAfterACatchThatStopsTheAppIsNotReported() throws {
        let move = { (call: String) in
            """
            final class Mover {
                let logger = Logger()
                func run(_ coordinator: NSPersistentStoreCoordinator, old: URL, to: URL) {
                    do {
                        let store = try coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: old)
                        try coordinator.migratePersistentStore(store, to: to, withType: NSSQLiteStoreType)
                    } catch {
                        \(call)
                    }
                    try? FileManager.default.removeItem(at: old)
                }
            }
            """
        }
        let logger = { (body: String) in
            """
            import Foundation

            struct Logger {
                func log(_ text: String) { print(text) }
                func crash(_ error: Error) {
                    UserDefaults.standard.set(true, forKey: "crashed")
                    \(body)
                }
            }
            """
        }
        let stopping: [(String, String, [String: String])] = [
            (
                "a logger in another file", "logger.crash(error)",
                ["Journal/Logging/Logger.swift": logger("fatalError()")]
            ),
            (
                "a free function returning Never", "stop(error)",
                ["Journal/Stop.swift": "func stop(_ error: Error) -> Never { exit(1) }"]
            ),
            (
                "a static method of another type",
                "Crash.report(error)",
                ["Journal/Crash.swift": "enum Crash { static func report(_ e: Error) { preconditionFailure() } }"]
            ),
        ]
        for (name, call, files) in stopping {
            var more = files
            if more["Journal/Logging/Logger.swift"] == nil { more["Journal/Logging/Logger.swift"] = logger("") }
            XCTAssertEqual(TestSupport.summary(try coreDataFindings(move(call), more: more)), [], name)
        }
        // Controls: a logger that returns, or stops only sometimes, lets the failure reach the delete.
        let returning: [(String, String)] = [
            ("returns", ""),
            ("stops only in debug builds", "if ProcessInfo.processInfo.environment[\"DEBUG\"] != nil { fatalError() }"),
        ]
        for (name, body) in returning {
            let found = try coreDataFindings(
                move("logger.crash(error)"), more: ["Journal/Logging/Logger.swift": logger(body)])
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))")
        }
    }

    /// The old store deleted through a file coordinator after a migration whose error is only printed: the URL the
    /// accessor closure is handed is the one given to `coordinate(writingItemAt:)` (or `readingItemAt:`, or an
    /// intent's), the file the migrated store was opened from, whatever it is called.
    func testTheSourceDeletedThroughAFileCoordinatorAfterASwallowedMigrationIsReported() throws {
        let spellings: [(String, String)] = [
            (
                "writingItemAt, the accessor a labelled argument, its parameter shadowing the URL",
                """
                final class Stack {
                    let container = NSPersistentContainer(name: "Journal")
                    func load(target: URL) {
                        container.loadPersistentStores { _, _ in
                            let coordinator = self.container.persistentStoreCoordinator
                            guard let url = self.container.persistentStoreDescriptions.first?.url else { return }
                            if let previous = coordinator.persistentStore(for: url) {
                                do {
                                    try coordinator.migratePersistentStore(previous, to: target, type: .sqlite)
                                } catch {
                                    print(error.localizedDescription)
                                }
                                NSFileCoordinator(filePresenter: nil).coordinate(
                                    writingItemAt: url, options: .forDeleting, error: nil,
                                    byAccessor: { url in try? FileManager.default.removeItem(at: url) })
                            }
                        }
                    }
                }
                """
            ),
            (
                "a trailing accessor in another function's parameter, the store added at a parameter",
                """
                func carry(_ coordinator: NSPersistentStoreCoordinator, from oldLocation: URL, to newLocation: URL) {
                    do {
                        let old = try coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: oldLocation)
                        try coordinator.migratePersistentStore(old, to: newLocation, withType: NSSQLiteStoreType)
                    } catch {
                        NSLog("carrying failed: %@", "\\(error)")
                    }
                    let files = NSFileCoordinator()
                    files.coordinate(writingItemAt: oldLocation, options: .forDeleting, error: nil) { location in
                        try? FileManager.default.removeItem(at: location)
                    }
                }
                """
            ),
            (
                "readingItemAt, the accessor's parameter typed",
                """
                enum Carrier {
                    static func carry(_ coordinator: NSPersistentStoreCoordinator, to destination: URL) {
                        guard let store = coordinator.persistentStores.first, let source = store.url else { return }
                        do {
                            try coordinator.migratePersistentStore(store, to: destination, withType: NSSQLiteStoreType)
                        } catch {}
                        NSFileCoordinator().coordinate(readingItemAt: source, error: nil) { (read: URL) in
                            try? FileManager.default.trashItem(at: read, resultingItemURL: nil)
                        }
                    }
                }
                """
            ),
            (
                "coordinate(with:) and an intent for the file",
                """
                func carry(_ coordinator: NSPersistentStoreCoordinator, at path: URL, to destination: URL) {
                    guard let store = coordinator.persistentStore(for: path) else { return }
                    do {
                        try coordinator.migratePersistentStore(store, to: destination, withType: NSSQLiteStoreType)
                    } catch {
                        print(error)
                    }
                    let intent = NSFileAccessIntent.writingIntent(with: path, options: .forDeleting)
                    NSFileCoordinator().coordinate(with: [intent], queue: .main) { _ in
                        try? FileManager.default.removeItem(at: intent.url)
                    }
                }
                """
            ),
        ]
        for (name, stack) in spellings {
            let found = try coreDataFindings(stack)
            XCTAssertEqual(found.count, 1, "\(name): \(TestSupport.summary(found))")
            XCTAssertEqual(
                found.first?.message.headline.hasPrefix("A failed migration deletes "), true,
                "\(name): \(found.map(\.message.text))")
        }
        let controls: [(String, String)] = [
            (
                "the migration's error thrown on",
                """
                func carry(_ coordinator: NSPersistentStoreCoordinator, from oldLocation: URL, to newLocation: URL)
                    throws
                {
                    do {
                        let old = try coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: oldLocation)
                        try coordinator.migratePersistentStore(old, to: newLocation, withType: NSSQLiteStoreType)
                    } catch {
                        print(error)
                        throw error
                    }
                    NSFileCoordinator().coordinate(writingItemAt: oldLocation, options: .forDeleting, error: nil) {
                        try? FileManager.default.removeItem(at: $0)
                    }
                }
                """
            ),
            (
                "the delete only after the migration succeeded, in the do",
                """
                func carry(_ coordinator: NSPersistentStoreCoordinator, from oldLocation: URL, to newLocation: URL) {
                    do {
                        let old = try coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: oldLocation)
                        try coordinator.migratePersistentStore(old, to: newLocation, withType: NSSQLiteStoreType)
                        NSFileCoordinator().coordinate(writingItemAt: oldLocation, options: .forDeleting, error: nil) {
                            url in try? FileManager.default.removeItem(at: url)
                        }
                    } catch {
                        print(error)
                    }
                }
                """
            ),
            (
                "another file coordinated after the swallowed migration",
                """
                func carry(_ coordinator: NSPersistentStoreCoordinator, from oldLocation: URL, to newLocation: URL,
                    log: URL) {
                    do {
                        let old = try coordinator.addPersistentStore(
                            ofType: NSSQLiteStoreType, configurationName: nil, at: oldLocation)
                        try coordinator.migratePersistentStore(old, to: newLocation, withType: NSSQLiteStoreType)
                    } catch {
                        print(error)
                    }
                    NSFileCoordinator().coordinate(writingItemAt: log, options: .forDeleting, error: nil) { url in
                        try? FileManager.default.removeItem(at: url)
                    }
                }
                """
            ),
        ]
        for (name, stack) in controls {
            XCTAssertEqual(try coreDataFindings(stack), [], name)
        }
    }

    // MARK: The container opened again

    func testAContainerRecreatedAfterADeleteIsNotWithoutAPlan() {
        let spellings: [(String, String)] = [
            (
                "the open in a function, the delete in another",
                """
                func makeContainer() throws -> ModelContainer {
                    try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                }
                func wipeStore() {
                    try? FileManager.default.removeItem(
                        at: URL.applicationSupportDirectory.appending(path: "default.store"))
                }
                func openNotes() -> ModelContainer {
                    do {
                        return try makeContainer()
                    } catch {
                        wipeStore()
                        return try! ModelContainer(for: NotesV2.Note.self)
                    }
                }
                """
            ),
            (
                "the recreate in the function that deletes",
                """
                func makeContainer() throws -> ModelContainer {
                    try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
                }
                func freshContainer() -> ModelContainer {
                    try? FileManager.default.removeItem(
                        at: URL.applicationSupportDirectory.appending(path: "default.store"))
                    return try! ModelContainer(for: NotesV2.Note.self)
                }
                func openNotes() -> ModelContainer {
                    do {
                        return try makeContainer()
                    } catch {
                        return freshContainer()
                    }
                }
                """
            ),
            (
                "an if let that returns, the code after it",
                """
                func openNotes() -> ModelContainer {
                    if let container = try? ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self) {
                        return container
                    }
                    return ModelContainer.empty()
                }
                extension ModelContainer {
                    static func empty() -> ModelContainer {
                        for name in ["default.store", "default.store-wal", "default.store-shm"] {
                            try? FileManager.default.removeItem(
                                at: URL.applicationSupportDirectory.appending(path: name))
                        }
                        return try! ModelContainer(for: NotesV2.Note.self)
                    }
                }
                """
            ),
        ]
        for (name, app) in spellings {
            let all = findings(app)
            XCTAssertEqual(all.filter { $0.rule == .containerWithoutMigrationPlan }, [], "\(name)")
            XCTAssertEqual(all.filter { $0.rule == .storeDeletedOnFailure }.count, 1, "\(name)")
        }
        // Control: the same container without a delete before it is still reported.
        let noDelete = """
            func makeContainer() throws -> ModelContainer {
                try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self)
            }
            func openNotes() -> ModelContainer {
                do {
                    return try makeContainer()
                } catch {
                    return try! ModelContainer(for: NotesV2.Note.self)
                }
            }
            """
        XCTAssertEqual(findings(noDelete).filter { $0.rule == .containerWithoutMigrationPlan }.count, 1)
    }
}

/// A file named after the store by an extension (`storeURL.appendingPathExtension("wal")`, `shared.store.wal`) is no
/// file SQLite writes: deleting it loses nothing (field test 15, TUTnextApp). Written inline, through a local, and as
/// a path; the control renames the store's extension to a store's (`.sqlite`), which is a store.
extension StoreDeletedOnFailureTests {
    static func sidecarByExtension(_ delete: String) -> String {
        """
        enum Shared {
            static let storeURL = URL.applicationSupportDirectory.appending(path: "Notes.store")
            static let container: ModelContainer = {
                let configuration = ModelConfiguration(url: storeURL)
                do {
                    return try ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                        configurations: configuration)
                } catch {
                    \(delete)
                    return try! ModelContainer(for: NotesV2.Note.self, migrationPlan: NotesPlan.self,
                        configurations: configuration)
                }
            }()
        }
        """
    }

    func testAFileNamedAfterTheStoreByAnExtensionIsNoStore() {
        assertSilent([
            ("inline", Self.sidecarByExtension(
                "try? FileManager.default.removeItem(at: storeURL.appendingPathExtension(\"wal\"))")),
            ("a local", Self.sidecarByExtension(
                "let shm = storeURL.appendingPathExtension(\"shm\")\n"
                    + "                    try? FileManager.default.removeItem(at: shm)")),
            ("a path", Self.sidecarByExtension(
                "try? FileManager.default.removeItem(atPath: storeURL.appendingPathExtension(\"wal\").path)")),
        ])
        assertReported([
            ("the store itself", Self.sidecarByExtension("try? FileManager.default.removeItem(at: storeURL)")),
            ("another extension that is a store's", Self.sidecarByExtension(
                "let renamed = storeURL.deletingPathExtension().appendingPathExtension(\"sqlite\")\n"
                    + "                    try? FileManager.default.removeItem(at: renamed)")),
        ])
    }
}
