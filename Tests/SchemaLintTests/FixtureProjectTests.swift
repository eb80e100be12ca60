import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Fixture apps shaped like real ones, each with its exact findings.
final class FixtureProjectTests: XCTestCase {
    /// Versions split over extensions and files, a plan nested in the app type with stages declared in extensions
    /// beside each version, a stored `models` list, trailing commas, `#Unique`, a Codable struct in an ordinary file
    /// and top-level typealiases to the newest version: all clean.
    func testTravelAppIsClean() throws {
        let analysis = try TestSupport.analyzeFixture("TravelApp")
        XCTAssertEqual(analysis.findings, [])
        XCTAssertEqual(analysis.versions.map(\.key), ["SchemaV1", "SchemaV2", "SchemaV3"])
        XCTAssertTrue(analysis.versions.allSatisfy(\.isCertain), "\(analysis.versions.map(\.uncertainties))")
        let plan = try XCTUnwrap(analysis.project.plans.first)
        XCTAssertEqual(plan.name, "TravelApp.MigrationPlan")
        XCTAssertEqual(plan.stages?.map(\.name), ["migrateV1toV2", "migrateV2toV3"])
        XCTAssertEqual(plan.stages?.map(\.kind), [.lightweight, .custom])
        // The composite struct lives in a file without SwiftData words: found by name, parsed on demand.
        let stop = try XCTUnwrap(analysis.versions[0].snapshot.first { $0.name == "Stop" })
        XCTAssertEqual(
            stop.properties.first { $0.name == "location" }?.type,
            "Composite(Coordinates){latitude: Double, longitude: Double}")
        XCTAssertEqual(analysis.statistics.filesFound, 9)
        XCTAssertEqual(analysis.statistics.filesParsed, 8, "the SwiftUI view never needs parsing")
    }

    func testBrokenAppReportsEachMistakeAtTheLineToEdit() throws {
        let analysis = try TestSupport.analyzeFixture("BrokenApp")
        XCTAssertEqual(
            TestSupport.summary(analysis.findings),
            [
                "schema_not_listed Schema/Plan.swift:8",
                "stage_not_listed Schema/Plan.swift:15",
                "duplicate_schema_hash Schema/SchemaV2.swift:6",
                "duplicate_version_identifier Schema/SchemaV3.swift:4",
                "model_missing_from_schema Schema/SchemaV3.swift:5",
                "inverse_mismatch Schema/SchemaV3.swift:16",
                "syntax_error Schema/SchemaV4.swift:12",
            ])
        XCTAssertEqual(analysis.findings.map(\.severity).filter { $0 == .error }.count, 6)
    }

    /// Two apps in one repository, each with its own SchemaV1, SchemaV2, MigrationPlan and top-level typealiases.
    func testTwoAppsInOneTreeResolveSeparatelyAndLockUnderDistinctKeys() throws {
        let analysis = try TestSupport.analyzeFixture("TwoApps")
        XCTAssertEqual(
            analysis.versions.map(\.key),
            ["Recipes/SchemaV1", "Recipes/SchemaV2", "Workouts/SchemaV1", "Workouts/SchemaV2"])
        XCTAssertEqual(analysis.project.plans.count, 2)
        XCTAssertEqual(
            TestSupport.summary(analysis.findings),
            [
                // SchemaV2 reuses SchemaV1.Lap, whose `workout` still points at SchemaV1.Workout: the old class is
                // dragged in.
                "model_missing_from_schema Workouts/Sources/Persistence/SchemaV2.swift:7",
                // The missing V1 → V2 step is the unlisted stage's to report, once.
                "stage_not_listed Workouts/Sources/Persistence/SchemaV2.swift:20",
            ])
        let lockfile = TestSupport.lock(analysis)
        XCTAssertEqual(lockfile.versions.keys.sorted(), analysis.versions.map(\.key))
        XCTAssertEqual(lockfile.versions["Recipes/SchemaV2"]?.entities.map(\.name), ["Recipe"])
        XCTAssertEqual(lockfile.versions["Workouts/SchemaV1"]?.entities.map(\.name), ["Lap", "Workout"])
    }

    func testResultsDoNotDependOnThreadsOrFileOrder() throws {
        let discovered = try SourceDiscovery(workingDirectory: TestSupport.fixture("TravelApp")).discover([])
        let reference = Analyzer(threads: 1).analyze(files: discovered.files, lockfile: nil)
        let referenceLock = TestSupport.lock(reference).json().rendered()
        var generator = SystemRandomNumberGenerator()
        for threads in [1, 2, 4] {
            let shuffled = discovered.files.shuffled(using: &generator)
            let analysis = Analyzer(threads: threads).analyze(files: shuffled, lockfile: nil)
            XCTAssertEqual(analysis.versions.map(\.hashes), reference.versions.map(\.hashes))
            XCTAssertEqual(TestSupport.lock(analysis).json().rendered(), referenceLock)
        }
    }
}
