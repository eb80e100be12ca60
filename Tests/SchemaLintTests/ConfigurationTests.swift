import Foundation
import SchemaLintEngine
import XCTest

final class ConfigurationTests: XCTestCase {
    func parse(_ yaml: String) throws -> Configuration {
        SchemaSamples.configuration(yaml)
        return try ConfigurationLoader.parse(yaml, path: ".schemalint.yml")
    }

    func assertFailure(
        _ yaml: String, line: Int?, contains text: String, file: StaticString = #filePath, sourceLine: UInt = #line
    ) {
        XCTAssertThrowsError(try parse(yaml), file: file, line: sourceLine) { error in
            guard let failure = error as? ConfigurationLoader.Failure else {
                return XCTFail("\(error)", file: file, line: sourceLine)
            }
            XCTAssertEqual(failure.line, line, failure.description, file: file, line: sourceLine)
            XCTAssertTrue(
                failure.description.hasPrefix(".schemalint.yml"), failure.description, file: file, line: sourceLine)
            XCTAssertTrue(failure.description.contains(text), failure.description, file: file, line: sourceLine)
        }
    }

    func testAFullConfiguration() throws {
        let configuration = try parse(
            """
            included: [App]
            excluded:
              - App/Legacy
            disabled_rules: [rename_without_original_name]
            severity:
              stage_chain_broken: warning
            lockfile: Persistence/schemalint.lock
            reporter: json
            strict: true
            stores: [Tests/Fixtures/Stores/*.store]
            """)
        XCTAssertEqual(configuration.included, ["App"])
        XCTAssertEqual(configuration.excluded, ["App/Legacy"])
        XCTAssertEqual(configuration.disabledRules, ["rename_without_original_name"])
        XCTAssertEqual(configuration.severities["stage_chain_broken"], .warning)
        XCTAssertEqual(configuration.lockfile, "Persistence/schemalint.lock")
        XCTAssertEqual(configuration.reporter, "json")
        XCTAssertEqual(configuration.strict, true)
        XCTAssertEqual(configuration.stores, ["Tests/Fixtures/Stores/*.store"])
        XCTAssertFalse(configuration.isEnabled("rename_without_original_name"))
        XCTAssertEqual(
            try parse(""),
            {
                var empty = Configuration()
                empty.path = ".schemalint.yml"
                return empty
            }())
    }

    func testMistakesNameTheFileLineAndKey() {
        assertFailure(
            "strict: true\ndisabled_rule:\n  - syntax_error\n", line: 2,
            contains: "unknown key 'disabled_rule' (did you mean 'disabled_rules'?)")
        assertFailure(
            "disabled_rules:\n  - stage_not_listed\n  - syntax_eror\n", line: 3,
            contains: "unknown rule 'syntax_eror' in 'disabled_rules' (did you mean 'syntax_error'?)")
        assertFailure("severity:\n  stage_chain_broken: fatal\n", line: 2, contains: "must be error, warning or note")
        assertFailure("strict: maybe\n", line: 1, contains: "'strict' must be true or false")
        assertFailure("excluded: Tests\n", line: 1, contains: "'excluded' must be a list of strings")
        assertFailure("stores: v1.store\n", line: 1, contains: "'stores' must be a list of strings")
        assertFailure("reporter: html\n", line: 1, contains: "'reporter' must be one of")
        assertFailure("excluded: [a, b\n", line: 2, contains: "not valid YAML")
        assertFailure("- just\n- a list\n", line: 1, contains: "expected a mapping")
    }

    /// `only_rules` runs the rules it names, minus `disabled_rules`; `opt_in_rules`, which never had a rule to opt
    /// into, is refused with what to write instead.
    func testOnlyRulesRunsTheNamedRules() throws {
        var configuration = try parse(
            "only_rules: [stage_not_listed, duplicate_schema_hash]\ndisabled_rules: [duplicate_schema_hash]\n")
        XCTAssertTrue(configuration.isEnabled("stage_not_listed"))
        XCTAssertFalse(configuration.isEnabled("duplicate_schema_hash"))
        XCTAssertFalse(configuration.isEnabled("syntax_error"))
        configuration.path = nil
        let analysis = try Analyzer(workingDirectory: TestSupport.fixture("BrokenApp"), configuration: configuration)
            .analyze(paths: [], lockfile: nil)
        XCTAssertFalse(analysis.findings.isEmpty)
        XCTAssertEqual(Set(analysis.findings.map(\.rule)), ["stage_not_listed"])
        assertFailure("only_rules: [stage_not_listd]\n", line: 1, contains: "did you mean 'stage_not_listed'?")
        assertFailure(
            "opt_in_rules: [stage_not_listed]\n", line: 1,
            contains: "'opt_in_rules' is no longer a key: every rule runs unless it is in 'disabled_rules'")
    }

    func testSeverityOverridesAndDisabledRulesApplyToFindings() throws {
        let fixture = TestSupport.fixture("BrokenApp")
        var configuration = try parse(
            "disabled_rules: [syntax_error, stage_chain_broken]\nseverity:\n  duplicate_schema_hash: warning\n")
        configuration.path = nil
        let analysis = try Analyzer(workingDirectory: fixture, configuration: configuration).analyze(
            paths: [], lockfile: nil)
        XCTAssertFalse(analysis.findings.contains { $0.rule == "syntax_error" || $0.rule == "stage_chain_broken" })
        XCTAssertEqual(analysis.findings.first { $0.rule == "duplicate_schema_hash" }?.severity, .warning)
    }

    func testIncludedAndExcludedGlobs() throws {
        let fixture = TestSupport.fixture("TravelApp")
        var configuration = try parse("included: [Schema, Models/*.swift]\nexcluded: ['**/V3']\n")
        configuration.path = nil
        let files = try SourceDiscovery(
            workingDirectory: fixture,
            filter: PathFilter(
                included: configuration.included, excluded: configuration.excluded, base: fixture.path)
        ).discover([]).files.map(\.path)
        XCTAssertEqual(
            files,
            [
                "Models/Coordinates.swift", "Models/Current.swift", "Schema/V1/SchemaV1+Stop.swift",
                "Schema/V1/SchemaV1+Trip.swift", "Schema/V1/SchemaV1.swift", "Schema/V2/SchemaV2.swift",
            ])
    }

    func testInitWritesAStarterThatParsesAndNeverOverwrites() throws {
        let folder = try TestSupport.temporaryDirectory()
        XCTAssertEqual(try TestSupport.run(["init"], in: folder).status, 0)
        let written = try String(contentsOf: folder.appendingPathComponent(".schemalint.yml"), encoding: .utf8)
        XCTAssertEqual(written, ConfigurationLoader.starter)
        XCTAssertNoThrow(try parse(written))
        let again = try TestSupport.run(["init"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("never overwrites"))
    }

    func testConfigurationErrorsAreExitTwoFromTheCommandLine() throws {
        let folder = try TestSupport.temporaryDirectory()
        try Data("disabled_rules: [nonsense_rule]\n".utf8).write(to: folder.appendingPathComponent(".schemalint.yml"))
        let result = try TestSupport.run(["check"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(".schemalint.yml:1: unknown rule 'nonsense_rule'"), result.stderr)
        XCTAssertEqual(try TestSupport.run(["check", "--config", "missing.yml"], in: folder).status, 2)
    }

    func testExplainPrintsTheRuleDocumentAndRulesMarksDisabledOnes() throws {
        let folder = try TestSupport.temporaryDirectory()
        try Data("disabled_rules: [unversioned_model]\n".utf8).write(
            to: folder.appendingPathComponent(".schemalint.yml"))
        let explain = try TestSupport.run(["explain", "stage_not_listed"], in: folder)
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.stdout.hasPrefix("# stage_not_listed\n"))
        XCTAssertEqual(try TestSupport.run(["explain", "no_such_rule"], in: folder).status, 2)
        let rules = try TestSupport.run(["rules"], in: folder).stdout.split(separator: "\n")
        XCTAssertTrue(rules.contains { $0.hasPrefix("off  unversioned_model") })
        XCTAssertTrue(rules.contains { $0.hasPrefix("on   stage_not_listed") })
    }
}
