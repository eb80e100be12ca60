enum Flavor: String, Codable { case sour, bitter, sweet }

struct Spirit: Codable, Hashable {
    var name: String
    var proof: Int
}
