import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container opened in a `catch` after the one its `do` opens, on another file (Takt, field test 31: v2 opens
/// `Takt.sqlite` and falls back to the old `default.store` only if that fails): the new file opens on every device,
/// so the old one is left behind, and what the fallback opens is no user's store to judge.
final class FallbackStoreTests: XCTestCase {
    private static let v1 = """
        import SwiftUI
        import SwiftData
        @Model final class Habit { var name: String = ""; init() {} }
        @main struct TaktApp: App {
            let container: ModelContainer = { try! ModelContainer(for: Schema([Habit.self])) }()
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(container) }
        }
        """

    private static func v2(_ primary: String, _ fallback: String, model: String = "var name: String = \"\"") -> String {
        """
        import SwiftUI
        import SwiftData
        @Model final class Habit { \(model); init() {} }
        @main struct TaktApp: App {
            let container: ModelContainer = {
                let schema = Schema([Habit.self])
                do {
                    return try ModelContainer(for: schema, configurations: [\(primary)])
                } catch {
                    return try! \(fallback)
                }
            }()
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(container) }
        }
        """
    }

    private func findings(_ source: String) -> [String] {
        let lockfile = TestSupport.lock(TestSupport.analyze(["App.swift": Self.v1]))
        return TestSupport.summary(TestSupport.analyze(["App.swift": source], lockfile: lockfile).findings)
    }

    func testTheOldStoreOnlyAFallbackOpensIsLeftBehind() {
        for (primary, fallback) in [
            (
                "ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: \"Takt.sqlite\"))",
                "ModelContainer(for: schema)"
            ),
            ("ModelConfiguration(\"Takt\", schema: schema)", "ModelContainer(for: Habit.self)"),
            (
                "ModelConfiguration(\"Takt\")",
                "ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema)])"
            ),
        ] {
            let found = findings(Self.v2(primary, fallback, model: "var name: String = \"\"; var streak: Int"))
            XCTAssertTrue(found.contains { $0.hasPrefix("store_abandoned") }, "\(primary): \(found)")
            XCTAssertFalse(found.contains { $0.hasPrefix("lightweight_unsupported_change") }, "\(primary): \(found)")
        }
    }

    /// Controls: a fallback on the primary's own file (a retry) and one kept in memory change nothing.
    func testAFallbackOnTheSameFileStaysTheAppsStore() {
        let retry = findings(Self.v2("ModelConfiguration(schema: schema)", "ModelContainer(for: schema)"))
        XCTAssertFalse(retry.contains { $0.hasPrefix("store_abandoned") }, "\(retry)")
        let memory = findings(
            Self.v2(
                "ModelConfiguration(schema: schema)",
                "ModelContainer(for: schema, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])"))
        XCTAssertFalse(memory.contains { $0.hasPrefix("store_abandoned") }, "\(memory)")
    }
}
