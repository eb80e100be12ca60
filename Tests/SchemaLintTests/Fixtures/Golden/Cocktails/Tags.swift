// Search tags, in a file with no SwiftData word: schemalint finds these declarations in its second pass.

/// A composite whose fields are arrays: of raw-value enums (`flavors`, `profiles`, `styles`) and of Codable
/// structs (`booze`, `nA`).
struct Tags: Codable {
    var flavors: [Flavor]?
    var profiles: [Profile]?
    var styles: [Style]?
    var booze: [Booze]?
    var nA: [NAIngredients]?
}
