import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// What Core Data users read (issue 41, item 8): no "(?)" after a version without an identifier in `diff`, no
/// empty identifier in a store's verdict.
final class CoreDataReportWordingTests: XCTestCase {
    func testDiffShowsAVersionWithoutAnIdentifierByItsNameAlone() throws {
        let folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        let file = folder.appendingPathComponent("Journal/Journal.xcdatamodeld/Journal 3.xcdatamodel/contents")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: " userDefinedModelVersionIdentifier=\"3\"", with: "")
            .write(to: file, atomically: true, encoding: .utf8)
        let analysis = try Analyzer(workingDirectory: folder, threads: 2).analyze(paths: [], lockfile: nil)
        let diff = try DiffReport(analysis: analysis, from: "Journal 2", to: "Journal 3").text()
        XCTAssertTrue(diff.hasPrefix("Journal 2 (2) → Journal 3\n"), diff)
        XCTAssertFalse(diff.contains("(?)"), diff)
        let run = try TestSupport.run(["diff", "Journal 2", "Journal 3"], in: folder)
        XCTAssertTrue(run.stdout.hasPrefix("Journal 2 (2) → Journal 3\n"), run.stdout + run.stderr)
    }

    /// A store that records an empty identifier (as Core Data writes for a model without one) matching a version by
    /// checksum is no identifier mismatch, and nothing prints an empty identifier.
    func testAStoreRecordingNoIdentifierIsNoMismatch() throws {
        let source = """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }
            """
        let analysis = TestSupport.analyze(source)
        let folder = try TestSupport.temporaryDirectory()
        var verdicts: [StoreVerdict] = []
        for (name, identifier) in [("empty", ""), ("other", "0.9.0")] {
            let path = folder.appendingPathComponent("\(name).store").path
            try SyntheticStore.write(try XCTUnwrap(analysis.versions.first), identifier: identifier, to: path)
            verdicts.append(StoreVerifier.verify(try StoreReader.metadata(of: path), against: analysis))
        }
        XCTAssertEqual(verdicts[0].matches, ["SchemaV1"])
        XCTAssertTrue(verdicts[0].identifierMismatches.isEmpty)
        XCTAssertEqual(verdicts[0].notes, [])
        // A real difference is still told, with both identifiers.
        XCTAssertEqual(verdicts[1].identifierMismatches.map(\.stored), ["0.9.0"])
        let stores = try [("empty", ""), ("other", "0.9.0")].map { name, _ in
            try StoreReader.metadata(of: folder.appendingPathComponent("\(name).store").path)
        }
        let findings = TestSupport.analyze(["Schema.swift": source], lockfile: nil, stores: stores).findings
        XCTAssertEqual(findings.filter { $0.rule == "store_identifier_mismatch" }.count, 1, "\(findings)")
        for finding in findings {
            XCTAssertFalse(finding.message.text.contains("versionIdentifier ,"), finding.message.text)
        }
    }
}
