import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A URL a body picks with `if … { return a } else if … { return b }` and a last `return` (personal_finance's
/// `sourceURL`, a closure called at once): each place it may return is a store the container may open, never
/// "cannot be told".
final class ElseIfReturnChainTests: XCTestCase {
    private static let picker = """
        if let groupURL = appGroupURL, FileManager.default.fileExists(atPath: groupURL.path()) {
            return groupURL
        } else if FileManager.default.fileExists(atPath: oldURL.path()) {
            return oldURL
        }
        return URL.documentsDirectory.appending(path: "Fresh.store")
        """

    private static func indented(_ text: String, by spaces: Int) -> String {
        text.split(separator: "\n").map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }

    private static func opening(_ url: String) -> String {
        "let container = try! ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: \(url)))"
    }

    private static let spellings = [
        "let sourceURL: URL = {\n\(indented(picker, by: 4))\n}()\n" + opening("sourceURL"),
        "var sourceURL: URL {\n\(indented(picker, by: 4))\n}\n" + opening("sourceURL"),
        "func sourceURL() -> URL {\n\(indented(picker, by: 4))\n}\n" + opening("sourceURL()"),
    ]

    func testEachReturnedPlaceIsAStore() {
        for spelling in Self.spellings {
            let source = """
                import Foundation
                import SwiftData

                @Model final class Entry { var amount: Double = 0; init() {} }

                let appGroupURL = FileManager.default
                    .containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.finance")?
                    .appending(path: "default.store")
                let oldURL = URL.applicationSupportDirectory.appending(path: "default.store")

                \(spelling)
                """
            let analysis = TestSupport.analyze(["Finance/Store.swift": source])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key).sorted(),
                [
                    "default.store", "file:⟨Documents⟩/Fresh.store",
                    "file:⟨group:group.com.example.finance⟩/default.store",
                ], spelling)
        }
    }
}
