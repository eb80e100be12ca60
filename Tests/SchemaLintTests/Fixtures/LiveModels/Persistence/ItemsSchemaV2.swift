import Foundation
import SwiftData

/// Shipped in 1.1: the live models.
enum ItemsSchemaV2: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 1, 0) }
    static var models: [any PersistentModel.Type] {
        [
            Item.self,
            Tag.self,
        ]
    }
}
