import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Shapes met on public apps that no earlier test was written from, where schemalint was wrong on the first try:
/// each fixture asserts the exact findings, including the ones that must not appear.
final class UnseenAppPatternTests: XCTestCase {
    func sources(_ fixture: String) throws -> [String: String] {
        try TestSupport.sources(of: "RealWorld/\(fixture)")
    }

    /// `[self.Routine.self, Self.Check.self]` inside a version names that version's nested classes, not the top-level
    /// `typealias Routine = RoutinesSchemaV3.Routine`.
    func testSelfQualifiedModelsNameTheVersionsOwnClasses() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/SelfQualifiedModels")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        XCTAssertTrue(analysis.versions.allSatisfy(\.isCertain), "\(analysis.versions.map(\.uncertainties))")
        XCTAssertNotEqual(analysis.versions[0].hashes.checksum, analysis.versions[1].hashes.checksum)

        // The same app with every name written out in full has the same checksums.
        var spelledOut = try sources("SelfQualifiedModels")
        spelledOut["Persistence/Schemas.swift"] = spelledOut["Persistence/Schemas.swift"]!
            .replacingOccurrences(of: "[self.Routine.self, self.Check.self]", with: "[RoutinesSchemaV2.Routine.self, "
                + "RoutinesSchemaV2.Check.self]")
            .replacingOccurrences(of: "[Self.Routine.self, Self.Check.self]", with: "[RoutinesSchemaV3.Routine.self, "
                + "RoutinesSchemaV3.Check.self]")
        let reference = TestSupport.analyze(spelledOut)
        XCTAssertEqual(reference.versions.map(\.hashes), analysis.versions.map(\.hashes))
    }

    /// A qualified name is never read again through a top-level typealias of its last component:
    /// `RoutinesSchemaV2.Note` where the version has no `Note` names nothing (and the model is reported missing), not
    /// `typealias Note`.
    func testAQualifiedNameIsNotReadThroughATopLevelTypealias() throws {
        var files = try sources("SelfQualifiedModels")
        files["Persistence/Schemas.swift"] = files["Persistence/Schemas.swift"]!.replacingOccurrences(
            of: "[self.Routine.self, self.Check.self]", with: "[self.Routine.self, self.Check.self, self.Note.self]")
        files["Models/Note.swift"] = """
            import SwiftData
            typealias Note = RoutinesSchemaV3.Note
            extension RoutinesSchemaV3 {
                @Model final class Note {
                    var text: String = ""
                    init() {}
                }
            }
            """
        let analysis = TestSupport.analyze(files)
        let version = try XCTUnwrap(analysis.project.versions.first { $0.name == "RoutinesSchemaV2" })
        XCTAssertEqual(version.models?.map { $0.entity == nil }, [false, false, true])
    }

    /// `.migrateV2toV3()`, a `static func` in `extension MigrationStage` returning a custom stage: the step has a stage
    /// (no lightweight_unsupported_change for the type change it rebuilds), and its closures are checked.
    func testAStageDeclaredAsAFunctionInAnExtensionOfMigrationStageIsTheSteps() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/StagesAsFunctions")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        let plan = try XCTUnwrap(analysis.project.plans.first)
        XCTAssertEqual(plan.stages?.map(\.kind), [.lightweight, .custom])
        XCTAssertEqual(plan.stages?.map { $0.to?.written.description }, ["ShowsSchemaV2", "ShowsSchemaV3"])

        var files = try sources("StagesAsFunctions")
        files["DataProvider/Migration/MigrationPlan.swift"] = files["DataProvider/Migration/MigrationPlan.swift"]!
            .replacingOccurrences(
                of: "FetchDescriptor<ShowsSchemaV2.Show>()", with: "FetchDescriptor<ShowsSchemaV3.Show>()")
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(files).findings),
            ["custom_stage_wrong_version DataProvider/Migration/MigrationPlan.swift:44"])

        // The same function in another type, listed as `ShowStages.migrateV2toV3()`, and as a static var.
        for (declaration, listed) in [
            ("enum ShowStages {\n    static func migrateV2toV3() -> MigrationStage {", "ShowStages.migrateV2toV3()"),
            ("enum ShowStages {\n    static var migrateV2toV3: MigrationStage {", "ShowStages.migrateV2toV3"),
        ] {
            var moved = try sources("StagesAsFunctions")
            moved["DataProvider/Migration/MigrationPlan.swift"] = moved["DataProvider/Migration/MigrationPlan.swift"]!
                .replacingOccurrences(of: ".migrateV2toV3(),", with: "\(listed),")
                .replacingOccurrences(
                    of: "extension MigrationStage {", with: "enum ShowStages {")
                .replacingOccurrences(
                    of: "enum ShowStages {\n    private struct", with: "enum ShowStages {\n    fileprivate struct")
                .replacingOccurrences(
                    of: "    static func migrateV2toV3() -> MigrationStage {",
                    with: declaration.components(separatedBy: "\n")[1])
            let movedAnalysis = TestSupport.analyze(moved)
            XCTAssertEqual(TestSupport.summary(movedAnalysis.findings), [], listed)
            XCTAssertEqual(movedAnalysis.project.plans.first?.stages?.map(\.kind), [.lightweight, .custom], listed)
        }
    }

    /// A plan that lists each step's version through a constant (`MigrateToV2.toVersion`, a `static let` or a
    /// computed `static var` of type `any VersionedSchema.Type`) lists those versions: the previous release read
    /// only `V.self` and reported four stages and the container as using unlisted versions.
    func testVersionsListedThroughConstantsAreListed() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/StepsAsTypes")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        let plan = try XCTUnwrap(analysis.project.plans.first)
        XCTAssertEqual(
            plan.schemas?.map(\.written.description), ["TodoSchemaV1", "TodoSchemaV2", "TodoSchemaV3"])

        // A list element schemalint cannot read at all makes the list unread: nothing is reported as unlisted.
        var files = try sources("StepsAsTypes")
        files["Todo/Persistence/MigrationStep.swift"] = files["Todo/Persistence/MigrationStep.swift"]!
            .replacingOccurrences(of: "MigrateToV3.toVersion,", with: "latestVersion(),")
        let unread = TestSupport.analyze(files)
        XCTAssertNil(unread.project.plans.first?.schemas)
        XCTAssertEqual(TestSupport.summary(unread.findings), [])
    }

    /// Two entities renamed together that point at each other are two renames (rows of both are dropped); a unique
    /// property renamed with `originalName` keeps the uniqueness it had.
    func testRenamesAreFollowedAcrossRelationshipsAndConstraints() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/RenamesFollowed")
        XCTAssertEqual(
            TestSupport.summary(analysis.findings),
            [
                "rename_without_original_name Schema/SchemaV2.swift:10",
                "rename_without_original_name Schema/SchemaV2.swift:17",
            ])
        XCTAssertTrue(analysis.findings[0].message.text.contains("entity Trip disappears and Journey"))
        XCTAssertTrue(analysis.findings[1].message.text.contains("entity Stop disappears and Halt"))

        // `schemalint diff` says data is lost, and which classes look renamed.
        let diff = try DiffReport(analysis: analysis, from: "SchemaV1", to: "SchemaV2")
        XCTAssertEqual(
            diff.verdict,
            "lightweight migration can do it, but it loses data: Stop → Halt looks like a renamed class; Trip → "
                + "Journey looks like a renamed class; entity Stop removed: its rows are dropped; entity Trip removed: "
                + "its rows are dropped")

        // One of the two keeps its name: the other is still a rename, matched through the one that stayed.
        var files = try sources("RenamesFollowed")
        files["Schema/SchemaV2.swift"] = files["Schema/SchemaV2.swift"]!
            .replacingOccurrences(of: "Halt", with: "Stop")
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(files).findings),
            ["rename_without_original_name Schema/SchemaV2.swift:10"])
    }

    /// `try?` on one row's JSON decode is not a swallowed migration failure; a `catch` that only logs around a save is,
    /// and the message says what was swallowed.
    func testSwallowedErrorsAreTheOnesAroundContextOperations() throws {
        let source = """
            import Foundation
            import SwiftData
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card { var front: String = ""; var extrasJSON: Data = Data(); init() {} }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card {
                    var front: String = ""; var extrasJSON: Data = Data(); var hint: String? = nil; init() {}
                }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] { [migrateV1toV2] }
                static let migrateV1toV2 = MigrationStage.custom(
                    fromVersion: SchemaV1.self, toVersion: SchemaV2.self, willMigrate: nil,
                    didMigrate: { modelContext in
                        for card in try modelContext.fetch(FetchDescriptor<SchemaV2.Card>()) {
                            guard let extras = try? JSONDecoder().decode([String].self, from: card.extrasJSON)
                            else { continue }
                            card.hint = extras.first
                        }
                        do {
                            try modelContext.save()
                        } catch {
                            print("could not save: \\(error)")
                        }
                        let count = try? modelContext.fetchCount(FetchDescriptor<SchemaV2.Card>())
                        print(count ?? 0)
                    })
            }
            """
        let findings = TestSupport.analyze(source).findings
        XCTAssertEqual(
            TestSupport.summary(findings),
            ["migration_error_swallowed Schema.swift:28", "migration_error_swallowed Schema.swift:31"])
        XCTAssertTrue(findings[0].message.text.contains("`catch` around `modelContext.save()`"), "\(findings[0])")
        XCTAssertTrue(findings[1].message.text.contains("`try?` on `modelContext.fetchCount("), "\(findings[1])")
    }

    /// A container naming live classes that store exactly like the newest version's own: the store opens today, and the
    /// finding says the real risk (two classes for one entity), not that the container matches no version.
    func testAContainerOfTwinClassesIsToldItsRealRisk() throws {
        let source = """
            import SwiftData
            @Model final class Note { var text: String = ""; var pinned: Bool = false; init() {} }
            enum NotesV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }
            enum NotesV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; var pinned: Bool = false; init() {} }
            }
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
                static var stages: [MigrationStage] { [migrate] }
                static let migrate = MigrationStage.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)
            }
            func openNotes() throws -> ModelContainer {
                try ModelContainer(for: Note.self, migrationPlan: NotesPlan.self)
            }
            """
        let findings = TestSupport.analyze(source).findings
        XCTAssertEqual(TestSupport.summary(findings), ["container_models_not_in_schema Schema.swift:19"])
        XCTAssertTrue(findings[0].message.headline.contains("stores open today"), findings[0].message.text)
        XCTAssertTrue(findings[0].message.detail.contains("with the same store checksum"), findings[0].message.text)

        // One more property on the live class: now it really matches no version.
        let drifted = TestSupport.analyze(
            source.replacingOccurrences(
                of: "@Model final class Note { var text: String = \"\"; var pinned: Bool = false; init() {} }\nenum",
                with: "@Model final class Note { var text: String = \"\"; var pinned: Bool = false; var tag: String? "
                    + "= nil; init() {} }\nenum")
        ).findings
        XCTAssertEqual(TestSupport.summary(drifted), ["container_models_not_in_schema Schema.swift:19"])
        XCTAssertTrue(drifted[0].message.headline.contains("the store fails to open"), drifted[0].message.text)
        XCTAssertTrue(drifted[0].message.detail.contains("it matches no version"), drifted[0].message.text)
    }

    /// A plan whose only container is commented out migrates no store: one note at the plan, none of its errors. The
    /// day something names it (the container back, a constant, a test) or another module can (`public`), it is
    /// checked again.
    func testAPlanWhoseOnlyContainerIsCommentedOutIsNotChecked() throws {
        let plan = "BikeShare/Persistence/StationsMigrationPlan.swift"
        let analysis = try TestSupport.analyzeFixture("RealWorld/CommentedOutContainer")
        XCTAssertEqual(TestSupport.summary(analysis.findings), ["unused_plan \(plan):14"])
        XCTAssertEqual(analysis.findings.map(\.severity), [.note])
        XCTAssertEqual(analysis.versions.count, 2, "its versions are still hashed and locked")

        let checked = [
            "duplicate_version_identifier \(plan):10",
            "duplicate_schema_hash \(plan):11",
        ]
        let files = try sources("CommentedOutContainer")
        var uncommented = files
        uncommented["BikeShare/BikeShareApp.swift"] = files["BikeShare/BikeShareApp.swift"]!
            .replacingOccurrences(of: "// container", with: "container")
            .replacingOccurrences(of: "//     ", with: "    ")
            .replacingOccurrences(of: "// )", with: ")")
            .replacingOccurrences(of: "container = try ModelContainer(for: Station.self, Dock.self)", with: "")
        let live = TestSupport.summary(TestSupport.analyze(uncommented).findings)
        XCTAssertTrue(Set(checked).isSubset(of: live), "\(live)")
        XCTAssertFalse(live.contains { $0.hasPrefix("unused_plan") })

        var named = files
        named["BikeShareTests/MigrationTests.swift"] = "let plan = StationsMigrationPlan.self\n"
        var exported = files
        exported[plan] = files[plan]!.replacingOccurrences(of: "enum StationsMigrationPlan", with: "public enum "
            + "StationsMigrationPlan")
        for variant in [named, exported] {
            let findings = TestSupport.summary(TestSupport.analyze(variant).findings)
            XCTAssertTrue(Set(checked).isSubset(of: findings), "\(findings)")
            XCTAssertFalse(findings.contains { $0.hasPrefix("unused_plan") })
        }
    }

    /// A `let config` in a `do` and another in its `catch` are two variables: the first container writes the user's
    /// store (an app container, checked), the fallback one is in memory. And a model the current version declares but
    /// no code names is never stored, so leaving it out of `models` is not an error; in a historical version it still
    /// is (shipped stores may hold its table while the class is gone from the app).
    func testVariablesResolveInTheirBlockAndUnusedModelsOfTheNewestVersion() throws {
        let models = """
            import SwiftData
            typealias Note = NotesSchema.Note
            enum NotesSchema: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }
            extension NotesSchema {
                @Model final class Draft { var text: String = ""; init() {} }
            }
            typealias Draft = NotesSchema.Draft
            """
        let app = """
            import SwiftData
            func openStore() -> ModelContainer {
                let schema = Schema(NotesSchema.models)
                do {
                    let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
                    return try ModelContainer(for: schema, configurations: config)
                } catch {
                    let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)
                    return try! ModelContainer(for: schema, configurations: config)
                }
            }
            func show(_ note: Note) {}
            """
        let analysis = TestSupport.analyze(["Models.swift": models, "App.swift": app])
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app, .inMemory])
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])

        // The day something stores a Draft, the omission is an error.
        let used = TestSupport.analyze([
            "Models.swift": models, "App.swift": app,
            "DraftView.swift": "func save(_ context: ModelContext) { context.insert(Draft()) }\n",
        ])
        XCTAssertEqual(TestSupport.summary(used.findings), ["model_missing_from_schema Models.swift:5"])

        // In a historical version an unnamed model is still reported.
        let historical = models + """

            enum NotesSchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [LiveNote.self] }
            }
            @Model final class LiveNote { var text: String = ""; var pinned: Bool = false; init() {} }
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesSchema.self, NotesSchemaV2.self] }
                static var stages: [MigrationStage] { [] }
            }
            """
        let plannedApp = app.replacingOccurrences(
            of: "try ModelContainer(for: schema, configurations: config)",
            with: "try ModelContainer(for: schema, migrationPlan: NotesPlan.self, configurations: config)")
        let findings = TestSupport.summary(
            TestSupport.analyze(["Models.swift": historical, "App.swift": plannedApp]).findings)
        XCTAssertTrue(findings.contains("model_missing_from_schema Models.swift:5"), "\(findings)")
    }

    /// A version that reuses classes through typealiases while redefining the class they point at: one finding per
    /// version at its models list, naming every stale relationship, and no inverse_mismatch for the same mistake.
    func testReusedClassesPointingAtAnOlderClassAreOneFindingPerVersion() throws {
        let source = """
            import SwiftData
            enum FitV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Profile.self, Entry.self, Goal.self] }
                @Model final class Profile {
                    var name: String = ""
                    @Relationship(deleteRule: .cascade, inverse: \\Entry.profile) var entries: [Entry]? = []
                    @Relationship(deleteRule: .cascade, inverse: \\Goal.profile) var goals: [Goal]? = []
                    init() {}
                }
                @Model final class Entry { var value: Double = 0; var profile: Profile?; init() {} }
                @Model final class Goal { var target: Double = 0; var profile: Profile?; init() {} }
            }
            enum FitV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Profile.self, Entry.self, Goal.self] }
                typealias Entry = FitV1.Entry
                typealias Goal = FitV1.Goal
                @Model final class Profile {
                    var name: String = ""
                    var bio: String?
                    @Relationship(deleteRule: .cascade, inverse: \\Entry.profile) var entries: [Entry]? = []
                    @Relationship(deleteRule: .cascade, inverse: \\Goal.profile) var goals: [Goal]? = []
                    init() {}
                }
            }
            enum FitPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [FitV1.self, FitV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: FitV1.self, toVersion: FitV2.self)] }
            }
            """
        let findings = TestSupport.analyze(source).findings
        XCTAssertEqual(TestSupport.summary(findings), ["model_missing_from_schema Schema.swift:16"])
        XCTAssertEqual(
            findings[0].message.headline,
            "FitV2 reaches two classes named Profile: SwiftData pulls both into one schema")
        XCTAssertEqual(
            findings[0].message.detail,
            "FitV2 lists FitV2.Profile, but relationships of classes it reuses still point at an older class of the "
                + "same entity name (Entry.profile → FitV1.Profile, Goal.profile → FitV1.Profile)")
        XCTAssertEqual(findings[0].message.fix, "Give FitV2 its own copies of Entry, Goal pointing at FitV2.Profile")
        XCTAssertEqual(findings[0].notes.map(\.location.line), [11, 12])
    }

    /// A version's own doc comment that lists a property as removed says the new one replaces it: no rename guessed.
    /// The same pair with no such note is still a likely rename. (The app's own pair, `contextData` → `metricsData`,
    /// names two things of one kind and is no guess at all: `RenameGuessNameTests`.)
    func testAVersionsDocCommentThatRemovesAPropertyIsNotARename() {
        func source(_ note: String) -> String {
            """
            import SwiftData
            enum InsightsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Insight.self] }
                @Model final class Insight { var title: String = ""; var contextData: Data?; init() {} }
            }
            \(note)
            enum InsightsV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Insight.self] }
                @Model final class Insight { var title: String = ""; var metrics: Data?; init() {} }
            }
            enum InsightsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [InsightsV1.self, InsightsV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: InsightsV1.self, toVersion: InsightsV2.self)]
                }
            }
            """
        }
        let documented = source("/// Version 2: Insight gains metrics (removed contextData)")
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(documented).findings), [])
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(source("/// Version 2")).findings),
            ["rename_without_original_name Schema.swift:11"])
    }

    /// A container opened again in the `catch` after deleting the store is the same store: one finding, the retry as a
    /// related location. A container in another function is another finding.
    func testAContainerRetriedAfterAFailureIsOneFinding() {
        let schemas = """
            import SwiftData
            enum EventsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Event.self] }
                @Model final class Event { var id: UUID = UUID(); init() {} }
            }
            enum EventsV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Event.self] }
                @Model final class Event { var id: String = ""; init() {} }
            }
            enum EventsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [EventsV1.self, EventsV2.self] }
                static var stages: [MigrationStage] { [resync] }
                static let resync = MigrationStage.custom(
                    fromVersion: EventsV1.self, toVersion: EventsV2.self, willMigrate: { context in
                        try context.delete(model: EventsV1.Event.self)
                        try context.save()
                    }, didMigrate: nil)
            }
            """
        let app = """
            import SwiftData
            func openStore() -> ModelContainer {
                let schema = Schema(versionedSchema: EventsV2.self)
                do {
                    return try ModelContainer(for: schema)
                } catch {
                    deleteStoreFiles()
                    return try! ModelContainer(for: schema)
                }
            }
            func openWidgetStore() throws -> ModelContainer {
                try ModelContainer(for: Schema(versionedSchema: EventsV2.self))
            }
            """
        let findings = TestSupport.analyze(["Schemas.swift": schemas, "App.swift": app]).findings
        XCTAssertEqual(
            TestSupport.summary(findings),
            [
                "container_without_migration_plan App.swift:5", "container_without_migration_plan App.swift:12",
                "unused_plan Schemas.swift:12",
            ])
        XCTAssertEqual(findings[0].notes.map(\.location.line), [8])
        XCTAssertEqual(findings[1].notes.map(\.location.line), [])
    }

    /// `flavor: String` becomes `flavors: [String]` with no `originalName`: a rename with a type change, whose values
    /// are dropped whatever is written. A warning, from what shipped.
    func testARenameToAPluralWithANewTypeIsAWarning() {
        let shipped = """
            import SwiftData
            import SwiftUI

            @Model final class Cocktail {
                var name: String = ""
                var flavor: String = ""
                init() {}
            }

            @main struct BarApp: App {
                var body: some Scene { WindowGroup { Text("Bar") }.modelContainer(for: Cocktail.self) }
            }
            """
        let lockfile = TestSupport.lock(TestSupport.analyze(shipped))
        let next = shipped.replacingOccurrences(of: "var flavor: String = \"\"", with: "var flavors: [String] = []")
        let findings = TestSupport.analyze(next, lockfile: lockfile).findings
        XCTAssertEqual(findings.map { "\($0.rule) \($0.severity) \($0.message.id)" }, [
            "rename_without_original_name warning retyped"
        ])
        let text = findings.first?.message.text ?? ""
        XCTAssertTrue(text.contains("Cocktail.flavor (String) disappears"), text)
    }
}
