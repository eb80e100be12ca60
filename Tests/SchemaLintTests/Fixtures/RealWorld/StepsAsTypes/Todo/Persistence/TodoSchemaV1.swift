import Foundation
import SwiftData

enum TodoSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [TodoItem.self] }

    @Model
    final class TodoItem {
        var title: String = ""
        var createdAt: Date = Date()

        init(title: String) { self.title = title }
    }
}
