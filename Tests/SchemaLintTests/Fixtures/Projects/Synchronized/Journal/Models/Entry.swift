import Foundation
import SwiftData

@Model
final class Entry {
    var text: String = ""
    var writtenAt: Date = Date()
    init(text: String) { self.text = text }
}
