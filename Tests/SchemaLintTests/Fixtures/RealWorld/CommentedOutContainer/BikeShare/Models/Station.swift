import Foundation
import SwiftData

@Model
final class Station {
    var name: String = ""
    var latitude: Double = 0
    var longitude: Double = 0
    @Relationship(deleteRule: .cascade, inverse: \Dock.station) var docks: [Dock]? = []

    init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

@Model
final class Dock {
    var number: Int = 0
    var station: Station?

    init(number: Int) {
        self.number = number
    }
}
