import SwiftData
import SwiftUI

/// A drink's illustration: colours kept as SwiftUI's resolved colours, stored as composites of four Floats.
@Model
final class CocktailImage {
    var backgroundColor: Color.Resolved
    var drinkColor: Color.Resolved
    var glassBackLayer: String
    var drinkLayer: String
    var iceLayer: String?
    var inDrinkComponents: [String]?
    var straw: String?
    var innerRim: String
    var glassReflection: String
    var garnishes: [String]?

    init(background: Color.Resolved, drink: Color.Resolved) {
        backgroundColor = background
        drinkColor = drink
        glassBackLayer = ""
        drinkLayer = ""
        innerRim = ""
        glassReflection = ""
    }
}

enum ImageSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [CocktailImage.self] }
}
