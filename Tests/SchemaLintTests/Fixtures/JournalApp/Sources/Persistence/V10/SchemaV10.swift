import Foundation
import SwiftData

extension JournalSchema {
    enum SchemaV10: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static let models: [any PersistentModel.Type] = [
            Event.self,
        ]

        @Model final class Event {
            var title: String = ""
            var date: Date = Date.now
            init() {}
        }
    }
}
