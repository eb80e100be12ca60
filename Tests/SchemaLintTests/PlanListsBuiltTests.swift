import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A plan's `stages` and `schemas` built in a local list before being returned (`append`, `append(contentsOf:)`,
/// `+=`) are read as the list they come to; one built in a way not followed is said in a note, never read as "no
/// stages".
final class PlanListsBuiltTests: XCTestCase {
    private func app(stages: String, schemas: String = "[SchemaV1.self, SchemaV2.self]") -> String {
        """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Photo.self] }
            @Model final class Photo { var title: String = ""; var rating: Int = 0; init() {} }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Photo.self] }
            @Model final class Photo { var title: String = ""; init() {} }
        }

        enum GalleryPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { \(schemas) }
            static var stages: [MigrationStage] { \(stages) }
            static let keepRating = MigrationStage.custom(fromVersion: SchemaV1.self, toVersion: SchemaV2.self,
                willMigrate: nil, didMigrate: { context in try context.save() })
            static let spare = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
        }
        """
    }

    private func rules(_ source: String) -> [String] {
        TestSupport.analyze(source).findings.map(\.rule.rawValue).filter { $0 != "lockfile_missing" }.sorted()
    }

    func testStagesBuiltInALocalListAreTheListTheyComeTo() {
        let spellings = [
            "var list: [MigrationStage] = []\n list.append(keepRating)\n return list",
            "var list = [MigrationStage]()\n list += [keepRating]\n return list",
            "var list: [MigrationStage] = []\n list.append(contentsOf: [Self.keepRating])\n return list",
            "var list: [MigrationStage] = [GalleryPlan.keepRating]\n return list",
        ]
        for stages in spellings {
            // `spare` is declared and not listed: said, and the step's data is the listed custom stage's to carry.
            XCTAssertEqual(rules(app(stages: stages)), ["stage_not_listed"], stages)
            XCTAssertEqual(TestSupport.analyze(app(stages: stages)).unreadPlanNotes, [], stages)
        }
        // A stored list made by a closure called at once, named by `stages`.
        let closure = app(stages: "stagesBuilt").replacingOccurrences(
            of: "static var stages: [MigrationStage] { stagesBuilt }",
            with: "static var stages: [MigrationStage] { stagesBuilt }\n"
                + "    static let stagesBuilt: [MigrationStage] = {\n"
                + "        var list: [MigrationStage] = []\n        list.append(keepRating)\n        return list\n"
                + "    }()")
        XCTAssertEqual(rules(closure), ["stage_not_listed"])
        XCTAssertEqual(TestSupport.analyze(closure).unreadPlanNotes, [])
        // Control: both listed, built the same way: nothing to say.
        let both = "var list: [MigrationStage] = [keepRating]\n list.append(spare)\n return list"
        XCTAssertEqual(rules(app(stages: both)), ["stage_chain_broken"])
    }

    func testSchemasBuiltInALocalListAreRead() {
        let schemas =
            "var list: [any VersionedSchema.Type] = [SchemaV1.self]\n list.append(SchemaV2.self)\n return list"
        let analysis = TestSupport.analyze(app(stages: "[keepRating, spare]", schemas: schemas))
        XCTAssertEqual(analysis.project.plans.first?.schemas?.count, 2)
        XCTAssertEqual(analysis.unreadPlanNotes, [])
    }

    /// A change not followed (inside an `if`, a loop, a removal) makes the list unread, and that is said: no
    /// `stage_not_listed` and no `data_dropped` from a guess.
    func testAListBuiltInAWayNotFollowedIsANote() {
        let spellings = [
            "var list: [MigrationStage] = []\n if Bool.random() { list.append(keepRating) }\n return list",
            "var list: [MigrationStage] = [keepRating, spare]\n list.removeLast()\n return list",
            "var list: [MigrationStage] = []\n for stage in [keepRating] { list.append(stage) }\n return list",
        ]
        for stages in spellings {
            let analysis = TestSupport.analyze(app(stages: stages))
            XCTAssertEqual(rules(app(stages: stages)), [], stages)
            XCTAssertEqual(analysis.unreadPlanNotes.count, 1, stages)
            XCTAssertTrue(
                analysis.unreadPlanNotes.first?.contains(
                    "GalleryPlan.stages cannot be read (it is built in a way schemalint does not follow)") == true,
                stages)
            XCTAssertTrue(analysis.notes.contains(analysis.unreadPlanNotes[0]), stages)
        }
    }
}
