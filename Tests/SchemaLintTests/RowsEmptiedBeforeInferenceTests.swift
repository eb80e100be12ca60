import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A custom stage whose `willMigrate` deletes every row of a model one by one, after keeping what it needs for
/// `didMigrate` (SwiftDataSugar, field test 26): the entity is empty when Core Data infers the step, so a required
/// attribute the next version adds fails no store. Deleting only the rows a predicate picks leaves the others.
final class RowsEmptiedBeforeInferenceTests: XCTestCase {
    private static func app(willMigrate: String) -> String {
        """
        import SwiftData
        import Foundation

        enum ItemsV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; init() {} }
        }

        enum ItemsV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item {
                var name: String = ""
                var note: String
                init(name: String, note: String) { self.name = name; self.note = note }
            }
        }

        enum ItemsPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ItemsV1.self, ItemsV2.self] }
            static var stages: [MigrationStage] { [stage] }
            nonisolated(unsafe) static var kept: [String] = []
            static let stage = MigrationStage.custom(
                fromVersion: ItemsV1.self, toVersion: ItemsV2.self,
                willMigrate: { context in
        \(willMigrate)
                    try context.save()
                },
                didMigrate: { context in
                    for name in kept { context.insert(ItemsV2.Item(name: name, note: "")) }
                    try context.save()
                })
        }

        let container = try! ModelContainer(for: ItemsV2.Item.self, migrationPlan: ItemsPlan.self)
        """
    }

    private static let emptying: [(name: String, code: String)] = [
        (
            "rows kept, then a for loop",
            """
                        let old = try context.fetch(FetchDescriptor<ItemsV1.Item>())
                        kept = old.map { $0.name }
                        for item in old { context.delete(item) }
            """
        ),
        (
            "rows kept, then forEach",
            """
                        let old = try context.fetch(FetchDescriptor<ItemsV1.Item>(sortBy: [SortDescriptor(\\.name)]))
                        kept = old.map(\\.name)
                        old.forEach { context.delete($0) }
            """
        ),
        (
            "a descriptor in a variable, rows kept in a loop that deletes",
            """
                        let descriptor = FetchDescriptor<ItemsV1.Item>()
                        let old = try context.fetch(descriptor)
                        for item in old { kept.append(item.name) }
                        for item in old { try context.delete(item) }
            """
        ),
    ]

    func testEveryRowDeletedOneByOneEmptiesTheEntity() {
        for spelling in Self.emptying {
            let analysis = TestSupport.analyze(["App/Schema.swift": Self.app(willMigrate: spelling.code)])
            XCTAssertFalse(
                analysis.findings.contains { $0.rule == .lightweightUnsupportedChange },
                "\(spelling.name): \(TestSupport.summary(analysis.findings))")
        }
    }

    /// Control: only the rows a predicate picks are deleted; the others reach the step without a note.
    func testRowsAPredicatePicksLeaveTheOthers() {
        let code = """
                        let empty = #Predicate<ItemsV1.Item> { $0.name == "" }
                        let old = try context.fetch(FetchDescriptor<ItemsV1.Item>(predicate: empty))
                        kept = old.map { $0.name }
                        for item in old { context.delete(item) }
            """
        let analysis = TestSupport.analyze(["App/Schema.swift": Self.app(willMigrate: code)])
        XCTAssertEqual(
            analysis.findings.filter { $0.rule == .lightweightUnsupportedChange }.count, 1,
            "\(TestSupport.summary(analysis.findings))")
    }
}
