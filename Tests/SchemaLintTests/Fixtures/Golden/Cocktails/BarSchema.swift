import SwiftData

/// The bar catalogue, one version: the app shipped it bundled as a prebuilt store and opened it unversioned.
enum BarSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Cocktail.self, Garnish.self, Ingredient.self, IngredientBase.self]
    }
}

let barContainer = try! ModelContainer(for: Schema(versionedSchema: BarSchemaV1.self))
