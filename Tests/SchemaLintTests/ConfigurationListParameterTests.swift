import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper opening a container with the configurations its callers pass as a list (issue 49): `func
/// makeContainer(_ configurations: [ModelConfiguration])` called as `makeContainer([a, b])`. Each call opens its own
/// container with the stores of its list (local variables, constants of another type, literals, `.init(url:)`), the
/// default where a call leaves the list out, what the outer callers pass where another function passes its own list
/// on, and the arguments of a variadic `ModelConfiguration...`. Up to the calls read one at a time; beyond them, or a
/// list that cannot be read, the store stays one schemalint cannot tell.
final class ConfigurationListParameterTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Seed {
            var variety: String = ""
            init() {}
        }
        """

    static let shed = "URL.documentsDirectory.appending(path: \"Shed.store\")"

    /// The helper, in a file of its own.
    static let helper = """
        import SwiftData

        func makeContainer(_ configurations: [ModelConfiguration]) throws -> ModelContainer {
            try ModelContainer(for: Schema([Seed.self]), configurations: configurations)
        }
        """

    static let stores = """
        import Foundation
        import SwiftData

        enum Stores {
            static let garden = ModelConfiguration("Garden")
            static let shed = ModelConfiguration(url: \(shed))
        }
        """

    func files(_ app: String, helper: String = ConfigurationListParameterTests.helper, extra: [String: String] = [:])
        -> [String: String]
    {
        var files = [
            "Seeds/Models.swift": Self.models,
            "Seeds/Helper.swift": helper,
            "Seeds/Stores.swift": Self.stores,
            "Seeds/SeedApp.swift": """
            import Foundation
            import SwiftData
            import SwiftUI

            \(app)
            """,
        ]
        files.merge(extra) { _, new in new }
        return files
    }

    func keys(_ analysis: Analysis) -> [String] { analysis.topology.stores.map(\.location.key).sorted() }

    /// The stores of each app container, each container's sorted.
    func opened(_ analysis: Analysis) -> [[String]] {
        analysis.project.containers.filter { $0.purpose == .app }.map { $0.stores.map(\.key).sorted() }.sorted {
            $0.joined() < $1.joined()
        }
    }

    static let both = ["Garden.store", "file:⟨Documents⟩/Shed.store"]

    /// One call, its list written four ways: local variables, constants of another type, literals, and `.init(url:)`
    /// under the `configurations:` label.
    func testACallOpensTheStoresOfTheListItPasses() {
        let labelled = Self.helper.replacingOccurrences(of: "(_ configurations:", with: "(configurations:")
        let spellings: [(String, String, String)] = [
            (
                "local variables",
                """
                @main struct SeedApp: App {
                    let container: ModelContainer = {
                        let garden = ModelConfiguration("Garden")
                        let shed = ModelConfiguration(url: \(Self.shed))
                        return try! makeContainer([garden, shed])
                    }()
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, Self.helper
            ),
            (
                "constants of another type",
                """
                @main struct SeedApp: App {
                    let container = try! makeContainer([Stores.garden, Stores.shed])
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, Self.helper
            ),
            (
                "literals",
                """
                @main struct SeedApp: App {
                    let container = try! makeContainer([
                        ModelConfiguration("Garden"), ModelConfiguration(url: \(Self.shed)),
                    ])
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, Self.helper
            ),
            (
                "`.init(url:)` under the label",
                """
                @main struct SeedApp: App {
                    let container = try! makeContainer(configurations: [.init("Garden"), .init(url: \(Self.shed))])
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, labelled
            ),
        ]
        for (name, app, helper) in spellings {
            let analysis = TestSupport.analyze(files(app, helper: helper))
            XCTAssertEqual(opened(analysis), [Self.both], name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
        }
    }

    /// Two calls are two containers, each with its own stores; a call leaving the list out gets its default.
    func testEachCallIsItsOwnContainerAndALeftOutListIsTheDefault() {
        let twoCalls = """
            @main struct SeedApp: App {
                let container = try! makeContainer([Stores.garden])
                let shed = try! makeContainer([ModelConfiguration("Barn"), Stores.shed])
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let analysis = TestSupport.analyze(files(twoCalls))
        XCTAssertEqual(opened(analysis), [["Barn.store", "file:⟨Documents⟩/Shed.store"], ["Garden.store"]])
        XCTAssertEqual(analysis.untoldStoreNotes, [])

        let defaulted = Self.helper.replacingOccurrences(
            of: "(_ configurations: [ModelConfiguration])",
            with: "(_ configurations: [ModelConfiguration] = [ModelConfiguration(\"Garden\")])")
        let leftOut = """
            @main struct SeedApp: App {
                let container = try! makeContainer()
                let shed = try! makeContainer([Stores.shed])
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let withDefault = TestSupport.analyze(files(leftOut, helper: defaulted))
        XCTAssertEqual(opened(withDefault), [["Garden.store"], ["file:⟨Documents⟩/Shed.store"]])
        XCTAssertEqual(withDefault.untoldStoreNotes, [])
    }

    /// A list passed on through a second function is what that function's callers pass; a variadic
    /// `ModelConfiguration...` is the arguments a call gives it.
    func testAListPassedOnOrVariadicIsWhatTheCallsGive() {
        let forwarded = """
            func openSeeds(_ stores: [ModelConfiguration]) -> ModelContainer {
                try! makeContainer(stores)
            }
            @main struct SeedApp: App {
                let container = openSeeds([Stores.garden, ModelConfiguration(url: \(Self.shed))])
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let passedOn = TestSupport.analyze(files(forwarded))
        XCTAssertEqual(opened(passedOn), [Self.both])
        XCTAssertEqual(passedOn.untoldStoreNotes, [])

        let variadic = Self.helper.replacingOccurrences(
            of: "(_ configurations: [ModelConfiguration])", with: "(_ configurations: ModelConfiguration...)")
        let spread = """
            @main struct SeedApp: App {
                let container = try! makeContainer(Stores.garden, ModelConfiguration(url: \(Self.shed)))
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let given = TestSupport.analyze(files(spread, helper: variadic))
        XCTAssertEqual(opened(given), [Self.both])
        XCTAssertEqual(given.untoldStoreNotes, [])
    }

    /// Controls: the helper called for the app and for previews with an in-memory configuration is one store on
    /// disk, not two; a call whose list cannot be read keeps the note; more calls than are read one at a time are
    /// read together, and the store is not told.
    func testPreviewsUnreadListsAndManyCallsSayNoMoreThanIsRead() {
        let previews = """
            @main struct SeedApp: App {
                let container = try! makeContainer([ModelConfiguration("Garden")])
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }

            enum Previews {
                static let container = try! makeContainer([ModelConfiguration("Garden", isStoredInMemoryOnly: true)])
            }
            """
        let preview = TestSupport.analyze(files(previews))
        XCTAssertEqual(keys(preview), ["Garden.store"])
        XCTAssertEqual(opened(preview), [["Garden.store"]])
        XCTAssertEqual(preview.untoldStoreNotes, [])

        let unreadable = """
            @main struct SeedApp: App {
                let container = try! makeContainer(Bool.random() ? [] : [ModelConfiguration("Garden")])
                let shed = try! makeContainer([Stores.shed])
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let unread = TestSupport.analyze(files(unreadable))
        XCTAssertEqual(unread.untoldStoreNotes.count, 1, "\(unread.untoldStoreNotes)")
        XCTAssertTrue(
            unread.untoldStoreNotes.first?.contains("which file this container opens cannot be told") == true,
            "\(unread.untoldStoreNotes)")
        XCTAssertTrue(keys(unread).contains("file:⟨Documents⟩/Shed.store"), "\(keys(unread))")

        let calls = (1...(CallSitesLimit.readApart + 1)).map {
            "    let c\($0) = try! makeContainer([ModelConfiguration(\"S\($0)\")])"
        }
        let many = """
            @main struct SeedApp: App {
            \(calls.joined(separator: "\n"))
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(c1) }
            }
            """
        let together = TestSupport.analyze(files(many))
        XCTAssertEqual(together.untoldStoreNotes.count, 1, "\(together.untoldStoreNotes)")
    }

    /// `check --verbose` lists the stores each call opens; plain `check` has no note.
    func testVerboseListsTheStoresOfEachCall() throws {
        let app = """
            @main struct SeedApp: App {
                let container = try! makeContainer([Stores.garden, Stores.shed])
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let root = try TestSupport.writeTree(files(app))
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try TestSupport.run(["check", "--verbose"], in: root)
        let lines = (run.stdout + run.stderr).split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("schemalint: app .: store") },
            [
                "schemalint: app .: store Garden.store: 1 container, no plan, 1 version",
                "schemalint: app .: store at Documents/Shed.store: 1 container, no plan, 1 version",
            ])
        let plain = try TestSupport.run(["check"], in: root)
        XCTAssertFalse((plain.stdout + plain.stderr).contains("schemalint: note:"), plain.stdout + plain.stderr)
    }
}

/// The number of calls of a helper read one at a time (`CallSites.readApartLimit`, internal to the model).
private enum CallSitesLimit {
    static let readApart = 8
}
