import Foundation
import SwiftData

extension JournalSchema {
    enum SchemaV12: VersionedSchema {
        typealias Reminder = SchemaV11.Reminder
        static let versionIdentifier = Schema.Version(1, 2, 0)
        static let models: [any PersistentModel.Type] = [Event.self, Reminder.self]

        @Model final class Event {
            @Attribute(originalName: "title") var headline: String = ""
            var date: Date = Date.now
            var mood: Mood?
            var summary: String = ""
            init() {}
        }
    }
}

extension JournalSchema.MigrationPlan {
    static let migrateV11toV12 = MigrationStage.custom(
        fromVersion: JournalSchema.SchemaV11.self,
        toVersion: JournalSchema.SchemaV12.self,
        willMigrate: nil
    ) { context in
        let events = try context.fetch(FetchDescriptor<JournalSchema.SchemaV12.Event>())
        for event in events where event.summary.isEmpty {
            event.summary = String(event.headline.prefix(40))
        }
        do {
            try context.save()
        } catch {
            throw error
        }
    }
}
