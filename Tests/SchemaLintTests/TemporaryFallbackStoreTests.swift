import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An App Group URL falling back to the temporary folder (`containerURL(...) ?? URL(fileURLWithPath:
/// NSTemporaryDirectory())`, rInventory at 35c23b8, field test 21) names the app's store, whichever comes first in the
/// file: the helper above the container, below it, in another file, or a function. A URL only in the temporary folder
/// is still a scratch copy.
final class TemporaryFallbackStoreTests: XCTestCase {
    private static let helpers = [
        """
        extension URL {
            static var groupFolder: URL {
                FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.inventory")
                    ?? URL(fileURLWithPath: NSTemporaryDirectory())
            }
        }
        """,
        """
        extension URL {
            static func groupFolder() -> URL {
                FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.inventory")
                    ?? FileManager.default.temporaryDirectory
            }
        }
        """,
    ]
    private static let app = """
        import SwiftUI
        import SwiftData
        @Model final class Item { var name: String = ""; init() {} }
        @main struct InventoryApp: App {
            static let container: ModelContainer = {
                let schema = Schema([Item.self])
                let folder = URL.groupFolder
                let url = folder.appendingPathComponent("Inventory.store")
                let configuration = ModelConfiguration(schema: schema, url: url)
                return try! ModelContainer(for: schema, configurations: [configuration])
            }()
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(Self.container) }
        }
        """

    private func layouts(_ helper: String, call: String) -> [[String: String]] {
        let app = Self.app.replacingOccurrences(of: "URL.groupFolder", with: call)
        return [
            ["App/InventoryApp.swift": "import Foundation\n" + helper + "\n" + app],
            ["App/InventoryApp.swift": app + "\n" + helper],
            ["App/InventoryApp.swift": app, "App/URL+Group.swift": "import Foundation\n" + helper],
        ]
    }

    func testAnAppGroupFallingBackToTheTemporaryFolderIsTheAppsStore() {
        for (index, helper) in Self.helpers.enumerated() {
            let call = index == 0 ? "URL.groupFolder" : "URL.groupFolder()"
            for (layout, files) in layouts(helper, call: call).enumerated() {
                let analysis = TestSupport.analyze(files)
                let place = "helper \(index), layout \(layout)"
                XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app], place)
                XCTAssertEqual(analysis.topology.stores.count, 1, place)
                XCTAssertTrue(
                    analysis.topology.stores.allSatisfy { $0.location.key.contains("Inventory.store") },
                    "\(place): \(analysis.topology.stores.map(\.location.key))")
            }
        }
    }

    func testAStoreOnlyInTheTemporaryFolderIsAScratchCopy() {
        let scratch = """
            extension URL {
                static var groupFolder: URL { URL(fileURLWithPath: NSTemporaryDirectory()) }
            }
            """
        for (layout, files) in layouts(scratch, call: "URL.groupFolder").enumerated().prefix(1) {
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.project.containers.map(\.purpose), [.scratch], "layout \(layout)")
        }
    }
}
