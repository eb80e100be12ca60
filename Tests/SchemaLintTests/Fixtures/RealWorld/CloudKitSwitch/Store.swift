import Foundation
import SwiftData

enum LedgerV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }
    @Model final class Account {
        @Attribute(.unique) var number: String
        var owner: String
        var opened: Date
        @Relationship(deleteRule: .cascade, inverse: \Entry.account) var entries = [Entry]()
        init(number: String, owner: String, opened: Date) {
            self.number = number
            self.owner = owner
            self.opened = opened
        }
    }
    @Model final class Entry {
        var amount: Decimal
        var account: Account?
        init(amount: Decimal) { self.amount = amount }
    }
}

enum LedgerV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Account.self, Entry.self] }
    @Model final class Account {
        @Attribute(.unique) var number: String
        var owner: String
        var opened: Date
        var note: String?
        @Relationship(deleteRule: .cascade, inverse: \Entry.account) var entries = [Entry]()
        init(number: String, owner: String, opened: Date) {
            self.number = number
            self.owner = owner
            self.opened = opened
        }
    }
    @Model final class Entry {
        var amount: Decimal
        var account: Account?
        init(amount: Decimal) { self.amount = amount }
    }
}

enum LedgerPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [LedgerV1.self, LedgerV2.self] }
    static var stages: [MigrationStage] { [migrateV1toV2] }

    /// Only logs: the step adds an optional property.
    static let migrateV1toV2 = MigrationStage.custom(
        fromVersion: LedgerV1.self,
        toVersion: LedgerV2.self,
        willMigrate: { _ in print("migrating the ledger") },
        didMigrate: { context in try context.save() }
    )
}

enum LedgerStore {
    /// CloudKit sync is a future feature: every caller passes `cloudKit: false` today.
    static func create(cloudKit: Bool = false, inMemory: Bool = false) throws -> ModelContainer {
        let configuration = ModelConfiguration(
            schema: Schema(versionedSchema: LedgerV2.self),
            isStoredInMemoryOnly: inMemory,
            cloudKitDatabase: cloudKit ? .automatic : .none
        )
        return try ModelContainer(for: Schema(versionedSchema: LedgerV2.self), migrationPlan: LedgerPlan.self,
                                  configurations: configuration)
    }

    static func shared() throws -> ModelContainer { try create(cloudKit: false) }
    static func forTesting() throws -> ModelContainer { try create(inMemory: true) }
}
