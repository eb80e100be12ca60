import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// What `fixtures --tests` writes: each test opens its fixture the way the app opens that store today, and counts only
/// entities that still exist (never an abstract one, whose rows are its subentities').
final class FixtureTestFileTests: XCTestCase {
    private func source(_ app: String, rows: Int, module: String? = nil) throws -> String {
        let analysis = try TestSupport.analyzeFixture(app)
        let lockfile = TestSupport.lock(analysis)
        let states = FixturePlanner.states(lockfile: lockfile, analysis: analysis).filter { $0.unavailable == nil }
        return FixtureTestFile(states: states, analysis: analysis, rows: rows, module: module).source()
    }

    func testACoreDataStateIsOpenedWithTheBundlesCompiledModelAndCounted() throws {
        let text = try source("CoreData/Golden", rows: 3, module: "Shop")
        XCTAssertTrue(text.contains("@testable import Shop\n"), text)
        XCTAssertTrue(text.contains("import CoreData\n"), text)
        XCTAssertFalse(text.contains("import SwiftData\n"), text)
        XCTAssertTrue(
            text.contains(
                "        let container = NSPersistentContainer(\n"
                    + "            name: \"SampleModel\", managedObjectModel: try model(named: \"SampleModel\"))"),
            text)
        XCTAssertTrue(text.contains("XCTAssertEqual(try count(\"Person\", in: container), 3)"), text)
        // Car is SampleModel2's root entity, not abstract; a test per locked version.
        XCTAssertTrue(text.contains("func test_SampleModel_xcdatamodeld_SampleModel2_opensWithTodaysModel()"), text)
        XCTAssertTrue(text.contains("func test_CartStorage_xcdatamodeld_CartStorage_opensWithTodaysModel()"), text)
    }

    func testASwiftDataStateIsOpenedWithTheAppsContainerAndPlan() throws {
        let text = try source("Golden/MyHome", rows: 2)
        XCTAssertTrue(text.contains("import SwiftData\n"), text)
        // No project file names the module: a placeholder, said so.
        XCTAssertTrue(text.contains("@testable import App\n"), text)
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        XCTAssertTrue(FixtureTestFile(states: [], analysis: analysis, rows: 0, module: nil).importsAPlaceholder)
        XCTAssertFalse(FixtureTestFile(states: [], analysis: analysis, rows: 0, module: "Home").importsAPlaceholder)
        XCTAssertTrue(text.contains("func test_SchemaV1_opensWithTodaysContainer() throws {"), text)
        XCTAssertTrue(text.contains("let url = try copyOfFixture(\"SchemaV1.store\")"), text)
        XCTAssertTrue(text.contains("FetchDescriptor<"), text)
        // Without rows there is nothing to count: the test only opens the store.
        let empty = try source("Golden/MyHome", rows: 0)
        XCTAssertFalse(empty.contains("FetchDescriptor<"), empty)
        XCTAssertTrue(empty.contains("        _ = container\n"), empty)
    }
}

extension FixtureTestFileTests {
    /// Models in a package's module the app imports (`CoreModels/Sources/CoreModels/Chat.swift`): the test imports
    /// that module too, or it could not name them; modules the models do not live in are not imported.
    func testModelsInAPackageModuleAreImported() throws {
        let analysis = TestSupport.analyze([
            "CoreModels/Sources/CoreModels/Chat.swift":
                "import SwiftData\n@Model public final class Chat { public var name: String = \"\"; init() {} }\n",
            "App/ChatApp.swift": """
                import CoreModels
                import Sparkle
                import SwiftData
                import SwiftUI

                @main struct ChatApp: App {
                    var body: some Scene { WindowGroup { Text("") }.modelContainer(for: Chat.self) }
                }
                """,
        ])
        let lockfile = TestSupport.lock(analysis)
        let states = FixturePlanner.states(lockfile: lockfile, analysis: analysis)
        let text = FixtureTestFile(states: states, analysis: analysis, rows: 1, module: "ChatApp").source()
        XCTAssertTrue(text.contains("import XCTest\nimport CoreModels\n@testable import ChatApp\n"), text)
        XCTAssertFalse(text.contains("import Sparkle"), text)
        XCTAssertTrue(text.contains("FetchDescriptor<Chat>()"), text)
    }
}
