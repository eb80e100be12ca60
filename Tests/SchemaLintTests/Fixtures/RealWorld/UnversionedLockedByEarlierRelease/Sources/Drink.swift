import Foundation
import SwiftData
import SwiftUI

@Model
final class Drink {
    var name: String
    var tags: Tags = Tags()
    var glassColor: Color.Resolved

    init(name: String, glassColor: Color.Resolved) {
        self.name = name
        self.glassColor = glassColor
    }
}
