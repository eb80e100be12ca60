import Foundation
import SwiftData

@Model
final class Cocktail {
    #Index<Cocktail>([\.cocktailName], [\.collectionName], [\.cocktailName, \.collectionName])

    var id = UUID()
    @Attribute(.unique) var cocktailName: String
    var glasswareType: Glassware
    @Relationship(deleteRule: .nullify, inverse: \Garnish.cocktails) var garnish: [Garnish]
    var ice: Ice?
    var author: Author?
    @Relationship(deleteRule: .cascade) var spec: [Ingredient]
    var buildOrder: Build?
    var notes: String?
    /// Worked out from `spec` on demand; only `compiledTags` is kept.
    @Transient var tags: Tags = Tags()
    var compiledTags: Tags = Tags()
    var variation: Variation?
    var variationName: String?
    var collection: CocktailCollection?
    var isCustomCocktail: Bool
    var collectionName: String
    var titleCocktail: Bool?
    var favorite: Bool
    var historicSpec: HistoricSpec?

    init(name: String, glass: Glassware, collectionName: String) {
        cocktailName = name
        glasswareType = glass
        garnish = []
        spec = []
        isCustomCocktail = false
        self.collectionName = collectionName
        favorite = false
    }
}

@Model
final class Garnish {
    #Unique<Garnish>([\.name])
    var name: String
    var cocktails: [Cocktail]?

    init(name: String) { self.name = name }
}

struct Author: Codable {
    var id = UUID()
    var person: String?
    var place: String?
    var year: String?
}

struct Build: Codable {
    var instructions: [Instruction]
}

struct Instruction: Codable {
    var id = UUID()
    var step: Int
    var method: String
}

enum Glassware: String, Codable { case coupe = "Coupe", rocks = "Rocks" }
enum Ice: String, Codable { case cubed = "Cubed", crushed = "Crushed" }
enum Variation: String, Codable { case sour = "Sour" }
enum CocktailCollection: Int, Codable { case house, classics }

/// No raw values: stored as one optional String element per case.
enum HistoricSpec: Codable {
    case algonquin, alaska, betweenTheSheets, bloodAndSand, bramble, bobbyBurns, chocolateCocktail, elDiablo
    case fogCutter, ginFizz, gimlet, silverFizz, hotToddy, mexicanFiringSquad, modernCocktail
}
