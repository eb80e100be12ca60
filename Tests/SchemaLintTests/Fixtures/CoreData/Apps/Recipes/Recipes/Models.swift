import Foundation
import SwiftData

@Model final class Recipe {
    var title: String?
    var servings: Int = 0
    var notes: String?
    @Relationship(deleteRule: .cascade, inverse: \Ingredient.recipe) var ingredients: [Ingredient]? = []

    init(title: String) { self.title = title }
}

@Model final class Ingredient {
    var name: String?
    var recipe: Recipe?

    init(name: String) { self.name = name }
}
