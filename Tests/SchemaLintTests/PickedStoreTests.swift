import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store the code picks among several at run time is each store it may be, never one of them for certain and never
/// "cannot tell" where every branch is read: a `let` declared without a value and given one in each branch of an
/// `if` or `switch`, a `var` assigned again, a computed configuration whose branches return different ones, an App
/// Group given by a ternary. A condition known at build time picks its branch alone. And a schema a helper passes on
/// to another helper is what the outer callers pass.
final class PickedStoreTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Seed {
            var variety: String = ""
            init() {}
        }
        """

    /// A seed bank: `Seeds/Models.swift`, the app opening `container`, and other files.
    func files(_ app: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Seeds/Models.swift": Self.models,
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

    /// The keys of the app's stores, and the notes about a store picked or not told.
    func stores(_ analysis: Analysis) -> [String] { analysis.topology.stores.map(\.location.key) }

    static let flags = """
        enum Flags {
            static let sharesGroup = false
            static var release: Bool { Bundle.main.bundleIdentifier?.hasSuffix(".beta") == false }
        }
        """

    // MARK: A `let` given its value later, a `var` assigned again, a `switch`

    /// A `let` given its value in both branches of an `if let` (the App Group's folder, else the default store),
    /// written four ways: in a closure-initialised property, in a function, through a parameter the function is
    /// called with, in a static member of another type in another file. `containerURL` gives the group's folder
    /// wherever the targets are entitled to it, and nothing says they are not: the group's store alone, said as no
    /// pick (macmo). Entitlements naming no such group: `testAGroupTheTargetsAreNotEntitledToIsEitherStore`.
    static let letGivenInEachBranch = """
        let configuration: ModelConfiguration
        if let folder = FileManager.default
            .containerURL(forSecurityApplicationGroupIdentifier: "group.org.seeds")?
            .appendingPathComponent("Seeds.store")
        {
            configuration = ModelConfiguration(url: folder)
        } else {
            configuration = ModelConfiguration("Seeds")
        }
        """

    func testALetGivenItsValueInEachBranchIsTheGroupsStore() {
        let body = Self.letGivenInEachBranch
        let spellings: [(String, String, [String: String])] = [
            (
                "a closure-initialised property",
                """
                @main struct SeedApp: App {
                    let container: ModelContainer = {
                        \(body)
                        return try! ModelContainer(for: Seed.self, configurations: configuration)
                    }()
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, [:]
            ),
            (
                "a function",
                """
                func openSeeds() throws -> ModelContainer {
                    \(body)
                    return try ModelContainer(for: Seed.self, configurations: [configuration])
                }
                @main struct SeedApp: App {
                    let container = try! openSeeds()
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, [:]
            ),
            (
                "a function whose parameter gives the models",
                """
                func open(_ models: [any PersistentModel.Type]) throws -> ModelContainer {
                    \(body)
                    return try ModelContainer(for: Schema(models), configurations: [configuration])
                }
                @main struct SeedApp: App {
                    let container = try! open([Seed.self])
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """, [:]
            ),
            (
                "a static member of another type, in another file",
                """
                @main struct SeedApp: App {
                    let container = Vault.shared
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """,
                [
                    "Seeds/Vault.swift": """
                    import Foundation
                    import SwiftData

                    enum Vault {
                        static let shared: ModelContainer = {
                            \(body)
                            return try! ModelContainer(for: Seed.self, configurations: configuration)
                        }()
                    }
                    """
                ]
            ),
        ]
        for (name, app, extra) in spellings {
            let analysis = TestSupport.analyze(files(app, extra: extra))
            XCTAssertEqual(stores(analysis), ["file:⟨group:group.org.seeds⟩/Seeds.store"], name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
            XCTAssertEqual(analysis.pickedStoreNotes, [], name)
        }
    }

    /// The same code where the project's entitlements name another App Group: `containerURL` gives nil on iOS, so the
    /// fallback is the store (FamFin), written with `if let` and with `??` on a static property; entitled to the
    /// group, the group's store alone; built for the Mac too, where a URL is given for any group, the group's.
    func testAGroupTheTargetsAreNotEntitledToIsTheFallback() throws {
        let ifLet = """
            @main struct SeedApp: App {
                let container: ModelContainer = {
                    \(Self.letGivenInEachBranch)
                    return try! ModelContainer(for: Seed.self, configurations: configuration)
                }()
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        let coalescing = """
            enum Places {
                static var shared: URL? {
                    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.org.seeds")?
                        .appending(path: "Seeds.store")
                }
            }
            @main struct SeedApp: App {
                let container = try! ModelContainer(
                    for: Seed.self,
                    configurations: ModelConfiguration(
                        url: Places.shared ?? URL.documentsDirectory.appending(path: "Seeds.store")))
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """
        func entitled(_ groups: [String], sdk: String? = nil) -> [String: String] {
            var target = TestXcodeProject.Target(name: "Seeds")
            target.set("CODE_SIGN_ENTITLEMENTS", "Seeds/Seeds.entitlements")
            if let sdk { target.set("SUPPORTED_PLATFORMS", sdk) }
            let list = groups.map { "<string>\($0)</string>" }.joined()
            return [
                "Seeds.xcodeproj/project.pbxproj": TestXcodeProject.text([target]),
                "Seeds/Seeds.entitlements": """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
                    <array>\(list)</array></dict></plist>
                    """,
            ]
        }
        let group = "file:⟨group:group.org.seeds⟩/Seeds.store"
        let cases: [(String, String, [String: String], [String])] = [
            // The fallback's default store is in the group the target is entitled to.
            ("if let, another group", ifLet, entitled(["group.org.other"]), ["group.org.other/Seeds.store"]),
            ("if let, no group", ifLet, entitled([]), ["Seeds.store"]),
            ("if let, the group", ifLet, entitled(["group.org.seeds"]), [group]),
            ("??, no group", coalescing, entitled([]), ["file:⟨Documents⟩/Seeds.store"]),
            ("??, the group", coalescing, entitled(["group.org.seeds"]), [group]),
            // A Mac is given a URL for any group: its build is taken as the group's (nothing said of the phone's).
            ("??, no group, a Mac too", coalescing, entitled([], sdk: "iphoneos macosx"), [group]),
        ]
        for (name, app, project, expected) in cases {
            let analysis = try TestSupport.analyzeOnDisk(files(app, extra: project))
            XCTAssertEqual(stores(analysis).sorted(), expected.sorted(), name)
        }
    }

    /// A `var` assigned again in a branch is its first value or the new one; assigned again directly, the new one
    /// alone; a `switch` assigning in each case is each case's store. Controls: both branches naming one store are
    /// that store, said nothing of; a condition known at build time picks its branch alone; a value assigned from
    /// what schemalint cannot read stays "cannot be told".
    func testVariablesAssignedLaterAndSwitches() {
        func opened(_ body: String) -> Analysis {
            TestSupport.analyze(
                files(
                    """
                    \(Self.flags)
                    enum Mode { case local, shared, archive }
                    func openSeeds(mode: Mode) throws -> ModelContainer {
                        \(body)
                        return try ModelContainer(for: Seed.self, configurations: configuration)
                    }
                    @main struct SeedApp: App {
                        let container = try! openSeeds(mode: .local)
                        var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                    }
                    """))
        }
        let reassigned = opened(
            """
            var configuration = ModelConfiguration("Seeds")
            if Flags.release { configuration = ModelConfiguration("Vault") }
            """)
        XCTAssertEqual(stores(reassigned), ["Seeds.store", "Vault.store"])
        XCTAssertTrue(reassigned.pickedStoreNotes.first?.contains("by `Flags.release`") == true)

        let replaced = opened(
            """
            var configuration = ModelConfiguration("Seeds")
            configuration = ModelConfiguration("Vault")
            """)
        XCTAssertEqual(stores(replaced), ["Vault.store"])
        XCTAssertEqual(replaced.untoldStoreNotes, [])

        let switched = opened(
            """
            let configuration: ModelConfiguration
            switch Flags.release {
            case true: configuration = ModelConfiguration("Seeds")
            case false: configuration = ModelConfiguration("Vault")
            }
            """)
        XCTAssertEqual(stores(switched), ["Seeds.store", "Vault.store"])
        XCTAssertTrue(switched.pickedStoreNotes.first?.contains("by `Flags.release`") == true)
        let byMode = opened(
            """
            let configuration: ModelConfiguration
            switch mode {
            case .local: configuration = ModelConfiguration("Seeds")
            case .shared: configuration = ModelConfiguration("Seeds", groupContainer: .identifier("group.org.seeds"))
            default: configuration = ModelConfiguration("Vault")
            }
            """)
        // The one call passes `.local`: its case alone.
        XCTAssertEqual(stores(byMode), ["Seeds.store"])
        XCTAssertEqual(byMode.untoldStoreNotes, [])

        // Controls.
        let same = opened(
            """
            let configuration: ModelConfiguration
            if Flags.release { configuration = ModelConfiguration("Seeds") } else {
                configuration = ModelConfiguration("Seeds", cloudKitDatabase: .none)
            }
            """)
        XCTAssertEqual(stores(same), ["Seeds.store"])
        XCTAssertEqual(same.untoldStoreNotes, [])
        let constant = opened(
            """
            let configuration: ModelConfiguration
            switch Flags.sharesGroup {
            case true: configuration = ModelConfiguration("Vault")
            case false: configuration = ModelConfiguration("Seeds")
            }
            """)
        XCTAssertEqual(stores(constant), ["Seeds.store"])
        let decided = opened(
            """
            let configuration: ModelConfiguration
            if Flags.sharesGroup {
                configuration = ModelConfiguration("Seeds", groupContainer: .identifier("group.org.seeds"))
            } else {
                configuration = ModelConfiguration("Seeds")
            }
            """)
        XCTAssertEqual(stores(decided), ["Seeds.store"])
        XCTAssertEqual(decided.untoldStoreNotes, [])
        let unread = opened(
            """
            let configuration: ModelConfiguration
            if Flags.release { configuration = ModelConfiguration("Seeds") } else {
                configuration = RemoteSettings.fetchedConfiguration(for: mode)
            }
            """)
        XCTAssertEqual(unread.topology.stores.map(\.location.kind), [.unknown])
        XCTAssertTrue(unread.untoldStoreNotes.first?.contains("cannot be told") == true, "\(unread.untoldStoreNotes)")
    }

    /// An app and its widget running the same code (macmo's `Dependencies` and `ServiceLocator`): the App Group's
    /// file is one store both open (the fallback default store is never opened where `containerURL` gives the
    /// group's folder). `lock` records the version as held there, and `upgrades` lists it, as `check` does.
    func testTwoTargetsRunningTheSameCodeOpenTheSameStores() throws {
        func opener(_ type: String) -> String {
            """
            import Foundation
            import SwiftData

            enum \(type) {
                static let container: ModelContainer = {
                    let configuration: ModelConfiguration
                    if let url = FileManager.default
                        .containerURL(forSecurityApplicationGroupIdentifier: "group.org.seeds")?
                        .appendingPathComponent("default.store")
                    {
                        configuration = ModelConfiguration(url: url, cloudKitDatabase: .none)
                    } else {
                        configuration = ModelConfiguration(cloudKitDatabase: .none)
                    }
                    return try! ModelContainer(for: Seed.self, configurations: configuration)
                }()
            }
            """
        }
        let sources = files(
            """
            @main struct SeedApp: App {
                let container = AppStore.container
                var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
            }
            """,
            extra: [
                "Seeds/AppStore.swift": opener("AppStore"), "SeedsWidget/WidgetStore.swift": opener("WidgetStore"),
            ])
        let analysis = TestSupport.analyze(sources)
        XCTAssertEqual(
            analysis.topology.stores.map(\.name), ["the store at App Group group.org.seeds/default.store"])
        XCTAssertEqual(analysis.topology.stores.map(\.containers.count), [2])

        let lockfile = TestSupport.lock(analysis)
        let held = try XCTUnwrap(lockfile.versions.values.first?.heldIn)
        XCTAssertEqual(held, ["file:⟨group:group.org.seeds⟩/default.store"])
        let again = TestSupport.analyze(sources, lockfile: lockfile)
        XCTAssertEqual(
            again.upgrades.rows.compactMap(\.store), ["the store at App Group group.org.seeds/default.store"])
    }

    // MARK: A computed configuration with branches

    /// A computed configuration returning one configuration or another (PizzaHelperUnited's `modelConfig`: a release
    /// build's named store, in the App Group or not as a user default says, else a store of its own), written four
    /// ways: a static property of another type read through a local, a static function of another type, a member
    /// an extension adds to `ModelConfiguration`, a `switch`. Each store it may be is checked; the note names what
    /// picks. Control: a condition known at build time picks one store, said nothing of.
    func testAComputedConfigurationWithBranchesIsEachStoreItReturns() {
        let branches = """
            if Flags.release {
                let useGroup = UserDefaults.standard.bool(forKey: "useGroup")
                return ModelConfiguration(
                    "Seeds", isStoredInMemoryOnly: false,
                    groupContainer: useGroup ? .identifier("group.org.seeds") : .none, cloudKitDatabase: .none)
            } else {
                return ModelConfiguration("Trial", groupContainer: .none, cloudKitDatabase: .none)
            }
            """
        let expected = ["Seeds.store", "Trial.store", "group.org.seeds/Seeds.store"]
        let spellings: [(String, String, String)] = [
            (
                "a static property of another type, read through a local",
                "enum Persistence {\n    static var modelConfig: ModelConfiguration {\n\(branches)\n    }\n}",
                "let config = Persistence.modelConfig\n"
                    + "return try! ModelContainer(for: Seed.self, configurations: [config])"
            ),
            (
                "a static function of another type",
                "enum Persistence {\n    static func modelConfig() -> ModelConfiguration {\n\(branches)\n    }\n}",
                "return try! ModelContainer(for: Seed.self, configurations: Persistence.modelConfig())"
            ),
            (
                "a member an extension adds to ModelConfiguration",
                "extension ModelConfiguration {\n    static var seeds: ModelConfiguration {\n\(branches)\n    }\n}",
                "return try! ModelContainer(for: Seed.self, configurations: .seeds)"
            ),
            (
                "a static property of another type given directly",
                "enum Persistence {\n    static var modelConfig: ModelConfiguration {\n\(branches)\n    }\n}",
                "return try! ModelContainer(for: Seed.self, configurations: Persistence.modelConfig)"
            ),
        ]
        for (name, declaration, open) in spellings {
            let sources = files(
                """
                @main struct SeedApp: App {
                    let container: ModelContainer = {
                        \(open)
                    }()
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """,
                extra: [
                    "Seeds/Persistence.swift": "import Foundation\nimport SwiftData\n\n\(Self.flags)\n\(declaration)\n"
                ])
            let analysis = TestSupport.analyze(sources)
            XCTAssertEqual(stores(analysis), expected, name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
            XCTAssertEqual(analysis.pickedStoreNotes.count, 1, name)
            XCTAssertTrue(
                analysis.pickedStoreNotes.first?.contains("picked at run time by `Flags.release`, `useGroup`") == true,
                "\(name): \(analysis.pickedStoreNotes)")

            // Control: the release flag is a constant: the release branch alone, still one of two App Groups.
            var decided = sources
            decided["Seeds/Persistence.swift"] = decided["Seeds/Persistence.swift"]!.replacingOccurrences(
                of: "if Flags.release {", with: "if !Flags.sharesGroup {")
            let release = TestSupport.analyze(decided)
            XCTAssertEqual(stores(release), ["Seeds.store", "group.org.seeds/Seeds.store"], name)
            XCTAssertTrue(
                release.pickedStoreNotes.first?.contains("by `useGroup`:") == true, "\(release.pickedStoreNotes)")
            var single = decided
            single["Seeds/Persistence.swift"] = single["Seeds/Persistence.swift"]!.replacingOccurrences(
                of: "useGroup ? .identifier(\"group.org.seeds\") : .none", with: ".none")
            let one = TestSupport.analyze(single)
            XCTAssertEqual(stores(one), ["Seeds.store"], name)
            XCTAssertEqual(one.untoldStoreNotes, [], name)
        }
    }

    /// In-memory branches: a computed configuration that keeps the store in memory under tests and on disk
    /// otherwise opens an in-memory container and an app one, not one app container whose flag cannot be read.
    func testAnInMemoryBranchIsAnInMemoryContainer() {
        let analysis = TestSupport.analyze(
            files(
                """
                enum Persistence {
                    static var configuration: ModelConfiguration {
                        if ProcessInfo.processInfo.arguments.contains("-uiTests") {
                            return ModelConfiguration(isStoredInMemoryOnly: true)
                        } else {
                            return ModelConfiguration("Seeds")
                        }
                    }
                }
                @main struct SeedApp: App {
                    let container = try! ModelContainer(for: Seed.self, configurations: Persistence.configuration)
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """))
        XCTAssertEqual(
            analysis.project.containers.map(\.purpose).sorted { $0.rawValue < $1.rawValue }, [.app, .inMemory])
        XCTAssertEqual(stores(analysis), ["Seeds.store"])
        XCTAssertEqual(analysis.untoldStoreNotes, [])
    }

    // MARK: A schema passed on through two calls

    /// A migrator passing its `schema` parameter on to a probe that opens the store with it (CodeAgentsMobile's
    /// `migrateIfNeeded(schema:)` → `storeContainsUserData(at:schema:)`): the models are what the outer callers
    /// pass, written three ways (static functions of another type, top-level functions, an initialiser). The probe
    /// opens a store with the app's whole schema, which migrates it as it opens: it stays an app container. Control:
    /// an outer caller passing a schema built where schemalint cannot read it leaves the models unread.
    func testASchemaPassedOnThroughTwoCallsIsWhatTheOuterCallersPass() {
        let spellings: [(String, String, String)] = [
            (
                "static functions of another type",
                """
                enum Migrator {
                    static func migrate(schema: Schema, to url: URL) {
                        if !holdsRows(at: url, schema: schema) { return }
                    }
                    private static func holdsRows(at url: URL, schema: Schema) -> Bool {
                        let configuration = ModelConfiguration(schema: schema, url: url)
                        guard let container = try? ModelContainer(for: schema, configurations: [configuration])
                        else { return false }
                        return (try? ModelContext(container).fetchCount(FetchDescriptor<Seed>())) ?? 0 > 0
                    }
                }
                """, "Migrator.migrate(schema: SCHEMA, to: URL.documentsDirectory.appending(path: \"Seeds.store\"))"
            ),
            (
                "top-level functions",
                """
                func migrate(schema: Schema, to url: URL) {
                    if !holdsRows(at: url, schema: schema) { return }
                }
                func holdsRows(at url: URL, schema: Schema) -> Bool {
                    guard let container = try? ModelContainer(
                        for: schema, configurations: ModelConfiguration(schema: schema, url: url))
                    else { return false }
                    return (try? ModelContext(container).fetchCount(FetchDescriptor<Seed>())) ?? 0 > 0
                }
                """, "migrate(schema: SCHEMA, to: URL.documentsDirectory.appending(path: \"Seeds.store\"))"
            ),
            (
                "an initialiser passing its parameter on",
                """
                struct Migration {
                    init(schema: Schema, url: URL) {
                        _ = Probe.holdsRows(at: url, schema: schema)
                    }
                }
                enum Probe {
                    static func holdsRows(at url: URL, schema: Schema) -> Bool {
                        let configuration = ModelConfiguration(schema: schema, url: url)
                        return (try? ModelContainer(for: schema, configurations: configuration)) != nil
                    }
                }
                """, "_ = Migration(schema: SCHEMA, url: URL.documentsDirectory.appending(path: \"Seeds.store\"))"
            ),
        ]
        for (name, helpers, call) in spellings {
            func analysis(_ schema: String) -> Analysis {
                TestSupport.analyze(
                    files(
                        """
                        enum SeedSchema { static let schema = Schema([Seed.self]) }
                        \(helpers)
                        @main struct SeedApp: App {
                            let container: ModelContainer = {
                                \(call.replacingOccurrences(of: "SCHEMA", with: schema))
                                return try! ModelContainer(
                                    for: SeedSchema.schema,
                                    configurations: ModelConfiguration(
                                        url: URL.documentsDirectory.appending(path: "Seeds.store")))
                            }()
                            var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                        }
                        """))
            }
            let read = analysis("SeedSchema.schema")
            XCTAssertTrue(read.topology.isComplete, "\(name): \(read.topology.pooledBecause ?? "")")
            XCTAssertEqual(read.unreadContainerNotes, [], name)
            let probes = read.project.containers.filter {
                $0.location.line != read.project.containers.last?.location.line
            }
            XCTAssertTrue(read.project.containers.allSatisfy { $0.purpose == .app && $0.models?.count == 1 }, name)
            XCTAssertFalse(probes.isEmpty, name)
            // Both open the file the app names: one store.
            XCTAssertEqual(stores(read), ["file:⟨Documents⟩/Seeds.store"], name)

            // Control: a schema built where schemalint cannot read it.
            let unread = analysis("Schema(loadedModelTypes())")
            XCTAssertEqual(unread.unreadContainerNotes.count, 1, "\(name): \(unread.notes)")
        }
    }

    // MARK: An App Group given by name, a URL given in each branch and platform

    /// `groupContainer:` given by a computed property or function returning `hasGroup ? .identifier(id) : .none`
    /// (in another file, a function, a member of the same type, a parameter): the store is in the App Group or in the
    /// app's own container, said as picked at run time (field test 8: Unwatched's default.store missed its App
    /// Group). Controls: a property naming the group alone is the group's store; a condition known at build time
    /// picks its branch alone.
    func testAnAppGroupGivenByANameIsTheGroupsStoreOrTheAppsOwn() {
        func sharing(_ group: String) -> String {
            """
            import Foundation
            import SwiftData

            enum Sharing {
                static let id = "group.org.seeds"
                static let enabled = false
                static var hasGroup: Bool {
                    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: id) != nil
                }
                \(group)
            }
            """
        }
        let computed = sharing(
            "static var group: ModelConfiguration.GroupContainer { hasGroup ? .identifier(id) : .none }")
        let function = sharing(
            "static func group() -> ModelConfiguration.GroupContainer { hasGroup ? .identifier(id) : .none }")
        let spellings: [(String, String, [String: String])] = [
            (
                "a computed static var of another type in another file",
                """
                @main struct SeedApp: App {
                    let container = try! ModelContainer(
                        for: Seed.self, configurations: ModelConfiguration(groupContainer: Sharing.group))
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """,
                ["Seeds/Sharing.swift": computed]
            ),
            (
                "a function of another type",
                """
                @main struct SeedApp: App {
                    let container = try! ModelContainer(
                        for: Seed.self, configurations: ModelConfiguration(groupContainer: Sharing.group()))
                    var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
                }
                """,
                ["Seeds/Sharing.swift": function]
            ),
            (
                "a private computed static var of the type opening the container, copied into a local",
                """
                final class Provider {
                    private static var hasGroup: Bool {
                        FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "group.org.seeds") != nil
                    }
                    private static var group: ModelConfiguration.GroupContainer {
                        hasGroup ? .identifier("group.org.seeds") : .none
                    }
                    let container: ModelContainer = {
                        let configuration = ModelConfiguration(groupContainer: Provider.group)
                        return try! ModelContainer(for: Seed.self, configurations: [configuration])
                    }()
                }
                """,
                [:]
            ),
            (
                "a parameter its one caller gives the computed var",
                """
                func open(group: ModelConfiguration.GroupContainer) throws -> ModelContainer {
                    try ModelContainer(for: Seed.self, configurations: ModelConfiguration(groupContainer: group))
                }
                let container = try! open(group: Sharing.group)
                """,
                ["Seeds/Sharing.swift": computed]
            ),
        ]
        for (name, app, extra) in spellings {
            let analysis = TestSupport.analyze(files(app, extra: extra))
            XCTAssertEqual(stores(analysis).sorted(), ["default.store", "group.org.seeds/default.store"], name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
            XCTAssertTrue(
                analysis.pickedStoreNotes.contains {
                    $0.contains("picked at run time") && $0.contains("group.org.seeds/default.store")
                },
                "\(name): \(analysis.pickedStoreNotes)")
        }
        // Controls.
        let app = """
            let container = try! ModelContainer(
                for: Seed.self, configurations: ModelConfiguration(groupContainer: Sharing.group))
            """
        let alone = TestSupport.analyze(
            files(app, extra: ["Seeds/Sharing.swift": sharing(
                "static var group: ModelConfiguration.GroupContainer { .identifier(id) }")]))
        XCTAssertEqual(stores(alone), ["group.org.seeds/default.store"])
        let decided = TestSupport.analyze(
            files(app, extra: ["Seeds/Sharing.swift": sharing(
                "static var group: ModelConfiguration.GroupContainer { enabled ? .identifier(id) : .none }")]))
        XCTAssertEqual(stores(decided), ["default.store"])
        XCTAssertEqual(decided.untoldStoreNotes, [])
    }

    /// A local `let url: URL` given the App Group's file in an `if let` and, in its `else`, a folder per platform in
    /// an `#if os(...)` (in a closure-initialised property, a function, with the file name a parameter, in a static
    /// member of another type): the file name is known and the place is each folder a build may use (field test 8:
    /// Unwatched's imageCache.sqlite was "the store at `storeURL`"). Control: a `#if DEBUG` clause is no build users
    /// run.
    func testAURLGivenInEachBranchAndPlatformIsEachPlaceWithItsName() {
        func body(_ name: String, debug: Bool = false) -> String {
            let platforms =
                debug
                ? """
                #if DEBUG
                    url = FileManager.default.temporaryDirectory.appendingPathComponent(\(name))
                    #else
                    url = URL.documentsDirectory.appending(path: \(name))
                    #endif
                """
                : """
                #if os(tvOS)
                    url = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first!
                        .appendingPathComponent(\(name))
                    #else
                    url = URL.documentsDirectory.appending(path: \(name))
                    #endif
                """
            return """
                let url: URL
                    if let shared = FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: "group.org.seeds")
                    {
                        url = shared.appendingPathComponent(\(name))
                    } else {
                        \(platforms)
                    }
                    let configuration = ModelConfiguration(url: url)
                """
        }
        let spellings: [(String, String, [String: String])] = [
            (
                "a closure-initialised property",
                """
                final class Cache {
                    let container: ModelContainer = {
                        let name = "seeds.sqlite"
                        \(body("name"))
                        return try! ModelContainer(for: Seed.self, configurations: configuration)
                    }()
                }
                """,
                [:]
            ),
            (
                "a function",
                """
                func openCache() throws -> ModelContainer {
                    \(body("\"seeds.sqlite\""))
                    return try ModelContainer(for: Seed.self, configurations: configuration)
                }
                """,
                [:]
            ),
            (
                "the file name a parameter",
                """
                func openCache(named name: String) throws -> ModelContainer {
                    \(body("name"))
                    return try ModelContainer(for: Seed.self, configurations: configuration)
                }
                let cache = try! openCache(named: "seeds.sqlite")
                """,
                [:]
            ),
            (
                "a static member of another type in another file",
                "let cache = Caches.container\n",
                [
                    "Seeds/Caches.swift": """
                    import Foundation
                    import SwiftData

                    enum Caches {
                        static let container: ModelContainer = {
                            \(body("\"seeds.sqlite\""))
                            return try! ModelContainer(for: Seed.self, configurations: configuration)
                        }()
                    }
                    """
                ]
            ),
        ]
        for (name, app, extra) in spellings {
            let analysis = TestSupport.analyze(files(app, extra: extra))
            XCTAssertEqual(
                stores(analysis).sorted(),
                [
                    "file:⟨Caches⟩/seeds.sqlite", "file:⟨Documents⟩/seeds.sqlite",
                    "file:⟨group:group.org.seeds⟩/seeds.sqlite",
                ],
                name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
        }
        // Control: the debug build's folder is no place users' stores are in.
        let debug = TestSupport.analyze(
            files(
                """
                func openCache() throws -> ModelContainer {
                    \(body("\"seeds.sqlite\"", debug: true))
                    return try ModelContainer(for: Seed.self, configurations: configuration)
                }
                """))
        XCTAssertEqual(
            stores(debug).sorted(), ["file:⟨Documents⟩/seeds.sqlite", "file:⟨group:group.org.seeds⟩/seeds.sqlite"])
    }
}
