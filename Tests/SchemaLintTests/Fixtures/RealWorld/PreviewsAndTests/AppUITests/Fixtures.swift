import SwiftData

/// Seeds the UI tests' store.
enum UITestFixtures {
    static func container() throws -> ModelContainer {
        let schema = Schema(versionedSchema: NotesV1.self)
        let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true)
        return try ModelContainer(for: schema, configurations: [configuration])
    }
}
