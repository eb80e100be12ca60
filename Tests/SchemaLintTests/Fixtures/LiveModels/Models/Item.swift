import Foundation
import SwiftData

/// The live model: app code uses it directly, and the newest version lists it.
@Model
final class Item: Identifiable {
    var title: String = ""
    var createdAt: Date = Date.now
    var priority: Priority = Priority.normal
    @Relationship(deleteRule: .cascade, inverse: \Tag.item)
    var tags: [Tag] = []

    var isUrgent: Bool { priority == .high }

    init(title: String) {
        self.title = title
    }

    enum Priority: String, Codable {
        case low, normal, high
    }
}
