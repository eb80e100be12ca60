import Foundation
import SwiftData

/// Counts parses per day; opened on its own so the parser can run without the UI.
actor UsageMeter {
    private let container: ModelContainer

    init() throws {
        let configuration = ModelConfiguration(groupContainer: .identifier("group.com.example.payslips"))
        container = try ModelContainer(for: ParseUsage.self, configurations: configuration)
    }
}
