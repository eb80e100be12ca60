import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper given `configuration: ModelConfiguration? = nil` that opens what a call passes, or a configuration it
/// writes itself when the call passes none (Sprung's `makeDirectModelContainer`, field test 25): the call leaving the
/// argument out opens the fallback's file, the other call an in-memory store. The file is told, with no note.
final class ConfigurationFallbackTests: XCTestCase {
    private static let models = """
        import SwiftData
        @Model final class JobApp { var title: String = ""; init() {} }
        """

    /// Where the app keeps its store, declared in another file.
    private static let locations = """
        import SwiftData
        import Foundation
        extension ModelContainer {
            static var storeURL: URL { URL.applicationSupportDirectory.appending(path: "Jobs/default.store") }
        }
        extension ModelConfiguration {
            static var jobs: ModelConfiguration { ModelConfiguration(url: ModelContainer.storeURL) }
        }
        """

    /// The app: the helper called once without the argument, then with an in-memory configuration if that fails.
    private static func app(_ helper: String) -> String {
        """
        import SwiftUI
        import SwiftData
        @main struct JobsApp: App {
            private let container: ModelContainer
            init() {
                do {
                    container = try Self.make()
                } catch {
                    container = try! Self.make(configuration: ModelConfiguration(isStoredInMemoryOnly: true))
                }
            }
            var body: some Scene { WindowGroup { Text("jobs") }.modelContainer(container) }
        }
        extension JobsApp {
            static func make(configuration: ModelConfiguration? = nil) throws -> ModelContainer {
        \(helper)
            }
        }
        """
    }

    private static let spellings: [(name: String, text: String)] = [
        (
            "a let given its value in if let and else",
            app(
                """
                        let config: ModelConfiguration
                        if let configuration {
                            config = configuration
                        } else {
                            config = ModelConfiguration(url: ModelContainer.storeURL, allowsSave: true)
                        }
                        return try ModelContainer(for: JobApp.self, configurations: config)
                """)
        ),
        (
            "?? in the argument",
            app(
                """
                        try ModelContainer(
                            for: JobApp.self, configurations: configuration ?? ModelConfiguration(url: .storeURL))
                """.replacingOccurrences(of: ".storeURL", with: "ModelContainer.storeURL"))
        ),
        (
            "an if expression",
            app(
                """
                        let config = if let configuration { configuration } else { ModelConfiguration.jobs }
                        return try ModelContainer(for: JobApp.self, configurations: config)
                """)
        ),
        (
            "?? with an extension's member",
            app(
                """
                        let config = configuration ?? .jobs
                        return try ModelContainer(for: JobApp.self, configurations: config)
                """)
        ),
    ]

    func testACallLeavingTheConfigurationOutOpensTheFallback() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze([
                "App/Models.swift": Self.models, "App/Stores.swift": Self.locations,
                "App/JobsApp.swift": spelling.text,
            ])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key), ["file:⟨Application Support⟩/Jobs/default.store"],
                spelling.name)
            XCTAssertEqual(analysis.notes, [], spelling.name)
            XCTAssertEqual(analysis.project.containers.filter { $0.purpose == .inMemory }.count, 1, spelling.name)
        }
    }

    /// Control: the fallback's URL is one the user picked at run time: that file cannot be told, and a note says so.
    func testAnUnreadFallbackStillCannotBeTold() {
        let text = Self.app(
            """
                    let saved = URL(string: UserDefaults.standard.string(forKey: "storeURL")!)!
                    let fallback = ModelConfiguration(url: saved)
                    return try ModelContainer(for: JobApp.self, configurations: configuration ?? fallback)
            """)
        let analysis = TestSupport.analyze([
            "App/Models.swift": Self.models, "App/Stores.swift": Self.locations, "App/JobsApp.swift": text,
        ])
        XCTAssertEqual(analysis.untoldStoreNotes.count, 1, analysis.notes.joined(separator: "\n"))
    }
}
