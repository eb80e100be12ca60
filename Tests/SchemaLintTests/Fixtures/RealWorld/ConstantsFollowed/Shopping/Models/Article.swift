import Foundation
import SwiftData

@Model
final class Article {
    var name: String = ""
    var shop: Shop?
    init(name: String) { self.name = name }
}

@Model
final class Shop {
    var name: String = ""
    @Relationship(inverse: \Article.shop) var articles: [Article] = []
    init() {}
}

/// Counts how often a peer merged a category: inserted during sync, related to nothing.
@Model
final class PeerMergeCounter {
    var peer: String = ""
    var count: Int = 0
    init(peer: String) { self.peer = peer }
}
