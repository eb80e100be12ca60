import SwiftData

public enum RecipeSchemaV1: VersionedSchema {
    public static var versionIdentifier = Schema.Version(1, 0, 0)
    public static var models: [any PersistentModel.Type] { [Recipe.self] }

    @Model public final class Recipe {
        public var title: String = ""
        public init() {}
    }
}

public enum RecipeMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] { [RecipeSchemaV1.self] }
    public static var stages: [MigrationStage] { [] }
}

public typealias Recipe = RecipeSchemaV1.Recipe

public enum RecipeStore {
    public static func open() throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: RecipeSchemaV1.self), migrationPlan: RecipeMigrationPlan.self)
    }
}
