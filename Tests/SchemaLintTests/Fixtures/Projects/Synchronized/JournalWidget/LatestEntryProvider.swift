import SwiftData
import WidgetKit

/// Reads the newest entry from the app's store for the widget.
struct LatestEntryProvider {
    func latest() throws -> String? {
        let container = try ModelContainer(for: Entry.self)
        var newest = FetchDescriptor<Entry>(sortBy: [SortDescriptor(\.writtenAt, order: .reverse)])
        newest.fetchLimit = 1
        return try ModelContext(container).fetch(newest).first?.text
    }
}
