import SwiftData

// Left out of the Journal target while the versioned schema is designed.
enum JournalSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Entry.self] }

    @Model final class Entry {
        var text: String = ""
        var mood: Mood?
        init() {}
    }

    @Model final class Mood {
        var name: String = ""
        init() {}
    }
}
