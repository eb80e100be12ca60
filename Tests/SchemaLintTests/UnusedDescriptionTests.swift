import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A description the code makes and gives a URL but never hands to a container (HabitTracker's widget, field test
/// 26: `description.url = storeUrl`, then `persistentStoreDescriptions = [NSPersistentStoreDescription(url: new)]`)
/// opens no store: the stack opens the new file alone, so a move off the old one is not hidden. On the journal app of
/// `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    static func unusedDescription(_ made: String, extra: String = "") -> String {
        persistence(
            """
            let old = \(groupFolder).appendingPathComponent("Old.sqlite")
                    \(made)
                    description.url = old
                    \(extra)
                    let url = \(groupFolder).appendingPathComponent("Journal.sqlite")
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
            """)
    }

    func testADescriptionNeverGivenToTheContainerOpensNothing() throws {
        let spellings = [
            Spelling(name: "a let", stack: Self.unusedDescription("let description = NSPersistentStoreDescription()")),
            Spelling(
                name: "a var with an option set",
                stack: Self.unusedDescription(
                    "var description = NSPersistentStoreDescription()",
                    extra: "description.setOption(true as NSNumber, forKey: NSPersistentHistoryTrackingKey)")),
            Spelling(
                name: "made with a URL and given another",
                stack: Self.unusedDescription("let description = NSPersistentStoreDescription(url: old)")),
        ]
        for spelling in spellings {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
        }
    }

    /// Controls: the description is appended to the container's, or its URL is read to add a store (SideStore's
    /// migration): both files are opened.
    func testADescriptionAppendedOrReadOpensItsFile() throws {
        let adding = "_ = try? container.persistentStoreCoordinator.addPersistentStore("
            + "ofType: NSSQLiteStoreType, configurationName: nil, at: description.url, options: nil)"
        let appending = "container.persistentStoreDescriptions.append(description)"
        for (name, extra) in [("appended", appending), ("read", adding)] {
            let made = "let description = NSPersistentStoreDescription()"
            let spelling = Spelling(name: name, stack: Self.unusedDescription(made, extra: extra))
            XCTAssertTrue(try keys(spelling).contains("file:⟨group:\(Self.group)⟩/Old.sqlite"), name)
        }
    }
}
