import Foundation
import SwiftData

enum SchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Journey.self, Halt.self, Label.self] }

    /// Was `Trip` in 1.0.
    @Model
    final class Journey {
        var title: String = ""
        @Relationship(deleteRule: .cascade, inverse: \Halt.trip) var stops: [Halt]? = []
        init() {}
    }

    @Model
    final class Halt {
        var name: String = ""
        var trip: Journey?
        init() {}
    }

    @Model
    final class Label {
        @Attribute(.unique, originalName: "id") var code: String = ""
        var text: String = ""
        init() {}
    }
}
