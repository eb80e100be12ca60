import Foundation
import SwiftData

@Model final class Payslip {
    var month: String = ""
    var net: Decimal = 0
    init(month: String) { self.month = month }
}

@Model final class ParseUsage {
    var day: Date = Date.now
    var count: Int = 0
    init() {}
}

enum SharedStore {
    static let appGroup = "group.com.example.payslips"
}
