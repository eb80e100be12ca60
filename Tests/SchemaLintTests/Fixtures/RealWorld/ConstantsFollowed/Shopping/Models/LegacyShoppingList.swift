import Foundation
import SwiftData

/// The list model of the first prototype. Deprecated: nothing creates or reads it any more, and no version lists it;
/// it stays until a cleanup release deletes the file.
@Model
final class LegacyShoppingList {
    var title: String
    var createdAt: Date

    init(title: String) {
        self.title = title
        createdAt = Date()
    }
}
