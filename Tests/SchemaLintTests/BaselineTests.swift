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

    func testBaselineSurvivesMovedCodeAndLetsNewFindingsThrough() throws {
        let before = TestSupport.analyze(try brokenSources())
        let baseline = Baseline(findings: before.findings, project: before.project)
        XCTAssertEqual(baseline.entries.count, before.findings.count)
        XCTAssertTrue(baseline.entries.contains { $0.rule == "inverse_mismatch" && $0.place == "SchemaV3.Note.folder" })

        let moved = TestSupport.analyze(try brokenSources(header: "// moved\n\n\n"))
        XCTAssertEqual(baseline.newFindings(moved.findings, project: moved.project), [])

        let worse = TestSupport.analyze(try brokenSources(extra: """

        extension NotesMigrationPlan {
            static let forgotten = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
        }
        """))
        XCTAssertEqual(baseline.newFindings(worse.findings, project: worse.project).map(\.rule), ["stage_not_listed"])
    }

    func testCommandLineRoundTrip() throws {
        let folder = try TestSupport.temporaryDirectory()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: TestSupport.fixture("BrokenApp"), to: folder)
        let write = try TestSupport.run(["check", "--write-baseline", "baseline.json"], in: folder)
        XCTAssertEqual(write.status, 0, write.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("\"place\": \"NotesMigrationPlan.stages.migrateV2toV3\""), text)
        XCTAssertFalse(text.contains("Plan.swift:15"), "no line numbers in the baseline")
        let check = try TestSupport.run(["check", "--baseline", "baseline.json"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertEqual(check.stdout, "")
        XCTAssertEqual(try TestSupport.run(["check", "--baseline", "missing.json"], in: folder).status, 2)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
        XCTAssertEqual(try TestSupport.run(["check", "--baseline", "broken.json"], in: folder).status, 2)
    }
}
