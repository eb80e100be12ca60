import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Shapes met on public apps that no earlier test was written from, where schemalint was wrong on the first try:
/// each fixture asserts the exact findings, including the ones that must not appear.
final class UnseenAppPatternTests: XCTestCase {
    func sources(_ fixture: String) throws -> [String: String] {
        var discovery = SourceDiscovery(workingDirectory: TestSupport.fixture("RealWorld/\(fixture)"))
        discovery.keepsAllBytes = true
        var sources: [String: String] = [:]
        for file in try discovery.discover([]).files {
            sources[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        return sources
    }

    /// `[self.Routine.self, Self.Check.self]` inside a version names that version's nested classes, not the top-level
    /// `typealias Routine = RoutinesSchemaV3.Routine`.
    func testSelfQualifiedModelsNameTheVersionsOwnClasses() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/SelfQualifiedModels")
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        XCTAssertTrue(analysis.versions.allSatisfy(\.isCertain), "\(analysis.versions.map(\.uncertainties))")
        XCTAssertNotEqual(analysis.versions[0].hashes.checksum, analysis.versions[1].hashes.checksum)

        // The same app with every name written out in full has the same checksums.
        var spelledOut = try sources("SelfQualifiedModels")
        spelledOut["Persistence/Schemas.swift"] = spelledOut["Persistence/Schemas.swift"]!
            .replacingOccurrences(of: "[self.Routine.self, self.Check.self]", with: "[RoutinesSchemaV2.Routine.self, "
                + "RoutinesSchemaV2.Check.self]")
            .replacingOccurrences(of: "[Self.Routine.self, Self.Check.self]", with: "[RoutinesSchemaV3.Routine.self, "
                + "RoutinesSchemaV3.Check.self]")
        let reference = TestSupport.analyze(spelledOut)
        XCTAssertEqual(reference.versions.map(\.hashes), analysis.versions.map(\.hashes))
    }

    /// A qualified name is never read again through a top-level typealias of its last component: `RoutinesSchemaV2.Note`
    /// where the version has no `Note` names nothing (and the model is reported missing), not `typealias Note`.
    func testAQualifiedNameIsNotReadThroughATopLevelTypealias() throws {
        var files = try sources("SelfQualifiedModels")
        files["Persistence/Schemas.swift"] = files["Persistence/Schemas.swift"]!.replacingOccurrences(
            of: "[self.Routine.self, self.Check.self]", with: "[self.Routine.self, self.Check.self, self.Note.self]")
        files["Models/Note.swift"] = """
            import SwiftData
            typealias Note = RoutinesSchemaV3.Note
            extension RoutinesSchemaV3 {
                @Model final class Note {
                    var text: String = ""
                    init() {}
                }
            }
            """
        let analysis = TestSupport.analyze(files)
        let version = try XCTUnwrap(analysis.project.versions.first { $0.name == "RoutinesSchemaV2" })
        XCTAssertEqual(version.models?.map { $0.entity == nil }, [false, false, true])
    }
}
