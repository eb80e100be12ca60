import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An app moving from Core Data to SwiftData on the same store file (Fixtures/CoreData/Apps/Recipes: the Core Data
/// model still in the target, `@Model` classes opened on `Recipes.sqlite`).
final class CoreDataAdoptionTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Recipes")
    }

    func analyze() throws -> Analysis {
        try Analyzer(workingDirectory: folder, threads: 2).analyze(paths: [], lockfile: nil)
    }

    func rewrite(_ file: String, _ transform: (String) -> String) throws {
        let url = folder.appendingPathComponent("Recipes/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertNotEqual(transform(text), text)
        try transform(text).write(to: url, atomically: true, encoding: .utf8)
    }

    /// `Int16` → `Int` is a number kept as a number: SwiftData's inference converts it; a note says so.
    func testModelsThatInferenceCanReachGetANote() throws {
        let findings = try analyze().findings.filter { $0.rule == "core_data_store_adopted" }
        XCTAssertEqual(findings.map(\.severity), [.note])
        XCTAssertTrue(findings[0].message.text.contains("Recipe.servings"), "\(findings[0].message)")
    }

    /// SwiftData's delete rules are read as SwiftData sets them (`deleteRule:`, else `.nullify`), in the Core Data
    /// model's words: a rule both sides share is no change (Pocket 8.20 listed forty "cascade → none"), nor is a
    /// relationship's `= []`. Written as a member (`.cascade`), a qualified name, an explicit `.nullify`, and
    /// `.noAction` against "No Action"; the control gives the cascading side no rule, and the note lists the change.
    func testDeleteRulesTheTwoSidesShareAreNoChange() throws {
        func changes() throws -> String {
            let findings = try analyze().findings.filter { $0.rule == "core_data_store_adopted" }
            XCTAssertEqual(findings.map(\.severity), [.note])
            return findings.first?.message.detail ?? ""
        }
        let asIs = try changes()
        XCTAssertEqual(
            asIs.components(separatedBy: "Differences it migrates: ").last,
            "Recipe.servings changed: type Int16 → Int64 (Int), became non-optional")

        try rewrite("Models.swift") {
            $0.replacingOccurrences(
                of: "deleteRule: .cascade", with: "deleteRule: Schema.Relationship.DeleteRule.cascade"
            ).replacingOccurrences(
                of: "    var recipe: Recipe?", with: "    @Relationship(deleteRule: .nullify) var recipe: Recipe?")
        }
        let qualified = try changes()
        XCTAssertFalse(qualified.contains("deleteRule"), qualified)

        try setUpWithError()
        try rewrite("Model.xcdatamodeld/Recipes.xcdatamodel/contents") {
            $0.replacingOccurrences(of: "deletionRule=\"Nullify\"", with: "deletionRule=\"No Action\"")
        }
        try rewrite("Models.swift") {
            $0.replacingOccurrences(
                of: "    var recipe: Recipe?", with: "    @Relationship(deleteRule: .noAction) var recipe: Recipe?")
        }
        let noAction = try changes()
        XCTAssertFalse(noAction.contains("deleteRule"), noAction)

        try setUpWithError()
        try rewrite("Models.swift") {
            $0.replacingOccurrences(of: "deleteRule: .cascade, ", with: "")
        }
        let changed = try changes()
        XCTAssertTrue(changed.contains("Recipe.ingredients changed: deleteRule cascade → nullify"), changed)
    }

    func testModelsDeclaredAsTheCoreDataModelOpenItAsIs() throws {
        try rewrite("Models.swift") {
            $0.replacingOccurrences(of: "var servings: Int = 0", with: "var servings: Int16? = 0")
        }
        XCTAssertEqual(try analyze().findings.filter { $0.rule == "core_data_store_adopted" }, [])
    }

    /// A class renamed in the move: the Core Data entity's rows are dropped.
    func testARenamedEntityIsAnError() throws {
        try rewrite("Models.swift") {
            $0.replacingOccurrences(of: "Ingredient", with: "IngredientItem")
        }
        let findings = try analyze().findings.filter { $0.rule == "core_data_store_adopted" }
        XCTAssertEqual(TestSupport.summary(findings), ["core_data_store_adopted Recipes/Models.swift:13"])
        XCTAssertEqual(findings.first?.severity, .error)
        XCTAssertTrue(findings[0].message.text.contains("Ingredient removed"), "\(findings[0].message)")
    }

    /// A required attribute with no default where Core Data held optional values: inference fails on a store with a
    /// row holding nil, and works on the others (a warning, in the words every path uses).
    func testAnOptionalMadeRequiredWithoutDefaultIsAWarning() throws {
        try rewrite("Models.swift") {
            $0.replacingOccurrences(of: "    var notes: String?", with: "    var notes: String")
        }
        let findings = try analyze().findings.filter { $0.rule == "core_data_store_adopted" }
        XCTAssertEqual(TestSupport.summary(findings), ["core_data_store_adopted Recipes/Models.swift:7"])
        XCTAssertEqual(findings.first?.severity, .warning)
        XCTAssertEqual(
            findings.first?.message.headline,
            "Recipe.notes became required with no default: a store fails to open if any of its rows holds nil there")
    }

    /// The Core Data bundle is locked and the SwiftData state not yet: the bundle's state is what the adopted store
    /// shipped with, so no lockfile is missing (Maccy 2.0's move).
    func testALockedCoreDataStoreCoversTheContainerThatAdoptsIt() throws {
        var lockfile = TestSupport.lock(try analyze())
        lockfile.versions = [:]
        XCTAssertNotNil(lockfile.coreData?["Model.xcdatamodeld"])
        let analyzer = Analyzer(workingDirectory: folder, threads: 2)
        let findings = try analyzer.analyze(paths: [], lockfile: lockfile).findings
        XCTAssertEqual(findings.filter { $0.rule == "lockfile_missing" }, [])
        XCTAssertEqual(findings.filter { $0.rule == "core_data_store_adopted" }.map(\.severity), [.note])
    }

    /// SwiftData's own store (`default.store`) is a new file: nothing is adopted.
    func testADefaultStoreAdoptsNothing() throws {
        try rewrite("RecipesApp.swift") {
            $0.replacingOccurrences(
                of: "ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: url))",
                with: "ModelContainer(for: Recipe.self)")
        }
        XCTAssertEqual(try analyze().findings.filter { $0.rule == "core_data_store_adopted" }, [])
    }
}
