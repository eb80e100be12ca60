import Foundation
import SwiftData

/// Shipped in 1.0. Frozen: never edit it, add a new version instead.
enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Entry.self] }

    @Model final class Trip {
        var name: String
        var startDate: Date
        @Relationship(deleteRule: .cascade, inverse: \Entry.trip) var entries: [Entry] = []
        init(name: String, startDate: Date) {
            self.name = name
            self.startDate = startDate
        }
    }

    @Model final class Entry {
        var text: String = ""
        var trip: Trip?
        init() {}
    }
}
