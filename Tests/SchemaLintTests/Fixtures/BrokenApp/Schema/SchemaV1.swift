import SwiftData

enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Folder.self, Note.self] }

    @Model final class Folder {
        var name: String = ""
        @Relationship(inverse: \Note.folder) var notes: [Note] = []
        init() {}
    }

    @Model final class Note {
        var text: String = ""
        var folder: Folder?
        init() {}
    }
}
