import SchemaLintEngine
import SchemaLintModel
import XCTest

final class SuppressionTests: XCTestCase {
    /// Two unlisted stages, on lines 15 and 17, and a suppressed-by-region block.
    func source(_ comments: [Int: String]) -> String {
        var lines = """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; init() {} }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; var done: Bool = false; init() {} } }
            enum MigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
                // slot 14
                static let first = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                // slot 16
                static let second = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                // slot 18
            }
            """.components(separatedBy: "\n")
        for (line, comment) in comments { lines[line - 1] = "    " + comment }
        return lines.joined(separator: "\n")
    }

    func summary(_ comments: [Int: String]) -> [String] {
        TestSupport.summary(TestSupport.analyze(source(comments)).findings)
    }

    func testWithoutSuppressions() {
        XCTAssertEqual(summary([:]), ["stage_not_listed Schema.swift:15", "stage_not_listed Schema.swift:17"])
    }

    func testNextThisAndRegions() {
        XCTAssertEqual(
            summary([14: "// schemalint:disable:next stage_not_listed - kept on purpose"]),
            ["stage_not_listed Schema.swift:17"])
        XCTAssertEqual(
            summary([14: "// schemalint:disable stage_not_listed", 16: "// schemalint:enable stage_not_listed"]),
            ["stage_not_listed Schema.swift:17"])
        // Each id is tracked on its own: the region suppresses both stages, and schema_not_listed was never needed.
        XCTAssertEqual(
            summary([14: "// schemalint:disable schema_not_listed, stage_not_listed - two ids"]),
            ["superfluous_suppression Schema.swift:14"])
        var source = self.source([:]).components(separatedBy: "\n")
        source[14] += " // schemalint:disable:this stage_not_listed"
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(source.joined(separator: "\n")).findings),
            ["stage_not_listed Schema.swift:17"])
    }

    func testStaleUnknownAndBlanketSuppressionsAreReported() {
        XCTAssertEqual(
            summary([
                14: "// schemalint:disable:next stage_not_listed", 18: "// schemalint:disable:next stage_not_listed",
            ]),
            ["stage_not_listed Schema.swift:17", "superfluous_suppression Schema.swift:18"])
        XCTAssertEqual(
            summary([14: "// schemalint:disable:next stage_not_listd"]),
            [
                "superfluous_suppression Schema.swift:14", "stage_not_listed Schema.swift:15",
                "stage_not_listed Schema.swift:17",
            ])
        XCTAssertEqual(
            summary([14: "// schemalint:disable:next all"]),
            ["blanket_suppression Schema.swift:14", "stage_not_listed Schema.swift:17"])
    }

    func testShippedVersionChangesCannotBeSuppressedInSource() {
        let shipped = source([:])
        let lockfile = TestSupport.lock(TestSupport.analyze(shipped))
        let edited = shipped.replacingOccurrences(
            of: "    @Model final class Item { var title: String = \"\"; init() {} }",
            with:
                "    // schemalint:disable:next shipped_schema_edited\n    @Model final class Item { var title: "
                    + "String = \"\"; var x: Int = 0; init() {} }"
        )
        let rules = TestSupport.analyze(edited, lockfile: lockfile).findings.map(\.rule)
        XCTAssertTrue(rules.contains("shipped_schema_edited"))
        XCTAssertTrue(rules.contains("superfluous_suppression"))
    }

    func testCommentsInStringsAreNotSuppressions() {
        XCTAssertNil(
            SuppressionComment.parse(
                "// a schemalint:disable:next x", location: SourceLocation(file: "f", line: 1, column: 1)))
        let parsed = SuppressionComment.parse(
            "/* schemalint:disable a b - why not */", location: SourceLocation(file: "f", line: 1, column: 1))
        XCTAssertEqual(parsed?.kind, .disable)
        XCTAssertEqual(parsed?.rules, ["a", "b"])
        XCTAssertEqual(parsed?.reason, "why not")
    }
}
