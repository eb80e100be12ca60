import SwiftData

/// The tvOS target keeps its own small store.
@Model final class Channel {
    var name: String = ""
    init() {}
}

enum TVStore {
    static func container() throws -> ModelContainer { try ModelContainer(for: Channel.self) }
}
