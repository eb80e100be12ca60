import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A property renamed between two versions whose custom stage reads the old one in `willMigrate` and sets the new one
/// in `didMigrate` (HabitTracker, field test 27: `completionDate` kept in a dictionary, then written as
/// `completionDates = [date]`): the stage carries the values, so no rename warning says they are dropped.
final class StageCarriedRenameTests: XCTestCase {
    private static func app(old: String, new: String, willMigrate: String, didMigrate: String) -> String {
        """
        import SwiftData
        import Foundation
        enum SchemaV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [DailyEntry.self] }
            @Model final class DailyEntry { var date: Date = Date(); \(old); init() {} }
        }
        enum SchemaV4: VersionedSchema {
            static var versionIdentifier = Schema.Version(4, 0, 0)
            static var models: [any PersistentModel.Type] { [DailyEntry.self] }
            @Model final class DailyEntry { var date: Date = Date(); \(new); init() {} }
        }
        enum Plan: SchemaMigrationPlan {
            nonisolated(unsafe) static var kept: [Date: Date] = [:]
            static var schemas: [any VersionedSchema.Type] { [SchemaV3.self, SchemaV4.self] }
            static var stages: [MigrationStage] { [migrateV3toV4] }
            static let migrateV3toV4 = MigrationStage.custom(
                fromVersion: SchemaV3.self, toVersion: SchemaV4.self,
                willMigrate: { context in
        \(willMigrate)
                },
                didMigrate: { context in
        \(didMigrate)
                    try context.save()
                })
        }
        let container = try! ModelContainer(
            for: Schema(versionedSchema: SchemaV4.self), migrationPlan: Plan.self)
        """
    }

    private static let keep = """
                    for entry in try context.fetch(FetchDescriptor<SchemaV3.DailyEntry>()) {
                        if let done = entry.completionDate { kept[entry.date] = done }
                    }
        """

    private func renames(_ text: String) -> [String] {
        TestSupport.summary(
            TestSupport.analyze(["App/Schema.swift": text]).findings.filter { $0.rule == .renameWithoutOriginalName })
    }

    func testAStageThatCarriesTheValuesIsNoRename() {
        let spellings = [
            (
                "retyped to a list",
                Self.app(
                    old: "var completionDate: Date?", new: "var completionDates: [Date] = []", willMigrate: Self.keep,
                    didMigrate: """
                                for item in try context.fetch(FetchDescriptor<SchemaV4.DailyEntry>()) {
                                    if let done = kept[item.date] { item.completionDates = [done] }
                                }
                    """)
            ),
            (
                "renamed, same type",
                Self.app(
                    old: "var completionDate: Date?", new: "var finishedAt: Date?", willMigrate: Self.keep,
                    didMigrate: """
                                for item in try context.fetch(FetchDescriptor<SchemaV4.DailyEntry>()) {
                                    item.finishedAt = kept[item.date]
                                }
                    """)
            ),
            (
                "set through forEach",
                Self.app(
                    old: "var completionDate: Date?", new: "var completionDates: [Date] = []", willMigrate: Self.keep,
                    didMigrate: """
                                try context.fetch(FetchDescriptor<SchemaV4.DailyEntry>()).forEach { item in
                                    item.completionDates = kept[item.date].map { [$0] } ?? []
                                }
                    """)
            ),
        ]
        for (name, text) in spellings {
            XCTAssertEqual(renames(text), [], name)
        }
    }

    /// Control: the stage never reads the old property: its values are dropped, and the warning stays.
    func testAStageThatDoesNotReadTheOldPropertyKeepsTheWarning() {
        let text = Self.app(
            old: "var completionDate: Date?", new: "var finishedAt: Date?",
            willMigrate: "            _ = try context.fetchCount(FetchDescriptor<SchemaV3.DailyEntry>())",
            didMigrate: """
                        for item in try context.fetch(FetchDescriptor<SchemaV4.DailyEntry>()) {
                            item.finishedAt = kept[item.date]
                        }
            """)
        XCTAssertEqual(renames(text).count, 1)
    }
}
