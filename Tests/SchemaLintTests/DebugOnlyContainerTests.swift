import SchemaLintEngine
import XCTest

/// A container only a debug build opens (`#if DEBUG`) is no user's store, but it shows the app's containers are in
/// these sources: a plan nothing names is then unused (one note), not checked as if a library's app used it
/// (highpitch: `stage_not_listed`, `schema_not_listed` and `lockfile_missing` on a plan nothing used). Three
/// spellings of the debug-only container; with no container anywhere, the plan is still checked.
final class DebugOnlyContainerTests: XCTestCase {
    static let schema = """
        import Foundation
        import SwiftData
        import SwiftUI

        @Model final class Pitch {
            var title: String = ""
            init() {}
        }

        enum PitchSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Pitch.self] }
        }

        enum PitchSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Pitch.self] }
        }

        enum OldPitchPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [PitchSchemaV2.self] }
            static var stages: [MigrationStage] { [] }
            static let toV2 = MigrationStage.lightweight(fromVersion: PitchSchemaV1.self, toVersion: PitchSchemaV2.self)
        }

        """

    static let debugContainers = [
        """
        func makeContainer() throws -> ModelContainer {
            #if DEBUG
            return try ModelContainer(
                for: Pitch.self, configurations: ModelConfiguration(url: URL(fileURLWithPath: "/tmp/pitch.sqlite")))
            #else
            fatalError("no store in release builds yet")
            #endif
        }
        """,
        """
        @main struct PitchApp: App {
            var body: some Scene {
                #if DEBUG
                WindowGroup { Text("pitch") }.modelContainer(for: Pitch.self)
                #else
                WindowGroup { Text("pitch") }
                #endif
            }
        }
        """,
        """
        enum Preview {
            #if DEBUG && targetEnvironment(simulator)
            static let container = try! ModelContainer(for: Pitch.self)
            #endif
        }
        """,
    ]

    func testAPlanNothingNamesBesideADebugOnlyContainerIsUnused() {
        for container in Self.debugContainers {
            let findings = TestSupport.analyze(Self.schema + container).findings
            XCTAssertEqual(findings.map(\.rule), ["unused_plan"], container)
        }
    }

    func testWithNoContainerAtAllThePlanIsStillChecked() {
        let rules = Set(TestSupport.analyze(Self.schema).findings.map(\.rule.rawValue))
        XCTAssertTrue(rules.contains("stage_not_listed"), "\(rules)")
    }
}
