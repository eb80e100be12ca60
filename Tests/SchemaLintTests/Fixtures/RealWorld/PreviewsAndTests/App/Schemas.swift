import Foundation
import SwiftData

enum NotesV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self] }
    @Model final class Note {
        var title: String = ""
        init() {}
    }
}

enum NotesV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Note.self, Folder.self] }
    @Model final class Note {
        var title: String = ""
        var folder: Folder?
        init() {}
    }
    @Model final class Folder {
        var name: String = ""
        @Relationship(deleteRule: .cascade, inverse: \Note.folder) var notes = [Note]()
        init() {}
    }
}

enum NotesPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)] }
}

typealias Note = NotesV2.Note
typealias Folder = NotesV2.Folder
