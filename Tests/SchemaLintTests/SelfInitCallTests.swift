import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container type whose initialiser takes `inMemory:`, called by its convenience initialiser with `false` and by a
/// preview factory with `true` (Goals, field test 28): `self.init(inMemory: false)` is a call of that initialiser,
/// so the app's container opens its store on disk beside the preview's in memory.
final class SelfInitCallTests: XCTestCase {
    private static func app(_ call: String) -> String {
        """
        import SwiftData
        @Model final class Goal { var title: String = ""; init() {} }
        final class AppContainer {
            let modelContainer: ModelContainer
            convenience init() throws { \(call) }
            static func preview() throws -> AppContainer { try AppContainer(inMemory: true) }
            init(inMemory: Bool) throws {
                let config: ModelConfiguration
                if inMemory {
                    config = ModelConfiguration(isStoredInMemoryOnly: true)
                } else {
                    config = ModelConfiguration("Goals")
                }
                modelContainer = try ModelContainer(for: Goal.self, configurations: [config])
            }
        }
        let shared = try! AppContainer()
        """
    }

    func testSelfInitIsACallOfTheTypesInitialiser() {
        let calls = [
            "try self.init(inMemory: false)", "try Self.init(inMemory: false)",
            "try AppContainer.init(inMemory: false)",
        ]
        for call in calls {
            let analysis = TestSupport.analyze(["App/AppContainer.swift": Self.app(call)])
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["Goals.store"], call)
            XCTAssertEqual(analysis.project.containers.filter { $0.purpose == .app }.count, 1, call)
        }
    }

    /// Control: no code passes `false`; the preview's call alone opens the container, in memory.
    func testThePreviewsCallAloneIsInMemory() {
        let text = Self.app("self.init(preview: ())").replacingOccurrences(
            of: "let shared = try! AppContainer()", with: "")
        let analysis = TestSupport.analyze(["App/AppContainer.swift": text])
        XCTAssertEqual(analysis.project.containers.filter { $0.purpose == .app }.count, 0)
    }
}
