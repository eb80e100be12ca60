import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import SchemaLintEngine
import SchemaLintModel
import XCTest

final class ReporterTests: XCTestCase {
    func brokenApp() throws -> Analysis { try TestSupport.analyzeFixture("BrokenApp") }

    func render(_ kind: ReporterKind, _ analysis: Analysis) -> String {
        kind.reporter().report(
            analysis.findings,
            summary: Summary(
                findings: analysis.findings, statistics: analysis.statistics,
                versions: analysis.versions.count))
    }

    func testReportDestinations() throws {
        XCTAssertEqual(ReportDestination(argument: "sarif"), ReportDestination(kind: .sarif))
        XCTAssertEqual(
            ReportDestination(argument: "sarif:C:/out/x.sarif"),
            ReportDestination(kind: .sarif, path: "C:/out/x.sarif"))
        XCTAssertNil(ReportDestination(argument: "sarif:"))
        XCTAssertNil(ReportDestination(argument: "pdf:out.pdf"))
        XCTAssertEqual(try ReportDestination.resolve([], configured: nil, output: nil), [.init(kind: .xcode)])
        XCTAssertEqual(
            try ReportDestination.resolve([], configured: .junit, output: "out.xml"),
            [.init(kind: .junit, path: "out.xml")])
        XCTAssertEqual(
            try ReportDestination.resolve(
                [.init(kind: .github), .init(kind: .sarif, path: "s")], configured: nil, output: nil),
            [.init(kind: .github), .init(kind: .sarif, path: "s")])
        XCTAssertEqual(
            try ReportDestination.resolve([.init(kind: .sarif, path: "s")], configured: .json, output: "o"),
            [.init(kind: .sarif, path: "s"), .init(kind: .json, path: "o")])
        XCTAssertThrowsError(
            try ReportDestination.resolve([.init(kind: .json, path: "o"), .init(kind: .sarif, path: "o")],
            configured: nil, output: nil))
    }

    /// A message's three parts where each output shows them: xcode prints the headline and a fix line (`--verbose` a
    /// why line too), github the headline and the fix, JSON and SARIF all three, a long headline is cut in short forms.
    func testEachReporterShowsTheMessagePartsItHasRoomFor() throws {
        let long = String(repeating: "VeryLongModelName", count: 8)
        let finding = Finding(
            rule: "data_dropped", severity: .warning, subject: .entity(version: "V2", entity: "Note"),
            location: SourceLocation(file: "Schema.swift", line: 3, column: 5),
            message: Finding.Message(
                id: "attributes-dropped", "The values of \(long).tags are deleted when stores migrate",
                detail: "V2 has no tags", fix: "Copy them in a custom stage"))
        let summary = Summary(findings: [finding], statistics: .init(), versions: 1)
        let xcode = XcodeReporter().report([finding], summary: summary)
        let lines = xcode.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, xcode)
        XCTAssertTrue(lines[0].hasSuffix("… [data_dropped]"), lines[0])
        XCTAssertLessThanOrEqual(finding.message.brief.count, Finding.Message.headlineLimit)
        XCTAssertEqual(lines[1], "Schema.swift:3:5: note: ↳ fix: Copy them in a custom stage")
        let verbose = XcodeReporter(detailed: true).report([finding], summary: summary)
        XCTAssertTrue(verbose.contains("\(long).tags are deleted when stores migrate [data_dropped]"), verbose)
        XCTAssertTrue(verbose.contains("Schema.swift:3:5: note: ↳ why: V2 has no tags\n"), verbose)
        let github = GitHubReporter().report([finding], summary: summary)
        XCTAssertTrue(github.hasSuffix("…%0AFix: Copy them in a custom stage\n"), github)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(JSONReporter().report([finding], summary: summary).utf8))
                as? [String: Any])
        let item = try XCTUnwrap((json["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["detail"] as? String, "V2 has no tags")
        XCTAssertEqual(item["fix"] as? String, "Copy them in a custom stage")
        XCTAssertEqual(
            item["message"] as? String,
            "The values of \(long).tags are deleted when stores migrate. V2 has no tags. Copy them in a custom stage")
        let sarif = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(SARIFReporter().report([finding], summary: summary).utf8))
                as? [String: Any])
        let result = try XCTUnwrap(
            ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        XCTAssertEqual((result["properties"] as? [String: Any])?["fix"] as? String, "Copy them in a custom stage")
    }

    func testSARIFHasADescriptorPerRuleAndStableFingerprints() throws {
        let analysis = try brokenApp()
        let sarif = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(render(.sarif, analysis).utf8)) as? [String: Any])
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, RuleRegistry.all.map(\.id.rawValue))
        XCTAssertTrue(
            rules.allSatisfy {
                ($0["helpUri"] as? String)?.hasSuffix(".md") == true
                    && ($0["help"] as? [String: Any])?["markdown"] != nil
            })
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, analysis.findings.count)
        let first = try XCTUnwrap(results.first)
        XCTAssertEqual(first["level"] as? String, "error")
        let index = try XCTUnwrap(first["ruleIndex"] as? Int)
        XCTAssertEqual(rules[index]["id"] as? String, first["ruleId"] as? String)

        // Moving code down the file keeps every fingerprint.
        var moved: [String: String] = [:]
        let folder = TestSupport.fixture("BrokenApp")
        for path in try SourceDiscovery(workingDirectory: folder).discover([]).files.map(\.path) {
            moved[path] =
                "// a new header comment\n\n"
                + (try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
        let shifted = TestSupport.analyze(moved)
        func prints(_ analysis: Analysis) throws -> [String] {
            let sarif = try JSONSerialization.jsonObject(with: Data(render(.sarif, analysis).utf8)) as? [String: Any]
            let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
            return results.compactMap { ($0["partialFingerprints"] as? [String: String])?["schemalint/v2"] }.sorted()
        }
        XCTAssertEqual(try prints(shifted), try prints(analysis))
        XCTAssertNotEqual(shifted.findings.map(\.location.line), analysis.findings.map(\.location.line))
    }

    func testGitHubAnnotationsEscapeTheirProperties() {
        let finding = Finding(
            rule: "stage_not_listed", severity: .error, subject: .plan("Plan"),
            location: SourceLocation(file: "a,b:c.swift", line: 3, column: 4),
            message: Finding.Message(id: "test", "100% broken\nsecond line"))
        let line = GitHubReporter().report(
            [finding], summary: Summary(findings: [finding], statistics: .init(), versions: 0))
        XCTAssertEqual(
            line, "::error file=a%2Cb%3Ac.swift,line=3,col=4,title=stage_not_listed::100%25 broken%0Asecond line\n")
    }

    func testJUnitIsWellFormedXMLWithAFailurePerError() throws {
        let analysis = try brokenApp()
        let xml = render(.junit, analysis)
        let parser = XMLParser(data: Data(xml.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(counter.counts["testcase"], analysis.findings.count)
        XCTAssertEqual(counter.counts["failure"], analysis.findings.filter { $0.severity == .error }.count)
        let clean = render(.junit, try TestSupport.analyzeFixture("TravelApp"))
        XCTAssertTrue(clean.contains("<testcase name=\"schemalint\" classname=\"schemalint\"/>"))
    }

    func testCodeClimateIsAnArrayOfIssues() throws {
        let analysis = try brokenApp()
        let issues = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(render(.codeclimate, analysis).utf8)) as? [[String: Any]])
        XCTAssertEqual(issues.count, analysis.findings.count)
        XCTAssertEqual(Set(issues.compactMap { $0["severity"] as? String }), ["major", "minor"])
        XCTAssertTrue(
            issues.allSatisfy {
                ($0["location"] as? [String: Any])?["path"] is String && ($0["fingerprint"] as? String)?.count == 32
            })
    }

    func testColourOnlyWhenAsked() throws {
        let analysis = try brokenApp()
        XCTAssertFalse(render(.xcode, analysis).contains("\u{1B}["))
        let colored = XcodeReporter(colored: true).report(
            analysis.findings,
            summary: Summary(findings: analysis.findings, statistics: analysis.statistics, versions: 0))
        XCTAssertTrue(colored.contains("\u{1B}[1;31merror\u{1B}[0m"))
        // Piped output from the binary is never coloured; --quiet drops the summary.
        let result = try TestSupport.run(["check", "--quiet"], in: TestSupport.fixture("BrokenApp"))
        XCTAssertFalse(result.stdout.contains("\u{1B}["))
        XCTAssertEqual(result.stderr, "")
    }
}

final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
    }

    /// An uncertain checksum says what would settle it; a certain one says nothing more.
    func testHashSaysWhatSettlesAnUncertainChecksum() {
        let uncertain = HashReport.text(
            TestSupport.analyze(
                """
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [Counter.self] }
                    @Model final class Counter { var value: UInt64 = 0; init() {} }
                }
                """))
        XCTAssertTrue(uncertain.contains("  uncertain:   Counter.value: 'UInt64'"), uncertain)
        XCTAssertTrue(
            uncertain.hasSuffix(
                "  settle:      `schemalint verify-store <a store this version wrote>` names the storage SwiftData "
                    + "chose\n"), uncertain)
        let certain = HashReport.text(
            TestSupport.analyze(
                """
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [Counter.self] }
                    @Model final class Counter { var value: Int = 0; init() {} }
                }
                """))
        XCTAssertFalse(certain.contains("settle:"), certain)
    }
}
