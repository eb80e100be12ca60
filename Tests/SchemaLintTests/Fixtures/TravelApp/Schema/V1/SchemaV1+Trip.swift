import Foundation
import SwiftData

extension SchemaV1 {
    @Model
    final class Trip {
        var name: String
        var startDate: Date
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip)
        var stops: [Stop] = []

        init(name: String, startDate: Date) {
            self.name = name
            self.startDate = startDate
        }
    }
}
