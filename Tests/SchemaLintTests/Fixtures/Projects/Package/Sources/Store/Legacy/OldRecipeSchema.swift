import SwiftData

// Excluded from the target: the first sketch of the schema, kept for its notes.
enum RecipeSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Recipe.self] }

    @Model final class Recipe {
        var title: String = ""
        var steps: [Step] = []
        init() {}
    }

    @Model final class Step {
        var text: String = ""
        init() {}
    }
}
