import Foundation
import SwiftData

typealias TodoItem = TodoSchemaV3.TodoItem

enum TodoSchemaV3: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 2, 0)
    static var models: [any PersistentModel.Type] { [TodoItem.self] }

    @Model
    final class TodoItem {
        var title: String = ""
        var createdAt: Date = Date()
        var isDone: Bool = false
        var notes: String?

        init(title: String) { self.title = title }
    }
}

enum MigrateToV3: MigrationStep {
    static var toVersion: any VersionedSchema.Type { TodoSchemaV3.self }
    static let stage = MigrationStage.custom(
        fromVersion: TodoSchemaV2.self, toVersion: TodoSchemaV3.self,
        willMigrate: nil,
        didMigrate: { context in
            let items = try context.fetch(FetchDescriptor<TodoSchemaV3.TodoItem>())
            for item in items where item.notes == nil { item.notes = "" }
            try context.save()
        })
}
