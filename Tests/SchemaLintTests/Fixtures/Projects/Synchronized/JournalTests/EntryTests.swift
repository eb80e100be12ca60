import SwiftData
import Testing

@Test func entryKeepsItsText() throws {
    let container = try ModelContainer(for: Entry.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let entry = Entry(text: "hello")
    ModelContext(container).insert(entry)
    #expect(entry.text == "hello")
}
