import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Data a migration deletes although the store opens (`data_dropped`), and `upgrades` saying so, in the spellings real
/// apps use: a plan's lightweight stage, a plan with no stages, no plan at all, a model replaced wholesale.
final class DataDroppedTests: XCTestCase {
    private func versions(_ v1: String, _ v2: String, stages: String) -> String {
        func list(_ models: String) -> String { models.contains("Album") ? "Photo.self, Album.self" : "Photo.self" }
        return """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [\(list(v1))] }
            \(v1)
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [\(list(v2))] }
            \(v2)
        }

        enum GalleryPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { \(stages) }
        }
        """
    }

    private func dropped(_ findings: [Finding]) -> [Finding] { findings.filter { $0.rule == .dataDropped } }

    func testAnAttributeLeftOutOfALightweightStepIsNamedWithItsModel() {
        let source = versions(
            "@Model final class Photo { var title: String = \"\"; var caption: String?; var rating: Int = 0; "
                + "init() {} }",
            "@Model final class Photo { var title: String = \"\"; init() {} }",
            stages: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]")
        let found = dropped(TestSupport.analyze(source).findings)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(
            found.first?.message.headline,
            "The values of 2 attributes of Photo are deleted when stores migrate from SchemaV1 to SchemaV2")
        XCTAssertTrue(found.first?.message.detail.contains("caption (String?), rating (Int)") == true)
    }

    /// The same step written three more ways: no stage for it, `stages: []`, the stage as a `static let`.
    func testTheSameStepSpelledOtherWays() {
        let v1 = "@Model final class Photo { var title: String = \"\"; var rating: Int = 0; init() {} }"
        let v2 = "@Model final class Photo { var title: String = \"\"; init() {} }"
        let spellings = [
            "[]",
            "[step]\n    static let step = MigrationStage.lightweight(fromVersion: SchemaV1.self, "
                + "toVersion: SchemaV2.self)",
            // `all` beside `stages`, not inside its getter: a list read from another member of the plan.
            "Self.all }\n    static var all: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, "
                + "toVersion: SchemaV2.self)]",
        ]
        for stages in spellings {
            let found = dropped(TestSupport.analyze(versions(v1, v2, stages: stages)).findings)
            XCTAssertEqual(found.map(\.message.id), ["attributes-dropped"], stages)
            XCTAssertEqual(found.first?.subject, .property(version: "SchemaV2", entity: "Photo", property: "rating"))
        }
    }

    /// An attribute replaced by a relationship of the same name: Core Data's inferred mapping drops its values and
    /// starts the relationship empty, with no error (`MigrationAssessment.kindChanged`): `data_dropped`, never a launch
    /// failure, in a lightweight stage, `stages: []` and a stage in a `static let`; a required to-one relationship
    /// that would start empty is what inference cannot do.
    func testAnAttributeReplacedByARelationshipOfTheSameNameLosesItsValues() {
        let album = "@Model final class Album { var name: String = \"\"; init() {} }"
        let v1 = "@Model final class Photo { var title: String = \"\"; var album: String?; init() {} }\n" + album
        let v2 = "@Model final class Photo { var title: String = \"\"; var album: Album?; init() {} }\n" + album
        for stages in [
            "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]", "[]",
            "[step]\n    static let step = MigrationStage.lightweight(fromVersion: SchemaV1.self, "
                + "toVersion: SchemaV2.self)",
        ] {
            let findings = TestSupport.analyze(versions(v1, v2, stages: stages)).findings
            XCTAssertEqual(
                dropped(findings).map(\.subject), [.property(version: "SchemaV2", entity: "Photo", property: "album")],
                stages)
            let unsupported = findings.filter { $0.rule == .lightweightUnsupportedChange }
            XCTAssertEqual(TestSupport.summary(unsupported), [], stages)
        }
        // A relationship replaced by an attribute: the links go with it, and the attribute starts empty (optional).
        let back = TestSupport.analyze(
            versions(v2, v1, stages: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]")).findings
        XCTAssertEqual(TestSupport.summary(back.filter { $0.rule == .lightweightUnsupportedChange }), [])
        // A required to-one relationship in its place would start empty: inference cannot make that step.
        let required = v2.replacingOccurrences(of: "var album: Album?; init() {}", with: "var album: Album; init() {}")
        let stopped = TestSupport.analyze(
            versions(v1, required, stages: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]"))
            .findings.filter { $0.rule == .lightweightUnsupportedChange }
        XCTAssertEqual(stopped.count, 1, "\(TestSupport.summary(stopped))")
    }

    func testAModelLeftOutIsEveryRowOfIt() {
        let source = versions(
            "@Model final class Photo { var title: String = \"\"; init() {} }\n"
                + "    @Model final class Album { var name: String = \"\"; var cover: Data?; init() {} }",
            "@Model final class Photo { var title: String = \"\"; init() {} }",
            stages: "[]")
        let found = dropped(TestSupport.analyze(source).findings)
        XCTAssertEqual(found.map(\.message.headline), [
            "Every row of Album is deleted when stores migrate from SchemaV1 to SchemaV2"
        ])
    }

    func testACustomStageAnOriginalNameARenameAndATransientAreNotDrops() {
        let v1 = "@Model final class Photo { var title: String = \"\"; var rating: Int = 0; init() {} }"
        let custom = versions(
            v1, "@Model final class Photo { var title: String = \"\"; init() {} }",
            stages: "[.custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self, willMigrate: nil, "
                + "didMigrate: nil)]")
        XCTAssertEqual(dropped(TestSupport.analyze(custom).findings), [])
        let originalName = versions(
            v1,
            "@Model final class Photo { var title: String = \"\"; @Attribute(originalName: \"rating\") "
                + "var stars: Int = 0; init() {} }",
            stages: "[]")
        XCTAssertEqual(dropped(TestSupport.analyze(originalName).findings), [])
        // A same-typed rename is rename_without_original_name's: said once, by it.
        let renamed = versions(
            v1, "@Model final class Photo { var title: String = \"\"; var ratingValue: Int = 0; init() {} }",
            stages: "[]")
        let findings = TestSupport.analyze(renamed).findings
        XCTAssertEqual(dropped(findings), [])
        XCTAssertEqual(findings.filter { $0.rule == .renameWithoutOriginalName }.count, 1)
        let transient = versions(
            "@Model final class Photo { var title: String = \"\"; @Transient var cached: Int = 0; init() {} }",
            "@Model final class Photo { var title: String = \"\"; init() {} }", stages: "[]")
        XCTAssertEqual(dropped(TestSupport.analyze(transient).findings), [])
    }

    /// A stage copies `mood` into `feeling` one step before a lightweight step drops `mood`: carried, not lost; written
    /// with a property access, a key path, and in a stage declared as a `static let` of another type.
    func testAnAttributeAnEarlierCustomStageCopiedIsCarried() {
        let closures = [
            "{ context in for photo in try context.fetch(FetchDescriptor<SchemaV2.Photo>()) { photo.feeling = "
                + "photo.mood }; try context.save() }",
            "{ context in let moods = try context.fetch(FetchDescriptor<SchemaV2.Photo>()).map(\\.mood); "
                + "print(moods) }",
        ]
        for closure in closures {
            let source = """
                import SwiftData
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [Photo.self] }
                    @Model final class Photo { var mood: Int = 0; init() {} }
                }
                enum SchemaV2: VersionedSchema {
                    static var versionIdentifier = Schema.Version(2, 0, 0)
                    static var models: [any PersistentModel.Type] { [Photo.self] }
                    @Model final class Photo { var mood: Int = 0; var feeling: Int = 0; init() {} }
                }
                enum SchemaV3: VersionedSchema {
                    static var versionIdentifier = Schema.Version(3, 0, 0)
                    static var models: [any PersistentModel.Type] { [Photo.self] }
                    @Model final class Photo { var feeling: Int = 0; init() {} }
                }
                enum Stages {
                    static let copyMoods = MigrationStage.custom(
                        fromVersion: SchemaV1.self, toVersion: SchemaV2.self, willMigrate: nil,
                        didMigrate: \(closure))
                }
                enum GalleryPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
                    static var stages: [MigrationStage] {
                        [Stages.copyMoods, .lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self)]
                    }
                }
                """
            XCTAssertEqual(dropped(TestSupport.analyze(source).findings), [], closure)
            // A stage that copies something else does not carry `mood`.
            let other = source.replacingOccurrences(of: "mood }", with: "feeling + 1 }")
                .replacingOccurrences(of: "\\.mood", with: "\\.feeling")
            XCTAssertEqual(dropped(TestSupport.analyze(other).findings).map(\.message.id), ["attributes-dropped"])
        }
    }

    // MARK: No plan: the lockfile's state, migrated by inference to today's models

    private func app(_ models: String, container: String) -> [String: String] {
        [
            "Models.swift": "import SwiftData\n\n" + models,
            "App.swift": """
                import SwiftData
                import SwiftUI

                @main
                struct ShelfApp: App {
                    var body: some Scene {
                        WindowGroup { Text("Shelf") }
                            .modelContainer(for: \(container))
                    }
                }
                """,
        ]
    }

    /// `tags: [String]` → `tagsData: String`: the old values are dropped and the new attribute starts empty.
    func testARetypedReplacementInAnUnversionedAppSaysTheNewOneStartsEmpty() {
        let before = app(
            "@Model final class Book {\n    var title: String = \"\"\n    var tags: [String] = []\n    init() {}\n}",
            container: "Book.self")
        let lockfile = TestSupport.lock(TestSupport.analyze(before))
        let after = app(
            "@Model final class Book {\n    var title: String = \"\"\n    var tagsData: String = \"\"\n"
                + "    init() {}\n}",
            container: "Book.self")
        let found = dropped(TestSupport.analyze(after, lockfile: lockfile).findings)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].message.headline.hasPrefix("The values of Book.tags are deleted when stores of"))
        XCTAssertTrue(found[0].message.detail.contains("If tagsData (String) replaces tags, it starts empty"))
        XCTAssertEqual(found[0].location.file, "Models.swift")
        let row = TestSupport.analyze(after, lockfile: lockfile).upgrades.rows.first
        XCTAssertEqual(row?.outcome.deletesData, true)
        XCTAssertEqual(row?.outcome.fails, false)
        XCTAssertEqual(
            UpgradeReport.describe(try XCTUnwrap(row?.outcome)).last, "deletes the values of Book.tags")
    }

    /// A release that replaced every model of an unversioned app on the same store: the old rows are gone when it
    /// opens, not "not opened".
    func testAStoreReopenedWithEntirelyNewModelsLosesTheOldRows() throws {
        let before = app(
            "@Model final class Credential {\n    var issuer: String = \"\"\n    var payload: Data?\n    init() {}\n}",
            container: "Credential.self")
        let lockfile = TestSupport.lock(TestSupport.analyze(before))
        let after = app(
            "@Model final class StoredDocument {\n    var kind: String = \"\"\n    var blob: Data?\n    init() {}\n}",
            container: "StoredDocument.self")
        let analysis = TestSupport.analyze(after, lockfile: lockfile)
        let found = dropped(analysis.findings)
        XCTAssertEqual(found.map(\.message.id), ["models-dropped"])
        XCTAssertTrue(
            found.first?.message.headline.hasPrefix("Every row of Credential is deleted when stores of") == true)
        let row = try XCTUnwrap(analysis.upgrades.rows.first)
        let summary = UpgradeReport.summary(row.outcome)
        XCTAssertTrue(summary.hasPrefix("opens, deleting data"), summary)
    }

    /// The app moved its store into an App Group; an App Intent still opens the old default store with one of the two
    /// models. The intent that runs first migrates that store to its own models and deletes the other model's rows:
    /// `check` says so where `upgrades` does, whichever way the intent's container is written.
    func testAContainerLeftOnTheOldStoreWithFewerModelsDeletesTheRest() throws {
        let models = """
            import SwiftData
            import Foundation
            @Model final class WeightEntry { var kilograms: Double = 0; init() {} }
            @Model final class Goal { var target: Double = 0; init() {} }
            """
        let before = [
            "App/Models.swift": models,
            "App/W8App.swift": """
                import SwiftData
                import SwiftUI
                @main
                struct W8App: App {
                    var body: some Scene {
                        WindowGroup { Text("W8") }.modelContainer(for: [WeightEntry.self, Goal.self])
                    }
                }
                """,
        ]
        let lockfile = TestSupport.lock(TestSupport.analyze(before))
        let app = """
            import SwiftData
            import SwiftUI
            @main
            struct W8App: App {
                let container: ModelContainer = {
                    let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.w8")!
                        .appendingPathComponent("W8.store")
                    return try! ModelContainer(
                        for: WeightEntry.self, Goal.self, configurations: ModelConfiguration(url: url))
                }()
                var body: some Scene { WindowGroup { Text("W8") }.modelContainer(container) }
            }
            """
        let intents = [
            "func perform() async throws -> some IntentResult {\n"
                + "    let container = try ModelContainer(for: WeightEntry.self)\n    _ = container\n"
                + "    return .result()\n}",
            "func perform() async throws -> some IntentResult {\n    _ = try Self.container()\n"
                + "    return .result()\n}\n"
                + "static func container() throws -> ModelContainer { try ModelContainer(for: WeightEntry.self) }",
        ]
        for body in intents {
            var after = before
            after["App/W8App.swift"] = app
            after["Intents/LogWeightIntent.swift"] =
                "import AppIntents\nimport SwiftData\nstruct LogWeightIntent: AppIntent {\n"
                + "static var title: LocalizedStringResource = \"Log\"\n\(body)\n}"
            let analysis = TestSupport.analyze(after, lockfile: lockfile)
            let found = dropped(analysis.findings)
            XCTAssertEqual(found.map(\.location.file), ["Intents/LogWeightIntent.swift"], body)
            XCTAssertTrue(found.first?.message.headline.hasPrefix("Every row of Goal is deleted") == true, body)
            XCTAssertTrue(analysis.upgrades.rows.contains { $0.outcome.deletesData }, body)
        }
    }

    /// A class renamed with no plan (`Card` → `CardModel`, same properties): every old row is dropped, said once, by
    /// `rename_without_original_name` as in a plan's step; also when the new class gained an optional property.
    func testAClassRenamedInAnUnversionedAppIsSaid() {
        let before = app(
            "@Model final class Card {\n    var title: String = \"\"\n    var cost: Int = 0\n    init() {}\n}",
            container: "Card.self")
        let lockfile = TestSupport.lock(TestSupport.analyze(before))
        let bodies = [
            "var title: String = \"\"\n    var cost: Int = 0",
            "var title: String = \"\"\n    var cost: Int = 0\n    var notes: String?",
        ]
        for body in bodies {
            let after = app(
                "@Model final class CardModel {\n    \(body)\n    init() {}\n}", container: "CardModel.self")
            let findings = TestSupport.analyze(after, lockfile: lockfile).findings
            XCTAssertEqual(findings.map(\.rule), [.renameWithoutOriginalName], body)
            XCTAssertEqual(
                findings.first?.message.headline,
                "Card looks renamed to CardModel: migrating drops all its rows (a model has no originalName)")
        }
    }

    /// An app that dropped SwiftData (no model, no container left) leaves every locked state unread: said once.
    func testAnAppThatDroppedSwiftDataLeavesItsStoresBehind() throws {
        let before = app(
            "@Model final class Site {\n    var host: String = \"\"\n    init() {}\n}", container: "Site.self")
        let lockfile = TestSupport.lock(TestSupport.analyze(before))
        let after = ["App.swift": "import SwiftUI\n@main\nstruct ShelfApp: App {\n    var body: some Scene { "
            + "WindowGroup { Text(\"Shelf\") } }\n}"]
        // Read as `check` reads an app: its folder, from the root.
        let folder = try TestSupport.temporaryDirectory()
        for (path, text) in after {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        let findings = try Analyzer(workingDirectory: folder, threads: 1).analyze(paths: [], lockfile: lockfile)
            .findings
        XCTAssertEqual(findings.map(\.rule), [.storeAbandoned])
        XCTAssertEqual(findings.first?.message.id, "none-opened")
        // A lockfile recording nothing active (every state retired) says nothing; nor do a few files picked from an
        // app, which may just not hold its schema.
        var retired = lockfile
        for key in retired.versions.keys { retired.versions[key]?.retired = "the list is rebuilt from the server" }
        XCTAssertEqual(
            try Analyzer(workingDirectory: folder, threads: 1).analyze(paths: [], lockfile: retired).findings, [])
        XCTAssertEqual(TestSupport.analyze(after, lockfile: lockfile).findings, [])
    }

    /// `upgrades` names what a staged path deletes, and never calls it a plain "migrates".
    func testUpgradesNamesWhatAStagedPathDeletes() throws {
        let source = versions(
            "@Model final class Photo { var title: String = \"\"; var rating: Int = 0; init() {} }",
            "@Model final class Photo { var title: String = \"\"; init() {} }",
            stages: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]")
        let lockfile = TestSupport.lock(TestSupport.analyze(source))
        let matrix = TestSupport.analyze(source, lockfile: lockfile).upgrades
        let v1 = try XCTUnwrap(matrix.rows.first { $0.name == "SchemaV1" })
        XCTAssertEqual(
            UpgradeReport.summary(v1.outcome),
            "migrates from SchemaV1, deletes the values of Photo.rating: SchemaV1 → SchemaV2 (lightweight)")
        XCTAssertTrue(v1.outcome.warns)
        XCTAssertFalse(v1.outcome.fails)
    }
}

/// One root cause, one finding: a model the new version declares but leaves out of its `models` list is reported by
/// `model_missing_from_schema`, which says the rows it costs; `data_dropped` does not say it again. A model removed
/// from the version outright is still `data_dropped`'s.
final class OneCauseOneFindingTests: XCTestCase {
    private func gallery(v2 body: String, v2 models: String, inserting inserted: String = "Album") -> String {
        """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Photo.self, Album.self] }
            @Model final class Photo { var title: String = ""; init() {} }
            @Model final class Album { var name: String = ""; init() {} }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            \(models)
            \(body)
        }

        enum GalleryPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }

        func open() throws -> ModelContainer {
            let container = try ModelContainer(
                for: Schema(versionedSchema: SchemaV2.self), migrationPlan: GalleryPlan.self)
            container.mainContext.insert(SchemaV2.\(inserted)())
            return container
        }
        """
    }

    private let bothDeclared =
        "@Model final class Photo { var title: String = \"\"; init() {} }\n"
        + "    @Model final class Album { var name: String = \"\"; init() {} }"

    func testAModelLeftOutOfTheListIsOneFindingThatSaysWhatItCosts() {
        let spellings = [
            "static var models: [any PersistentModel.Type] { [Photo.self] }",
            "static let models: [any PersistentModel.Type] = [Photo.self]",
            "static var models: [any PersistentModel.Type] { var list: [any PersistentModel.Type] = []\n"
                + "list.append(Photo.self)\n return list }",
        ]
        for models in spellings {
            let findings = TestSupport.analyze(gallery(v2: bothDeclared, v2: models)).findings
            XCTAssertEqual(findings.filter { $0.rule == .modelMissingFromSchema }.count, 1, models)
            XCTAssertEqual(findings.filter { $0.rule == .dataDropped }.map(\.message.id), [], models)
            let missing = findings.first { $0.rule == .modelMissingFromSchema }
            XCTAssertTrue(missing?.message.detail.contains("lose every row of it") == true, models)
        }
        // Control: Album removed from SchemaV2 altogether (not declared there): the rows are lost on their own.
        for models in spellings {
            let findings = TestSupport.analyze(
                gallery(
                    v2: "@Model final class Photo { var title: String = \"\"; init() {} }", v2: models,
                    inserting: "Photo")
            ).findings
            XCTAssertEqual(findings.filter { $0.rule == .modelMissingFromSchema }.count, 0, models)
            XCTAssertEqual(findings.filter { $0.rule == .dataDropped }.map(\.message.id), ["models-dropped"], models)
        }
    }
}

/// One root cause, one finding: a step whose stage is declared but not listed, skipped over by a listed stage, or
/// run the wrong way by schemas out of order is reported by the rule that names that cause, not again as data
/// dropped; the steps the cause does not touch are still judged.
extension DataDroppedTests {
    private func threeVersions(plan: String, identifiers: (Int, Int, Int) = (1, 2, 3)) -> String {
        """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(\(identifiers.0), 0, 0)
            static var models: [any PersistentModel.Type] { [Photo.self] }
            @Model final class Photo { var title: String = ""; var rating: Int = 0; init() {} }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(\(identifiers.1), 0, 0)
            static var models: [any PersistentModel.Type] { [Photo.self] }
            @Model final class Photo { var title: String = ""; var stars: String = ""; init() {} }
        }

        enum SchemaV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(\(identifiers.2), 0, 0)
            static var models: [any PersistentModel.Type] { [Photo.self] }
            @Model final class Photo { var title: String = ""; init() {} }
        }

        \(plan)
        """
    }

    private func rules(_ source: String) -> [String] {
        TestSupport.analyze(source).findings.map(\.rule.rawValue).filter {
            ["data_dropped", "stage_not_listed", "stage_chain_broken", "schemas_out_of_order"].contains($0)
        }.sorted()
    }

    private static let copyRating =
        "willMigrate: nil, didMigrate: { context in try context.save() })"

    func testAStepWhoseStageIsNotListedIsReportedOnceByItsCause() {
        // V1 → V2 drops `rating` (its custom stage would copy it to `stars`), V2 → V3 drops `stars` with no stage.
        let spellings = [
            // Declared as a static let, `stages` lists only the later step's stage.
            """
            enum GalleryPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
                static var stages: [MigrationStage] { [] }
                static let migrateV1toV2 = MigrationStage.custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self,
                    \(Self.copyRating)
            }
            """,
            // Declared in an extension of the plan, in another order.
            """
            enum GalleryPlan: SchemaMigrationPlan {
                static var stages: [MigrationStage] { [] }
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
            }
            extension GalleryPlan {
                static let migrateV1toV2 = MigrationStage.custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self,
                    \(Self.copyRating)
            }
            """,
            // A computed static var, `stages` a stored list.
            """
            enum GalleryPlan: SchemaMigrationPlan {
                static let schemas: [any VersionedSchema.Type] = [SchemaV1.self, SchemaV2.self, SchemaV3.self]
                static let stages: [MigrationStage] = []
                static var migrateV1toV2: MigrationStage {
                    .custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self, \(Self.copyRating)
                }
            }
            """,
        ]
        for plan in spellings {
            // The V2 → V3 step is judged as before: it drops `stars`, and nothing else says so.
            XCTAssertEqual(rules(threeVersions(plan: plan)), ["data_dropped", "stage_not_listed"], plan)
            let dropped = TestSupport.analyze(threeVersions(plan: plan)).findings.filter { $0.rule == .dataDropped }
            XCTAssertEqual(dropped.map(\.message.headline).count, 1)
            XCTAssertTrue(dropped.first?.message.headline.contains("from SchemaV2 to SchemaV3") == true, plan)
        }
        // Control: the stage listed: it runs, V1 → V2 is its to carry, and V2 → V3 still drops `stars`.
        let listed = spellings[0].replacingOccurrences(
            of: "static var stages: [MigrationStage] { [] }",
            with: "static var stages: [MigrationStage] { [migrateV1toV2] }")
        XCTAssertEqual(rules(threeVersions(plan: listed)), ["data_dropped"])
    }

    func testStepsAListedStageSkipsOrSchemasOutOfOrderAreReportedOnceByTheirCause() {
        let skipping = """
            enum GalleryPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
                static var stages: [MigrationStage] {
                    [.custom(fromVersion: SchemaV1.self, toVersion: SchemaV3.self, \(Self.copyRating)]
                }
            }
            """
        XCTAssertEqual(rules(threeVersions(plan: skipping)), ["stage_chain_broken"])
        let backwards = skipping.replacingOccurrences(
            of: "fromVersion: SchemaV1.self, toVersion: SchemaV3.self",
            with: "fromVersion: SchemaV3.self, toVersion: SchemaV1.self")
        XCTAssertEqual(rules(threeVersions(plan: backwards)), ["stage_chain_broken"])
        // V2 listed before V1 by identifier: every step goes the wrong way.
        let noStages = """
            enum GalleryPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
                static var stages: [MigrationStage] { [] }
            }
            """
        XCTAssertEqual(
            rules(threeVersions(plan: noStages, identifiers: (2, 1, 3))), ["schemas_out_of_order"])
        // Control: in order, nothing skipped: both steps drop an attribute and each is said.
        XCTAssertEqual(rules(threeVersions(plan: noStages)), ["data_dropped", "data_dropped"])
    }
}
