import Foundation
import SwiftData

// The app's live models, edited freely between releases.
@Model final class Habit {
    var name: String = ""
    var streak: Int = 0
    var archived: Bool
    init(archived: Bool = false) { self.archived = archived }
}

@Model final class Badge {
    var title: String = ""
    init() {}
}
