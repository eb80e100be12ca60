import Foundation
import SchemaLintModel
import XCTest

@testable import SchemaLintEngine

/// In an app with a model bundle whose files hold none of SwiftData's words, pass 1 parses exactly the Core Data stack
/// files outside tests; they are parsed while the bundles and project files are read (`EarlyParses`). The analysis
/// must be the one parsing them in `ParseStage` gives: the Journal app (Fixtures/CoreData/Apps/Journal, its stack in
/// Persistence.swift) analysed both ways, with stacks written other ways beside it, and the cases where nothing is
/// parsed early.
final class EarlyParseTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    private func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func unit() throws -> AppUnit {
        let discovered = try SourceDiscovery(workingDirectory: folder).discover([])
        var request = Workspace.Request(discovered: discovered, workingDirectory: folder.path)
        request.threads = 2
        let apps = try Workspace.apps(request)
        return try XCTUnwrap(apps.first)
    }

    /// The app analysed with what was parsed early and with nothing parsed early: the same findings, files parsed
    /// and Core Data stores. Returns the files that were parsed early.
    @discardableResult
    private func assertSameBothWays(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let early = try unit()
        var late = early
        late.earlyParses = nil
        let withEarly = early.analyzer(threads: 2).analyze(files: early.files, lockfile: nil)
        let without = late.analyzer(threads: 2).analyze(files: late.files, lockfile: nil)
        XCTAssertEqual(withEarly.findings, without.findings, file: file, line: line)
        XCTAssertEqual(withEarly.statistics.filesParsed, without.statistics.filesParsed, file: file, line: line)
        XCTAssertEqual(
            String(describing: withEarly.project.coreDataStores), String(describing: without.project.coreDataStores),
            file: file, line: line)
        XCTAssertEqual(
            String(describing: withEarly.project.containers), String(describing: without.project.containers),
            file: file, line: line)
        let files = early.files
        return early.earlyParses.map { parses in
            parses.parsed(files).keys.sorted().map { files[$0].path }
        } ?? []
    }

    func testTheStackFileIsParsedEarlyAndAnalysedAlike() throws {
        XCTAssertEqual(try assertSameBothWays(), ["Journal/Persistence.swift"])
    }

    /// A stack opened in a function of another file, one passed as a parameter, and one held by a static member of
    /// another type: each file naming a stack's types is parsed early, and the stores come out alike.
    func testStacksWrittenOtherWaysAreParsedEarlyAlike() throws {
        try write(
            "Journal/Stores.swift",
            """
            import CoreData

            func openArchive() -> NSPersistentContainer {
                let container = NSPersistentContainer(name: "Journal")
                container.loadPersistentStores { _, _ in }
                return container
            }
            """)
        try write(
            "Journal/Loader.swift",
            """
            import CoreData

            struct Loader {
                func load(_ container: NSPersistentContainer) {
                    container.loadPersistentStores { _, _ in }
                }
            }
            """)
        try write(
            "Journal/Shared.swift",
            """
            import CoreData

            enum Shared {
                static let coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel())
            }
            """)
        XCTAssertEqual(
            try assertSameBothWays(),
            ["Journal/Loader.swift", "Journal/Persistence.swift", "Journal/Shared.swift", "Journal/Stores.swift"])
    }

    /// A stack in a test folder opens no user's store: pass 1 does not parse it, and neither does the early parse.
    func testAStackInATestFolderIsNotParsedEarly() throws {
        try write(
            "JournalTests/StackTests.swift",
            """
            import CoreData

            final class StackTests {
                let container = NSPersistentContainer(name: "Journal")
            }
            """)
        XCTAssertEqual(try assertSameBothWays(), ["Journal/Persistence.swift"])
    }

    /// A file with SwiftData's words: which files pass 1 parses depends on the projects then, so nothing is parsed
    /// early; and an app without a model bundle parses no stack file at all.
    func testNothingIsParsedEarlyWithSwiftDataOrWithoutABundle() throws {
        try write(
            "Journal/Note.swift",
            """
            import SwiftData

            @Model
            final class Note {
                var text = ""
                init() {}
            }
            """)
        XCTAssertNil(try unit().earlyParses)
        XCTAssertEqual(try assertSameBothWays(), [])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal/Note.swift"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal/Journal.xcdatamodeld"))
        XCTAssertNil(try unit().earlyParses)
        XCTAssertEqual(try assertSameBothWays(), [])
    }
}
