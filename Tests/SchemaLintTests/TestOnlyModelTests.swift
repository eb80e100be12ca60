import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A `@Model` declared in a test's files lives in the test's own store (a container on a temporary URL, in memory):
/// never `unversioned_model`, however the file says it is a test's. A model the app itself declares and no version
/// lists still is.
final class TestOnlyModelTests: XCTestCase {
    let app = [
        "Garden/Schema.swift": """
        import SwiftData

        enum GardenV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Bed.self] }
            @Model final class Bed {
                var name: String = ""
                init() {}
            }
        }

        enum GardenPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [GardenV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """,
        "Garden/GardenApp.swift": """
        import SwiftData
        import SwiftUI

        @main struct GardenApp: App {
            let container = try! ModelContainer(
                for: Schema(versionedSchema: GardenV1.self), migrationPlan: GardenPlan.self)
            var body: some Scene { WindowGroup { Text("Beds") }.modelContainer(container) }
        }
        """,
    ]

    /// A test's model, its container on a temporary URL, and a fetch: what makes it "used".
    func testFile(importing module: String, model: String) -> String {
        """
        import Foundation
        import SwiftData
        import \(module)
        @testable import Garden

        @Model final class \(model) {
            var seeds: Int = 0
            init() {}
        }

        func makeProbeStore() throws -> ModelContainer {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("probe.store")
            let container = try ModelContainer(for: \(model).self, configurations: ModelConfiguration(url: url))
            _ = try ModelContext(container).fetch(FetchDescriptor<\(model)>())
            return container
        }
        """
    }

    /// The same model in the app's code, fetched from the app's context: the app's container must know it.
    func appFile(model: String) -> String {
        """
        import SwiftData

        @Model final class \(model) {
            var seeds: Int = 0
            init() {}
        }

        func countProbes(in context: ModelContext) throws -> Int {
            try context.fetchCount(FetchDescriptor<\(model)>())
        }
        """
    }

    func unversioned(_ extra: [String: String]) -> [String] {
        let files = app.merging(extra) { $1 }
        return TestSupport.analyze(files).findings.filter { $0.rule == .unversionedModel }.map(\.location.file)
    }

    func testAModelDeclaredInATestsFilesIsNeverUnversioned() {
        let spellings: [(String, [String: String])] = [
            (
                "XCTest, in a *Tests folder",
                ["GardenTests/ProbeTests.swift": testFile(importing: "XCTest", model: "Probe")]
            ),
            ("Testing, in any folder", ["Checks/ProbeChecks.swift": testFile(importing: "Testing", model: "Probe")]),
            (
                "no test import, in a Tests folder",
                ["Tests/Support/Probe.swift": testFile(importing: "Foundation", model: "Probe")]
            ),
        ]
        for (name, files) in spellings {
            XCTAssertEqual(unversioned(files), [], name)
        }
        // The same model in the app's own files is one no version lists: reported.
        XCTAssertEqual(
            unversioned(["Garden/Probe.swift": appFile(model: "Probe")]),
            ["Garden/Probe.swift"])
    }
}
