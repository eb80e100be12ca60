import SwiftData
import SwiftUI

@main
struct TrainingApp: App {
    var body: some Scene {
        WindowGroup { Text("Training") }
            .modelContainer(for: Session.self, migrationPlan: SessionPlan.self)
    }
}
