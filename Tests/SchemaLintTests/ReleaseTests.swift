import Foundation
import SchemaLintEngine
import XCTest

/// What a release publishes says the same as the code: the version (written once, in `SchemaLintVersion`) in
/// CHANGELOG.md, README's pins and the Homebrew formula; the configuration schema's keys, rule ids and formats.
final class ReleaseTests: XCTestCase {
    static let root = SourceStyleTests.root

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheChangelogOpensWithThisVersion() throws {
        let heading = try text("CHANGELOG.md").split(separator: "\n").first { $0.hasPrefix("## ") }
        XCTAssertEqual(heading, "## \(SchemaLintVersion.current)")
    }

    /// Every place README tells users to pin schemalint pins this version's tag (pre-commit `rev:`, SwiftPM `from:`,
    /// the GitHub Action's `@v…`), never a branch.
    func testReadmePinsThisVersion() throws {
        let readme = try text("README.md")
        let tag = "v\(SchemaLintVersion.current)"
        var pins: [String] = []
        for line in readme.split(separator: "\n") {
            if let range = line.range(of: "rev: ") { pins.append(String(line[range.upperBound...])) }
            if let range = line.range(of: "schemalint/.github/actions/schemalint@") {
                pins.append(String(line[range.upperBound...]))
            }
            if line.contains("SchemaLintPlugins\""), let range = line.range(of: "from: \"") {
                pins.append("v" + line[range.upperBound...].prefix { $0 != "\"" })
            }
        }
        XCTAssertGreaterThanOrEqual(pins.count, 3, "README shows the pre-commit, Action and SwiftPM pins")
        XCTAssertEqual(pins.filter { $0 != tag }, [], "pins other than \(tag)")
        XCTAssertFalse(readme.contains("branch: \"main\""))
        XCTAssertFalse(readme.contains("rev: main"))
    }

    func testTheFormulaBuildsThisVersionsTag() throws {
        XCTAssertTrue(try text("Formula/schemalint.rb").contains("tag: \"v\(SchemaLintVersion.current)\""))
    }

    /// `schemas/schemalint.schema.json` knows exactly the keys the loader reads, the rules and the output formats.
    func testTheConfigurationSchemaMatchesTheLoader() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent(ConfigurationSchema.path))
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
        XCTAssertEqual(Set(properties.keys), Set(ConfigurationLoader.keys))
        let definitions = try XCTUnwrap(schema["definitions"] as? [String: Any])
        let rule = try XCTUnwrap(definitions["rule"] as? [String: Any])
        XCTAssertEqual(rule["enum"] as? [String], RuleRegistry.all.map(\.id.rawValue).sorted())
        let reporter = try XCTUnwrap(properties["reporter"] as? [String: Any])
        XCTAssertEqual(reporter["enum"] as? [String], ReporterKind.allCases.map(\.rawValue))
    }

    /// Editors find the schema through the starter's first line, at this release's tag.
    func testTheStarterNamesItsSchema() {
        XCTAssertTrue(
            ConfigurationLoader.starter.hasPrefix(
                "# yaml-language-server: $schema=https://raw.githubusercontent.com/schemalint/schemalint/"
                    + "v\(SchemaLintVersion.current)/schemas/schemalint.schema.json\n"))
    }
}
