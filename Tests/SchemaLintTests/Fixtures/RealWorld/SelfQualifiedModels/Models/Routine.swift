import Foundation
import SwiftData

/// The app writes `Routine` everywhere; the name follows the newest version.
typealias Routine = RoutinesSchemaV3.Routine

extension RoutinesSchemaV2 {
    @Model
    final class Routine {
        @Attribute(.unique) var id: UUID
        var title: String
        var colour: String = "base"
        @Relationship(deleteRule: .cascade, inverse: \RoutinesSchemaV2.Check.routine)
        var checks: [RoutinesSchemaV2.Check] = []

        init(title: String) {
            self.id = UUID()
            self.title = title
        }
    }
}

extension RoutinesSchemaV3 {
    @Model
    final class Routine {
        @Attribute(.unique) var id: UUID
        var title: String
        var colour: String = "base"
        var reminder: Date?
        @Relationship(deleteRule: .cascade, inverse: \RoutinesSchemaV3.Check.routine)
        var checks: [RoutinesSchemaV3.Check] = []

        init(title: String) {
            self.id = UUID()
            self.title = title
        }
    }
}

extension Routine {
    var isDue: Bool { reminder.map { $0 < .now } ?? false }
}
