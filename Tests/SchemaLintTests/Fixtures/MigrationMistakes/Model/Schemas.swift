import Foundation
import SwiftData

enum HabitsV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Habit.self] }
}

enum HabitsV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Habit.self, Check.self] }

    @Model final class Habit {
        var title: String = ""
        var streak: String = "0"
        @Attribute(.unique) var code: Int = 0
        var archived: Bool
        var owner: Owner
        init(owner: Owner) { self.archived = false; self.owner = owner }
    }

    @Model final class Check {
        var day: Date = Date()
        init() {}
    }

    @Model final class Owner {
        var name: String = ""
        init() {}
    }
}

enum HabitsV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 5, 0)
    static var models: [any PersistentModel.Type] { [Habit.self, Check.self, HabitsV2.Owner.self] }

    @Model final class Habit {
        var title: String = ""
        var streak: String = "0"
        var code: Int = 0
        var archived: Bool
        var owner: HabitsV2.Owner
        init(owner: HabitsV2.Owner) { self.archived = false; self.owner = owner }
    }

    @Model final class Check {
        var day: Date = Date()
        var done: Bool = true
        init() {}
    }
}

typealias Check = HabitsV2.Check
