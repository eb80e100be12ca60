import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// The shapes that made false alarms on public SwiftData apps, written as small apps: each must give no finding, or
/// exactly the right one.
final class RealWorldPatternTests: XCTestCase {
    func files(_ fixture: String) throws -> [String: String] {
        let folder = TestSupport.fixture("RealWorld/\(fixture)")
        var sources: [String: String] = [:]
        var discovery = SourceDiscovery(workingDirectory: folder)
        discovery.keepsAllBytes = true
        for file in try discovery.discover([]).files {
            sources[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        return sources
    }

    /// `#Preview`, `PreviewProvider`, in-memory and `/dev/null` stores, XCTest and UI-test helpers never migrate.
    func testPreviewTestAndInMemoryContainersAreNotMigrationRisks() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/PreviewsAndTests")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        let purposes = analysis.project.containers.map { container in
            "\(container.location.file):\(container.location.line) \(container.purpose.rawValue)"
        }
        XCTAssertEqual(
            purposes,
            [
                "App/NotesApp.swift:8 app",
                "App/NotesApp.swift:24 preview",
                "App/NotesApp.swift:29 preview",
                "App/NotesApp.swift:35 preview",
                "App/NotesApp.swift:42 in-memory",
                "AppTests/NoteTests.swift:7 test",
                "AppUITests/Fixtures.swift:8 test",
            ])
        // The same container outside a preview, a test or memory is an app container, and it is reported.
        var sources = try files("PreviewsAndTests")
        sources["App/Legacy.swift"] = """
            import SwiftData
            enum Legacy {
                static func container() throws -> ModelContainer { try ModelContainer(for: Note.self) }
            }
            """
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(sources).findings),
            ["container_without_migration_plan App/Legacy.swift:3"])
    }

    /// `cloudKit ? .automatic : .none` with `cloudKit` defaulting to false and every caller passing false is off.
    func testACloudKitSwitchThatEveryCallerTurnsOffIsOff() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/CloudKitSwitch")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        XCTAssertEqual(analysis.project.configurations.map(\.enablesCloudKit), [false])

        // One caller turns it on: one finding per model and per constraint, never one per property; the custom stage
        // only logs and saves on a step that only adds, so it is not reported.
        var sources = try files("CloudKitSwitch")
        sources["Store.swift"] = sources["Store.swift"]!.replacingOccurrences(
            of: "try create(cloudKit: false)",
            with: "try create(cloudKit: true)")
        let findings = TestSupport.analyze(sources).findings
        XCTAssertEqual(
            TestSupport.summary(findings),
            [
                "cloudkit_incompatible Store.swift:28",
                "cloudkit_incompatible Store.swift:29",
                "cloudkit_incompatible Store.swift:40",
            ])
        XCTAssertTrue(findings[0].message.headline.hasPrefix("Account has properties CloudKit rejects"))
        XCTAssertTrue(
            findings[0].message.detail.hasPrefix(
                "Non-optional without a default: number, owner, opened; non-optional relationships: entries."),
            findings[0].message.text)
        XCTAssertTrue(findings[1].message.headline.hasPrefix("Account has a uniqueness constraint"))
        XCTAssertTrue(
            findings[1].message.detail.hasPrefix("The constraint is on number, and"), findings[1].message.text)
        XCTAssertTrue(findings[2].message.headline.hasPrefix("Entry has properties CloudKit rejects"))
        XCTAssertTrue(
            findings[2].message.detail.hasPrefix("Non-optional without a default: amount."),
            findings[2].message.text)

        // A custom stage that rewrites stored values is reported under CloudKit.
        sources["Store.swift"] = sources["Store.swift"]!.replacingOccurrences(
            of: "didMigrate: { context in try context.save() }",
            with: """
                didMigrate: { context in
                            for account in try context.fetch(FetchDescriptor<LedgerV2.Account>()) { account.note = "" }
                            try context.save()
                        }
                """)
        XCTAssertTrue(
            TestSupport.analyze(sources).findings.contains {
                $0.rule == "cloudkit_incompatible" && $0.message.headline.contains("changes stored data: with CloudKit")
            })
    }

    /// A one-version plan with no stages beside a wider flat container, a draft version in no plan, and a second
    /// target's own container: nothing there fails to open, so nothing is reported.
    func testInertPlansAndSeparateTargetsAreNotReported() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/InertPlan")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        // The versions are still hashed, so they can be locked; so are the TV target's unversioned store and what the
        // app's store really holds: the container's wider models, since the one-version plan runs no stage.
        XCTAssertEqual(
            analysis.versions.map(\.key),
            ["AppSchemaV1", "AppSchemaV2Draft", "Unversioned@8qjYiM7v", "Unversioned@JgL8VQzv"])
        // `var servers = [Server]()` is a to-many relationship, `var port = 443` an Int attribute.
        let profile = try XCTUnwrap(analysis.versions[0].snapshot.first { $0.name == "Profile" })
        XCTAssertEqual(profile.properties.first { $0.name == "servers" }?.kind, .relationship)
        XCTAssertEqual(profile.properties.first { $0.name == "servers" }?.inverse, "profile")
        XCTAssertTrue(analysis.versions[0].isCertain, "\(analysis.versions[0].uncertainties)")

        // The same plan with a second version and a stage migrates: then live models in the old version, a version that
        // adds nothing the old one did not already reach, and a container given other models are all real.
        var sources = try files("InertPlan")
        let inertPlan = "[AppSchemaV1.self] }\n    static var stages: [MigrationStage] { [] }"
        let migratingPlan =
            "[AppSchemaV1.self, AppSchemaV2Draft.self] }\n    static var stages: [MigrationStage] { "
            + "[.lightweight(fromVersion: AppSchemaV1.self, toVersion: AppSchemaV2Draft.self)] }"
        sources["App/Model.swift"] = sources["App/Model.swift"]!
            .replacingOccurrences(of: inertPlan, with: migratingPlan)
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(sources).findings),
            [
                // Both live models of the unfrozen version: one mistake, one finding.
                "historical_schema_uses_live_model App/Model.swift:7",
                "duplicate_schema_hash App/Model.swift:18",
                "historical_schema_uses_live_model App/Model.swift:23",
                "container_models_not_in_schema App/Model.swift:46",
            ])
    }

    /// `typealias HabitV1 = HabitsV1.Habit` names one version on purpose; only `typealias Habit = ...` must follow
    /// the newest version, and only it can silently move under a custom stage.
    func testAliasesNamedAfterOneVersionArePinned() throws {
        let source = """
            import SwiftData
            enum HabitsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Habit.self] }
                @Model final class Habit { var name: String = ""; init() {} }
            }
            enum HabitsV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Habit.self] }
                @Model final class Habit { var name: String = ""; var streak: Int = 0; init() {} }
            }
            typealias HabitV1 = HabitsV1.Habit
            typealias HabitV2 = HabitsV2.Habit
            typealias Habit = HabitsV2.Habit
            enum HabitsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [HabitsV1.self, HabitsV2.self] }
                static var stages: [MigrationStage] { [migrateV1toV2] }
                static let migrateV1toV2 = MigrationStage.custom(
                    fromVersion: HabitsV1.self, toVersion: HabitsV2.self, willMigrate: nil,
                    didMigrate: { context in
                        for habit in try context.fetch(FetchDescriptor<HabitV2>()) { habit.streak = 1 }
                        try context.save()
                    })
            }
            """
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(source).findings), [])
        let live = source.replacingOccurrences(of: "FetchDescriptor<HabitV2>", with: "FetchDescriptor<Habit>")
            .replacingOccurrences(of: "typealias Habit = HabitsV2.Habit", with: "typealias Habit = HabitsV1.Habit")
        XCTAssertEqual(
            TestSupport.analyze(live).findings.map(\.rule).sorted(),
            ["custom_stage_wrong_version", "typealias_not_latest"])
    }

    /// A doc comment that says one field was removed and another added is read before guessing a rename.
    func testARenameGuessDefersToTheDocComment() throws {
        func source(_ comment: String) -> String {
            """
            import SwiftData
            enum ScoreV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Player.self] }
                @Model final class Player { var legacyScore: Int = 0; init() {} }
            }
            enum ScoreV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Player.self] }
                @Model final class Player {
                    \(comment)
                    var rating: Int = 0
                    init() {}
                }
            }
            enum ScorePlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ScoreV1.self, ScoreV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: ScoreV1.self, toVersion: ScoreV2.self)]
                }
            }
            """
        }
        let documented = source("/// A new field: `legacyScore` was removed in 2.0, its values are not carried over.")
        XCTAssertEqual(TestSupport.analyze(documented).findings.map(\.rule), [])
        XCTAssertEqual(
            TestSupport.analyze(source("// The player's rating.")).findings.map(\.rule),
            ["rename_without_original_name"])
        XCTAssertEqual(
            TestSupport.analyze(source("/// Renamed from legacyScore.")).findings.map(\.rule),
            ["rename_without_original_name"])
    }

    /// A shipped version edited in place is `shipped_schema_edited`'s; the step out of it starts from what shipped.
    func testAStepOutOfALockedVersionStartsFromWhatShipped() throws {
        func source(v1Price: String) -> String {
            """
            import Foundation
            import SwiftData
            enum ShopV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var price: \(v1Price) = .init(); init() {} }
            }
            enum ShopV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var price: Decimal = 0; var name: String?; init() {} }
            }
            enum ShopPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ShopV1.self, ShopV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: ShopV1.self, toVersion: ShopV2.self)] }
            }
            """
        }
        let shipped = TestSupport.lock(TestSupport.analyze(source(v1Price: "Decimal")))
        // A number stored as another number converts; a string does not.
        let edited = TestSupport.analyze(["Shop.swift": source(v1Price: "String")], lockfile: shipped)
        XCTAssertEqual(edited.findings.map(\.rule), ["shipped_schema_edited"])
        // Without a lockfile, the source is all there is: the type change is the lightweight step's problem.
        XCTAssertEqual(
            TestSupport.analyze(source(v1Price: "String")).findings.map(\.rule),
            ["lightweight_unsupported_change"])
    }
}
