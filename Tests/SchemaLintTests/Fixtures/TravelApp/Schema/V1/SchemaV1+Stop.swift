import Foundation
import SwiftData

extension SchemaV1 {
    @Model
    final class Stop {
        var title: String = ""
        var arrival: Date?
        var location: Coordinates?
        var trip: Trip?

        init() {}
    }
}
