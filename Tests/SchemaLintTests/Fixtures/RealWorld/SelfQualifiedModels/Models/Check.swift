import Foundation
import SwiftData

typealias Check = RoutinesSchemaV3.Check

extension RoutinesSchemaV2 {
    @Model
    final class Check {
        var day: Date
        var routine: RoutinesSchemaV2.Routine?

        init(day: Date) {
            self.day = day
        }
    }
}

extension RoutinesSchemaV3 {
    @Model
    final class Check {
        var day: Date
        var note: String?
        var routine: RoutinesSchemaV3.Routine?

        init(day: Date) {
            self.day = day
        }
    }
}
