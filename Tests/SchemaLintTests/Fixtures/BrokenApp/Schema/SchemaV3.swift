import SwiftData

enum SchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Folder.self, Note.self] }

    @Model final class Folder {
        var name: String = ""
        var notes: [Note] = []
        init() {}
    }

    @Model final class Note {
        var text: String = ""
        var pinned: Bool = false
        @Relationship(inverse: \Folder.name) var folder: Folder?
        init() {}
    }

    @Model final class Tag {
        var label: String = ""
        init() {}
    }
}
