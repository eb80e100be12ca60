import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A shipped state recorded in a store named by an expression schemalint cannot place, which the next release
/// names by another such expression (Keep moved its URL into a helper): whether the store moved cannot be told, so
/// nothing compares the state with the sources, and plain `check` says so where the lockfile records it. The control
/// keeps the expression: the state is the store's, and the edit is judged.
final class UnmatchedStateNoteTests: XCTestCase {
    static func files(url: String, textType: String) -> [String: String] {
        [
            "Keep/Note.swift": """
                import SwiftData

                @Model final class Note {
                    var text: \(textType)
                    init(text: \(textType)) { self.text = text }
                }
                """,
            "Keep/Store.swift": """
                import Foundation
                import SwiftData

                enum Store {
                    static let folder: URL = {
                        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first!
                            .appendingPathComponent(Bundle.main.bundleIdentifier!)
                    }()
                    static let container = try! ModelContainer(
                        for: Note.self, configurations: ModelConfiguration(url: \(url)))
                }
                """,
        ]
    }

    static let inline =
        "FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first!"
        + ".appendingPathComponent(Bundle.main.bundleIdentifier!).appendingPathComponent(\"default.sqlite\")"

    func testAStateNoStoreMatchesIsSaid() {
        let shipped = TestSupport.lock(TestSupport.analyze(Self.files(url: Self.inline, textType: "String")))
        let moved = TestSupport.analyze(
            Self.files(url: "folder.appendingPathComponent(\"default.sqlite\")", textType: "Int"), lockfile: shipped)
        XCTAssertEqual(moved.unmatchedStateNotes.count, 1, "\(moved.notes)")
        XCTAssertTrue(
            moved.unmatchedStateNotes.first?.contains("which matches no store opened now") == true,
            "\(moved.unmatchedStateNotes)")
        XCTAssertTrue(moved.notes.contains(moved.unmatchedStateNotes[0]))
        // Control: the same expression, the edit judged against the store's state, no such note.
        let kept = TestSupport.analyze(Self.files(url: Self.inline, textType: "Int"), lockfile: shipped)
        XCTAssertEqual(kept.unmatchedStateNotes, [])
        XCTAssertFalse(kept.findings.filter { $0.severity == .error }.isEmpty, "\(kept.findings)")
    }
}
