import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container or configuration written as the implicit member `.init(...)` is one where Swift gives it that type: a
/// property or variable declared `ModelContainer` (`shelf = try! .init(for: ...)` in an initialiser), a function or
/// computed property returning one, a closure called where it is written, `.modelContainer(...)`'s argument, and
/// `configurations:`. `ModelContainer.init(...)`, `ModelConfiguration.init(...)` and their `SwiftData.` spellings are
/// the type's initialiser too. A `.init(...)` building anything else is not a container.
final class ImplicitInitialiserTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Parcel {
            var label: String = ""
            var weight: Double = 0
            init() {}
        }
        """

    static func app(_ code: String) -> [String: String] {
        ["Post/Models.swift": models, "Post/Root.swift": "import SwiftData\nimport SwiftUI\n\n" + code + "\n"]
    }

    static func purposes(_ analysis: Analysis) -> [String] {
        analysis.project.containers.map { "\($0.purpose)" }
    }

    /// Where Swift gives `.init(for:)` the type `ModelContainer`: each is the app's container.
    static let containers: [(String, String)] = [
        (
            "a property assigned in an initialiser",
            """
            struct Root: View {
                @AppStorage("sync") private var sync = false
                private var shelf: ModelContainer!
                init() {
                    shelf = try! .init(
                        for: Parcel.self, configurations: .init(cloudKitDatabase: sync ? .automatic : .none))
                }
                var body: some View { Text("Parcels").modelContainer(shelf) }
            }
            """
        ),
        (
            "self.property in an extension's initialiser",
            """
            final class Depot { var storage: ModelContainer? }
            extension Depot {
                convenience init(named name: String) throws {
                    self.init()
                    self.storage = try .init(for: Parcel.self)
                }
            }
            """
        ),
        (
            "a function returning one",
            """
            enum Depot {
                static func open() throws -> ModelContainer {
                    let made: ModelContainer = try .init(for: Parcel.self)
                    return made
                }
            }
            """
        ),
        (
            "the only expression of a computed property",
            """
            enum Depot {
                static var shared: ModelContainer { try! .init(for: Parcel.self) }
            }
            """
        ),
        (
            "a closure called where it is written",
            """
            final class Depot {
                lazy var shelf: ModelContainer = {
                    do { return try .init(for: Parcel.self) } catch { fatalError("\\(error)") }
                }()
            }
            """
        ),
        (
            "the container given to .modelContainer",
            """
            struct Root: View {
                var body: some View { Text("Parcels").modelContainer(try! .init(for: Parcel.self)) }
            }
            """
        ),
        (
            "bound by guard let with its type (Bubble's widgets)",
            """
            struct Reader {
                let shelf: ModelContainer
                init() {
                    guard let made: ModelContainer = try? .init(for: Parcel.self) else { fatalError() }
                    shelf = made
                }
            }
            """
        ),
        (
            "bound by if let with its type",
            """
            enum Depot {
                static func open() -> ModelContainer? {
                    if let made: ModelContainer = try? .init(for: Parcel.self) { return made }
                    return nil
                }
            }
            """
        ),
        (
            "ModelContainer.init spelt out with its module",
            """
            enum Depot {
                static let shelf = try! SwiftData.ModelContainer.init(for: Parcel.self)
            }
            """
        ),
    ]

    func testAnImplicitInitialiserWhereAContainerIsExpectedIsTheAppContainer() {
        for (name, code) in Self.containers {
            let analysis = TestSupport.analyze(Self.app(code))
            XCTAssertEqual(Self.purposes(analysis), ["app"], name)
            XCTAssertEqual(analysis.topology.pooledBecause, nil, name)
            XCTAssertEqual(analysis.project.versions.map(\.name), ["Unversioned"], name)
        }
    }

    /// Silent controls: `.init(...)` where Swift expects another type builds that type.
    func testAnImplicitInitialiserOfAnotherTypeIsNoContainer() {
        let others = [
            """
            struct Loader { init(for type: Parcel.Type) {} }
            struct Root {
                private var loader: Loader!
                init() { loader = .init(for: Parcel.self) }
            }
            """,
            """
            struct Loader { init(for type: Parcel.Type) {} }
            enum Depot {
                static func open() -> Loader { .init(for: Parcel.self) }
                static var fetch: FetchDescriptor<Parcel> { .init() }
            }
            """,
            """
            struct Loader { init(for type: Parcel.Type) {} }
            func start() { guard let loader: Loader = .init(for: Parcel.self) as Loader? else { return }; _ = loader }
            """,
            """
            struct Loader { init(for type: Parcel.Type) {} }
            func keep(_ loader: Loader) {}
            func start() { keep(.init(for: Parcel.self)) }
            """,
        ]
        for code in others {
            let analysis = TestSupport.analyze(Self.app(code))
            XCTAssertEqual(Self.purposes(analysis), [], code)
        }
    }

    /// An in-memory configuration, however its initialiser is written, makes its container in-memory; the same
    /// with `false` is the app's store.
    func testAnInMemoryConfigurationIsReadHoweverItsInitialiserIsWritten() {
        let configurations = [
            "configurations: .init(isStoredInMemoryOnly: FLAG)",
            "configurations: [.init(isStoredInMemoryOnly: FLAG)]",
            "configurations: ModelConfiguration.init(isStoredInMemoryOnly: FLAG)",
            "configurations: SwiftData.ModelConfiguration.init(isStoredInMemoryOnly: FLAG)",
        ]
        for configuration in configurations {
            for (flag, purpose) in [("true", "inMemory"), ("false", "app")] {
                let written = configuration.replacingOccurrences(of: "FLAG", with: flag)
                let spellings = [
                    """
                    struct Sandbox<Content: View>: View {
                        let content: Content
                        private let scratch = try! ModelContainer(for: Parcel.self, \(written))
                        var body: some View { content.modelContainer(scratch) }
                    }
                    """,
                    """
                    enum Depot {
                        static func open() throws -> ModelContainer { try .init(for: Parcel.self, \(written)) }
                    }
                    """,
                ]
                for code in spellings {
                    let analysis = TestSupport.analyze(Self.app(code))
                    XCTAssertEqual(Self.purposes(analysis), [purpose], "\(written)\n\(code)")
                }
            }
        }
        // A configuration held by a variable declared `ModelConfiguration`, and one a function returns.
        for code in [
            """
            enum Depot {
                static func open() throws -> ModelContainer {
                    let setup: ModelConfiguration = .init(isStoredInMemoryOnly: true)
                    return try ModelContainer(for: Parcel.self, configurations: setup)
                }
            }
            """,
            """
            enum Depot {
                static let setup: ModelConfiguration = .init(isStoredInMemoryOnly: true)
                static let shelf = try! ModelContainer(for: Parcel.self, configurations: setup)
            }
            """,
        ] {
            XCTAssertEqual(Self.purposes(TestSupport.analyze(Self.app(code))), ["inMemory"], code)
        }
    }

    /// End to end, shaped like an unversioned app whose store is opened in a view's initialiser with `.init(...)`
    /// and whose previews use an in-memory `.init(...)`: the app's store is locked and its next release checked
    /// against it. A change inference makes is silent; a type change is reported at the app's container's models.
    func testTheAppStoreOpenedWithImplicitInitialisersIsLockedAndChecked() throws {
        func release(label: String = ": String!", weight: String) -> [String: String] {
            [
                "Post/Models.swift": """
                import SwiftData

                @Model final class Parcel {
                    var label\(label)
                    var weight\(weight)
                    init() {}
                }
                """,
                "Post/Root.swift": Self.app(Self.containers[0].1)["Post/Root.swift"]!,
                "Post/Sandbox.swift": """
                import SwiftData
                import SwiftUI

                struct SandboxShelf<Content: View>: View {
                    let content: Content
                    private let scratch = try! ModelContainer(
                        for: Parcel.self, configurations: .init(isStoredInMemoryOnly: true))
                    var body: some View { content.modelContainer(scratch) }
                }
                """,
            ]
        }
        let shipped = TestSupport.analyze(release(weight: ": Double? = 0"))
        XCTAssertEqual(Self.purposes(shipped).sorted(), ["app", "inMemory"])
        let lockfile = TestSupport.lock(shipped)
        XCTAssertEqual(lockfile.versions.keys.map { $0.hasPrefix("Unversioned@") }, [true])
        // `String!` → `String` with a default, `Double?` → `Double` with a default: inference fills the values.
        let inferable = TestSupport.analyze(
            release(label: ": String = \"\"", weight: ": Double = 0"), lockfile: lockfile)
        XCTAssertEqual(TestSupport.summary(inferable.findings.filter { $0.severity >= .warning }), [])
        let retyped = TestSupport.analyze(release(weight: ": String? = \"\""), lockfile: lockfile)
        XCTAssertEqual(
            TestSupport.summary(retyped.findings.filter { $0.rule == "lightweight_unsupported_change" }),
            ["lightweight_unsupported_change Post/Models.swift:5"])
    }
}
