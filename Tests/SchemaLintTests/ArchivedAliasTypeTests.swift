import SchemaLintEngine
import XCTest

/// An archived attribute (an array of values) whose type is named by a typealias on either side (countdown's
/// `Card.Tint` then `RGBColor`, both `[Double]`, field test 22): a step copies the archive as it is, and the lockfile
/// kept only the name, so a change beside it is no "cannot convert stored values" error; `upgrades` says it cannot
/// tell. Two arrays written out that differ are still a type change.
final class ArchivedAliasTypeTests: XCTestCase {
    private static func card(_ type: String, extra: String = "", aliases: String) -> [String: String] {
        [
            "Models/Card.swift": """
                import SwiftData
                @Model public final class Card { private var tint: \(type) = [1, 1, 1]\(extra); init() {} }
                \(aliases)
                """,
            "App/Store.swift": "import SwiftData\nlet container = try! ModelContainer(for: Card.self)\n",
        ]
    }

    private static let note = "; var note: String? = nil"
    /// (locked, now): a member alias of an extension, a top-level one, an array written out on one side.
    private static let pairs: [(old: [String: String], new: [String: String])] = [
        (
            card("Tint", aliases: "extension Card { public typealias Tint = [Double] }"),
            card("RGBColor", extra: note, aliases: "typealias RGBColor = [Double]")
        ),
        (
            card("Tint", aliases: "typealias Tint = [Double]"),
            card("[Double]", extra: note, aliases: "")
        ),
        (
            card("[Double]", aliases: ""),
            card("Colors.RGB", extra: note, aliases: "enum Colors { typealias RGB = [Double] }")
        ),
    ]

    func testAnArchiveNamedByAnAliasIsNoTypeChange() {
        for (index, pair) in Self.pairs.enumerated() {
            let lockfile = TestSupport.lock(TestSupport.analyze(pair.old))
            let findings = TestSupport.analyze(pair.new, lockfile: lockfile).findings
            XCTAssertEqual(TestSupport.summary(findings), [], "pair \(index)")
        }
    }

    func testArraysWrittenOutThatDifferAreATypeChange() {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.card("[Double]", aliases: "")))
        let now = Self.card("[String]", extra: Self.note, aliases: "").mapValues {
            $0.replacingOccurrences(of: "[1, 1, 1]", with: "[]")
        }
        let findings = TestSupport.analyze(now, lockfile: lockfile).findings
        XCTAssertEqual(TestSupport.summary(findings), ["lightweight_unsupported_change Models/Card.swift:2"])
    }
}
