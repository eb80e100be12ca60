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

    /// Every version the user-facing documents tell people to install or pin (a tag `vX.Y.Z` for pre-commit, the
    /// Action, Mint and git; `from: "X.Y.Z"` for SwiftPM; `version=X.Y.Z` in the Xcode Cloud script) is this one, so
    /// a release cannot leave a stale pin behind; no example pins a branch.
    func testDocumentsPinThisVersion() throws {
        let semver = #"([0-9]+\.[0-9]+\.[0-9]+)"#
        let pattern = try NSRegularExpression(
            pattern: #"\bv"# + semver + #"\b|from: ""# + semver + #""|version="# + semver)
        var pins: [String] = []
        for document in ["README.md", "docs/integrations.md", "SchemaLintPlugins/README.md"] {
            let text = try text(document)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in 1...3 {
                    if let range = Range(match.range(at: group), in: text) { pins.append(String(text[range])) }
                }
            }
            XCTAssertFalse(text.contains("branch: \"main\""), document)
            XCTAssertFalse(text.contains("rev: main"), document)
        }
        XCTAssertGreaterThanOrEqual(pins.count, 8, "pre-commit, Action, Mint, GitLab, SwiftPM and Xcode Cloud pins")
        XCTAssertEqual(pins.filter { $0 != SchemaLintVersion.current }, [], "pins other than this version")
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
