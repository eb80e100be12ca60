import Foundation
import SwiftData

public enum ShowsMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] {
        [
            ShowsSchemaV1.self,
            ShowsSchemaV2.self,
            ShowsSchemaV3.self,
        ]
    }

    public static var stages: [MigrationStage] {
        [
            .lightweight(fromVersion: ShowsSchemaV1.self, toVersion: ShowsSchemaV2.self),
            .migrateV2toV3(),
        ]
    }
}

extension MigrationStage {
    private struct ShowRow: Sendable {
        let title: String
        let kind: ShowKind
        let addedAt: Date
    }

    /// Holds rows between the two closures, which run in different contexts.
    final class Carry<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func set(_ newValue: Value) { lock.withLock { value = newValue } }
        func get() -> Value { lock.withLock { value } }
    }

    static func migrateV2toV3() -> MigrationStage {
        let rows = Carry<[ShowRow]>([])

        return MigrationStage.custom(
            fromVersion: ShowsSchemaV2.self,
            toVersion: ShowsSchemaV3.self,
            willMigrate: { context in
                let old = try context.fetch(FetchDescriptor<ShowsSchemaV2.Show>())
                rows.set(
                    old.map { show in
                        let kind: ShowKind = show.kind == "movie" ? .movie : .series
                        context.delete(show)
                        return ShowRow(title: show.title, kind: kind, addedAt: show.addedAt)
                    })
                try context.save()
            },
            didMigrate: { context in
                for row in rows.get() {
                    context.insert(ShowsSchemaV3.Show(title: row.title, kind: row.kind, addedAt: row.addedAt))
                }
                try context.save()
            }
        )
    }
}
