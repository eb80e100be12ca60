import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Apps that never declare a `VersionedSchema`: their app container's models are the implicit version, identifier
/// 1.0.0, and real stores such apps wrote match it with no probe version added.
final class UnversionedAppTests: XCTestCase {
    /// A golden fixture's sources with its probe `VersionedSchema` file replaced by the app's container.
    func unversioned(_ fixture: String, probe: String, container: String) throws -> [String: String] {
        var discovery = SourceDiscovery(workingDirectory: TestSupport.fixture("Golden/\(fixture)"))
        discovery.keepsAllBytes = true
        var sources: [String: String] = [:]
        for file in try discovery.discover([]).files where file.path != probe {
            sources[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        sources["App.swift"] = """
            import SwiftData
            import SwiftUI

            @main
            struct StoreApp: App {
                var body: some Scene {
                    WindowGroup { Text("") }
                        .modelContainer(for: \(container))
                }
            }
            """
        return sources
    }

    func testRealUnversionedStoresMatchTheImplicitVersion() throws {
        let cases: [(store: String, fixture: String, probe: String, container: String)] = [
            ("swiftdata/cheftime.store", "ChefTime", "ChefTimeSchema.swift", "[SDFolder.self, SDRecipe.self]"),
            (
                "swiftdata/ladder-phase4prep.store", "Ladder", "LadderSchema.swift",
                "[Profile.self, Role.self, Achievement.self, SkillTag.self, Application.self, Stage.self, "
                    + "DismissedEvent.self, Transcript.self, Debrief.self, DebriefQuestion.self, PrepPack.self, "
                    + "PrepTalkingPoint.self]"
            ),
            (
                "swiftdata/vivobody-db99d12.store", "Vivobody", "VivobodySchema.swift",
                "[WorkoutSession.self, Exercise.self, WorkoutSet.self, WorkoutTemplate.self, TemplateExercise.self, "
                    + "TemplateSet.self, ExerciseCatalogItem.self, BodyWeightEntry.self]"
            ),
        ]
        for item in cases {
            let probed = try TestSupport.analyzeFixture("Golden/\(item.fixture)")
            let sources = try unversioned(item.fixture, probe: item.probe, container: item.container)
            let analysis = TestSupport.analyze(sources)
            let implicit = try XCTUnwrap(analysis.project.versions.first(where: \.isImplicit), item.store)
            let hashes = try XCTUnwrap(analysis.versions.first { $0.key == implicit.key }).hashes
            // The implicit version is what the probe declared by hand.
            XCTAssertEqual(hashes, probed.versions.first?.hashes, item.store)
            XCTAssertEqual(implicit.key, ImplicitVersionKeys.key(checksum: hashes.checksum))
            XCTAssertEqual(implicit.identifier, VersionNumber(1, 0, 0))
            let path = StoreVerificationTests.storesFolder.appendingPathComponent(item.store).path
            try XCTSkipUnless(FileManager.default.fileExists(atPath: path), "../shared/stores is missing")
            let metadata = try StoreReader.metadata(of: path)
            XCTAssertEqual(StoreVerifier.verify(metadata, against: analysis).matches, [implicit.key], item.store)
        }
    }
}
