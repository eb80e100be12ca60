import Foundation
import SwiftData

enum LibrarySchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }

    @Model final class Book {
        var title: String = ""
        var author: String = ""
        var addedAt: Date = Date.now
        init(title: String) { self.title = title }
    }
}

enum LibrarySchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Book.self] }

    @Model final class Book {
        var title: String = ""
        var author: String = ""
        var addedAt: Date = Date.now
        var rating: Int?
        init(title: String) { self.title = title }
    }
}

typealias Book = LibrarySchemaV2.Book

enum LibraryMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [LibrarySchemaV1.self, LibrarySchemaV2.self] }
    static var stages: [MigrationStage] { [v1ToV2] }
    static let v1ToV2 = MigrationStage.lightweight(fromVersion: LibrarySchemaV1.self, toVersion: LibrarySchemaV2.self)
}
