import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL held in a local computed variable of a function (SwiftCal's widget, field test 32: `var
/// sharedStoreURL: URL { let c = ...containerURL(...)!; return c.appendingPathComponent("SwiftCal.sqlite") }` inside
/// `fetchDays()`): what its getter returns, with the `let`s it declares.
final class LocalComputedURLTests: XCTestCase {
    private static func source(_ variable: String) -> String {
        """
        import SwiftData
        import Foundation
        @Model final class Day { var date: Date = Date.now; init() {} }
        @MainActor func fetchDays() -> [Day] {
        \(variable)
            let container = try! ModelContainer(for: Day.self, configurations: ModelConfiguration(url: sharedStoreURL))
            return (try? ModelContext(container).fetch(FetchDescriptor<Day>())) ?? []
        }
        """
    }

    func testTheGetterIsRead() {
        let getter = """
                let c = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.example.cal")!
                return c.appendingPathComponent("Cal.sqlite")
            """
        for variable in [
            "    var sharedStoreURL: URL {\n\(getter)\n    }",
            "    var sharedStoreURL: URL {\n        get {\n\(getter)\n        }\n    }",
        ] {
            let analysis = TestSupport.analyze(["Widget/Days.swift": Self.source(variable)])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key), ["file:⟨group:group.example.cal⟩/Cal.sqlite"], variable)
            XCTAssertEqual(analysis.untoldStoreNotes, [], variable)
        }
    }
}
