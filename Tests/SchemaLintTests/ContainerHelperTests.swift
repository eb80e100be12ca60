import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container opened in a helper its callers give the schema and the configuration (`static func open(schema:
/// config:)`): its models and store are what the callers pass, read where they are. Unknown only when a caller's
/// value cannot be read, or no caller is seen.
final class ContainerHelperTests: XCTestCase {
    static let observatory = """
        import SwiftData

        enum SkyV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Sighting.self] }
            @Model final class Sighting {
                var object: String = ""
                init() {}
            }
        }

        enum SkyStore {
            static let schema = Schema(versionedSchema: SkyV1.self)
            static let configuration = ModelConfiguration("Sky", schema: schema)
        }
        """

    func files(_ app: String) -> [String: String] {
        [
            "Sky/SkyV1.swift": Self.observatory,
            "Sky/SkyApp.swift": """
            import SwiftData
            import SwiftUI

            \(app)
            """,
        ]
    }

    func topology(_ analysis: Analysis) -> [String] {
        if let reason = analysis.topology.pooledBecause { return ["pooled: \(reason)"] }
        return analysis.topology.stores.map { store in
            "\(store.location.key): \(store.versions.map(\.name).joined(separator: ", "))"
        }
    }

    func testAHelperGivenConstantsOpensTheirStore() {
        let spellings: [(String, String, String)] = [
            (
                "constants of another type",
                """
                @main struct SkyApp: App {
                    let container = try! Self.open(schema: SkyStore.schema, config: SkyStore.configuration)
                    static func open(schema: Schema, config: ModelConfiguration) throws -> ModelContainer {
                        try ModelContainer(for: schema, configurations: [config])
                    }
                    var body: some Scene { WindowGroup { Text("Sky") }.modelContainer(container) }
                }
                """, "Sky.store: SkyV1"
            ),
            (
                "local variables of the caller, unlabelled parameters",
                """
                @main struct SkyApp: App {
                    let container: ModelContainer
                    init() {
                        let schema = Schema(versionedSchema: SkyV1.self)
                        let configuration = ModelConfiguration(schema: schema)
                        container = try! Self.open(schema, configuration)
                    }
                    private static func open(_ schema: Schema, _ config: ModelConfiguration) throws -> ModelContainer {
                        try ModelContainer(for: schema, configurations: config)
                    }
                    var body: some Scene { WindowGroup { Text("Sky") }.modelContainer(container) }
                }
                """, "default.store: SkyV1"
            ),
            (
                "a helper in another type, a configuration written at the call",
                """
                enum Containers {
                    static func make(models: Schema, store: ModelConfiguration) throws -> ModelContainer {
                        try ModelContainer(for: models, configurations: store)
                    }
                }
                @main struct SkyApp: App {
                    let container = try! Containers.make(
                        models: SkyStore.schema, store: ModelConfiguration("default", schema: SkyStore.schema))
                    var body: some Scene { WindowGroup { Text("Sky") }.modelContainer(container) }
                }
                """, "default.store: SkyV1"
            ),
        ]
        for (name, app, expected) in spellings {
            let analysis = TestSupport.analyze(files(app), lockfileLocation: "schemalint.lock")
            XCTAssertEqual(topology(analysis), [expected], name)
            XCTAssertEqual(
                TestSupport.summary(analysis.findings.filter { $0.rule == "lockfile_missing" }).count, 1, name)
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded, ["SkyV1"], name)
            XCTAssertEqual(
                outcome.lockfile.versions["SkyV1"]?.heldIn, [String(expected.split(separator: ":")[0])], name)
        }
    }

    /// Callers that pass different schemas, or a value that cannot be read: no confident store.
    func testAHelperWhoseCallersCannotBeReadIsUnknown() {
        let app = """
            @main struct SkyApp: App {
                let container = try! Self.open(schema: Remote.schema(), config: SkyStore.configuration)
                static func open(schema: Schema, config: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: schema, configurations: [config])
                }
                var body: some Scene { WindowGroup { Text("Sky") }.modelContainer(container) }
            }
            """
        let analysis = TestSupport.analyze(files(app))
        XCTAssertEqual(
            topology(analysis),
            [
                "pooled: the plan or models of the container at Sky/SkyApp.swift:7:13 cannot be read: "
                    + "`Remote.schema` is not a constant or function schemalint can find (Sky/SkyApp.swift:5:44)"
            ])
    }

    /// The live models opened with no plan on a URL another object's method returns (`repairService.storeURL()`):
    /// still one store, locked with where it is, and a lockfile is asked for (pindrop's shape, a regression guard).
    /// The method is read as an instance computed property is (Holder, field test 26), so the store is the file it
    /// names; a lockfile that recorded the text as written still matches it.
    func testAStoreURLReturnedByAnotherObjectIsLockedAndChecked() {
        let files = [
            "Dictation/Recording.swift": """
            import SwiftData

            @Model final class Recording {
                var transcript: String = ""
                init() {}
            }
            """,
            "Dictation/AppDelegate.swift": """
            import AppKit
            import SwiftData

            final class StoreRepair {
                func storeURL() -> URL { URL.applicationSupportDirectory.appending(path: "Dictation.store") }
            }

            final class AppDelegate: NSObject, NSApplicationDelegate {
                private let repair = StoreRepair()
                private var container: ModelContainer?

                func applicationDidFinishLaunching(_ notification: Notification) {
                    container = try? makeContainer()
                }

                private func makeContainer() throws -> ModelContainer {
                    let configuration = ModelConfiguration(url: repair.storeURL())
                    return try ModelContainer(for: Recording.self, configurations: configuration)
                }
            }
            """,
        ]
        let analysis = TestSupport.analyze(files, lockfileLocation: "schemalint.lock")
        XCTAssertEqual(topology(analysis), ["Dictation.store: Unversioned"])
        XCTAssertEqual(
            TestSupport.summary(analysis.findings), ["lockfile_missing Dictation/AppDelegate.swift:18"])
        let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
        XCTAssertEqual(outcome.recorded.count, 1)
        XCTAssertEqual(outcome.lockfile.versions.values.first?.heldIn, ["Dictation.store"])
        var older = outcome.lockfile
        for key in older.versions.keys { older.versions[key]?.heldIn = ["url:StoreRepair().storeURL()"] }
        let checked = TestSupport.analyze(files, lockfile: older, lockfileLocation: "schemalint.lock")
        XCTAssertEqual(TestSupport.summary(checked.findings), [])
    }

    /// The plan given to a helper as a parameter: what its callers pass (a type, a constant), its default where one
    /// leaves it out; callers that disagree leave it unknown.
    func testAPlanPassedToAHelperIsTheOneItsCallersPass() {
        let plan = """
            import SwiftData

            enum SkyV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Sighting.self] }
                @Model final class Sighting {
                    var object: String = ""
                    var magnitude: Double = 0
                    init() {}
                }
            }

            enum SkyPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SkyV1.self, SkyV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: SkyV1.self, toVersion: SkyV2.self)] }
            }

            enum OtherPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SkyV2.self] }
                static var stages: [MigrationStage] { [] }
            }

            enum Plans { static let current: any SchemaMigrationPlan.Type = SkyPlan.self }
            """
        let helper = """
            enum Opener {
                static func open(_ plan: any SchemaMigrationPlan.Type, default: Bool = false) -> ModelContainer {
                    try! ModelContainer(for: Schema(versionedSchema: SkyV2.self), migrationPlan: plan)
                }
            }
            """
        let spellings: [(String, String, String)] = [
            ("a type", "let container = Opener.open(SkyPlan.self)", "default.store: SkyV1, SkyV2"),
            ("a constant of another type", "let container = Opener.open(Plans.current)", "default.store: SkyV1, SkyV2"),
            (
                // Each call opens its own container (issue 49): one with SkyPlan, one with OtherPlan, one store.
                "two callers that disagree",
                "let container = Opener.open(SkyPlan.self)\n    let other = Opener.open(OtherPlan.self)",
                "default.store: SkyV1, SkyV2"
            ),
        ]
        for (name, call, expected) in spellings {
            var files = files(
                """
                \(helper)
                @main struct SkyApp: App {
                    \(call)
                    var body: some Scene { WindowGroup { Text("Sky") }.modelContainer(container) }
                }
                """)
            files["Sky/SkyPlan.swift"] = plan
            XCTAssertEqual(topology(TestSupport.analyze(files)), [expected], name)
        }
    }

    /// Overloads of one helper (`open(at:)` beside `open(configuration:)`): a call passing one's labels is no call
    /// of the other. The app opens `Sky.store` through `open(configuration:)`; only a test calls `open(at:)`, so
    /// the store is listed once, not again as a store whose place cannot be read (Catbird: one state listed twice
    /// in `upgrades`). The control: the app itself calls `open(at:)` with a file it names, a second store.
    func testAnOverloadOnlyATestCallsOpensNoSecondStore() {
        let overloads: [(String, String, String, String)] = [
            (
                "static functions of another type",
                """
                enum Opener {
                    static func open(at url: URL) throws -> ModelContainer {
                        let configuration = ModelConfiguration("Sky", schema: SkyStore.schema, url: url)
                        return try ModelContainer(for: SkyStore.schema, configurations: [configuration])
                    }
                    static func open(configuration: ModelConfiguration) throws -> ModelContainer {
                        try ModelContainer(for: SkyStore.schema, configurations: [configuration])
                    }
                }
                """, "try! Opener.open(configuration: SkyStore.configuration)", "try Opener.open(at: url)"
            ),
            (
                "functions at the top level, one unlabelled",
                """
                func makeContainer(_ url: URL) throws -> ModelContainer {
                    try ModelContainer(
                        for: SkyStore.schema, configurations: ModelConfiguration(schema: SkyStore.schema, url: url))
                }
                func makeContainer(configuration: ModelConfiguration) throws -> ModelContainer {
                    try ModelContainer(for: SkyStore.schema, configurations: [configuration])
                }
                """, "try! makeContainer(configuration: SkyStore.configuration)", "try makeContainer(url)"
            ),
            (
                "an overload with a parameter left to its default",
                """
                enum Opener {
                    static func open(at url: URL, readOnly: Bool = false) throws -> ModelContainer {
                        let configuration = ModelConfiguration(schema: SkyStore.schema, url: url)
                        return try ModelContainer(for: SkyStore.schema, configurations: [configuration])
                    }
                    static func open(configuration: ModelConfiguration) throws -> ModelContainer {
                        try ModelContainer(for: SkyStore.schema, configurations: [configuration])
                    }
                }
                """, "try! Opener.open(configuration: SkyStore.configuration)", "try Opener.open(at: url)"
            ),
        ]
        for (name, helpers, appCall, testCall) in overloads {
            var files = files(
                """
                \(helpers)
                @main struct SkyApp: App {
                    let container = \(appCall)
                    var body: some Scene { WindowGroup { Text("Sky") }.modelContainer(container) }
                }
                """)
            files["SkyTests/OpenTests.swift"] = """
                import SwiftData
                import XCTest
                @testable import Sky

                final class OpenTests: XCTestCase {
                    func testOpens() throws {
                        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Sky.store")
                        let container: ModelContainer = \(testCall)
                        XCTAssertNotNil(container)
                    }
                }
                """
            XCTAssertEqual(topology(TestSupport.analyze(files)), ["Sky.store: SkyV1"], name)
            // The control: the app calls the other overload too, with a file of its own.
            let own = "URL.documentsDirectory.appending(path: \"Other.store\")"
            files["Sky/Second.swift"] = """
                import SwiftData
                import Foundation

                enum Second {
                    static let container: ModelContainer = \(testCall.replacingOccurrences(of: "url", with: own))
                }
                """
            XCTAssertEqual(topology(TestSupport.analyze(files)).count, 2, name)
        }
    }
}

// MARK: The modifier in a view's own helper

extension ContainerHelperTests {
    /// `.modelContainer(for:)` applied in a helper the scene calls (issue 48): a method of `extension View` calling
    /// it on `self` unwritten, a `ViewModifier`'s `body(content:)`, a computed property of the App, a `@ViewBuilder`
    /// function writing `self.`. Each is the app's container, on `default.store`.
    static let modifierHelpers: [(String, String)] = [
        (
            "a method of extension View, on self unwritten",
            """
            extension View {
                func withSkyStore() -> some View {
                    modelContainer(for: [SkyV1.Sighting.self])
                }
            }
            @main struct SkyApp: App {
                var body: some Scene { WindowGroup { Text("Sky").withSkyStore() } }
            }
            """
        ),
        (
            "a ViewModifier's body(content:)",
            """
            struct SkyStorage: ViewModifier {
                func body(content: Content) -> some View {
                    content.modelContainer(for: SkyV1.Sighting.self)
                }
            }
            @main struct SkyApp: App {
                var body: some Scene { WindowGroup { Text("Sky").modifier(SkyStorage()) } }
            }
            """
        ),
        (
            "a computed property of the App",
            """
            @main struct SkyApp: App {
                var window: some Scene {
                    WindowGroup { Text("Sky") }.modelContainer(for: [SkyV1.Sighting.self])
                }
                var body: some Scene { window }
            }
            """
        ),
        (
            "a @ViewBuilder function writing self",
            """
            extension View {
                @ViewBuilder func stored(_ enabled: Bool) -> some View {
                    if enabled { self.modelContainer(for: SkyV1.Sighting.self) } else { self }
                }
            }
            @main struct SkyApp: App {
                var body: some Scene { WindowGroup { Text("Sky").stored(true) } }
            }
            """
        ),
    ]

    func testAModifierAppliedInAViewsHelperIsTheAppsContainer() {
        for (name, app) in Self.modifierHelpers {
            let analysis = TestSupport.analyze(files(app))
            XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app], name)
            XCTAssertEqual(topology(analysis), ["default.store: SkyV1"], name)
        }
    }

    /// The controls: a helper only previews call is a preview's container; a helper nothing calls is counted as an
    /// uncalled function opening `ModelContainer(...)` is (the app's: schemalint does not judge dead code by calls).
    func testAModifierHelperOnlyPreviewsOrNothingCalls() {
        let helper = """
            extension View {
                func withSkyStore() -> some View {
                    modelContainer(for: [SkyV1.Sighting.self])
                }
            }
            """
        let previewOnly = TestSupport.analyze(
            files(
                """
                \(helper)
                #Preview { Text("Sky").withSkyStore() }
                """))
        XCTAssertEqual(previewOnly.project.containers.map(\.purpose), [.preview])
        let uncalledModifier = TestSupport.analyze(
            files(helper))
        let uncalledFunction = TestSupport.analyze(
            files("func makeSky() throws -> ModelContainer { try ModelContainer(for: SkyV1.Sighting.self) }"))
        XCTAssertEqual(
            uncalledModifier.project.containers.map(\.purpose), uncalledFunction.project.containers.map(\.purpose))
    }
}
