import Foundation
import SwiftData

@Model
final class Station {
    var name: String = ""
    var bikesAvailable: Int = 0
    var updatedAt: Date = Date()
    init(name: String) { self.name = name }
}
