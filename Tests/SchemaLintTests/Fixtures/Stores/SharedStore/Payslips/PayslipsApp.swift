import SwiftData
import SwiftUI

@main
struct PayslipsApp: App {
    let container: ModelContainer = {
        let schema = Schema([Payslip.self, ParseUsage.self])
        let configuration = ModelConfiguration(
            schema: schema, groupContainer: .identifier("group.com.example.payslips"))
        return try! ModelContainer(for: schema, configurations: configuration)
    }()

    var body: some Scene {
        WindowGroup { Text("Payslips") }
            .modelContainer(container)
    }
}
