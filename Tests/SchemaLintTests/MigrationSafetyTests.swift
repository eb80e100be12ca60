import SchemaLintEngine
import SchemaLintModel
import XCTest

/// The migration-safety rules on app-shaped fixtures: one full of mistakes, one full of legitimate unusual shapes.
final class MigrationSafetyTests: XCTestCase {
    func testMigrationMistakesAreEachReportedAtTheLineToEdit() throws {
        let analysis = try TestSupport.analyzeFixture("MigrationMistakes")
        XCTAssertEqual(
            TestSupport.summary(analysis.findings),
            [
                "container_models_not_in_schema App/Container.swift:5",
                "container_models_not_in_schema App/Container.swift:5",
                "container_models_not_in_schema App/Container.swift:5",
                // The preview container is in memory; Badge is listed by the container, so
                // container_models_not_in_schema
                // is its one finding.
                "schemas_out_of_order Model/Plan.swift:4",
                "custom_stage_wrong_version Model/Plan.swift:9",
                "migration_error_swallowed Model/Plan.swift:10",
                "historical_schema_uses_live_model Model/Schemas.swift:6",
                // HabitsV2.Owner is not listed, but Habit.owner reaches it: SwiftData includes it, nothing to report.
                "rename_without_original_name Model/Schemas.swift:14",
                "lightweight_unsupported_change Model/Schemas.swift:15",
                "unique_constraint_added Model/Schemas.swift:16",
                "lightweight_unsupported_change Model/Schemas.swift:18",
                "typealias_not_latest Model/Schemas.swift:53",
            ])
        let messages = analysis.findings.map(\.message.text)
        XCTAssertTrue(messages.contains { $0.contains("Habit.streak changed: type Int → String") })
        XCTAssertTrue(
            messages.contains {
                $0.contains("Habit.name disappears and Habit.title (String) appears")
                    && $0.contains("originalName: \"name\"")
            })
        XCTAssertTrue(
            messages.contains {
                $0.contains("willMigrate can only see HabitsV2's models") && $0.contains("HabitsV2.Check")
            })
    }

    /// Member typealiases chaining to earlier versions, versions and plan nested in a namespace and extended across
    /// files, stored `static let models`, a trailing `didMigrate`, an enum composite, a rename with originalName,
    /// a container built from `Schema(versionedSchema:)` with the plan: nothing to report.
    func testLegitimateShapesStayClean() throws {
        let analysis = try TestSupport.analyzeFixture("JournalApp")
        XCTAssertEqual(analysis.findings, [])
        XCTAssertEqual(
            analysis.versions.map(\.key),
            ["JournalSchema.SchemaV10", "JournalSchema.SchemaV11", "JournalSchema.SchemaV12"])
        XCTAssertEqual(
            analysis.project.containers.count, 1,
            ".modelContainer(container) passes an existing container and is not a new one")
        XCTAssertEqual(
            analysis.project.containers.first?.versionedSchema.map { analysis.project.symbols[$0].qualifiedName },
            "JournalSchema.SchemaV12")
    }

    /// Seen in a real app (bunnydex): V2 turns `rules` into a relationship that takes over the old `newRules` through
    /// `originalName: "newRules"`, and drops the old `rules` attribute. Migration matches by original name first, so
    /// this is a rename and a removal, both lightweight, not an attribute turned into a relationship.
    func testOriginalNameWinsOverAPropertyOfTheSameName() throws {
        let source = """
            import SwiftData
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self, Rule.self] }
                @Model final class Card {
                    var rules: [String] = []
                    @Relationship(deleteRule: .cascade, inverse: \\Rule.card) var newRules: [Rule] = []
                    init() {}
                }
                @Model final class Rule { var text = ""; var card: Card?; init() {} }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self, Rule.self] }
                @Model final class Card {
                    @Relationship(deleteRule: .cascade, originalName: "newRules", inverse: \\Rule.card)
                    var rules: [Rule] = []
                    init() {}
                }
                @Model final class Rule { var text = ""; var card: Card?; init() {} }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
                }
            }
            """
        let analysis = TestSupport.analyze(source)
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        let report = try DiffReport(analysis: analysis, from: "SchemaV1", to: "SchemaV2")
        XCTAssertEqual(report.changes.map(\.text), [
            "Card.newRules renamed to rules (originalName)",
            "Card.rules removed (was Transformable([String]))",
            "Rule.card changed: inverse newRules → rules",
        ])
        XCTAssertTrue(report.changes.allSatisfy(\.isLightweight))
    }

    func testDiffSaysWhetherLightweightIsEnough() throws {
        let journal = try TestSupport.analyzeFixture("JournalApp")
        let rename = try DiffReport(analysis: journal, from: "SchemaV11", to: "SchemaV12")
        XCTAssertEqual(rename.verdict, "lightweight is enough")
        XCTAssertTrue(
            rename.changes.contains {
                $0.kind == .propertyRenamed && $0.text == "Event.title renamed to headline (originalName)"
            })

        let mistakes = try TestSupport.analyzeFixture("MigrationMistakes")
        let report = try DiffReport(analysis: mistakes, from: "HabitsV1", to: "HabitsV2")
        XCTAssertTrue(
            report.verdict.hasPrefix("needs a custom stage because Habit.owner added (Owner relationship)"),
            report.verdict)
        XCTAssertEqual(report.blockers.map(\.property), ["owner", "streak"])
        XCTAssertThrowsError(try DiffReport(analysis: mistakes, from: "HabitsV1", to: "HabitsV9"))
    }

    func testRenameHeuristicDoesNotGuessBetweenSeveralCandidates() {
        let analysis = TestSupport.analyze(
            """
            enum V1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var name: String = ""; init() {} }
            }
            enum V2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; var subtitle: String = ""; init() {} }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V2.self)] }
            }
            """)
        // A split of one field into two is not a rename; the values of `name` are dropped, and said so once.
        XCTAssertEqual(analysis.findings.map(\.rule), [.dataDropped])
        XCTAssertEqual(
            analysis.findings.first?.message.headline,
            "The values of Item.name are deleted when stores migrate from V1 to V2")
    }

    /// Deleting a model the stage's target drops loses nothing if it fails: the migration drops those rows anyway
    /// (Unwatched clears its image cache so). A kept model, a save that carries other changes, a helper given the
    /// context or a delete of one row is still reported, each at its line.
    func testSwallowedDeletesOfDroppedModelsLoseNothing() {
        func source(_ willMigrate: String) -> String {
            """
            import SwiftData

            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self, CachedImage.self] }
                @Model final class Trip { var name: String = ""; init() {} }
                @Model final class CachedImage { var data: Data = Data(); init() {} }
            }

            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip { var name: String = ""; init() {} }
            }

            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] { [step] }
                static let step = MigrationStage.custom(
                    fromVersion: SchemaV1.self, toVersion: SchemaV2.self,
                    willMigrate: { context in
            \(willMigrate)
                    }, didMigrate: nil)
            }
            """
        }
        let swallowed = { (body: String) in
            TestSupport.analyze(source(body)).findings.filter { $0.rule == .migrationErrorSwallowed }
                .map(\.location.line)
        }
        // Lines 22 and 23 are the closure's first two.
        XCTAssertEqual(swallowed("try? context.delete(model: SchemaV1.CachedImage.self)\ntry? context.save()"), [])
        XCTAssertEqual(
            swallowed("try? context.delete(model: SchemaV1.CachedImage.self, where: #Predicate { _ in true })"), [])
        XCTAssertEqual(swallowed("try? context.delete(model: SchemaV1.Trip.self)\ntry? context.save()"), [22, 23])
        XCTAssertEqual(
            swallowed("try? context.delete(model: SchemaV1.CachedImage.self)\ntry? context.save()\nclean(context)"),
            [23])
        XCTAssertEqual(
            swallowed(
                "try? context.delete(model: SchemaV1.CachedImage.self)\n"
                    + "for trip in try context.fetch(FetchDescriptor<SchemaV1.Trip>()) { trip.name = \"\" }\n"
                    + "try? context.save()"),
            [24])
        XCTAssertEqual(swallowed("try? context.save()"), [22])
    }
}
