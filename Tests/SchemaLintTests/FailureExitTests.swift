import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A URL helper that makes its folder first and gives up with `nil` when that fails (clip-island, field test 27:
/// `do { try FileManager.default.createDirectory(...) } catch { return nil }`): the catch is a failure's way out, not
/// a value of the helper, so the store is the App Group's file it returns (its default store, in the group's
/// `Library/Application Support`), with no store that cannot be told.
final class FailureExitTests: XCTestCase {
    private static func app(_ helper: String) -> [String: String] {
        [
            "App/Item.swift": "import SwiftData\n@Model final class Item { var name: String = \"\"; init() {} }\n",
            "App/Factory.swift": """
            import Foundation
            import SwiftData
            enum Factory {
                static let schema = Schema([Item.self])
                static func make() throws -> ModelContainer {
                    let storeURL = sharedStoreURL()
                    let config: ModelConfiguration
                    if let storeURL {
                        config = ModelConfiguration(schema: schema, url: storeURL)
                    } else {
                        config = ModelConfiguration(schema: schema)
                    }
                    return try ModelContainer(for: schema, configurations: [config])
                }
                private static func sharedStoreURL() -> URL? {
            \(helper)
                }
            }
            let container = try! Factory.make()
            """,
        ]
    }

    private static let folder = """
                let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
                let directory = group.appendingPathComponent("Library/Application Support", isDirectory: true)
        """

    func testAFolderThatCannotBeMadeIsAFailureNotAStore() {
        let spellings = [
            (
                "catch returning nil",
                """
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    return nil
                }
                """
            ),
            (
                "catch logging first",
                """
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                } catch {
                    print("cannot make \\(directory): \\(error)")
                    return nil
                }
                """
            ),
            (
                "two calls, a typed catch and another",
                """
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try (directory as NSURL).setResourceValue(true, forKey: .isExcludedFromBackupKey)
                } catch let error as CocoaError {
                    print(error.code)
                    return nil
                } catch {
                    return nil
                }
                """
            ),
        ]
        for (name, attempt) in spellings {
            let returned = "return directory.appendingPathComponent(\"default.store\")"
            let helper = Self.folder + "\n" + attempt + "\n        " + returned
            let analysis = TestSupport.analyze(Self.app(helper))
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key),
                ["group.x/default.store"], name)
            XCTAssertEqual(analysis.notes, [], name)
        }
    }

    /// Control: the `do` also picks the file (`name = try ...`): what the helper returns cannot be read whole, and
    /// a note says so.
    func testADoThatGivesAValueIsNotAFailureExit() {
        let helper = Self.folder + """

                var name = "default.store"
                do {
                    name = try String(contentsOf: directory.appendingPathComponent("name.txt"), encoding: .utf8)
                } catch {
                    return nil
                }
                return directory.appendingPathComponent(name)
            """
        let analysis = TestSupport.analyze(Self.app(helper))
        XCTAssertFalse(analysis.notes.isEmpty, "\(analysis.topology.stores.map(\.location.key))")
    }
}
