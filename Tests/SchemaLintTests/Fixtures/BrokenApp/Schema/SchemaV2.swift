import SwiftData

// Only a default value changed: the store checksum is the same as SchemaV1's.
enum SchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Folder.self, Note.self] }

    @Model final class Folder {
        var name: String = "Untitled"
        @Relationship(inverse: \Note.folder) var notes: [Note] = []
        init() {}
    }

    @Model final class Note {
        var text: String = ""
        var folder: Folder?
        init() {}
    }
}
