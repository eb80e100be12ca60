import Foundation
import SwiftData

@Model
final class Ingredient {
    /// Not optional in Swift; the store still records a to-one minimum of 0.
    var ingredientBase: IngredientBase
    var id: UUID
    var value: Double
    var unit: MeasurementUnit

    init(base: IngredientBase, value: Double, unit: MeasurementUnit = .ounces) {
        ingredientBase = base
        id = UUID()
        self.value = value
        self.unit = unit
    }
}

@Model
final class IngredientBase {
    #Unique<IngredientBase>([\.name])
    var id: UUID
    var name: String
    var info: String?
    var tags: Tags?
    var prep: Prep? = nil
    var isCustom: Bool = false
    var umbrellaCategory: String
    var baseCategory: String
    var specialtyCategory: String

    init(name: String, category: String) {
        id = UUID()
        self.name = name
        umbrellaCategory = category
        baseCategory = ""
        specialtyCategory = ""
    }
}

enum MeasurementUnit: String, Codable { case ounces = "oz", dashes = "dash" }

struct Prep: Codable {
    var id = UUID()
    var prepIngredientName: String
    var prepRecipe: [Instruction]
}
