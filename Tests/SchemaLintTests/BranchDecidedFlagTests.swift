import SchemaLintEngine
import XCTest

/// A flag read in a branch of `if flag` or `if !flag` is what the branch says it is: MyAnimeList's `if !inMemory {
/// ModelConfiguration(schema:url:) } else { ModelConfiguration(schema:isStoredInMemoryOnly: inMemory) }` (field test
/// 22) keeps nothing in a file on its second branch, whoever calls it and with whatever flag: no `default.store`.
final class BranchDecidedFlagTests: XCTestCase {
    private static let spellings: [(name: String, body: String)] = [
        (
            "if !flag, then else",
            """
            let configuration: ModelConfiguration
            if !inMemory {
                configuration = ModelConfiguration(schema: schema, url: url)
            } else {
                configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: inMemory)
            }
            return try ModelContainer(for: schema, configurations: configuration)
            """
        ),
        (
            "if flag first",
            """
            let configuration: ModelConfiguration
            if inMemory {
                configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: inMemory)
            } else {
                configuration = ModelConfiguration(schema: schema, url: url)
            }
            return try ModelContainer(for: schema, configurations: configuration)
            """
        ),
        (
            "an if expression",
            """
            let configuration = if !inMemory {
                ModelConfiguration(schema: schema, url: url)
            } else {
                ModelConfiguration(schema: schema, isStoredInMemoryOnly: inMemory)
            }
            return try ModelContainer(for: schema, configurations: [configuration])
            """
        ),
    ]

    private static func provider(_ body: String) -> String {
        let indented = body.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        return """
            import Foundation
            import SwiftData
            @Model final class Anime { var title: String = ""; init() {} }
            let storeURL = URL.applicationSupportDirectory.appendingPathComponent("DataProvider")
                .appendingPathComponent("mal.store")
            @MainActor public final class DataProvider {
                public static let `default` = DataProvider()
                public static let forPreview = DataProvider(inMemory: true)
                public let inMemory: Bool
                public private(set) var container: ModelContainer
                public init(inMemory: Bool = false, url: URL = storeURL) {
                    self.inMemory = inMemory
                    container = try! Self.makeContainer(inMemory: inMemory, url: url)
                }
                public func reload() { container = try! Self.makeContainer(inMemory: inMemory, url: storeURL) }
                private static func makeContainer(inMemory: Bool = false, url: URL) throws -> ModelContainer {
                    let schema = Schema([Anime.self])
            \(indented)
                }
            }
            """
    }

    private static let app = """
        import SwiftUI
        @main struct AnimeApp: App {
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(DataProvider.default.container) }
        }
        """

    func testTheBranchOfAFlagSaysWhatItIs() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(
                ["App/AnimeApp.swift": Self.app, "DataProvider/DataProvider.swift": Self.provider(spelling.body)])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key), ["file:⟨Application Support⟩/DataProvider/mal.store"],
                spelling.name)
        }
    }

    /// Another flag's branch decides nothing of this one.
    func testAnotherFlagsBranchDecidesNothing() {
        let body = Self.spellings[0].body.replacingOccurrences(of: "if !inMemory", with: "if !url.isFileURL")
        let analysis = TestSupport.analyze(
            ["App/AnimeApp.swift": Self.app, "DataProvider/DataProvider.swift": Self.provider(body)])
        XCTAssertTrue(
            analysis.topology.stores.contains { $0.location.key.contains("default.store") },
            "\(analysis.topology.stores.map(\.location.key))")
    }
}
