import SwiftData
import XCTest
@testable import Notes

final class NoteTests: XCTestCase {
    func testInsert() throws {
        let container = try ModelContainer(for: Note.self, Folder.self)
        container.mainContext.insert(Note())
    }
}
