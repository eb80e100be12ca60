import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A configuration returned by the app's own function, written as real apps write it (MinhasLentes'
/// `realConfiguration(schema:)`): `let`s before the `return`, a URL from a function that throws when the App Group is
/// missing, the call marked `try`. The store is read through all of it, so a widget opening that file with fewer
/// models is found; the control's widget opens another file.
final class ConfigurationHelperBodyTests: XCTestCase {
    private static let models = """
        import SwiftData

        @Model final class Lens {
            var name: String = ""
            init() {}
        }

        @Model final class Event {
            var note: String = ""
            init() {}
        }
        """

    private static let paths = """
        import Foundation

        enum SharedFolder {
            enum Failure: Error { case missing }
            static let identifier = "group.com.example.lenses"
            static func storeURL() throws -> URL {
                guard let folder = FileManager.default.containerURL(
                    forSecurityApplicationGroupIdentifier: identifier)
                else { throw Failure.missing }
                return folder.appendingPathComponent("Lenses.sqlite")
            }
        }
        """

    /// The app's container, given the configuration `make` returns (`call` is how it is called).
    private static func files(helper: String, call: String, widgetFile: String = "Lenses.sqlite") -> [String: String] {
        [
            "Lenses/Models.swift": models,
            "Lenses/SharedFolder.swift": paths,
            "Lenses/Store.swift": """
                import Foundation
                import SwiftData

                enum Store {
                    static func shared() throws -> ModelContainer {
                        let schema = Schema([Lens.self, Event.self])
                        \(call)
                    }
                \(helper)
                }
                """,
            "LensesWidget/Loader.swift": """
                import Foundation
                import SwiftData

                enum Loader {
                    static func container() throws -> ModelContainer {
                        let folder = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "group.com.example.lenses")!
                        let configuration = ModelConfiguration(url: folder.appendingPathComponent("\(widgetFile)"))
                        return try ModelContainer(for: Lens.self, configurations: configuration)
                    }
                }
                """,
        ]
    }

    private static let spellings: [(String, helper: String, call: String)] = [
        (
            "a local URL, called without try",
            """
                static func make(schema: Schema) -> ModelConfiguration {
                    let url = try! SharedFolder.storeURL()
                    return ModelConfiguration(schema: schema, url: url)
                }
            """,
            """
            let configuration = make(schema: schema)
                    return try ModelContainer(for: schema, configurations: [configuration])
            """
        ),
        (
            "a local URL from a throwing function, the call marked try",
            """
                private static func make(schema: Schema) throws -> ModelConfiguration {
                    let url = try SharedFolder.storeURL()
                    let configuration = ModelConfiguration(schema: schema, url: url)
                    return configuration
                }
            """,
            """
            let configuration = try make(schema: schema)
                    return try ModelContainer(for: schema, configurations: [configuration])
            """
        ),
        (
            "one expression, try in its argument and at the call",
            """
                static func make(schema: Schema) throws -> ModelConfiguration {
                    ModelConfiguration(schema: schema, url: try SharedFolder.storeURL())
                }
            """,
            """
            let configuration = try Self.make(schema: schema)
                    return try ModelContainer(for: schema, configurations: configuration)
            """
        ),
        (
            "a folder local and a name local, with no parameter",
            """
                static func make() -> ModelConfiguration {
                    let folder = FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: SharedFolder.identifier)!
                    let name = "Lenses.sqlite"
                    return ModelConfiguration(url: folder.appendingPathComponent(name))
                }
            """,
            """
            let configuration = make()
                    return try ModelContainer(for: schema, configurations: configuration)
            """
        ),
    ]

    func testAConfigurationHelpersBodyIsRead() {
        for (name, helper, call) in Self.spellings {
            let analysis = TestSupport.analyze(Self.files(helper: helper, call: call))
            XCTAssertEqual(
                analysis.topology.stores.map(\.name), ["the store at App Group group.com.example.lenses/Lenses.sqlite"],
                "\(name): \(analysis.topology.stores.map(\.name))")
            let found = TestSupport.summary(analysis.findings).filter {
                $0.hasPrefix("store_opened_with_different_models")
            }
            XCTAssertEqual(found, ["store_opened_with_different_models LensesWidget/Loader.swift:9"], name)
        }
    }

    /// Control: the widget opens a file of its own.
    func testAWidgetOnAnotherFileIsNoFinding() {
        for (name, helper, call) in Self.spellings {
            let analysis = TestSupport.analyze(Self.files(helper: helper, call: call, widgetFile: "Widget.sqlite"))
            XCTAssertEqual(analysis.topology.stores.count, 2, name)
            XCTAssertEqual(
                TestSupport.summary(analysis.findings).filter { $0.hasPrefix("store_opened") }, [], name)
        }
    }
}
