import Foundation
import SwiftData

enum TodoSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 1, 0)
    static var models: [any PersistentModel.Type] { [TodoItem.self] }

    @Model
    final class TodoItem {
        var title: String = ""
        var createdAt: Date = Date()
        var isDone: Bool = false

        init(title: String) { self.title = title }
    }
}

enum MigrateToV2: MigrationStep {
    static let toVersion: any VersionedSchema.Type = TodoSchemaV2.self
    static let stage = MigrationStage.lightweight(fromVersion: TodoSchemaV1.self, toVersion: TodoSchemaV2.self)
}
