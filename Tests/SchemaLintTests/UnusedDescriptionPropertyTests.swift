import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store description held in a property no code reads is given to no container, so it opens nothing (Stackd,
/// field test 30: `let storeDescription = NSPersistentStoreDescription(url: url)` in a container subclass whose
/// `defaultDirectoryURL()` already names the App Group; it was counted as a second store "with no model").
final class UnusedDescriptionPropertyTests: XCTestCase {
    private static func stack(_ container: String, extra: String = "") -> [String: String] {
        [
            "App/Stack.swift": """
                import CoreData
                \(container)
                final class Stack {
                    static let shared = Stack()
                    let container: SharedContainer
                    init() {
                        container = SharedContainer(name: "M")
                        container.loadPersistentStores { _, _ in }
                    }
                }
                \(extra)
                """,
            "App/M.xcdatamodeld/M.xcdatamodel/contents": CoreDataModelText.oneEntity("Card", attribute: "title"),
        ]
    }

    private static func container(_ property: String, body: String = "") -> String {
        """
        class SharedContainer: NSPersistentContainer {
            static let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.example")!
            \(property)
            override class func defaultDirectoryURL() -> URL { url }
            \(body)
        }
        """
    }

    private func files(_ files: [String: String]) throws -> [String] {
        try TestSupport.analyzeOnDisk(files).project.coreDataStores.map { "\($0.location.line)" }
    }

    func testADescriptionPropertyNothingReadsOpensNothing() throws {
        for property in [
            "let storeDescription = NSPersistentStoreDescription(url: url)",
            "var storeDescription = NSPersistentStoreDescription(url: url)",
            "let storeDescription = NSPersistentStoreDescription(url: url.appendingPathComponent(\"M.sqlite\"))",
        ] {
            XCTAssertEqual(try files(Self.stack(Self.container(property))), ["12"], property)
        }
    }

    /// Controls: a property read by its type, or through an instance elsewhere, may be given to a container.
    func testADescriptionPropertyReadStaysAStore() throws {
        let property =
            "let storeDescription = NSPersistentStoreDescription(url: url.appendingPathComponent(\"B.sqlite\"))"
        let readByItsType = Self.stack(
            Self.container(property, body: "func configure() { persistentStoreDescriptions = [storeDescription] }"))
        XCTAssertEqual(try files(readByItsType).count, 2)
        let readElsewhere = Self.stack(
            Self.container(property),
            extra: "func describe(_ c: SharedContainer) { print(c.storeDescription.url as Any) }")
        XCTAssertEqual(try files(readElsewhere).count, 2)
    }
}
