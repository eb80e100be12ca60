import Foundation
import SwiftData

@Model
final class SDRecipe {
    @Attribute(.unique) let id: UUID
    var name: String = ""
    var imageData: [Data] = []
    @Relationship(deleteRule: .cascade, inverse: \SDAboutSection.parentRecipe) var aboutSections: [SDAboutSection] = []
    @Relationship(deleteRule: .cascade, inverse: \SDIngredientSection.parentRecipe) var ingredientSections: [SDIngredientSection] = []
    @Relationship(deleteRule: .cascade, inverse: \SDStepSection.parentRecipe) var stepSections: [SDStepSection] = []
    weak var parentFolder: SDFolder?

    init(id: UUID) { self.id = id }

    @Model
    final class SDAboutSection {
        @Attribute(.unique) let id: UUID
        var name: String = ""
        var description_: String = ""
        weak var parentRecipe: SDRecipe?
        init(id: UUID) { self.id = id }
    }

    @Model
    final class SDIngredientSection {
        @Attribute(.unique) let id: UUID
        var name: String = ""
        @Relationship(deleteRule: .cascade, inverse: \SDIngredient.parentIngredientSection) var ingredients: [SDIngredient] = []
        weak var parentRecipe: SDRecipe?
        init(id: UUID) { self.id = id }

        @Model
        final class SDIngredient {
            @Attribute(.unique) let id: UUID
            var name: String = ""
            var amount: Double = 0.0
            var measure: String = ""
            weak var parentIngredientSection: SDIngredientSection?
            init(id: UUID) { self.id = id }
        }
    }

    @Model
    final class SDStepSection {
        @Attribute(.unique) let id: UUID
        var name: String = ""
        @Relationship(deleteRule: .cascade, inverse: \SDStep.parentStepSection) var steps: [SDStep] = []
        weak var parentRecipe: SDRecipe?
        init(id: UUID) { self.id = id }

        @Model
        final class SDStep {
            @Attribute(.unique) let id: UUID
            var description_: String = ""
            var imageData: [Data] = []
            weak var parentStepSection: SDStepSection?
            init(id: UUID) { self.id = id }
        }
    }
}
