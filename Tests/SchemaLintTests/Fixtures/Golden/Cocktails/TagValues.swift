// The values a tag list holds, in yet another file: pass 2 finds them only by looking for the types `Tags`' fields
// name.

enum Flavor: String, Codable { case citrus = "Citrus", smoky = "Smoky" }
enum Profile: String, Codable { case bright = "Bright", rich = "Rich" }
enum Style: String, Codable { case shaken = "Shaken", stirred = "Stirred" }

struct Booze: Codable, Hashable {
    var name: String
}

struct NAIngredients: Codable, Hashable {
    var name: String
}
