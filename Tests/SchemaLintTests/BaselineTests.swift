import Foundation
import SchemaLintEngine
import XCTest

final class BaselineTests: XCTestCase {
    func brokenSources(header: String = "", extra: String = "") throws -> [String: String] {
        let folder = TestSupport.fixture("BrokenApp")
        var files: [String: String] = [:]
        for path in try SourceDiscovery(workingDirectory: folder).discover([]).files.map(\.path) {
            files[path] = header + (try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
        files["Schema/Plan.swift"]! += extra
        return files
    }

    /// BrokenApp plus one new mistake: a stage declared but not listed.
    func brokenSourcesWithAForgottenStage() throws -> [String: String] {
        try brokenSources(
            extra: """

                extension NotesMigrationPlan {
                    static let forgotten = MigrationStage.lightweight(
                        fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                }
                """)
    }

    func testBaselineSurvivesMovedCodeAndLetsNewFindingsThrough() throws {
        let before = TestSupport.analyze(try brokenSources())
        let baseline = Baseline(findings: before.findings, project: before.project)
        XCTAssertEqual(baseline.entries.count, before.findings.count)
        XCTAssertTrue(
            baseline.entries.contains {
                $0.rule == "inverse_mismatch" && $0.subject == "property SchemaV3.Note.folder"
            }, "\(baseline.entries)")

        let moved = TestSupport.analyze(try brokenSources(header: "// moved\n\n\n"))
        XCTAssertEqual(baseline.newFindings(moved.findings, project: moved.project), [])

        let worse = TestSupport.analyze(try brokenSourcesWithAForgottenStage())
        XCTAssertEqual(baseline.newFindings(worse.findings, project: worse.project).map(\.rule), ["stage_not_listed"])
    }

    func testCommandLineRoundTrip() throws {
        let folder = try TestSupport.copy(ofFixture: "BrokenApp")
        let write = try TestSupport.run(["check", "--write-baseline", "baseline.json"], in: folder)
        XCTAssertEqual(write.status, 0, write.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("\"subject\": \"stage NotesMigrationPlan.migrateV2toV3\""), text)
        XCTAssertFalse(text.contains("Plan.swift:15"), "no line numbers in the baseline")
        let check = try TestSupport.run(["check", "--baseline", "baseline.json"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertEqual(check.stdout, "")
        XCTAssertEqual(try TestSupport.run(["check", "--baseline", "missing.json"], in: folder).status, 2)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
        XCTAssertEqual(try TestSupport.run(["check", "--baseline", "broken.json"], in: folder).status, 2)
    }

    /// A release that rewords a rule's message keeps every baselined finding baselined and every SARIF fingerprint:
    /// both key on rule, subject and message id, never on the text.
    func testRewordedMessagesKeepBaselinesAndFingerprints() throws {
        let analysis = TestSupport.analyze(try brokenSources())
        let baseline = Baseline(findings: analysis.findings, project: analysis.project)
        let reworded = analysis.findings.map { finding -> Finding in
            var changed = finding
            changed.message = Finding.Message(
                id: finding.message.id, "Reworded in a later release: " + finding.message.text)
            return changed
        }
        XCTAssertEqual(baseline.newFindings(reworded, project: analysis.project), [])
        XCTAssertEqual(reworded.map(FindingFingerprint.of), analysis.findings.map(FindingFingerprint.of))
        let sarif = SARIFReporter().report(
            reworded, summary: Summary(findings: reworded, statistics: .init(), versions: 0))
        for finding in analysis.findings { XCTAssertTrue(sarif.contains(FindingFingerprint.of(finding))) }
        // A different message id is a different finding.
        var other = analysis.findings[0]
        other.message = Finding.Message(id: "another-mistake", other.message.text)
        XCTAssertEqual(baseline.newFindings([other], project: analysis.project), [other])
    }

    /// Baselines written before findings had subjects (format 1, this one by the previous release on BrokenApp)
    /// still suppress what they recorded.
    func testFormatOneBaselinesStillWork() throws {
        let path = TestSupport.fixture("Legacy/BrokenApp-baseline-format1.json").path
        let baseline = try Baseline.load(path)
        XCTAssertEqual(baseline.format, 1)
        let analysis = TestSupport.analyze(try brokenSources())
        XCTAssertEqual(baseline.newFindings(analysis.findings, project: analysis.project), [])
        let worse = TestSupport.analyze(try brokenSourcesWithAForgottenStage())
        XCTAssertEqual(baseline.newFindings(worse.findings, project: worse.project).map(\.rule), ["stage_not_listed"])
    }
}
