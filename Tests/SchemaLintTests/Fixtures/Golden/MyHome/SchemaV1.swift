import Foundation
import SwiftData

enum SchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Expense.self] }

    @Model
    final class Expense {
        var id: UUID = UUID()
        var amount: Decimal = Decimal(0)
        var currencyCode: String = "INR"
        var date: Date = Date()
        var note: String? = nil
        var createdAt: Date = Date()
        var updatedAt: Date = Date()
        init() {}
    }
}
