import Foundation
import SwiftData

/// Shipped in 1.0, frozen when 1.1 added priorities and tags.
enum ItemsSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model
    final class Item {
        var title: String = ""
        var createdAt: Date = Date.now

        init(title: String) {
            self.title = title
        }
    }
}
