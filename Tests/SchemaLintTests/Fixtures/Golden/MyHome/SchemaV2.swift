import Foundation
import SwiftData

enum SchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Expense.self, Category.self] }

    @Model
    final class Category {
        var id: UUID = UUID()
        var name: String? = nil
        var symbolName: String? = nil
        var sortOrder: Int = 0
        var monthlyBudget: Decimal? = nil
        var currencyCode: String = "INR"
        var createdAt: Date = Date()
        @Relationship(deleteRule: .nullify) var expenses: [SchemaV2.Expense] = []
        init() {}
    }

    @Model
    final class Expense {
        var id: UUID = UUID()
        var amount: Decimal = Decimal(0)
        var currencyCode: String = "INR"
        var date: Date = Date()
        var note: String? = nil
        var createdAt: Date = Date()
        var updatedAt: Date = Date()
        @Relationship(deleteRule: .nullify, inverse: \SchemaV2.Category.expenses)
        var categories: [SchemaV2.Category] = []
        init() {}
    }
}

enum MyHomeMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }
    static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
}
