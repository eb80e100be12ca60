import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A Core Data file SwiftData takes over is still opened: QuickToDo opened its old `Todo.sqlite` with
/// `ModelConfiguration(url:)` and kept its Core Data stack on a file of another name. The file is not left behind,
/// however the SwiftData side names it; the control drops the SwiftData container, and the file is left behind.
final class CoreDataFileTakenOverTests: XCTestCase {
    private static let group =
        "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"group.todo\")!"

    private static func stack(_ file: String) -> String {
        """
        import CoreData

        final class Store {
            let container: NSPersistentContainer = {
                let url = \(group).appendingPathComponent("\(file)")
                let container = NSPersistentContainer(name: "Todo")
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                container.loadPersistentStores { _, _ in }
                return container
            }()
        }
        """
    }

    private static let model = CoreDataModelText.oneEntity("Item", attribute: "word")

    private func abandoned(_ swiftData: String?) throws -> [String] {
        var files = [
            "Todo/Store.swift": Self.stack("Todo.sqlite"),
            "Todo/Todo.xcdatamodeld/Todo.xcdatamodel/contents": Self.model,
        ]
        let lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(files))
        files["Todo/Store.swift"] = Self.stack("Todo1.sqlite")
        files["Todo/Items.swift"] = swiftData
        return TestSupport.summary(
            try TestSupport.analyzeOnDisk(files, lockfile: lockfile).findings.filter { $0.rule == .storeAbandoned })
    }

    func testAFileSwiftDataOpensNowIsNotLeftBehind() throws {
        let models = "import Foundation\nimport SwiftData\n\n@Model final class Item {\n    var word: String?\n"
            + "    init(word: String? = nil) { self.word = word }\n}\n\n"
        let spellings: [(String, String)] = [
            (
                "a global constant",
                "let shared: ModelContainer = {\n"
                    + "    let url = \(Self.group).appendingPathComponent(\"Todo.sqlite\")\n"
                    + "    return try! ModelContainer(\n"
                    + "        for: Item.self, configurations: ModelConfiguration(url: url))\n}()\n"
            ),
            (
                "a static function, the folder in a constant of its own",
                "enum Shared {\n    static let folder = \(Self.group)\n"
                    + "    static func container() throws -> ModelContainer {\n"
                    + "        try ModelContainer(\n            for: Item.self,\n"
                    + "            configurations: ModelConfiguration(url: folder.appending(path: \"Todo.sqlite\")))\n"
                    + "    }\n}\n"
            ),
        ]
        for (name, code) in spellings {
            XCTAssertEqual(try abandoned(models + code), [], name)
        }
        XCTAssertEqual(try abandoned(nil).count, 1)
    }

    /// The other way round (heritg): SwiftData's `default.store`, opened now by a Core Data stack whose model is built
    /// in code, in an app with no SwiftData left and no model bundle. The stack is read, and the store is not left
    /// behind: by `defaultDirectoryURL()`, by `URL.applicationSupportDirectory`, and with the model loaded by name; the
    /// control's stack opens another file, and the store is left behind.
    func testASwiftDataStoreACoreDataStackOpensNowIsNotLeftBehind() throws {
        let swiftData = [
            "Family/Models.swift": """
                import SwiftData

                @Model final class Tree {
                    var title: String = ""
                    init() {}
                }
                """,
            "Family/FamilyApp.swift": """
                import SwiftUI
                import SwiftData

                @main struct FamilyApp: App {
                    var body: some Scene { WindowGroup { Text("Family") }.modelContainer(for: Tree.self) }
                }
                """,
        ]
        let lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(swiftData))
        func stack(_ url: String, model: String = "managedObjectModel: Self.model") -> [String: String] {
            [
                "Family/Persistence.swift": """
                    import CoreData

                    final class Persistence {
                        static let chosen: URL? = nil
                        static let model: NSManagedObjectModel = {
                            let entity = NSEntityDescription()
                            entity.name = "Tree"
                            let model = NSManagedObjectModel()
                            model.entities = [entity]
                            return model
                        }()
                        let container: NSPersistentContainer

                        init() {
                            container = NSPersistentContainer(name: "Family", \(model))
                            let description = NSPersistentStoreDescription()
                            description.url = \(url)
                            container.persistentStoreDescriptions = [description]
                            container.loadPersistentStores { _, _ in }
                        }
                    }
                    """
            ]
        }
        func abandoned(_ files: [String: String]) throws -> [String] {
            TestSupport.summary(
                try TestSupport.analyzeOnDisk(files, lockfile: lockfile).findings.filter { $0.rule == .storeAbandoned })
        }
        let spellings = [
            stack("NSPersistentContainer.defaultDirectoryURL().appendingPathComponent(\"default.store\")"),
            // `description.url = a ?? b`, left unfolded by the parser (heritg's `storeURL ?? Self.productionStoreURL`).
            stack("Self.chosen ?? URL.applicationSupportDirectory.appending(path: \"default.store\")"),
            stack("URL.applicationSupportDirectory.appending(path: \"default.store\")"),
            stack(
                "URL.applicationSupportDirectory.appending(path: \"default.store\")",
                model: "managedObjectModel: NSManagedObjectModel(contentsOf: "
                    + "Bundle.main.url(forResource: \"Family\", withExtension: \"momd\")!)!"),
        ]
        for files in spellings {
            XCTAssertEqual(try abandoned(files), [], "\(files)")
        }
        XCTAssertEqual(
            try abandoned(stack("URL.applicationSupportDirectory.appending(path: \"Family.sqlite\")")).count, 1)
    }
}
