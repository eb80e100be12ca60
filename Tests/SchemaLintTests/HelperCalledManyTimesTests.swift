import SchemaLintEngine
import XCTest

/// A shared container factory (`makeLocalModelContainer(schema:url:)`) called by several of the app's features, each
/// with its own models and file (popcorn, field test 23): each call opens its own store, up to
/// `CallSites.readApartLimit` (8) calls; calls in tests count only while the total fits, so four app calls and a
/// package's tests still give four stores. Past the limit, the calls are read together and a note says so.
final class HelperCalledManyTimesTests: XCTestCase {
    private static let factory = """
        import SwiftData
        import Foundation
        enum ModelContainerFactory {
            static func makeLocalModelContainer(schema: Schema, url: URL) -> ModelContainer {
                let config = ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)
                return try! ModelContainer(for: schema, configurations: [config])
            }
        }
        """

    private func files(app: Int, tests: Int = 0) -> [String: String] {
        var files = ["App/ModelContainerFactory.swift": Self.factory]
        let models = (1...max(app, 1)).map { "@Model final class E\($0) { var v: Int = 0; init() {} }" }
        files["App/Models.swift"] = "import SwiftData\n" + models.joined(separator: "\n")
        files["App/Features.swift"] = "import SwiftData\nimport Foundation\n" + (1...app).map { index in
            """
            enum Feature\(index) {
                static let modelContainer: ModelContainer = {
                    let schema = Schema([E\(index).self])
                    let storeURL = URL.documentsDirectory.appending(path: "s\(index).sqlite")
                    return ModelContainerFactory.makeLocalModelContainer(schema: schema, url: storeURL)
                }()
            }
            """
        }.joined(separator: "\n")
        if tests > 0 {
            files["AppTests/FactoryTests.swift"] = "import XCTest\nimport SwiftData\n@testable import App\n"
                + "@Model final class TestEntity { var v: Int = 0; init() {} }\n"
                + "final class FactoryTests: XCTestCase {\n"
                + (1...tests).map { index in
                    "    func test\(index)() { _ = ModelContainerFactory.makeLocalModelContainer(schema: "
                        + "Schema([TestEntity.self]), url: URL.temporaryDirectory.appending(path: \"t\(index)\")) }"
                }.joined(separator: "\n") + "\n}\n"
        }
        return files
    }

    private func stores(_ analysis: Analysis) -> [String] { analysis.topology.stores.map(\.location.key).sorted() }

    func testEachCallOpensItsOwnStore() {
        for (app, tests) in [(5, 0), (8, 0), (4, 1), (4, 6)] {
            let analysis = TestSupport.analyze(files(app: app, tests: tests))
            XCTAssertEqual(
                stores(analysis), (1...app).map { "file:⟨Documents⟩/s\($0).sqlite" }.sorted(), "\(app) + \(tests)")
            XCTAssertEqual(analysis.untoldStoreNotes, [], "\(app) + \(tests)")
        }
    }

    func testPastTheLimitTheCallsAreReadTogether() {
        let analysis = TestSupport.analyze(files(app: 9))
        XCTAssertFalse(stores(analysis).contains("file:⟨Documents⟩/s1.sqlite"), "\(stores(analysis))")
    }
}
