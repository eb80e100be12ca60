import SwiftData

enum Persistence {
    static func container() throws -> ModelContainer {
        try ModelContainer(for: Habit.self, Check.self, Badge.self, migrationPlan: HabitsPlan.self)
    }

    static func previewContainer() throws -> ModelContainer {
        try ModelContainer(for: HabitsV3.Habit.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
