import Foundation
import SwiftData

extension JournalSchema {
    enum SchemaV11: VersionedSchema {
        typealias Event = SchemaV10.Event
        static let versionIdentifier = Schema.Version(1, 1, 0)
        static let models: [any PersistentModel.Type] = [Event.self, Reminder.self]
    }
}

extension JournalSchema.SchemaV11 {
    @Model final class Reminder {
        var note: String?
        var fireDate: Date?
        init() {}
    }
}

extension JournalSchema.MigrationPlan {
    static let migrateV10toV11 = MigrationStage.lightweight(
        fromVersion: JournalSchema.SchemaV10.self,
        toVersion: JournalSchema.SchemaV11.self
    )
}
