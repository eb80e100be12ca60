import Foundation
import SwiftData

@Model
final class Tag {
    var name: String = ""
    var item: Item?

    init(name: String) {
        self.name = name
    }
}

extension Tag: Comparable {
    static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.name < rhs.name }
}
