import SchemaLintEngine
import XCTest

/// A URL helper that declares a folder, gives it the App Group's in an `if let` and returns it (`var url = ...; if
/// let group = containerURL(...) { url = group }; return url`, GuessWho and MemCoo's container overrides, field
/// tests 21 and 22; their Core Data form is in `CoreDataContainerSubclassTests`): the group's folder where the group
/// is there, the first folder where it is not; no "cannot be told" note. Given a new value twice, it is not read.
final class ConditionalReassignmentTests: XCTestCase {
    private static let group = "group.com.example.notes"
    private static let helpers = """
        import Foundation
        enum Stores {
            static var url: URL {
                var folder = URL.applicationSupportDirectory
                if let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)") {
                    folder = shared
                }
                return folder.appending(path: "Notes.store")
            }
            static func file(named name: String) -> URL {
                let manager = FileManager.default
                var folder = URL.documentsDirectory
                if let shared = manager.containerURL(forSecurityApplicationGroupIdentifier: "\(group)") {
                    folder = shared.appending(path: "Stores")
                }
                return folder.appending(path: name)
            }
        }
        """
    private static let app = """
        import SwiftUI
        import SwiftData
        @Model final class Note { var text: String = ""; init() {} }
        @main struct NotesApp: App {
            let notes = try! ModelContainer(for: Note.self, configurations: ModelConfiguration(url: Stores.url))
            let drafts = try! ModelContainer(
                for: Note.self, configurations: ModelConfiguration(url: Stores.file(named: "Drafts.store")))
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(notes) }
        }
        """

    func testTheGroupsFolderGivenInAnIfLetIsWhereTheStoreIs() {
        let analysis = TestSupport.analyze(["App/NotesApp.swift": Self.app, "App/Stores.swift": Self.helpers])
        XCTAssertEqual(
            analysis.topology.stores.map(\.location.key).sorted(),
            ["file:⟨group:\(Self.group)⟩/Notes.store", "file:⟨group:\(Self.group)⟩/Stores/Drafts.store"])
        XCTAssertEqual(analysis.untoldStoreNotes, [])
    }

    func testAFolderGivenTwoNewValuesIsNotRead() {
        let twice = Self.helpers.replacingOccurrences(
            of: "        return folder.appending(path: \"Notes.store\")",
            with: "        if ProcessInfo.processInfo.environment[\"SCRATCH\"] != nil {\n"
                + "            folder = URL.temporaryDirectory\n"
                + "        }\n"
                + "        return folder.appending(path: \"Notes.store\")")
        let analysis = TestSupport.analyze(["App/NotesApp.swift": Self.app, "App/Stores.swift": twice])
        XCTAssertFalse(
            analysis.topology.stores.contains { $0.location.key == "file:⟨group:\(Self.group)⟩/Notes.store" },
            "\(analysis.topology.stores.map(\.location.key))")
        XCTAssertEqual(analysis.untoldStoreNotes.count, 1, "\(analysis.untoldStoreNotes)")
    }
}
