import Foundation
import SwiftData

extension DataV2 {
    @Model
    final class User {
        var name: String?
        var email: String?
        var createdAt: Date?

        init(name: String? = nil, email: String? = nil, createdAt: Date? = nil) {
            self.name = name
            self.email = email
            self.createdAt = createdAt
        }
    }
}

extension DataV3 {
    @Model
    final class User {
        var name: String?
        var email: String?
        var createdAt: Date?
        @Relationship(deleteRule: .cascade, inverse: \Post.author) var posts: [Post]? = []
        init() {}
    }

    @Model
    final class Post {
        var title: String?
        var author: User?
        init() {}
    }
}
