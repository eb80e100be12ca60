import Foundation
import SwiftData

/// Shipped in 1.1: trips gained an optional cover photo and entries a mood.
enum SchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Entry.self] }

    @Model final class Trip {
        var name: String
        var startDate: Date
        @Attribute(.externalStorage) var coverPhoto: Data?
        @Relationship(deleteRule: .cascade, inverse: \Entry.trip) var entries: [Entry] = []
        init(name: String, startDate: Date) {
            self.name = name
            self.startDate = startDate
        }
    }

    @Model final class Entry {
        var text: String = ""
        var mood: Int = 0
        var trip: Trip?
        init() {}
    }
}
