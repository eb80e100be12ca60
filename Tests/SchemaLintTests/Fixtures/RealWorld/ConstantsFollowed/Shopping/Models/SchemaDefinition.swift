import SwiftData

/// The first version: every model the shopping list stores.
enum ShoppingSchemaV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }

    static var models: [any PersistentModel.Type] {
        [
            Article.self,
            Shop.self,
        ]
    }
}

enum ShoppingMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShoppingSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}

/// One place for the app and the store-location service to get the schema and the plan from.
enum SchemaDefinition {
    static let schema = Schema(versionedSchema: ShoppingSchemaV1.self)
    static let migrationPlan = ShoppingMigrationPlan.self
}
