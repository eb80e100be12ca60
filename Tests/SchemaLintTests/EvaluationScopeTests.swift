import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Values read as Swift resolves them (issue 49): a local `let` stays in its function, a helper's parameters are
/// paired per call, members extensions add to `ModelConfiguration` are configurations, and a `switch` over a constant
/// takes its branch. Each shape is written several ways, with a control that must stay as it is.
final class EvaluationScopeTests: XCTestCase {
    static let schema = """
        import SwiftData

        enum DiaryV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Page.self] }
            @Model final class Page {
                var text: String = ""
                init() {}
            }
        }
        """

    static let twoModels = """
        import SwiftData

        enum DiaryV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Page.self, Note.self] }
            @Model final class Page {
                var text: String = ""
                init() {}
            }
            @Model final class Note {
                var text: String = ""
                init() {}
            }
        }
        """

    func files(_ app: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Diary/DiaryV1.swift": Self.schema,
            "Diary/DiaryApp.swift": """
            import SwiftData
            import SwiftUI

            \(app)
            """,
        ]
        for (path, text) in extra { files[path] = "import SwiftData\nimport SwiftUI\n\n" + text }
        return files
    }

    /// Each store the app opens, with the versions it holds; or why the stores are pooled.
    func topology(_ analysis: Analysis) -> [String] {
        if let reason = analysis.topology.pooledBecause { return ["pooled: \(reason)"] }
        return analysis.topology.stores.map { store in
            "\(store.location.key): \(store.versions.map(\.name).joined(separator: ", "))"
        }
    }

    /// The purposes of the containers, in source order.
    func purposes(_ analysis: Analysis) -> [String] {
        analysis.project.containers.map(\.purpose.rawValue)
    }

    // MARK: 1. A function's local `let` stays in its function

    func testALocalConfigurationIsNotAnotherFunctionsOfTheSameName() {
        let preview = """
            func previewContainer() -> ModelContainer {
                let config = ModelConfiguration(isStoredInMemoryOnly: true)
                return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
            }
            """
        let spellings: [(String, String)] = [
            (
                "an if expression over an optional",
                """
                @main struct DiaryApp: App {
                    let container = Self.make(url: nil)
                    static func make(url: URL?) -> ModelContainer {
                        let config = if let url { ModelConfiguration(url: url) } else { ModelConfiguration("Diary") }
                        return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
                    }
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                \(preview)
                """
            ),
            (
                "a let the evaluator cannot read",
                """
                @main struct DiaryApp: App {
                    let container = Self.make()
                    static func make() -> ModelContainer {
                        let config = Settings.current.configuration()
                        return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
                    }
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                \(preview)
                """
            ),
            (
                "a guard let in a closure",
                """
                @main struct DiaryApp: App {
                    let container: ModelContainer = {
                        let configs = [ModelConfiguration("Diary")]
                        guard let config = configs.first else { fatalError() }
                        return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
                    }()
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                \(preview)
                """
            ),
            (
                "the preview's let declared first, in another type; the app's a switch",
                """
                enum Previews {
                    static func container() -> ModelContainer {
                        let config = ModelConfiguration(isStoredInMemoryOnly: true)
                        return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
                    }
                }
                @main struct DiaryApp: App {
                    var container: ModelContainer {
                        let config = switch Int.random(in: 0...1) {
                        case 0: ModelConfiguration("Diary")
                        default: ModelConfiguration("Diary", cloudKitDatabase: .none)
                        }
                        return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
                    }
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
        ]
        for (name, app) in spellings {
            let analysis = TestSupport.analyze(files(app), lockfileLocation: "schemalint.lock")
            let app = analysis.project.containers.filter { $0.location.file == "Diary/DiaryApp.swift" }
            XCTAssertTrue(app.contains { $0.purpose == .app }, "\(name): \(purposes(analysis))")
            XCTAssertTrue(app.contains { $0.purpose == .inMemory }, "\(name): \(purposes(analysis))")
            // The app's store: the one it names, or (a value not read) one schemalint cannot name, still checked;
            // never none. The caller passing `url: nil` takes the `else` branch: `Diary.store`
            // (`BranchOnParameterTests`).
            let stores = topology(analysis)
            XCTAssertEqual(stores.count, 1, "\(name): \(stores)")
            XCTAssertTrue(stores.allSatisfy { $0.hasSuffix(": DiaryV1") }, "\(name): \(stores)")
            if name.contains("switch") || name.contains("optional") {
                XCTAssertEqual(stores, ["Diary.store: DiaryV1"], name)
            }
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded, ["DiaryV1"], name)
        }
    }

    /// A function of the file returning the configurations (`configurations: diskConfigs(sync: sync)`), beside one
    /// that declares in-memory configurations under the same local names: the container opens the disk ones.
    func testConfigurationsAFunctionReturnsAreReadWhereItBuildsThem() {
        let spellings: [(String, String)] = [
            (
                "nested functions",
                """
                enum Persistence {
                    static func make(inMemory: Bool = false) -> ModelContainer {
                        func scratch() -> ModelContainer {
                            let local = ModelConfiguration("Local", isStoredInMemoryOnly: true)
                            let cloud = ModelConfiguration("Cloud", isStoredInMemoryOnly: true)
                            return try! ModelContainer(for: DiaryV1.Page.self, configurations: [local, cloud])
                        }
                        if inMemory { return scratch() }
                        func diskConfigs(sync: Bool) -> [ModelConfiguration] {
                            let local = ModelConfiguration("Local")
                            let cloud = ModelConfiguration("Cloud", cloudKitDatabase: sync ? .automatic : .none)
                            return [local, cloud]
                        }
                        return try! ModelContainer(for: DiaryV1.Page.self, configurations: diskConfigs(sync: false))
                    }
                }
                @main struct DiaryApp: App {
                    let container = Persistence.make()
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
            (
                "a member function of the app",
                """
                @main struct DiaryApp: App {
                    let container = try! ModelContainer(for: DiaryV1.Page.self, configurations: Self.diskConfigs())
                    static func diskConfigs() -> [ModelConfiguration] {
                        let local = ModelConfiguration("Local")
                        return [local, ModelConfiguration("Cloud")]
                    }
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
        ]
        for (name, app) in spellings {
            let analysis = TestSupport.analyze(files(app))
            XCTAssertEqual(topology(analysis), ["Cloud.store: DiaryV1", "Local.store: DiaryV1"], name)
        }
    }

    /// Control: a local `let` the container reads in its own function is still followed.
    func testALocalConfigurationInTheSameFunctionIsStillRead() {
        let app = """
            @main struct DiaryApp: App {
                let container: ModelContainer = {
                    let config = ModelConfiguration(isStoredInMemoryOnly: true)
                    return try! ModelContainer(for: DiaryV1.Page.self, configurations: config)
                }()
                var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
            }
            func other() -> ModelConfiguration {
                let config = ModelConfiguration("Diary")
                return config
            }
            """
        let analysis = TestSupport.analyze(files(app))
        XCTAssertEqual(purposes(analysis), ["in-memory"])
    }

    // MARK: 2. A helper's parameters are paired per call

    func testEachCallOfAHelperOpensItsOwnContainer() {
        let spellings: [(String, String, [String: String], [String])] = [
            (
                "an initialiser with defaults, a preview passing others",
                """
                final class DataController {
                    let container: ModelContainer
                    init(inMemory: Bool = false, models: [any PersistentModel.Type] = DiaryV1.models) {
                        let config = ModelConfiguration(isStoredInMemoryOnly: inMemory)
                        container = try! ModelContainer(for: Schema(models), configurations: config)
                    }
                }
                @main struct DiaryApp: App {
                    let controller = DataController()
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(controller.container) }
                }
                #Preview {
                    Text("Page").modelContainer(DataController(inMemory: true, models: [DiaryV1.Page.self]).container)
                }
                """, [:], ["app", "preview"]
            ),
            (
                "a static function of another type, both calls passing every argument",
                """
                @main struct DiaryApp: App {
                    let container = Stores.open(inMemory: false, schema: Schema(versionedSchema: DiaryV1.self))
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                struct DiaryPreviews: PreviewProvider {
                    static var previews: some View {
                        Text("Page").modelContainer(Stores.open(inMemory: true, schema: Schema([DiaryV1.Page.self])))
                    }
                }
                """,
                [
                    "Diary/Stores.swift": """
                    enum Stores {
                        static func open(inMemory: Bool, schema: Schema) -> ModelContainer {
                            try! ModelContainer(
                                for: schema, configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                        }
                    }
                    """
                ], ["app", "preview"]
            ),
            (
                "a global function, a test calling it in memory",
                """
                func openDiary(inMemory: Bool = false) -> ModelContainer {
                    let configuration = ModelConfiguration(isStoredInMemoryOnly: inMemory)
                    return try! ModelContainer(for: DiaryV1.Page.self, DiaryV1.Note.self, configurations: configuration)
                }
                @main struct DiaryApp: App {
                    let container = openDiary()
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """,
                [
                    "DiaryTests/DiaryTests.swift": """
                    import XCTest
                    final class DiaryTests: XCTestCase {
                        func testPages() {
                            let container: ModelContainer = openDiary(inMemory: true)
                            XCTAssertNotNil(container)
                        }
                    }
                    """
                ], ["app", "test"]
            ),
            (
                "static members holding each instance",
                """
                final class DataController {
                    static let shared = DataController()
                    static let preview = DataController(inMemory: true)
                    let container: ModelContainer
                    init(inMemory: Bool = false) {
                        container = try! ModelContainer(
                            for: DiaryV1.Page.self, DiaryV1.Note.self,
                            configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                    }
                }
                @main struct DiaryApp: App {
                    var body: some Scene {
                        WindowGroup { Text("Diary") }.modelContainer(DataController.shared.container)
                    }
                }
                """, [:], ["app", "in-memory"]
            ),
        ]
        for (name, app, extra, expected) in spellings {
            var sources = files(app, extra: extra)
            sources["Diary/DiaryV1.swift"] = Self.twoModels
            let analysis = TestSupport.analyze(sources, lockfileLocation: "schemalint.lock")
            XCTAssertEqual(purposes(analysis), expected, name)
            XCTAssertEqual(topology(analysis), ["default.store: DiaryV1"], name)
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.lockfile.versions["DiaryV1"]?.heldIn, ["default.store"], name)
        }
    }

    /// Control: callers that all open the same store are one container, as before; more callers than are read apart
    /// are read together (one of several lists: cannot tell).
    func testCallsThatOpenTheSameStoreAreOneContainer() {
        let helper = """
            enum Stores {
                static func open(cloud: Bool) -> ModelContainer {
                    try! ModelContainer(
                        for: DiaryV1.Page.self,
                        configurations: ModelConfiguration(cloudKitDatabase: cloud ? .automatic : .none))
                }
            }
            """
        let app = """
            @main struct DiaryApp: App {
                let container = Stores.open(cloud: false)
                let again = Stores.open(cloud: false)
                var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
            }
            """
        let analysis = TestSupport.analyze(files(app, extra: ["Diary/Stores.swift": helper]))
        XCTAssertEqual(purposes(analysis), ["app"])
        XCTAssertEqual(topology(analysis), ["default.store: DiaryV1"])
    }

    // MARK: 3. Configurations extensions add to `ModelConfiguration`

    func testAConfigurationAnExtensionAddsIsRead() {
        let spellings: [(String, String)] = [
            (
                "a static var, used as an implicit member",
                """
                extension ModelConfiguration {
                    static var ledger: ModelConfiguration {
                        ModelConfiguration("Ledger", schema: Schema([DiaryV1.Page.self]))
                    }
                }
                @main struct DiaryApp: App {
                    let container = try! ModelContainer(for: DiaryV1.Page.self, configurations: .ledger)
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
            (
                "a static let, named with its type",
                """
                extension ModelConfiguration {
                    static let ledger = ModelConfiguration("Ledger")
                }
                @main struct DiaryApp: App {
                    let container = try! ModelContainer(
                        for: DiaryV1.Page.self, configurations: ModelConfiguration.ledger)
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
            (
                "an implicit member passed to a helper's parameter",
                """
                extension ModelConfiguration {
                    static let ledger = ModelConfiguration("Ledger")
                }
                @main struct DiaryApp: App {
                    let container = Self.open(.ledger)
                    static func open(_ configuration: ModelConfiguration) -> ModelContainer {
                        try! ModelContainer(for: DiaryV1.Page.self, configurations: configuration)
                    }
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
            (
                "a static var returning it, in an array, the extension in another file",
                """
                @main struct DiaryApp: App {
                    let container = try! ModelContainer(for: DiaryV1.Page.self, configurations: [.ledger])
                    var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
                }
                """
            ),
        ]
        let other = """
            extension ModelConfiguration {
                static var ledger: ModelConfiguration {
                    return ModelConfiguration("Ledger", isStoredInMemoryOnly: false)
                }
            }
            """
        for (name, app) in spellings {
            let extra = app.contains("extension") ? [:] : ["Diary/Configurations.swift": other]
            let analysis = TestSupport.analyze(files(app, extra: extra))
            XCTAssertEqual(purposes(analysis), ["app"], name)
            XCTAssertEqual(topology(analysis), ["Ledger.store: DiaryV1"], name)
        }
        // Control: an in-memory one the extension adds keeps the container out of the stores.
        let preview = """
            extension ModelConfiguration {
                static let scratch = ModelConfiguration(isStoredInMemoryOnly: true)
            }
            @main struct DiaryApp: App {
                let container = try! ModelContainer(for: DiaryV1.Page.self, configurations: .scratch)
                var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
            }
            """
        XCTAssertEqual(purposes(TestSupport.analyze(files(preview))), ["in-memory"])
    }

    // MARK: 5. A `switch` over a constant takes its branch

    func testASwitchOverAConstantTakesItsBranch() {
        let settings = """
            enum Channel { case cloud, device }
            enum Build {
                static let channel: Channel = .device
                static let syncs = false
            }
            """
        let spellings: [(String, String)] = [
            (
                "a local let",
                """
                func configuration() -> ModelConfiguration {
                    let database: ModelConfiguration.CloudKitDatabase = switch Build.channel {
                    case .cloud: .automatic
                    case .device: .none
                    }
                    return ModelConfiguration(cloudKitDatabase: database)
                }
                """
            ),
            (
                "a static computed property of another type, with returns",
                """
                enum Sync {
                    static var database: ModelConfiguration.CloudKitDatabase {
                        switch Build.channel {
                        case .cloud: return .automatic
                        case .device: return .none
                        }
                    }
                }
                let configuration = ModelConfiguration(cloudKitDatabase: Sync.database)
                """
            ),
            (
                "a flag, the branch taken by default",
                """
                func database() -> ModelConfiguration.CloudKitDatabase {
                    switch Build.syncs {
                    case true: return .private("iCloud.diary")
                    default: return .none
                    }
                }
                let configuration = ModelConfiguration(cloudKitDatabase: database())
                """
            ),
            (
                "a parameter whose one caller passes a constant",
                """
                func configuration(channel: Channel) -> ModelConfiguration {
                    let database: ModelConfiguration.CloudKitDatabase = switch channel {
                    case .cloud: .automatic
                    case .device: .none
                    }
                    return ModelConfiguration(cloudKitDatabase: database)
                }
                let shared = configuration(channel: .device)
                """
            ),
        ]
        for (name, code) in spellings {
            let analysis = TestSupport.analyze(files(code, extra: ["Diary/Build.swift": settings]))
            let configurations = analysis.project.configurations
            XCTAssertEqual(configurations.count, 1, name)
            XCTAssertEqual(configurations.first?.enablesCloudKit, false, name)
            XCTAssertNil(configurations.first?.cloudKitUnread, name)
        }
        // Control: a subject read at run time leaves every branch possible.
        let runtime = """
            func configuration() -> ModelConfiguration {
                let database: ModelConfiguration.CloudKitDatabase = switch UserDefaults.standard.bool(forKey: "sync") {
                case true: .automatic
                case false: .none
                }
                return ModelConfiguration(cloudKitDatabase: database)
            }
            """
        let analysis = TestSupport.analyze(files(runtime, extra: ["Diary/Build.swift": settings]))
        XCTAssertEqual(analysis.project.configurations.first?.enablesCloudKit, true)
    }

    // MARK: 4. A plan's lists built from constants

    func testAPlansListsFromConstantsAreRead() {
        let versions = """
            import SwiftData

            enum LogV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Entry.self] }
                @Model final class Entry {
                    var text: String = ""
                    init() {}
                }
            }
            enum LogV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Entry.self] }
                @Model final class Entry {
                    var text: String = ""
                    var mood: Int = 0
                    init() {}
                }
            }
            enum LogV3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [Entry.self] }
                @Model final class Entry {
                    var text: String = ""
                    var mood: Int = 0
                    var tag: String = ""
                    init() {}
                }
            }
            """
        let stages = """
                static let v1ToV2 = MigrationStage.custom(
                    fromVersion: LogV1.self, toVersion: LogV2.self, willMigrate: nil, didMigrate: { _ in })
                static let v2ToV3 = MigrationStage.lightweight(fromVersion: LogV2.self, toVersion: LogV3.self)
            """
        let spellings: [(String, String)] = [
            (
                "static lets named by the lists",
                """
                \(stages)
                    static let allVersions: [any VersionedSchema.Type] = [LogV1.self, LogV2.self, LogV3.self]
                    static let allStages: [MigrationStage] = [v1ToV2, v2ToV3]
                    static var schemas: [any VersionedSchema.Type] { allVersions }
                    static var stages: [MigrationStage] { Self.allStages }
                """
            ),
            (
                "lists joined with +",
                """
                \(stages)
                    static var schemas: [any VersionedSchema.Type] { [LogV1.self, LogV2.self] + [LogV3.self] }
                    static var stages: [MigrationStage] { [v1ToV2] + [v2ToV3] }
                """
            ),
            (
                "a constant and a literal joined, named through the plan's type",
                """
                \(stages)
                    static let early: [any VersionedSchema.Type] = [LogV1.self, LogV2.self]
                    static let custom: [MigrationStage] = [v1ToV2]
                    static let schemas: [any VersionedSchema.Type] = LogPlan.early + [LogV3.self]
                    static let stages: [MigrationStage] = LogPlan.custom + [v2ToV3]
                """
            ),
        ]
        for (name, body) in spellings {
            let plan = """
                enum LogPlan: SchemaMigrationPlan {
                \(body)
                }
                """
            let analysis = TestSupport.analyze(
                ["Log/Versions.swift": versions, "Log/LogPlan.swift": "import SwiftData\n" + plan])
            let read = analysis.project.plans.first { $0.name == "LogPlan" }
            XCTAssertEqual(read?.schemas?.count, 3, name)
            XCTAssertEqual(read?.stages?.map(\.kind), [.custom, .lightweight], name)
            XCTAssertFalse(analysis.findings.contains { $0.rule == "stage_not_listed" }, name)
        }
        // Control: a list a function builds stays unread, never an empty list.
        let built = """
            import SwiftData
            enum LogPlan: SchemaMigrationPlan {
            \(stages)
                static var schemas: [any VersionedSchema.Type] { [LogV1.self, LogV2.self, LogV3.self] }
                static var stages: [MigrationStage] { makeStages() }
                static func makeStages() -> [MigrationStage] { [v1ToV2, v2ToV3] }
            }
            """
        let analysis = TestSupport.analyze(["Log/Versions.swift": versions, "Log/LogPlan.swift": built])
        let plan = try! XCTUnwrap(analysis.project.plans.first)
        XCTAssertNil(plan.stages)
        // Which stage runs cannot be told: no step is read as lightweight (no stage), none as custom.
        let steps = PlanSteps(plan: plan, project: analysis.project).steps
        XCTAssertEqual(steps.count, 2)
        XCTAssertTrue(steps.allSatisfy { $0.stagesUnread && !$0.isLightweight })
    }
}
