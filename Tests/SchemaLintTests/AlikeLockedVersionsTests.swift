import SchemaLintEngine
import XCTest

/// Two versions locked with one checksum (the newer listed the older's classes: a typealias, `SchemaV1.models`, the
/// same live class), then the newer given its own classes, as `lock` asks (swift-grdb-tca V4/V5, field test 21):
/// every store written with that checksum opens as the older version, still in the plan, and migrates on, so the
/// newer one's edit breaks no store. The older one edited too is an edit of what shipped.
final class AlikeLockedVersionsTests: XCTestCase {
    private static let shared = """
        import Foundation
        import SwiftData
        enum MoviesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [MoviesV1.self, MoviesV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: MoviesV1.self, toVersion: MoviesV2.self)] }
        }
        let container = try! ModelContainer(
            for: Schema(versionedSchema: MoviesV2.self), migrationPlan: MoviesPlan.self,
            configurations: ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: "Movies.sqlite")))
        """
    private static let v1 = """
        enum MoviesV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [_Movie.self] }
            @Model final class _Movie { var title: String = ""; init() {} }
        }
        """
    private static let ownV2 = """
        enum MoviesV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [_Movie.self] }
            @Model final class _Movie { var title: String = ""; var favorite: Bool = false; init() {} }
        }
        typealias Movie = MoviesV2._Movie
        """
    /// The newer version as it was locked, listing the older one's class.
    private static let alikeV2 = [
        """
        enum MoviesV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Movie.self] }
        }
        typealias Movie = MoviesV1._Movie
        """,
        """
        enum MoviesV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { MoviesV1.models }
        }
        """,
        """
        enum MoviesV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [MoviesV1._Movie.self] }
        }
        """,
    ]

    private func files(v1: String = v1, v2: String) -> [String: String] {
        ["Models/MoviesV1.swift": v1, "Models/MoviesV2.swift": v2, "App/Store.swift": Self.shared]
    }

    func testTheNewerOfTwoAlikeLockedVersionsMadeToDifferIsNoEdit() {
        for (spelling, v2) in Self.alikeV2.enumerated() {
            let lockfile = TestSupport.lock(TestSupport.analyze(files(v2: v2)))
            let analysis = TestSupport.analyze(files(v2: Self.ownV2), lockfile: lockfile)
            XCTAssertEqual(TestSupport.summary(analysis.findings), [], "spelling \(spelling)")
            // `upgrades` agrees: no locked state fails.
            XCTAssertFalse(
                analysis.upgrades.rows.contains { $0.outcome.fails }, "spelling \(spelling): \(analysis.upgrades.rows)")
        }
    }

    func testTheOlderEditedTooIsAnEdit() {
        let editedV1 = Self.v1.replacingOccurrences(of: "var title: String = \"\";", with: "var name: String = \"\";")
        for (spelling, v2) in Self.alikeV2.enumerated() {
            let lockfile = TestSupport.lock(TestSupport.analyze(files(v2: v2)))
            let findings = TestSupport.analyze(files(v1: editedV1, v2: Self.ownV2), lockfile: lockfile).findings
            XCTAssertTrue(
                findings.contains { $0.rule.rawValue == "shipped_schema_edited" },
                "spelling \(spelling): \(TestSupport.summary(findings))")
        }
    }
}
