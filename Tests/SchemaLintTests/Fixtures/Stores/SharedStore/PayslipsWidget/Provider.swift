import SwiftData
import WidgetKit

struct Provider: TimelineProvider {
    func container() throws -> ModelContainer {
        let configuration = ModelConfiguration(groupContainer: .identifier("group.com.example.payslips"))
        return try ModelContainer(for: Payslip.self, configurations: configuration)
    }

    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {}
}

struct SimpleEntry: TimelineEntry { let date: Date }
