import Foundation
import SwiftData

/// Kept to test an import path from the first prototype; only the tests open it.
enum LegacyMemoSchema: VersionedSchema {
    static var versionIdentifier = Schema.Version(0, 9, 0)
    static var models: [any PersistentModel.Type] { [Memo.self] }

    @Model final class Memo {
        var body: String = ""
        init(body: String) { self.body = body }
    }
}

enum PrototypeMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [LegacyMemoSchema.self, MemoSchema.self] }
    static var stages: [MigrationStage] { [fromPrototype] }
    static let fromPrototype = MigrationStage.custom(
        fromVersion: LegacyMemoSchema.self, toVersion: MemoSchema.self, willMigrate: nil, didMigrate: nil)
}
