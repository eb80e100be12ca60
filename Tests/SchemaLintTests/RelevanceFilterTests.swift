import SchemaLintEngine
import XCTest

/// The byte scan that picks the files to parse (`RelevanceFilter`): SwiftData's words make a file schema code,
/// a Core Data stack's words alone make it a stack file, and one pass over the `C`s answers both (`modelContainer`
/// and the stack's words share it), wherever each word comes in the file.
final class RelevanceFilterTests: XCTestCase {
    private func scanned(_ text: String) -> (schema: Bool, stack: Bool) {
        let file = SourceDiscovery.SourceFile(path: "App/File.swift", bytes: Array(text.utf8))
        return (file.mayHoldSchema, file.mayOpenStack)
    }

    func testAFileWithNeitherIsSkipped() {
        XCTAssertTrue(scanned("struct Counter { var count = 0; let color = Color.red }") == (false, false))
        XCTAssertTrue(scanned("") == (false, false))
        XCTAssertTrue(scanned("CCCC C") == (false, false))
    }

    func testEachStackWordAloneMakesAStackFile() {
        for word in ["NSPersistentContainer", "NSPersistentCloudKitContainer", "NSPersistentStoreCoordinator"] {
            XCTAssertTrue(scanned("let stack: \(word)") == (false, true), word)
            // Inside a longer name it is another type.
            XCTAssertTrue(scanned("let stack: My\(word)Factory") == (false, false), word)
        }
    }

    /// `modelContainer` is found in the same pass, before, after or without the stack's words.
    func testModelContainerMakesSchemaCodeWhereverTheStackIs() {
        XCTAssertTrue(scanned("view.modelContainer(for: Item.self)") == (true, false))
        XCTAssertTrue(scanned("let a: NSPersistentContainer\nview.modelContainer(for: Item.self)") == (true, false))
        XCTAssertTrue(scanned("view.modelContainer(for: Item.self)\nlet a: NSPersistentContainer") == (true, false))
        XCTAssertTrue(scanned("let viewmodelContainer = 1\nlet a: NSPersistentContainer") == (false, true))
    }

    /// Words of the other passes (`M`, `V`) still make schema code with a stack beside them.
    func testOtherSwiftDataWordsWinOverAStack() {
        XCTAssertTrue(scanned("@Model final class Item {}\nlet a: NSPersistentContainer") == (true, false))
        XCTAssertTrue(scanned("let a: NSPersistentContainer\nenum V1: VersionedSchema {}") == (true, false))
        XCTAssertTrue(scanned("let c = ModelContainer(for: Item.self)") == (true, false))
    }
}
