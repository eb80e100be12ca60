import Foundation
import SwiftData

extension DataV1 {
    @Model
    final class User {
        var name: String?
        var createdAt: Date?

        init(name: String? = nil, createdAt: Date? = nil) {
            self.name = name
            self.createdAt = createdAt
        }
    }
}
