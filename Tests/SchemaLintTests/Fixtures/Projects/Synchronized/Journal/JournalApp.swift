import SwiftData
import SwiftUI

@main
struct JournalApp: App {
    var body: some Scene {
        WindowGroup { Text("Journal") }
            .modelContainer(for: Entry.self)
    }
}
