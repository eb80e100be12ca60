import Foundation

struct Coordinates: Codable, Hashable {
    var latitude: Double
    var longitude: Double
}
