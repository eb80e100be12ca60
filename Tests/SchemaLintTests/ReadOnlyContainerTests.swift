import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An App Intent that opens the app's shared store with `allowsSave: false` and fewer models (Pal Field, field test
/// 26): Core Data adds the store read-only and does not migrate it, so the open fails and no row is deleted. It is a
/// warning that the open fails, never the error that rows go; and the app's own open is not said to drop its tables.
final class ReadOnlyContainerTests: XCTestCase {
    private static let models = """
        import SwiftData
        import Foundation
        @Model final class Job { var name: String = ""; init() {} }
        @Model final class Email { var subject: String = ""; init() {} }
        enum Shared {
            static let url = URL.applicationSupportDirectory.appending(path: "Shared.store")
        }
        let appContainer = try! ModelContainer(
            for: Schema([Job.self, Email.self]), configurations: [ModelConfiguration(url: Shared.url)])
        """

    private static let spellings: [(name: String, text: String)] = [
        (
            "written in the call",
            """
            import SwiftData
            func intentContainer() -> ModelContainer? {
                let schema = Schema([Job.self])
                let readOnly = [ModelConfiguration(schema: schema, url: Shared.url, allowsSave: false)]
                return try? ModelContainer(for: schema, configurations: readOnly)
            }
            """
        ),
        (
            "a local configuration",
            """
            import SwiftData
            struct WeekIntent {
                func perform() throws {
                    let config = ModelConfiguration(url: Shared.url, allowsSave: false)
                    let container = try ModelContainer(for: Job.self, configurations: config)
                    _ = container
                }
            }
            """
        ),
        (
            "a static configuration of another type",
            """
            import SwiftData
            enum IntentStores {
                static let readOnly = ModelConfiguration(url: Shared.url, allowsSave: false)
            }
            struct WeekIntent {
                func perform() throws {
                    _ = try ModelContainer(for: Job.self, configurations: IntentStores.readOnly)
                }
            }
            """
        ),
    ]

    func testAReadOnlyOpenWithFewerModelsFailsAndDeletesNothing() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(["App/App.swift": Self.models, "Intents/Intent.swift": spelling.text])
            let found = analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }
            XCTAssertEqual(found.map(\.severity), [.warning], "\(spelling.name): \(TestSupport.summary(found))")
            XCTAssertEqual(found.map(\.message.id), ["read-only-fewer-models"], spelling.name)
            XCTAssertEqual(found.map(\.location.file), ["Intents/Intent.swift"], spelling.name)
        }
    }

    /// Control: the same open allowed to save migrates the store to its models and drops `Email`'s rows.
    func testAnOpenThatMaySaveDropsTheOthersRows() {
        let text = Self.spellings[1].text.replacingOccurrences(of: "allowsSave: false", with: "allowsSave: true")
        let analysis = TestSupport.analyze(["App/App.swift": Self.models, "Intents/Intent.swift": text])
        let found = analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }
        XCTAssertEqual(found.map(\.severity), [.error], "\(TestSupport.summary(found))")
        XCTAssertEqual(found.map(\.message.id), ["fewer-models"])
    }
}
