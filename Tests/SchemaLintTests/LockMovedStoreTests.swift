import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store moved to another file with the same models (Reconnaissance, field test 34 B-D1): `lock` records the state
/// in the new store too, while the old one is still reported as left behind until the move is accepted. Without it,
/// a later change of the models was judged against no store and passed.
final class LockMovedStoreTests: XCTestCase {
    static func app(_ container: String, streak: String = "var streak: Int = 0") -> [String: String] {
        [
            "Diary/Entry.swift": "import SwiftData\n\n@Model final class Entry {\n    var text: String = \"\"\n"
                + "    \(streak)\n    init() {}\n}\n",
            "Diary/DiaryApp.swift": """
                import SwiftData
                import SwiftUI

                @main
                struct DiaryApp: App {
                    var body: some Scene {
                        WindowGroup { Text("diary") }.modelContainer(\(container))
                    }
                }

                enum Stores {
                    static let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                }
                """,
        ]
    }

    static let first = "for: Entry.self"
    /// Where the store moves to: a URL in Documents, a named store, an App Group's default store.
    static let moves = [
        "try! ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: "
            + "Stores.documents.appendingPathComponent(\"Entries.sqlite\")))",
        "try! ModelContainer(for: Entry.self, configurations: ModelConfiguration(\"Entries\"))",
        "try! ModelContainer(for: Entry.self, configurations: ModelConfiguration(groupContainer: "
            + ".identifier(\"group.com.example.diary\")))",
    ]

    private func lock(_ files: [String: String], over lockfile: Lockfile?, accept: Set<String> = []) -> Lockfile {
        Locker.plan(
            TestSupport.analyze(files), existing: lockfile, request: Locker.Request(accept: accept, reason: "moved")
        ).lockfile
    }

    func testAMovedStoreHoldsTheStateTooAndTheOldOneIsStillLeftBehind() throws {
        for move in Self.moves {
            let shipped = lock(Self.app(Self.first), over: nil)
            let moved = lock(Self.app(move), over: shipped)
            let key = try XCTUnwrap(moved.versionKeys.first)
            XCTAssertEqual(moved.versions[key]?.heldIn?.count, 2, move)
            XCTAssertEqual(
                TestSupport.summary(TestSupport.analyze(Self.app(move), lockfile: moved).findings.filter {
                    $0.severity != .note
                }), ["store_abandoned schemalint.lock:1"], move)
            // A later change of the models is judged against the new store.
            let changed = TestSupport.analyze(Self.app(move, streak: "var streak: String = \"0\""), lockfile: moved)
            XCTAssertTrue(changed.findings.contains { $0.rule == .lightweightUnsupportedChange }, move)
            // Accepting the move drops the old store: nothing left behind is reported.
            let accepted = lock(Self.app(move), over: moved, accept: [key])
            XCTAssertEqual(accepted.versions[key]?.heldIn?.count, 1, move)
            XCTAssertEqual(
                TestSupport.analyze(Self.app(move), lockfile: accepted).findings.filter { $0.severity != .note }
                    .map(\.rule), [], move)
        }
    }

    /// Control: a new store whose file cannot be told is not recorded beside the old one, which stays the state's.
    func testAStoreMovedWhereItCannotBeToldIsNotRecorded() throws {
        let shipped = lock(Self.app(Self.first), over: nil)
        let unread = "try! ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: Paths.current()))"
        let moved = lock(Self.app(unread), over: shipped)
        let key = try XCTUnwrap(moved.versionKeys.first)
        XCTAssertEqual(moved.versions[key]?.heldIn, shipped.versions[key]?.heldIn)
    }
}
