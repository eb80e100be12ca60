import SwiftData
import SwiftUI

@main
struct JournalApp: App {
    @AppStorage("sync") private var sync = false

    var container: ModelContainer {
        let schema = Schema(versionedSchema: JournalSchema.SchemaV12.self)
        let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: .none)
        do {
            return try ModelContainer(for: schema, migrationPlan: JournalSchema.MigrationPlan.self, configurations: [configuration])
        } catch {
            fatalError("Could not open the journal: \(error)")
        }
    }

    var body: some Scene {
        WindowGroup { Text("Journal") }.modelContainer(container)
    }
}

typealias Event = JournalSchema.SchemaV12.Event
typealias Reminder = JournalSchema.SchemaV12.Reminder
typealias Mood = JournalSchema.Mood
