import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A configuration passed on through helpers, each giving the next its own parameter (roadsense-ns, field test 30:
/// `makeDefault()` → `makePersistentStore(configuration:)` → `makeContainer(configuration:)`): the store is what the
/// first call passes, however many helpers it goes through.
final class ForwardedConfigurationTests: XCTestCase {
    private static let app = """
        import SwiftUI
        import SwiftData
        @main struct TheApp: App {
            let container = try! CALL
            var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
        }
        """

    private static let spellings: [(String, String, String)] = [
        (
            "two helpers, one label",
            """
            enum Provider {
                static func makeDefault() throws -> ModelContainer {
                    let configuration = ModelConfiguration("Readings", schema: Schema([Reading.self]))
                    return try makePersistentStore(configuration: configuration)
                }
                private static func makePersistentStore(configuration: ModelConfiguration) throws -> ModelContainer {
                    try makeContainer(configuration: configuration)
                }
                private static func makeContainer(configuration: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: Schema([Reading.self]), configurations: [configuration])
                }
            }
            """,
            "Provider.makeDefault()"
        ),
        (
            "three helpers, labels changing",
            """
            enum Provider {
                static func open() throws -> ModelContainer { try first(with: ModelConfiguration("Readings")) }
                static func first(with config: ModelConfiguration) throws -> ModelContainer { try second(config) }
                static func second(_ given: ModelConfiguration) throws -> ModelContainer { try third(using: given) }
                static func third(using configuration: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: Reading.self, configurations: configuration)
                }
            }
            """,
            "Provider.open()"
        ),
        (
            "a helper of another type",
            """
            enum Factory {
                static func container(configuration: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: Reading.self, configurations: configuration)
                }
            }
            enum Provider {
                static func open(configuration: ModelConfiguration) throws -> ModelContainer {
                    try Factory.container(configuration: configuration)
                }
            }
            """,
            "Provider.open(configuration: ModelConfiguration(\"Readings\"))"
        ),
    ]

    func testAForwardedConfigurationIsWhatTheFirstCallPasses() {
        let model = "import SwiftData\n@Model final class Reading { var value: Double = 0; init() {} }"
        for (name, helpers, call) in Self.spellings {
            let analysis = TestSupport.analyze([
                "App/Reading.swift": model,
                "App/Provider.swift": "import SwiftData\n" + helpers,
                "App/App.swift": Self.app.replacingOccurrences(of: "CALL", with: call),
            ])
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["Readings.store"], name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
        }
    }
}
