import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// SwiftData migrates one store file at a time: each shipped state is judged with the plan of the store that holds it,
/// a version no app container's store holds is no shipped state, and two containers on one store must agree.
final class StoreTopologyTests: XCTestCase {
    private func sources(_ fixture: String) throws -> [String: String] {
        try TestSupport.sources(of: "Stores/\(fixture)")
    }

    /// A lockfile as a release before `heldIn` wrote it.
    private func legacy(_ lockfile: Lockfile) -> Lockfile {
        var old = lockfile
        for key in old.versions.keys { old.versions[key]?.heldIn = nil }
        return old
    }

    /// A library store with CloudKit and its own plan, and a cover cache on its own URL with another plan and a
    /// custom stage: neither store's states are unknown to the other's plan, and the cache's stage is not CloudKit's.
    func testTwoStoresEachWithItsOwnPlan() throws {
        let files = try sources("LibraryAndCoverCache")
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        // The cache's URL is Application Support/Covers.store: the file `ModelConfiguration("Covers")` opens.
        XCTAssertEqual(analysis.topology.stores.map(\.name), ["Covers.store", "Library.store"])
        XCTAssertEqual(analysis.topology.stores.map(\.syncs), [false, true])

        let lockfile = TestSupport.lock(analysis)
        XCTAssertEqual(lockfile.versions["LibrarySchemaV1"]?.heldIn, ["Library.store"])
        XCTAssertEqual(lockfile.versions["CoverCacheSchemaV2"]?.heldIn, ["Covers.store"])
        // A lockfile an earlier release wrote, keyed by the URL's text, still names the same store.
        var written = lockfile
        for key in written.versions.keys where written.versions[key]?.heldIn == ["Covers.store"] {
            written.versions[key]?.heldIn = ["url:URL.applicationSupportDirectory.appending(path:\"Covers.store\")"]
        }
        for shipped in [lockfile, legacy(lockfile), written] {
            let checked = TestSupport.analyze(files, lockfile: shipped)
            XCTAssertEqual(TestSupport.summary(checked.findings), [])
            XCTAssertFalse(checked.upgrades.rows.contains { $0.outcome.fails }, "\(checked.upgrades.rows)")
        }

        // The cache's first version edited after it shipped: its own plan runs stages, so its stores fail to open.
        var edited = files
        edited["Shelf/Covers/CoverCacheSchema.swift"] = files["Shelf/Covers/CoverCacheSchema.swift"]!
            .replacingOccurrences(
                of: "        var imageData: Data\n        init",
                with: "        var imageData: Data\n        var width: Int = 0\n        init")
        for shipped in [lockfile, legacy(lockfile)] {
            let checked = TestSupport.analyze(edited, lockfile: shipped)
            XCTAssertEqual(
                TestSupport.summary(checked.findings), ["shipped_schema_edited Shelf/Covers/CoverCacheSchema.swift:11"])
            XCTAssertEqual(checked.findings.first?.message.id, "checksum-moved")
            let row = try XCTUnwrap(checked.upgrades.rows.first { $0.name == "CoverCacheSchemaV1" })
            XCTAssertTrue(row.outcome.fails, "\(row.outcome)")
            guard case .edited(plan: "CoverCacheMigrationPlan", _) = row.outcome else {
                return XCTFail("\(row.outcome)")
            }
        }
    }

    /// A `VersionedSchema` used only as a namespace for a model of an unversioned container, and a plan only a test
    /// opens, are no state any user's store holds: not locked, and nothing is reported when they change.
    func testANamespaceVersionAndATestOnlyPlanAreNotShippedStates() throws {
        let files = try sources("NamespaceVersion")
        let analysis = TestSupport.analyze(files)
        let outcome = Locker.plan(analysis, existing: nil, request: .init())
        XCTAssertEqual(outcome.recorded.count, 1)
        XCTAssertTrue(outcome.recorded[0].hasPrefix("Unversioned@"), "\(outcome.recorded)")
        XCTAssertEqual(outcome.declaredOnly.map(\.key), ["LegacyMemoSchema", "MemoSchema"])
        XCTAssertEqual(outcome.lockfile.versions[outcome.recorded[0]]?.heldIn, ["default.store"])

        // An earlier release locked every version it saw.
        var pooled = outcome.lockfile
        for key in ["LegacyMemoSchema", "MemoSchema"] {
            let version = try XCTUnwrap(analysis.project.version(key: key))
            let hashed = try XCTUnwrap(analysis.analysis(forKey: key))
            pooled.versions[key] = LockedVersion(
                analysis: hashed, type: version.name, versionIdentifier: version.identifier?.description)
        }
        // Locking again keeps those entries and says why no store holds them.
        let relocked = Locker.plan(analysis, existing: pooled, request: .init())
        XCTAssertEqual(relocked.unassigned.map(\.key), ["LegacyMemoSchema", "MemoSchema"])
        XCTAssertNotNil(relocked.lockfile.versions["MemoSchema"])
        var next = files
        next["Memos/Model/Memo.swift"] = files["Memos/Model/Memo.swift"]!.replacingOccurrences(
            of: "var folderName: String?", with: "var folderName: String?\n        var isPinned: Bool = false")
        for shipped in [pooled, legacy(pooled)] {
            let checked = TestSupport.analyze(next, lockfile: shipped)
            XCTAssertEqual(TestSupport.summary(checked.findings), [])
            let rows = Dictionary(checked.upgrades.rows.map { ($0.name, $0.outcome) }, uniquingKeysWith: { a, _ in a })
            XCTAssertEqual(rows["MemoSchema"], .declaredOnly)
            XCTAssertFalse(checked.upgrades.rows.contains { $0.outcome.fails }, "\(checked.upgrades.rows)")
        }
    }

    /// A service actor and a widget open the App Group store with fewer models than the app: each drops the other's
    /// rows. A widget on its own default store is another file, and is left alone.
    func testContainersOnOneStoreWithDifferentModels() throws {
        let files = try sources("SharedStore")
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(
            TestSupport.summary(analysis.findings.filter { $0.severity == .error }),
            [
                "store_opened_with_different_models Payslips/Services/UsageMeter.swift:10",
                "store_opened_with_different_models PayslipsWidget/Provider.swift:7",
            ])
        XCTAssertTrue(
            analysis.findings[0].message.text.contains("drops every row of Payslip"), analysis.findings[0].message.text)

        // The widget on its own default store (no App Group named), the service on the app's group store with the
        // app's schema: one store per target, the same models.
        var apart = files
        apart["PayslipsWidget/Provider.swift"] = files["PayslipsWidget/Provider.swift"]!.replacingOccurrences(
            of: "ModelConfiguration(groupContainer: .identifier(\"group.com.example.payslips\"))",
            with: "ModelConfiguration()")
        apart["Payslips/Services/UsageMeter.swift"] = files["Payslips/Services/UsageMeter.swift"]!
            .replacingOccurrences(of: "for: ParseUsage.self", with: "for: Payslip.self, ParseUsage.self")
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(apart).findings.filter { $0.severity == .error }), [])

        // Without App Groups: the app's and the service's default store are one file (one target's folders), the
        // widget's is its own.
        var ungrouped = files
        let group = "groupContainer: .identifier(\"group.com.example.payslips\")"
        for path in files.keys {
            ungrouped[path] = ungrouped[path]!
                .replacingOccurrences(of: "schema: schema, \(group))", with: "schema: schema)")
                .replacingOccurrences(of: "ModelConfiguration(\(group))", with: "ModelConfiguration()")
        }
        let split = TestSupport.analyze(ungrouped)
        XCTAssertEqual(
            TestSupport.summary(split.findings.filter { $0.severity == .error }),
            ["store_opened_with_different_models Payslips/Services/UsageMeter.swift:10"])
        XCTAssertEqual(split.topology.stores.map(\.name), ["default.store", "default.store (PayslipsWidget)"])
    }

    /// A version renamed in Swift with its identifier kept is the same version: nothing when its checksum stayed, one
    /// finding that says it was renamed and moved when it did not, never "removed".
    func testARenamedVersionIsOneFindingOnlyWhenItsChecksumMoved() throws {
        let files = try sources("LibraryAndCoverCache")
        let lockfile = TestSupport.lock(TestSupport.analyze(files))
        var renamed = files
        renamed["Shelf/Library/LibrarySchema.swift"] = files["Shelf/Library/LibrarySchema.swift"]!
            .replacingOccurrences(of: "LibrarySchemaV1", with: "LibraryLaunchSchema")
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(renamed, lockfile: lockfile).findings), [])

        let source = renamed["Shelf/Library/LibrarySchema.swift"]!
        let first = try XCTUnwrap(source.range(of: "        var addedAt: Date = Date.now\n"))
        renamed["Shelf/Library/LibrarySchema.swift"] = source.replacingCharacters(
            in: first, with: source[first] + "        var shelf: String?\n")
        let findings = TestSupport.analyze(renamed, lockfile: lockfile).findings
        XCTAssertEqual(TestSupport.summary(findings), ["shipped_schema_removed Shelf/Library/LibrarySchema.swift:5"])
        XCTAssertEqual(findings.first?.message.id, "renamed-checksum-moved")
        let message = try XCTUnwrap(findings.first?.message)
        XCTAssertTrue(message.headline.hasPrefix("LibrarySchemaV1 was renamed to LibraryLaunchSchema"), message.text)
        XCTAssertTrue(message.detail.hasPrefix("LibraryLaunchSchema keeps the identifier 1.0.0"), message.text)
    }

    /// `configurations: [.init(schema:isStoredInMemoryOnly: true)]` is in memory, and a store at a new `UUID()` name
    /// (filled, then swapped in) is no store that migrates: neither is the app's store.
    func testImplicitInMemoryConfigurationsAndNewFilesAreNotTheUsersStore() {
        let source = """
            import Foundation
            import SwiftData

            @Model final class Entry { var text: String = ""; init() {} }

            enum Stores {
                static func preview() throws -> ModelContainer {
                    let schema = Schema([Entry.self])
                    return try ModelContainer(
                        for: schema, configurations: [.init(schema: schema, isStoredInMemoryOnly: true)])
                }

                static func rebuilt() throws -> ModelContainer {
                    let url = URL.applicationSupportDirectory.appending(path: "rebuild-\\(UUID().uuidString).store")
                    return try ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: url))
                }

                static func app() throws -> ModelContainer {
                    try ModelContainer(for: Entry.self, configurations: ModelConfiguration("Entries"))
                }

                static func typed() throws -> ModelContainer {
                    let configuration: ModelConfiguration = .init("Entries", schema: Schema([Entry.self]))
                    return try ModelContainer(for: Entry.self, configurations: [configuration])
                }
            }
            """
        let analysis = TestSupport.analyze(source)
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.inMemory, .scratch, .app, .app])
        // `let configuration: ModelConfiguration = .init("Entries", ...)` is the same store.
        XCTAssertEqual(analysis.topology.stores.map(\.name), ["Entries.store"])
        XCTAssertEqual(analysis.topology.stores.first?.containers.count, 2)
    }

    /// A plan named only from a computed property, whose one stage (built by a helper function) goes from its version
    /// to itself, beside an unversioned container with a model the plan lacks: the stage is read like an inline one
    /// and reported, and the app is never told to pass a plan that could not open its store.
    func testAHelperBuiltSelfStageIsReadAndItsPlanIsNeverAdvised() throws {
        let analysis = try TestSupport.analyzeFixture("Stores/UnusedPlanSelfStage")
        XCTAssertEqual(
            analysis.findings.map { "\($0.rule) \($0.severity) \($0.location.line)" },
            ["stage_chain_broken note 16"])
        XCTAssertTrue(analysis.findings[0].message.text.contains("SwiftData refuses a plan with such a stage"))
        let plan = try XCTUnwrap(analysis.project.plans.first)
        XCTAssertEqual(plan.stages?.map(\.name), ["migrateV1toV1"])
        XCTAssertEqual(plan.declaredStages.map(\.name), ["migrateV1toV1"])
    }

    /// A store whose configuration is built elsewhere is its own store, keyed by where it is opened: that key moves
    /// with every edit above it, so `lock` never records it, and a later release still finds the state's store
    /// (found on RogyMD/remember's release history).
    func testAStoreThatCannotBeToldIsNotRecordedByWhereItIsOpened() throws {
        let release1 = """
            import SwiftData

            enum NotesSchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }

            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesSchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }

            func openStore(configuration: ModelConfiguration) throws -> ModelContainer {
                try ModelContainer(
                    for: Schema(versionedSchema: NotesSchemaV1.self), migrationPlan: NotesPlan.self,
                    configurations: [StoreSettings.configuration()])
            }
            """
        let analysis = TestSupport.analyze(release1)
        XCTAssertEqual(analysis.topology.stores.map(\.location.kind), [.unknown])
        let lockfile = TestSupport.lock(analysis)
        XCTAssertNotNil(lockfile.versions["NotesSchemaV1"])
        XCTAssertNil(lockfile.versions["NotesSchemaV1"]?.heldIn)
        let release2 = "// Notes: the store's configuration comes from StoreSettings.\n\n" + release1
        let checked = TestSupport.analyze(release2, lockfile: lockfile)
        XCTAssertEqual(TestSupport.summary(checked.findings), [])
        // Held by the models it shares, not by a file schemalint read: "cannot tell", with what follows if it is.
        XCTAssertEqual(
            checked.upgrades.rows.map(\.outcome),
            [.cannotTell(why: "if it is the file this state was written to, opens as is (NotesSchemaV1)")])
    }

    /// After an unversioned app adopts a plan whose first version stores what it shipped, the lockfile's unversioned
    /// state covers the plan: no "records none of its versions" beside an `upgrades` that matched it (found on
    /// Team-Chalkak/Snappie 1.0.2 → 1.1.0).
    func testAnAdoptedPlanIsCoveredByTheUnversionedStateItStores() throws {
        let shipped = """
            import SwiftData
            import SwiftUI

            @Model final class Clip { var title: String = ""; init() {} }

            @main struct ClipsApp: App {
                var body: some Scene { WindowGroup { Text("Clips") }.modelContainer(for: Clip.self) }
            }
            """
        let lockfile = TestSupport.lock(TestSupport.analyze(shipped))
        let adopted = """
            import SwiftData
            import SwiftUI

            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Clip.self] }
                @Model final class Clip { var title: String = ""; init() {} }
            }

            typealias Clip = SchemaV1.Clip

            enum MigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }

            @main struct ClipsApp: App {
                let container = try! ModelContainer(for: Clip.self, migrationPlan: MigrationPlan.self)
                var body: some Scene { WindowGroup { Text("Clips") }.modelContainer(container) }
            }
            """
        let checked = TestSupport.analyze(
            ["App.swift": adopted], lockfile: lockfile, lockfileLocation: "schemalint.lock")
        XCTAssertEqual(TestSupport.summary(checked.findings), [])
    }

    /// The App Group store moved to another group (found on msdrigg/roam 1.23 → 1.24): the states locked in the old
    /// store are left behind, said once; a plain `lock` keeps saying so, `lock --accept` records the move.
    func testAStoreNoContainerOpensAnyMoreIsAbandoned() throws {
        let files = try sources("SharedStore")
        let lockfile = TestSupport.lock(TestSupport.analyze(files))
        var moved = files
        for path in files.keys {
            moved[path] = files[path]!.replacingOccurrences(
                of: "group.com.example.payslips\"", with: "group.com.example.payslips.models\"")
        }
        let checked = TestSupport.analyze(moved, lockfile: lockfile)
        let abandoned = checked.findings.filter { $0.rule == "store_abandoned" }
        XCTAssertEqual(abandoned.map(\.severity), [.warning])
        XCTAssertTrue(
            abandoned.first?.message.headline.hasPrefix("group.com.example.payslips/default.store is no longer opened")
                == true, "\(abandoned)")
        XCTAssertTrue(
            abandoned.first?.message.detail.hasPrefix("group.com.example.payslips/default.store held ") == true,
            "\(abandoned)")
        XCTAssertTrue(checked.upgrades.rows.allSatisfy { $0.outcome.warns }, "\(checked.upgrades.rows)")
        // Before stores were told apart, nothing says which store held the states: nothing is claimed.
        XCTAssertEqual(
            TestSupport.analyze(moved, lockfile: legacy(lockfile)).findings.filter { $0.rule == "store_abandoned" }
                .count, 0)

        let relocked = Locker.plan(TestSupport.analyze(moved), existing: lockfile, request: .init())
        XCTAssertEqual(relocked.unassigned.count, lockfile.versions.count)
        let stillAbandoned = TestSupport.analyze(moved, lockfile: relocked.lockfile).findings
        XCTAssertEqual(stillAbandoned.filter { $0.rule == "store_abandoned" }.count, 1)
        let keys = Set(lockfile.versions.keys)
        let accepted = Locker.plan(
            TestSupport.analyze(moved), existing: lockfile,
            request: .init(accept: keys, reason: "moved for the widget"))
        XCTAssertEqual(
            TestSupport.analyze(moved, lockfile: accepted.lockfile).findings.filter { $0.rule == "store_abandoned" }
                .count, 0)
    }

    /// An App Group named by a constant declared in a file with no SwiftData word is read through it (pass 2 parses
    /// that file); one a platform clause sets (`#if os(macOS)`) is not, and a store named through it is never said to
    /// be left behind (found on msdrigg/roam 1.43 → 1.49).
    func testAppGroupsNamedByConstants() throws {
        let model = """
            import SwiftData

            @Model final class Device { var name: String = ""; init() {} }

            func sharedContainer() throws -> ModelContainer {
                let configuration = ModelConfiguration(groupContainer: .identifier(sharedGroup))
                return try ModelContainer(for: Device.self, configurations: configuration)
            }
            """
        let global = "import Foundation\n\nlet sharedGroup = \"group.com.example.remote\"\n"
        let resolved = TestSupport.analyze(["Model.swift": model, "Constants.swift": global])
        XCTAssertEqual(resolved.topology.stores.map(\.location.key), ["group.com.example.remote/default.store"])

        let perPlatform = """
            import Foundation

            #if os(macOS)
            let sharedGroup = "TEAMID.com.example.remote"
            #else
            let sharedGroup = "group.com.example.remote"
            #endif
            """
        let conditional = TestSupport.analyze(["Model.swift": model, "Constants.swift": perPlatform])
        XCTAssertEqual(
            conditional.topology.stores.map(\.location.key),
            ["`TEAMID.com.example.remote or group.com.example.remote`/default.store"])
        // The constant is dropped for the literal: the store may or may not have moved, and nothing is claimed.
        let lockfile = TestSupport.lock(conditional)
        let literal = model.replacingOccurrences(
            of: ".identifier(sharedGroup)", with: ".identifier(\"group.com.example.remote\")")
        let checked = TestSupport.analyze(["Model.swift": literal], lockfile: lockfile)
        XCTAssertEqual(TestSupport.summary(checked.findings), [])
        guard case .storeUnmatched = checked.upgrades.rows.first?.outcome else {
            return XCTFail("\(checked.upgrades.rows)")
        }
    }

    /// A configuration held by a constant (`SharedStore.configuration`) names its store for every container given
    /// it; one held in memory makes its container an in-memory one.
    func testConfigurationsGivenByConstants() {
        let files = [
            "Shared/SharedStore.swift": """
                import SwiftData

                @Model final class Habit { var title: String = ""; init() {} }
                @Model final class Streak { var days: Int = 0; init() {} }

                enum SharedStore {
                    static let group = "group.com.example.habits"
                    static let configuration = ModelConfiguration(groupContainer: .identifier(group))
                    static let preview = ModelConfiguration(isStoredInMemoryOnly: true)
                }
                """,
            "Habits/HabitsApp.swift": """
                import SwiftData
                import SwiftUI

                @main struct HabitsApp: App {
                    let container = try! ModelContainer(
                        for: Habit.self, Streak.self, configurations: SharedStore.configuration)
                    var body: some Scene { WindowGroup { Text("Habits") }.modelContainer(container) }
                }

                func previewContainer() -> ModelContainer {
                    try! ModelContainer(for: Habit.self, configurations: SharedStore.preview)
                }
                """,
            "HabitsWidget/Provider.swift": """
                import SwiftData
                import WidgetKit

                func widgetContainer() throws -> ModelContainer {
                    try ModelContainer(for: Habit.self, configurations: [SharedStore.configuration])
                }
                """,
        ]
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app, .inMemory, .app])
        XCTAssertEqual(analysis.topology.stores.map(\.name), ["group.com.example.habits/default.store"])
        XCTAssertEqual(
            TestSupport.summary(analysis.findings.filter { $0.severity == .error }),
            ["store_opened_with_different_models HabitsWidget/Provider.swift:5"])
    }

    /// `func openStore(at url: URL)`: each caller's URL is another store, so two containers opened through such
    /// functions are never taken for one store (no "different models" between them).
    func testAStoreURLGivenAsAParameterIsItsOwnStore() {
        let source = """
            import Foundation
            import SwiftData

            @Model final class Photo { var name: String = ""; init() {} }
            @Model final class Album { var title: String = ""; init() {} }

            enum Stores {
                static func photos(url: URL) throws -> ModelContainer {
                    try ModelContainer(for: Photo.self, configurations: ModelConfiguration(url: url))
                }

                static func library(url: URL) throws -> ModelContainer {
                    let configuration = ModelConfiguration(url: url.appendingPathComponent("Library.store"))
                    return try ModelContainer(for: Photo.self, Album.self, configurations: configuration)
                }
            }

            func openBoth(photos: URL, library: URL) throws {
                _ = try Stores.photos(url: photos)
                _ = try Stores.library(url: library)
            }
            """
        let analysis = TestSupport.analyze(source)
        XCTAssertEqual(analysis.topology.stores.map(\.location.kind), [.unknown, .unknown])
        XCTAssertEqual(TestSupport.summary(analysis.findings.filter { $0.severity == .error }), [])
    }

    /// A container given its own models (`Schema([8 models])`) beside a plan that migrates nothing (one version
    /// listing two): its store holds the container's models, so that state is what is locked and checked, never the
    /// plan's version (found on vultisig/vultisig-ios: 7 false "SchemaV1 was edited" errors over its history, and a
    /// type change of a container-only model unseen).
    func testAFlatContainerBesideAPlanThatMigratesNothingLocksWhatItsStoreHolds() throws {
        let release1 = """
            import SwiftData

            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Vault.self] }
            }

            enum WalletPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }

            @Model final class Vault { var name: String = ""; init() {} }
            @Model final class Rate { var fiat: String = ""; var value: Double = 0; init() {} }

            let container = try! ModelContainer(
                for: Schema([Vault.self, Rate.self]), migrationPlan: WalletPlan.self)
            """
        let analysis = TestSupport.analyze(release1)
        let outcome = Locker.plan(analysis, existing: nil, request: .init())
        XCTAssertEqual(outcome.declaredOnly.map(\.key), ["SchemaV1"])
        XCTAssertEqual(outcome.recorded.count, 1)
        XCTAssertTrue(outcome.recorded[0].hasPrefix("Unversioned@"), "\(outcome.recorded)")

        // A property added to Vault (the plan's version's model) is what the store's new state holds: no edit.
        let added = release1.replacingOccurrences(
            of: "@Model final class Vault { var name: String = \"\"; init() {} }",
            with: "@Model final class Vault { var name: String = \"\"; var note: String?; init() {} }")
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(added, lockfile: outcome.lockfile).findings), [])
        // A container-only model's type change is seen: stores of the locked state cannot be inferred.
        let retyped = release1.replacingOccurrences(of: "var value: Double = 0", with: "var value: String = \"\"")
        XCTAssertEqual(
            TestSupport.analyze(retyped, lockfile: outcome.lockfile).findings.map(\.rule),
            ["lightweight_unsupported_change"])
    }

    /// `upgrades` and `check` agree: a locked version edited in place fails in both, with exit 1.
    func testUpgradesFailsForAnEditedVersionAsCheckDoes() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in try sources("LibraryAndCoverCache") {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        XCTAssertEqual(try TestSupport.run(["upgrades"], in: root).status, 0)
        let schema = root.appendingPathComponent("Shelf/Library/LibrarySchema.swift")
        let text = try String(contentsOf: schema, encoding: .utf8)
        // LibrarySchemaV1's Book (the first of the two) gains a property after it shipped.
        let first = try XCTUnwrap(text.range(of: "        var addedAt: Date = Date.now\n"))
        try Data(text.replacingCharacters(in: first, with: text[first] + "        var shelf: String?\n").utf8)
            .write(to: schema)
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("[shipped_schema_edited]"), check.stdout)
        let upgrades = try TestSupport.run(["upgrades"], in: root)
        XCTAssertEqual(upgrades.status, 1, upgrades.stdout)
        XCTAssertTrue(
            upgrades.stdout.contains("LibrarySchemaV1 in Library.store: fails: edited since it was locked"),
            upgrades.stdout)
        let json = try TestSupport.run(["upgrades", "--format", "json"], in: root)
        XCTAssertTrue(json.stdout.contains("\"opens\": false"), json.stdout)
        let markdown = try TestSupport.run(["upgrades", "--format", "markdown"], in: root)
        XCTAssertTrue(markdown.stdout.contains("#### Library.store: 2 states, 1 ❌ fail, 1 ✅ open"), markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("| `LibrarySchemaV1` | ❌ |"), markdown.stdout)
    }

    /// One container, its models split over several named configurations: each file is a store of its own, all opened
    /// by the one container. A change to one model is judged the same way in every file (field test 7: `upgrades` said
    /// two of three files were "not opened" by the container that opens them). Written with the configurations as
    /// locals, as static members of another type, as a list held by a local and by a static member.
    func testEveryFileOfAContainerWithSeveralConfigurationsIsJudgedAlike() {
        let models = """
            import SwiftData

            @Model final class Note {
                var text: String = ""
                init() {}
            }

            @Model final class Metric {
                var words: Int = 0
                init() {}
            }
            """
        let spellings = [
            """
            import SwiftData

            func open() throws -> ModelContainer {
                let notes = ModelConfiguration("notes", schema: Schema([Note.self]))
                let metrics = ModelConfiguration("metrics", schema: Schema([Metric.self]))
                return try ModelContainer(for: Schema([Note.self, Metric.self]), configurations: notes, metrics)
            }
            """,
            """
            import SwiftData

            enum Stores {
                static let notes = ModelConfiguration("notes", schema: Schema([Note.self]))
                static let metrics = ModelConfiguration("metrics", schema: Schema([Metric.self]))
            }

            let container = try! ModelContainer(
                for: Note.self, Metric.self, configurations: Stores.notes, Stores.metrics)
            """,
            """
            import SwiftData

            func open() throws -> ModelContainer {
                let all = [
                    ModelConfiguration("notes", schema: Schema([Note.self])),
                    ModelConfiguration("metrics", schema: Schema([Metric.self])),
                ]
                return try ModelContainer(for: Schema([Note.self, Metric.self]), configurations: all)
            }
            """,
            """
            import SwiftData

            struct Persistence {
                static let notes = ModelConfiguration("notes", schema: Schema([Note.self]))
                static let all = [notes, ModelConfiguration("metrics", schema: Schema([Metric.self]))]
                let container = try! ModelContainer(for: Note.self, Metric.self, configurations: Self.all)
            }
            """,
        ]
        for (index, container) in spellings.enumerated() {
            let shipped = ["Models.swift": models, "Container.swift": container]
            let analysis = TestSupport.analyze(shipped)
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["metrics.store", "notes.store"], "spelling \(index)")
            let lockfile = TestSupport.lock(analysis)
            // Unchanged: every file opens as is.
            let same = TestSupport.analyze(shipped, lockfile: lockfile).upgrades.rows
            XCTAssertEqual(same.count, 2, "spelling \(index)")
            XCTAssertTrue(same.allSatisfy { if case .opensAsIs = $0.outcome { true } else { false } }, "\(same)")
            // Metric gains an optional attribute: the file holding Metric is migrated, the other opens as is (each
            // holds its own configuration's models), and none is "not opened".
            var next = shipped
            next["Models.swift"] = models.replacingOccurrences(
                of: "var words: Int = 0", with: "var words: Int = 0\n    var tokens: Int?")
            let checked = TestSupport.analyze(next, lockfile: lockfile)
            XCTAssertEqual(TestSupport.summary(checked.findings), [], "spelling \(index)")
            let rows = checked.upgrades.rows
            XCTAssertEqual(rows.compactMap(\.store), ["metrics.store", "notes.store"], "spelling \(index)")
            for row in rows {
                switch (row.store, row.outcome) {
                case ("metrics.store", .inferred(_, let blockers, _, _)) where blockers.isEmpty: continue
                case ("notes.store", .opensAsIs): continue
                default: XCTFail("spelling \(index): \(row)")
                }
            }
        }
    }

    /// A shipped version dropped from a plan that runs stages, though still declared: `check` says its stores fail
    /// (`shipped_version_not_in_plan`), and so does `upgrades` (field test 8: Unwatched 1.6.4's `upgrades` said
    /// "not opened" and exited 0). Dropped from a list written in the plan, from a list held by a constant of another
    /// type, and from a computed list of another type the plan adds to.
    func testUpgradesFailsForAShippedVersionThePlanNoLongerLists() throws {
        let versions = """
            import SwiftData

            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card {
                    var front: String = ""
                    init() {}
                }
            }

            enum V2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card {
                    var front: String = ""
                    var back: String = ""
                    init() {}
                }
            }

            enum V3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card {
                    var front: String = ""
                    var back: String = ""
                    var due: Date?
                    init() {}
                }
            }

            typealias Card = V3.Card
            """
        let plans = [
            { (listed: String) in
                """
                import SwiftData

                enum Plan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [\(listed)] }
                    static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V3.self)] }
                }
                let container = try! ModelContainer(for: Card.self, migrationPlan: Plan.self)
                """
            },
            { (listed: String) in
                """
                import SwiftData

                enum Versions { static let all: [any VersionedSchema.Type] = [\(listed)] }
                enum Plan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { Versions.all }
                    static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V3.self)] }
                }
                let container = try! ModelContainer(for: Card.self, migrationPlan: Plan.self)
                """
            },
            { (listed: String) in
                """
                import SwiftData

                enum Plan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { Catalog.shipped + [V3.self] }
                    static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V3.self)] }
                }
                enum Catalog {
                    static var shipped: [any VersionedSchema.Type] { [\(listed)] }
                }
                let container = try! ModelContainer(for: Card.self, migrationPlan: Plan.self)
                """
            },
        ]
        for (index, plan) in plans.enumerated() {
            let all = index == 2 ? "V1.self, V2.self" : "V1.self, V2.self, V3.self"
            let shipped = ["Versions.swift": versions, "Plan.swift": plan(all)]
            let lockfile = TestSupport.lock(TestSupport.analyze(shipped))
            XCTAssertNotNil(lockfile.versions["V2"], "spelling \(index)")
            let dropped = ["Versions.swift": versions, "Plan.swift": plan(index == 2 ? "V1.self" : "V1.self, V3.self")]
            let checked = TestSupport.analyze(dropped, lockfile: lockfile)
            XCTAssertEqual(
                TestSupport.summary(checked.findings), ["shipped_version_not_in_plan Plan.swift:\([4, 3, 4][index])"],
                "spelling \(index)")
            let row = try XCTUnwrap(checked.upgrades.rows.first { $0.name == "V2" }, "spelling \(index)")
            XCTAssertEqual(row.outcome, .unknown(plan: "Plan"), "spelling \(index)")
            XCTAssertTrue(row.outcome.fails)
            // The control: listed again, it migrates by the plan's stage.
            let relisted = TestSupport.analyze(shipped, lockfile: lockfile)
            let again = try XCTUnwrap(relisted.upgrades.rows.first { $0.name == "V2" })
            XCTAssertFalse(again.outcome.fails, "spelling \(index): \(again)")
        }
    }

    /// A container given its configurations as a list another type holds (a computed `static var`, a function, one
    /// taking a parameter, a ternary), in another file, each element a configuration of its own declared elsewhere
    /// with its name from a third type's constants: each element is a store of its own, named, CloudKit where its
    /// configuration says (field test 8: Ritualist's "CloudKit" and "Local" stores were one store that could not be
    /// told). Where branches pick among lists, a store they all name is that store.
    func testAListOfConfigurationsHeldByAnotherTypeOpensEachStore() {
        let models = """
            import SwiftData

            @Model final class Habit {
                var title: String = ""
                init() {}
            }

            @Model final class Reflection {
                var text: String = ""
                init() {}
            }
            """
        let names = """
            enum StoreNames {
                static let synced = "Synced"
                static let onDevice = "OnDevice"
            }
            """
        let members = """
                static var synced: ModelConfiguration {
                    ModelConfiguration(
                        StoreNames.synced, schema: Schema([Habit.self]), cloudKitDatabase: .private("iCloud.x"))
                }
                static var syncedOffline: ModelConfiguration {
                    ModelConfiguration(StoreNames.synced, schema: Schema([Habit.self]), cloudKitDatabase: .none)
                }
                static var onDevice: ModelConfiguration {
                    ModelConfiguration(StoreNames.onDevice, schema: Schema([Reflection.self]), cloudKitDatabase: .none)
                }
            """
        let spellings: [(String, String, String)] = [
            (
                "a computed static var picking a list with if/else, copied into a local",
                """
                import Foundation
                import SwiftData

                enum Layout {
                \(members)
                    static var all: [ModelConfiguration] {
                        if FileManager.default.ubiquityIdentityToken != nil {
                            return [synced, onDevice]
                        } else {
                            return [syncedOffline, onDevice]
                        }
                    }
                }
                """,
                """
                func open() throws -> ModelContainer {
                    let configurations = Layout.all
                    return try ModelContainer(
                        for: Schema([Habit.self, Reflection.self]), configurations: configurations)
                }
                """
            ),
            (
                "a function returning a list with one configuration written in it",
                """
                import SwiftData

                enum Layout {
                \(members)
                    static func all() -> [ModelConfiguration] {
                        [
                            ModelConfiguration(
                                StoreNames.synced, schema: Schema([Habit.self]),
                                cloudKitDatabase: .private("iCloud.x")),
                            onDevice,
                        ]
                    }
                }
                """,
                """
                let container = try! ModelContainer(for: Habit.self, Reflection.self, configurations: Layout.all())
                """
            ),
            (
                "a function taking a parameter that decides CloudKit alone",
                """
                import SwiftData

                enum Layout {
                \(members)
                    static func synced(_ on: Bool) -> ModelConfiguration {
                        ModelConfiguration(
                            StoreNames.synced, schema: Schema([Habit.self]),
                            cloudKitDatabase: on ? .private("iCloud.x") : .none)
                    }
                    static func all(syncing: Bool) -> [ModelConfiguration] {
                        [synced(syncing), onDevice]
                    }
                }
                """,
                """
                import Foundation

                final class Store {
                    let container: ModelContainer
                    init() throws {
                        let on = UserDefaults.standard.bool(forKey: "sync")
                        container = try ModelContainer(
                            for: Schema([Habit.self, Reflection.self]), configurations: Layout.all(syncing: on))
                    }
                }
                """
            ),
            (
                "a static member of another type picking a list with a ternary",
                """
                import Foundation
                import SwiftData

                struct Layout {
                \(members)
                    static var all: [ModelConfiguration] {
                        FileManager.default.ubiquityIdentityToken == nil
                            ? [syncedOffline, onDevice] : [synced, onDevice]
                    }
                }
                """,
                """
                struct Persistence {
                    static let shared = Persistence()
                    let container = try! ModelContainer(for: Habit.self, Reflection.self, configurations: Layout.all)
                }
                """
            ),
        ]
        for (name, layout, container) in spellings {
            let files = [
                "App/Models.swift": models, "App/StoreNames.swift": names, "App/Layout.swift": layout,
                "App/Container.swift": "import SwiftData\n\n" + container,
            ]
            let analysis = TestSupport.analyze(files)
            let stores = analysis.topology.stores
            XCTAssertEqual(stores.map(\.name), ["OnDevice.store", "Synced.store"], name)
            XCTAssertEqual(stores.map(\.syncs), [false, true], name)
            XCTAssertEqual(TestSupport.summary(analysis.findings.filter { $0.severity > .note }), [], name)
            XCTAssertFalse(
                analysis.findings.contains { $0.message.headline.contains("cannot be told") },
                "\(name): \(analysis.findings.map(\.message.headline))")
        }
        // Control: a list whose store a parameter names is each caller's: not named for certain.
        let byName = """
            import SwiftData

            enum Layout {
                static func all(name: String) -> [ModelConfiguration] {
                    [ModelConfiguration(name, schema: Schema([Habit.self]))]
                }
            }
            """
        let opened = TestSupport.analyze([
            "App/Models.swift": models, "App/Layout.swift": byName,
            "App/Container.swift": """
                import SwiftData

                func open(name: String) throws -> ModelContainer {
                    try ModelContainer(for: Habit.self, configurations: Layout.all(name: name))
                }
                """,
        ])
        XCTAssertEqual(opened.topology.stores.map(\.location.kind), [.unknown])
    }

    /// A store at an explicit URL in the App Group, moved to named configurations a list of another type holds without
    /// copying the old file: the old file is left behind (field test 8: Ritualist v0.1.0 -> v0.4.0 moved
    /// `⟨group⟩/Ritualist.sqlite` to "CloudKit" and "Local"). Control: the list keeping the old file is no move.
    func testAStoreMovedIntoAListOfNamedConfigurationsIsAbandoned() {
        let models = """
            import SwiftData

            @Model final class Habit {
                var title: String = ""
                init() {}
            }
            """
        let before = """
            import Foundation
            import SwiftData

            func open() throws -> ModelContainer {
                let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.habits")!
                let configuration = ModelConfiguration(url: folder.appendingPathComponent("Habits.sqlite"))
                return try ModelContainer(for: Habit.self, configurations: configuration)
            }
            """
        func after(_ kept: String) -> String {
            """
            import Foundation
            import SwiftData

            enum Layout {
                static var synced: ModelConfiguration {
                    \(kept)
                }
                static var all: [ModelConfiguration] { [synced] }
            }

            func open() throws -> ModelContainer {
                try ModelContainer(for: Habit.self, configurations: Layout.all)
            }
            """
        }
        let shipped = TestSupport.lock(TestSupport.analyze(["App/Models.swift": models, "App/Store.swift": before]))
        let moved = TestSupport.analyze(
            [
                "App/Models.swift": models,
                "App/Store.swift": after(
                    "ModelConfiguration(\"Synced\", groupContainer: .identifier(\"group.habits\"))"),
            ], lockfile: shipped)
        XCTAssertEqual(
            TestSupport.summary(moved.findings).filter { $0.hasPrefix("store_abandoned") }.count, 1,
            "\(TestSupport.summary(moved.findings))")
        let kept = TestSupport.analyze(
            [
                "App/Models.swift": models,
                "App/Store.swift": after(
                    """
                    ModelConfiguration(url: FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: "group.habits")!
                            .appendingPathComponent("Habits.sqlite"))
                    """),
            ], lockfile: shipped)
        XCTAssertEqual(TestSupport.summary(kept.findings), [])
    }
}
