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
}
