import Foundation
import SwiftData

/// A namespace for the memo model: the app's container is unversioned and opens `Memo` and `Folder` directly.
enum MemoSchema: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Memo.self] }

    @Model final class Memo {
        var text: String = ""
        var createdAt: Date = Date.now
        var folderName: String?
        init(text: String) { self.text = text }
    }
}

typealias Memo = MemoSchema.Memo

@Model final class Folder {
    var name: String = ""
    var colorName: String = "yellow"
    init(name: String) { self.name = name }
}
