import SwiftData

enum SchemaV4: VersionedSchema {
    static var versionIdentifier = Schema.Version(4, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }

    @Model final class Note {
        var text: String = ""
        var pinned: Bool = false
        var color: String?
        init() {}
    }
