import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A URL or path cast with `as` to its Foundation twin (`as NSURL?`, `as String`) is the same value: QuickToDo keeps
/// its App Group folder in `lazy var groupDirectory: NSURL? = { ... }() as NSURL?`. Three spellings; the control
/// casts to a type that is no URL or string, which is not followed.
final class BridgingCastTests: XCTestCase {
    private static let model = CoreDataModelText.oneEntity("Item", attribute: "title")

    private func keys(folder: String, url: String = "self.groupDirectory!.appendingPathComponent(\"Todo.sqlite\")")
        throws -> [String?]
    {
        let stack = """
            import CoreData
            import Foundation

            final class Store {
                lazy private var groupDirectory: NSURL? = \(folder)

                lazy var coordinator: NSPersistentStoreCoordinator = {
                    let modelURL = Bundle.main.url(forResource: "Todo", withExtension: "momd")!
                    let model = NSManagedObjectModel(contentsOf: modelURL)!
                    let coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
                    let url = \(url)
                    _ = try? coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url)
                    return coordinator
                }()
            }
            """
        let analysis = try TestSupport.analyzeOnDisk([
            "Todo/Store.swift": stack, "Todo/Todo.xcdatamodeld/Todo.xcdatamodel/contents": Self.model,
        ])
        return analysis.topology.coreData.stores.map(\.key)
    }

    func testABridgingCastKeepsTheURL() throws {
        let group = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"group.todo\")"
        let spellings: [(String, String)] = [
            ("a lazy closure's result cast", "{\n        return \(group)\n    }() as NSURL?"),
            ("the call cast in parentheses", "(\(group) as NSURL?)"),
            ("cast in full", "\(group) as Foundation.NSURL?"),
        ]
        for (name, folder) in spellings {
            XCTAssertEqual(try keys(folder: folder), ["file:⟨group:group.todo⟩/Todo.sqlite"], name)
        }
        // Control: a cast to a type that holds no URL is not read through.
        XCTAssertEqual(
            try keys(folder: "nil", url: "(\(group) as AnyObject) as! URL"), [nil])
    }
}
