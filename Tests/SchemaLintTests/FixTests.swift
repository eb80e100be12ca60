import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintRewrite
import XCTest

/// `check --fix`: each fixable rule's failing examples in Rules/ come out without that rule's finding, a second run
/// changes nothing, and a locked version is never edited.
final class FixTests: XCTestCase {
    static let fixable: [RuleID] = [
        .stageNotListed, .schemaNotListed, .typealiasNotLatest, .inverseOnBothSides, .stageMissing,
    ]

    func testFixCleansEveryFailingExampleOfTheFixableRules() throws {
        for rule in Self.fixable {
            let url = RuleDocumentationTests.rulesDirectory.appendingPathComponent("\(rule).md")
            let examples = RuleDocumentationTests.examples(in: try String(contentsOf: url, encoding: .utf8))
            let failing = examples.filter { $0.section == "Failing" }
            XCTAssertFalse(failing.isEmpty)
            for example in failing {
                let (fixed, outcome) = Self.fix(example.files)
                XCTAssertNil(outcome.failure, "\(rule): \(outcome.failure ?? "")")
                XCTAssertFalse(outcome.changes.isEmpty, "\(rule): nothing fixed")
                XCTAssertTrue(outcome.changes.allSatisfy { $0.rule == rule }, "\(rule): \(outcome.changes)")
                let after = TestSupport.analyze(fixed)
                XCTAssertEqual(after.findings.filter { $0.rule == rule }, [], "\(rule): still reported")
                for (path, text) in fixed { XCTAssertEqual(SyntaxErrorCounter.count(text), 0, "\(rule): \(path)") }
                let (again, second) = Self.fix(fixed)
                XCTAssertEqual(again, fixed, "\(rule): a second --fix changed the sources")
                XCTAssertTrue(second.changes.isEmpty)
            }
        }
    }

    func testFixListsInVersionOrderAndKeepsTheLayout() throws {
        let source = """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; init() {} }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; var done = false; init() {} }
            }
            enum SchemaV3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; var done = false; var due: Date?; init() {} }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] {
                    [
                        SchemaV1.self,
                        SchemaV3.self  // newest
                    ]
                }
                static var stages: [MigrationStage] {
                    [
                        v2ToV3,
                    ]
                }
                static let v1ToV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                static let v2ToV3 = MigrationStage.lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self)
            }
            """
        let (fixed, outcome) = Self.fix(["Schema.swift": source])
        XCTAssertNil(outcome.failure)
        XCTAssertEqual(Set(outcome.changes.map(\.rule)), [.schemaNotListed, .stageNotListed])
        let text = try XCTUnwrap(fixed["Schema.swift"])
        XCTAssertTrue(
            text.contains(
                "            SchemaV1.self,\n            SchemaV2.self,\n            SchemaV3.self  // newest\n"),
            text)
        XCTAssertTrue(text.contains("        [\n            v1ToV2,\n            v2ToV3,\n        ]"), text)
        XCTAssertEqual(TestSupport.analyze(fixed).findings.map(\.rule), [])
    }

    func testInlineListsAndEmptyLists() throws {
        let rewriter = SourceRewriter(sources: [
            "A.swift": "let a = [x, y]\nlet b = []\nlet c = [\n]\n"
        ])
        let edits: [SourceEdit] = [
            .insertElement(list: SourceLocation(file: "A.swift", line: 1, column: 9), position: .first, element: "w"),
            .insertElement(list: SourceLocation(file: "A.swift", line: 1, column: 9), position: .end, element: "z"),
            .insertElement(list: SourceLocation(file: "A.swift", line: 2, column: 9), position: .end, element: "q"),
            .insertElement(list: SourceLocation(file: "A.swift", line: 3, column: 9), position: .end, element: "r"),
        ]
        XCTAssertEqual(
            try rewriter.apply(edits)["A.swift"], "let a = [w, x, y, z]\nlet b = [q]\nlet c = [\n    r,\n]\n")
    }

    func testRemovingAnInverseKeepsTheOtherArguments() throws {
        let text = "@Relationship(deleteRule: .cascade, inverse: \\Note.folder) var notes: [Note] = []\n"
            + "@Relationship(inverse: \\Folder.notes) var folder: Folder?\n"
        let rewriter = SourceRewriter(sources: ["A.swift": text])
        let fixed = try rewriter.apply([
            .removeArgument(attribute: SourceLocation(file: "A.swift", line: 1, column: 1), label: "inverse"),
            .removeArgument(attribute: SourceLocation(file: "A.swift", line: 2, column: 1), label: "inverse"),
        ])
        XCTAssertEqual(
            fixed["A.swift"],
            "@Relationship(deleteRule: .cascade) var notes: [Note] = []\n@Relationship var folder: Folder?\n")
    }

    func testALockedVersionIsNeverEdited() throws {
        let url = RuleDocumentationTests.rulesDirectory.appendingPathComponent("inverse_on_both_sides.md")
        let example = try XCTUnwrap(
            RuleDocumentationTests.examples(in: try String(contentsOf: url, encoding: .utf8))
                .first { $0.section == "Failing" })
        let lockfile = TestSupport.lock(TestSupport.analyze(example.files))
        let (fixed, outcome) = Self.fix(example.files, lockfile: lockfile)
        guard !lockfile.versions.isEmpty else { return XCTFail("the example has no version to lock") }
        XCTAssertEqual(fixed, example.files)
        XCTAssertTrue(outcome.changes.isEmpty)
        XCTAssertTrue(outcome.skipped.contains { $0.reason.contains("is locked") }, "\(outcome.skipped)")
    }

    /// Runs a fix session on in-memory sources; returns them fixed and the outcome.
    static func fix(_ files: [String: String], lockfile: Lockfile? = nil) -> ([String: String], FixSession.Outcome) {
        let session = FixSession(analyzer: Analyzer(threads: 1), lockfile: lockfile, workingDirectory: "/nonexistent")
        let outcome = session.run(files: BumpTests.sourceFiles(files))
        var fixed = files
        for (path, text) in outcome.files { fixed[path] = text }
        return (fixed, outcome)
    }
}
