import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper given `configuration: ModelConfiguration? = nil` that unwraps it before one container and opens another
/// without it (Sprung's fallback, field test 25): a call leaving the argument out reaches only the other container,
/// so the unwrapped one opens what the calls that pass a configuration give (here only an in-memory one). It is no
/// store that cannot be told, and no `data_dropped` is said of it.
final class OptionalConfigurationParameterTests: XCTestCase {
    private static let models = """
        import SwiftData
        @Model final class JobApp { var title: String = ""; init() {} }
        @Model final class Onboarding { var step: Int = 0; init() {} }
        """

    /// The app: the helper called once without the argument, once with an in-memory configuration.
    private static func app(_ helper: String, call: String = "Self.make") -> String {
        """
        import SwiftUI
        import SwiftData
        @main struct JobsApp: App {
            private let container: ModelContainer
            init() {
                do {
                    container = try \(call)()
                } catch {
                    container = try! \(call)(configuration: ModelConfiguration(isStoredInMemoryOnly: true))
                }
            }
            var body: some Scene { WindowGroup { Text("jobs") }.modelContainer(container) }
        }
        \(helper)
        """
    }

    private static let spellings: [(name: String, text: String)] = [
        (
            "if let shorthand",
            app(
                """
                private extension JobsApp {
                    static func make(configuration: ModelConfiguration? = nil) throws -> ModelContainer {
                        if let configuration {
                            return try ModelContainer(for: JobApp.self, configurations: configuration)
                        } else {
                            return try ModelContainer(for: JobApp.self, Onboarding.self)
                        }
                    }
                }
                """)
        ),
        (
            "if let with a name, no else",
            app(
                """
                extension JobsApp {
                    static func make(configuration: ModelConfiguration? = nil) throws -> ModelContainer {
                        if let configuration = configuration {
                            return try ModelContainer(for: JobApp.self, configurations: configuration)
                        }
                        return try ModelContainer(for: JobApp.self, Onboarding.self)
                    }
                }
                """)
        ),
        (
            "guard let",
            app(
                """
                extension JobsApp {
                    static func make(configuration: ModelConfiguration? = nil) throws -> ModelContainer {
                        guard let configuration else { return try ModelContainer(for: JobApp.self, Onboarding.self) }
                        return try ModelContainer(for: JobApp.self, configurations: configuration)
                    }
                }
                """)
        ),
        (
            "a global function in another type's file",
            app(
                """
                enum Stores {
                    static func open(configuration: ModelConfiguration? = nil) throws -> ModelContainer {
                        if let configuration {
                            return try ModelContainer(for: JobApp.self, configurations: configuration)
                        }
                        return try ModelContainer(for: JobApp.self, Onboarding.self)
                    }
                }
                """, call: "Stores.open")
        ),
    ]

    func testACallLeavingAnOptionalConfigurationOutDoesNotReachTheUnwrappedContainer() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(["App/Models.swift": Self.models, "App/JobsApp.swift": spelling.text])
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], spelling.name)
            XCTAssertEqual(analysis.notes, [], spelling.name)
            XCTAssertEqual(
                analysis.project.containers.filter { $0.purpose == .inMemory }.count, 1, spelling.name)
        }
    }

    /// Control: a configuration the code reads from the user's settings is passed too: that container's file cannot
    /// be told, and the note says so.
    func testAnUnreadConfigurationPassedStillCannotBeTold() {
        let text = Self.app(
            """
            private extension JobsApp {
                static func make(configuration: ModelConfiguration? = nil) throws -> ModelContainer {
                    if let configuration {
                        return try ModelContainer(for: JobApp.self, configurations: configuration)
                    }
                    return try ModelContainer(for: JobApp.self, Onboarding.self)
                }
                static func fromSettings() -> ModelContainer {
                    let saved = URL(string: UserDefaults.standard.string(forKey: "u")!)!
                    return try! make(configuration: ModelConfiguration(url: saved))
                }
            }
            """)
        let analysis = TestSupport.analyze(["App/Models.swift": Self.models, "App/JobsApp.swift": text])
        XCTAssertEqual(analysis.untoldStoreNotes.count, 1, analysis.notes.joined(separator: "\n"))
    }
}
