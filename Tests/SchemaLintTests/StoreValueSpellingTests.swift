import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// The values that decide a store (CloudKit, in memory, the store's name) written the ways Swift allows: a literal, a
/// constant or `static var` of another type in another file, a parameter's default and what its callers pass, a local
/// variable, a ternary, an `if` or `switch` expression, a configuration returned by a function. One evaluation
/// (`ValueEvaluator`) reads them all; what it cannot read is never a confident answer.
final class StoreValueSpellingTests: XCTestCase {
    /// A herbarium: one model CloudKit rejects (a unique code), and the app's container given `configuration`.
    static func herbarium(_ app: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Herbarium/Specimen.swift": """
            import SwiftData

            @Model final class Specimen {
                @Attribute(.unique) var code: String = ""
                var name: String = ""
                init() {}
            }
            """,
            "Herbarium/HerbariumApp.swift": """
            import SwiftData
            import SwiftUI

            \(app)
            """,
        ]
        files.merge(extra) { _, new in new }
        return files
    }

    static let settings = """
        import SwiftData

        enum SyncSettings {
            static var syncs = false
            static func enabled() -> Bool { syncs }
            static let database: ModelConfiguration.CloudKitDatabase = .none
            static let cloudDatabase: ModelConfiguration.CloudKitDatabase = .private("iCloud.org.herbarium")
            static let featureOn = false
            static let alwaysOn = true
        }
        """

    func cloudKitFindings(_ files: [String: String]) -> [String] {
        TestSupport.summary(TestSupport.analyze(files).findings.filter { $0.rule == "cloudkit_incompatible" })
    }

    func app(_ body: String) -> String {
        """
        @main struct HerbariumApp: App {
            \(body)
            var body: some Scene { WindowGroup { Text("Specimens") }.modelContainer(container) }
        }
        """
    }

    // MARK: CloudKit

    func testCloudKitOffWrittenEveryWayIsNotCloudKit() {
        let spellings: [(String, String, [String: String])] = [
            (
                "a literal .none",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: .none))", [:]
            ),
            (
                "a static var of another type, in another file, never assigned",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: SyncSettings.syncs ? .automatic : .none))",
                [:]
            ),
            (
                "a negated flag picking the other branch",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: !SyncSettings.syncs ? .none : .automatic))",
                [:]
            ),
            (
                "a function of another type that returns the flag",
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration("
                    + "cloudKitDatabase: SyncSettings.enabled() ? .automatic : .none))", [:]
            ),
            (
                "a constant database of another type",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: SyncSettings.database))", [:]
            ),
            (
                "a local variable holding an if expression",
                """
                let container: ModelContainer
                    init() {
                        let database: ModelConfiguration.CloudKitDatabase =
                            if SyncSettings.syncs { .automatic } else { .none }
                        container = try! ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(cloudKitDatabase: database))
                    }
                """, [:]
            ),
            (
                "a helper's parameter whose default is false, called without it",
                """
                let container = try! Self.open()
                    static func open(syncing: Bool = false) throws -> ModelContainer {
                        try ModelContainer(
                            for: Specimen.self,
                            configurations: ModelConfiguration(cloudKitDatabase: syncing ? .automatic : .none))
                    }
                """, [:]
            ),
            (
                "a false feature flag && a setting read at run time (BorderLog)",
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration("
                    + "cloudKitDatabase: (SyncSettings.featureOn && UserDefaults.standard.bool(forKey: \"sync\")) "
                    + "? .private(\"iCloud.org.herbarium\") : .none))", [:]
            ),
            (
                "a setting read at run time && a false flag, in a local variable",
                """
                let container: ModelContainer
                    init() {
                        let syncs = UserDefaults.standard.bool(forKey: "sync") && SyncSettings.featureOn
                        container = try! ModelContainer(
                            for: Specimen.self,
                            configurations: ModelConfiguration(cloudKitDatabase: syncs ? .automatic : .none))
                    }
                """, [:]
            ),
            (
                "a helper's parameter every caller passes as a false constant",
                """
                let container = try! Self.open(syncing: SyncSettings.syncs)
                    static func open(syncing: Bool) throws -> ModelContainer {
                        try ModelContainer(
                            for: Specimen.self,
                            configurations: ModelConfiguration(cloudKitDatabase: syncing ? .automatic : .none))
                    }
                """, [:]
            ),
        ]
        for (name, body, extra) in spellings {
            var files = Self.herbarium(app(body), extra: extra)
            files["Herbarium/SyncSettings.swift"] = Self.settings
            XCTAssertEqual(cloudKitFindings(files), [], name)
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.topology.stores.map(\.syncs), [false], name)
            XCTAssertEqual(analysis.project.configurations.compactMap(\.cloudKitUnread), [], name)
        }
    }

    func testCloudKitThatMayBeOnIsJudgedAsOn() {
        let assigns = """
            enum SyncToggle {
                static func enable() { SyncSettings.syncs = true }
            }
            """
        let spellings: [(String, String, String)] = [
            (
                "a literal .automatic",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: .automatic))", ""
            ),
            (
                "a static var the code assigns: either branch",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: SyncSettings.syncs ? .automatic : .none))",
                assigns
            ),
            (
                "a true flag || a setting read at run time",
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration("
                    + "cloudKitDatabase: SyncSettings.alwaysOn || UserDefaults.standard.bool(forKey: \"sync\") "
                    + "? .automatic : .none))", ""
            ),
            (
                "a private database held by a constant of another type",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: SyncSettings.cloudDatabase))", ""
            ),
            (
                "a helper's parameter defaulting to false that one caller passes as true",
                """
                let container = try! Self.open(syncing: true)
                    static func open(syncing: Bool = false) throws -> ModelContainer {
                        try ModelContainer(
                            for: Specimen.self,
                            configurations: ModelConfiguration(cloudKitDatabase: syncing ? .automatic : .none))
                    }
                """, ""
            ),
            (
                "a switch expression with a CloudKit case",
                """
                let container: ModelContainer
                    init() {
                        let database: ModelConfiguration.CloudKitDatabase =
                            switch ProcessInfo.processInfo.environment["SYNC"] {
                            case "on": .automatic
                            default: .none
                            }
                        container = try! ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(cloudKitDatabase: database))
                    }
                """, ""
            ),
        ]
        for (name, body, extra) in spellings {
            var files = Self.herbarium(app(body))
            files["Herbarium/SyncSettings.swift"] = Self.settings
            if !extra.isEmpty { files["Herbarium/SyncToggle.swift"] = "import SwiftData\n\(extra)\n" }
            XCTAssertEqual(cloudKitFindings(files), ["cloudkit_incompatible Herbarium/Specimen.swift:4"], name)
            XCTAssertEqual(TestSupport.analyze(files).topology.stores.map(\.syncs), [true], name)
        }
    }

    /// A CloudKit configuration declared in another file, given by name (a constant, a function returning it): the
    /// store it opens syncs; the local cache beside it does not.
    func testACloudKitConfigurationDeclaredElsewhereMakesItsStoreSync() {
        let stores = """
            import SwiftData

            enum HerbariumStores {
                static let synced = ModelConfiguration("Herbarium", cloudKitDatabase: .automatic)
                static func cache() -> ModelConfiguration { ModelConfiguration("Cache", cloudKitDatabase: .none) }
            }
            """
        let spellings: [(String, String)] = [
            ("a static let", "configurations: HerbariumStores.synced"),
            ("a static let in an array", "configurations: [HerbariumStores.synced]"),
        ]
        for (name, given) in spellings {
            var files = Self.herbarium(
                app(
                    """
                    let container = try! ModelContainer(for: Specimen.self, \(given))
                        let cache = try! ModelContainer(for: Specimen.self, configurations: HerbariumStores.cache())
                    """))
            files["Herbarium/HerbariumStores.swift"] = stores
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(
                analysis.topology.stores.map { "\($0.location.key) \($0.syncs)" },
                ["Cache.store false", "Herbarium.store true"], name)
        }
    }

    /// A configuration made only to ask SwiftData where its file is (tildone's `ModelConfiguration(schema: schema,
    /// isStoredInMemoryOnly: false).url`) opens nothing, so it syncs nothing: no `cloudkit_incompatible`. Written as
    /// the base of `.url`, behind `try`, and held by a local whose only use is `.url`; the control gives the same
    /// configuration to a container.
    func testAConfigurationAskedOnlyForItsURLSyncsNothing() {
        let synced = "ModelConfiguration(schema: Schema([Specimen.self]), cloudKitDatabase: .automatic)"
        let spellings = [
            "static func legacyURL() -> URL { \(synced).url }",
            "static func legacyURL() throws -> URL { try \(synced).url }",
            "static func legacyURL() -> URL {\n        let probe = \(synced)\n        return probe.url\n    }",
        ]
        for spelling in spellings {
            var files = Self.herbarium(
                app("let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration())"))
            files["Herbarium/Legacy.swift"] =
                "import SwiftData\nimport Foundation\n\nenum Legacy {\n    \(spelling)\n}\n"
            XCTAssertEqual(cloudKitFindings(files), [], spelling)
        }
        let opened = Self.herbarium(
            app("let container = try! ModelContainer(for: Specimen.self, configurations: \(synced))"))
        XCTAssertEqual(cloudKitFindings(opened).count, 1)
    }

    /// Instance members of another type, reached through the instance a static constant holds (`Store.shared`).
    func testInstanceMembersReachedThroughASharedInstance() {
        let shared = """
            import SwiftData

            final class HerbariumStore {
                static let shared = HerbariumStore()
                let configuration = ModelConfiguration("Herbarium", cloudKitDatabase: .automatic)
                let syncs = false
                var keepsInMemory = true
            }
            """
        let spellings: [(String, String, [String])] = [
            (
                "a configuration",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: HerbariumStore.shared.configuration)",
                ["Herbarium.store true"]
            ),
            (
                "a flag, never assigned",
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration("
                    + "cloudKitDatabase: HerbariumStore.shared.syncs ? .automatic : .none))",
                ["default.store false"]
            ),
        ]
        for (name, body, expected) in spellings {
            var files = Self.herbarium(app(body))
            files["Herbarium/HerbariumStore.swift"] = shared
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.topology.stores.map { "\($0.location.key) \($0.syncs)" }, expected, name)
            XCTAssertEqual(analysis.project.configurations.compactMap(\.cloudKitUnread), [], name)
        }
        // An instance var the code assigns may be either: not in memory for certain.
        var files = Self.herbarium(
            app(
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration("
                    + "isStoredInMemoryOnly: HerbariumStore.shared.keepsInMemory))"))
        files["Herbarium/HerbariumStore.swift"] = shared
        XCTAssertEqual(purposes(files).map { $0.hasSuffix(" in-memory") }, [true])
        files["Herbarium/Toggle.swift"] = "func persist() { HerbariumStore.shared.keepsInMemory = false }\n"
        XCTAssertEqual(purposes(files).map { $0.hasSuffix(" app") }, [true])
    }

    /// One container, a synced store and a local cache: CloudKit is the synced store's own, never the cache's.
    func testALocalStoreBesideASyncedOneInOneContainerDoesNotSync() {
        let stores = """
            import SwiftData

            enum Stores {
                static let synced = ModelConfiguration("Synced", cloudKitDatabase: .automatic)
                static let cache = ModelConfiguration("Cache", cloudKitDatabase: .none)
            }
            """
        let spellings: [(String, String)] = [
            (
                "written in the call",
                """
                let container = try! ModelContainer(
                        for: Specimen.self, configurations: ModelConfiguration("Synced", cloudKitDatabase: .automatic),
                        ModelConfiguration("Cache", cloudKitDatabase: .none))
                """
            ),
            (
                "local variables",
                """
                let container: ModelContainer = {
                        let synced = ModelConfiguration("Synced", cloudKitDatabase: .automatic)
                        let cache = ModelConfiguration("Cache")
                        return try! ModelContainer(for: Specimen.self, configurations: [cache, synced])
                    }()
                """
            ),
            (
                "static lets of another type",
                "let container = try! ModelContainer(for: Specimen.self, configurations: Stores.synced, Stores.cache)"
            ),
        ]
        for (name, body) in spellings {
            var files = Self.herbarium(app(body))
            files["Herbarium/Stores.swift"] = stores
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(
                analysis.topology.stores.map { "\($0.location.key) \($0.syncs)" },
                ["Cache.store false", "Synced.store true"], name)
        }
    }

    /// A store's name and App Group through the same evaluation: a helper's parameter (what its callers pass), a local
    /// variable, a function. Callers that pass different names leave the store one schemalint cannot name for certain.
    func testAStoreNameReadThroughParametersVariablesAndFunctions() {
        let spellings: [(String, String, String)] = [
            (
                "a helper's parameter",
                """
                let container = try! Self.open(named: "Archive")
                    static func open(named storeName: String) throws -> ModelContainer {
                        try ModelContainer(for: Specimen.self, configurations: ModelConfiguration(storeName))
                    }
                """, "Archive.store"
            ),
            (
                "a local variable holding a function's value, and an App Group parameter",
                """
                let container = try! Self.open(group: "group.org.herbarium")
                    static func archiveName() -> String { "Archive" }
                    static func open(group: String) throws -> ModelContainer {
                        let name = Self.archiveName()
                        return try ModelContainer(
                            for: Specimen.self,
                            configurations: ModelConfiguration(name, groupContainer: .identifier(group)))
                    }
                """, "group.org.herbarium/Archive.store"
            ),
            (
                "an interpolated name from a function with an argument in another type",
                """
                let container = try! ModelContainer(
                        for: Specimen.self, configurations: ModelConfiguration(StoreNames.name(for: "Archive")))
                """, "Archive-v2.store"
            ),
            (
                "a name built with + in a static property of several statements",
                """
                let container = try! ModelContainer(
                        for: Specimen.self, configurations: ModelConfiguration(StoreNames.archive))
                """, "Archive-v2.store"
            ),
            (
                "callers that pass different names",
                """
                let container = try! Self.open(named: "Archive")
                    let scratch = try! Self.open(named: "Scratch")
                    static func open(named storeName: String) throws -> ModelContainer {
                        try ModelContainer(for: Specimen.self, configurations: ModelConfiguration(storeName))
                    }
                """, "Archive.store|Scratch.store"
            ),
        ]
        let names = """
            enum StoreNames {
                static let suffix = "v2"
                static func name(for base: String) -> String { "\\(base)-\\(suffix)" }
                static var archive: String {
                    let base = "Archive"
                    return base + "-" + suffix
                }
            }
            """
        for (name, body, expected) in spellings {
            let analysis = TestSupport.analyze(Self.herbarium(app(body), extra: ["Herbarium/StoreNames.swift": names]))
            // Each call of a helper opens its own container, with the name it passes (issue 49).
            let keys = Set(expected.split(separator: "|").map(String.init))
            XCTAssertEqual(Set(analysis.topology.stores.map(\.location.key)), keys, name)
        }
    }

    /// A flag a helper passes on to itself: unknown, never a hang or a crash.
    func testAParameterPassedOnToItselfIsUnknown() {
        let files = Self.herbarium(
            app(
                """
                let container = try! Self.open(syncing: CommandLine.arguments.isEmpty, depth: 0)
                    static func open(syncing: Bool, depth: Int) throws -> ModelContainer {
                        if depth < 2 { return try open(syncing: syncing, depth: depth + 1) }
                        return try ModelContainer(
                            for: Specimen.self,
                            configurations: ModelConfiguration(isStoredInMemoryOnly: syncing))
                    }
                """))
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app])
        XCTAssertNotNil(analysis.project.containers.first?.inMemoryUnread)
    }

    /// Where the database cannot be read, nothing is concluded: no CloudKit finding, and the reason is kept.
    func testACloudKitDatabaseThatCannotBeReadIsNoFinding() throws {
        let files = Self.herbarium(
            app(
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(cloudKitDatabase: RemoteSettings.current.database))"))
        XCTAssertEqual(cloudKitFindings(files), [])
        let unread = TestSupport.analyze(files).project.configurations.compactMap(\.cloudKitUnread)
        XCTAssertEqual(
            unread.map(\.reason), ["`RemoteSettings.current.database` is not a constant schemalint can find"])
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, source) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: url, atomically: true, encoding: .utf8)
        }
        let run = try TestSupport.run(["check", "--verbose"], in: folder)
        XCTAssertTrue(
            run.stderr.contains(
                "whether the configuration at Herbarium/HerbariumApp.swift:5:77 syncs with CloudKit cannot be told: "
                    + "`RemoteSettings.current.database` is not a constant schemalint can find "
                    + "(Herbarium/HerbariumApp.swift:5:114); it is not checked for CloudKit"),
            run.stderr)
    }

    // MARK: In memory

    func purposes(_ files: [String: String]) -> [String] {
        TestSupport.analyze(files).project.containers.map {
            "\($0.location.file):\($0.location.line) \($0.purpose.rawValue)"
        }
    }

    func testInMemoryWrittenEveryWayIsInMemory() {
        let flags = """
            enum StoreFlags {
                static let keepInMemory = true
                static var onDisk = false
            }
            """
        let spellings: [(String, String)] = [
            (
                "a constant of another type",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(isStoredInMemoryOnly: StoreFlags.keepInMemory))"
            ),
            (
                "a negated static var nobody assigns",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(isStoredInMemoryOnly: !StoreFlags.onDisk))"
            ),
            (
                "a local variable",
                """
                let container: ModelContainer = {
                        let keep = StoreFlags.keepInMemory
                        return try! ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(isStoredInMemoryOnly: keep))
                    }()
                """
            ),
            (
                "a parameter's default, with no caller passing it",
                """
                let container = try! Self.open()
                    static func open(inMemory: Bool = true) throws -> ModelContainer {
                        try ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                    }
                """
            ),
            (
                "an implicit .init given a constant",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: .init(isStoredInMemoryOnly: StoreFlags.keepInMemory))"
            ),
        ]
        for (name, body) in spellings {
            var files = Self.herbarium(app(body))
            files["Herbarium/StoreFlags.swift"] = "import SwiftData\n\(flags)\n"
            XCTAssertEqual(purposes(files).map { $0.hasSuffix(" in-memory") }, [true], "\(name): \(purposes(files))")
            // No app store: nothing to lock, nothing to ask a lockfile for.
            let analysis = TestSupport.analyze(files)
            XCTAssertFalse(analysis.findings.contains { $0.rule == "lockfile_missing" }, name)
        }
    }

    func testAFlagThatMayBeFalseKeepsTheStoreOnDisk() {
        let spellings: [(String, String)] = [
            (
                "a ternary read at run time",
                "let container = try! ModelContainer(for: Specimen.self, configurations: ModelConfiguration("
                    + "isStoredInMemoryOnly: CommandLine.arguments.contains(\"-ui-testing\") ? true : false))"
            ),
            (
                "a parameter defaulting to true that a caller passes as false",
                """
                let container = try! Self.open(inMemory: false)
                    static func open(inMemory: Bool = true) throws -> ModelContainer {
                        try ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                    }
                """
            ),
            (
                "a flag that cannot be read",
                "let container = try! ModelContainer(for: Specimen.self, "
                    + "configurations: ModelConfiguration(isStoredInMemoryOnly: Launch.options.ephemeral))"
            ),
        ]
        for (name, body) in spellings {
            let files = Self.herbarium(app(body))
            XCTAssertEqual(purposes(files).map { $0.hasSuffix(" app") }, [true], "\(name): \(purposes(files))")
        }
        // Only the flag that cannot be read is named as such; one of two known values is no unknown.
        let unread = spellings.map { _, body in
            TestSupport.analyze(Self.herbarium(app(body))).project.containers.compactMap(\.inMemoryUnread?.reason)
        }
        XCTAssertEqual(unread, [[], [], ["`Launch.options.ephemeral` is not a constant schemalint can find"]])
        // A helper whose default keeps the store in memory, which no file calls or names: it opens nothing. Called
        // with the flag left out, it opens its store in memory.
        let unseen = TestSupport.analyze(
            Self.herbarium(
                """
                enum Opener {
                    static func open(inMemory: Bool = true) -> ModelContainer {
                        try! ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                    }
                }
                """))
        XCTAssertEqual(unseen.project.containers.map(\.purpose), [])
        XCTAssertEqual(unseen.project.uncalledContainers.count, 1)
        let called = TestSupport.analyze(
            Self.herbarium(
                """
                enum Opener {
                    static func open(inMemory: Bool = true) -> ModelContainer {
                        try! ModelContainer(
                            for: Specimen.self, configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                    }
                }

                let scratch = Opener.open()
                """))
        XCTAssertEqual(called.project.containers.map(\.purpose), [.inMemory])
    }

    // MARK: Store names

    /// `ModelConfiguration("default")` is the file an unnamed configuration opens: one store, not two; so is a `nil`
    /// name (a watch app's `ModelConfiguration(nil, schema:cloudKitDatabase:)`), never a store named `nil`.
    func testADefaultNamedConfigurationIsTheDefaultStore() {
        let spellings = [
            "ModelConfiguration(\"default\")", "ModelConfiguration(name: \"default\")",
            "ModelConfiguration(StoreNames.main)", "ModelConfiguration(nil, isStoredInMemoryOnly: false)",
            "ModelConfiguration(nil, schema: Schema([Specimen.self]), cloudKitDatabase: .none)",
        ]
        for spelling in spellings {
            var files = Self.herbarium(
                app(
                    """
                    let container = try! ModelContainer(for: Specimen.self, configurations: \(spelling))
                        static let widgetContainer = try! ModelContainer(for: Specimen.self)
                    """))
            files["Herbarium/StoreNames.swift"] = "enum StoreNames { static let main = \"default\" }\n"
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], spelling)
            XCTAssertEqual(analysis.topology.stores.first?.containers.count, 2, spelling)
        }
    }
}
