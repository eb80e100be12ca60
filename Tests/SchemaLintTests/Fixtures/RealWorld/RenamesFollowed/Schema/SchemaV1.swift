import Foundation
import SwiftData

enum SchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Stop.self, Label.self] }

    @Model
    final class Trip {
        var title: String = ""
        @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop]? = []
        init() {}
    }

    @Model
    final class Stop {
        var name: String = ""
        var trip: Trip?
        init() {}
    }

    @Model
    final class Label {
        @Attribute(.unique) var id: String = ""
        var text: String = ""
        init() {}
    }
}
