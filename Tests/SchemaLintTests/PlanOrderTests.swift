import SchemaLintEngine
import SchemaLintFacts
import XCTest

/// A plan whose `schemas` lists the newer version first, while the identifiers and the stages agree on the order,
/// migrates in identifier order: one warning on the list, and nothing built on the list's order (a stage going
/// backwards, the container's models missing from the newest version, a typealias pointing at an older one).
/// Written four ways; the controls keep the error where the identifiers or a stage disagree.
final class PlanOrderTests: XCTestCase {
    private let versions = """
        enum SchemaV4: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Layout.self] }
            @Model final class Layout { var name: String = ""; init() {} }
        }
        enum SchemaV5: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(3, 0, 0) }
            static var models: [any PersistentModel.Type] { [Layout.self] }
            @Model final class Layout { var name: String = ""; var size: Int = 0; init() {} }
        }
        typealias Layout = SchemaV5.Layout
        """

    private let container = """
        import SwiftUI
        @main struct CalendarApp: App {
            var body: some Scene {
                WindowGroup { Text("") }
                    .modelContainer(for: Schema(versionedSchema: SchemaV5.self), migrationPlan: Plan.self)
            }
        }
        """

    private func findings(_ plan: String) -> [String] {
        TestSupport.analyze(["Versions.swift": versions, "Plan.swift": plan, "App.swift": container]).findings
            .filter { $0.rule != .lockfileMissing }
            .map { "\($0.rule) \($0.severity) \($0.location.file):\($0.location.line)" }
    }

    func testAListWrittenNewestFirstIsReadInTheOrderItsIdentifiersAndStagesAgreeOn() {
        let spellings = [
            // A computed list and an inline stage.
            """
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV5.self, SchemaV4.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV4.self, toVersion: SchemaV5.self)]
                }
            }
            """,
            // Stored lists, the stage a member listed by name.
            """
            enum Plan: SchemaMigrationPlan {
                static let schemas: [any VersionedSchema.Type] = [SchemaV5.self, SchemaV4.self]
                static let stages: [MigrationStage] = [v4ToV5]
                static let v4ToV5 = MigrationStage.lightweight(fromVersion: SchemaV4.self, toVersion: SchemaV5.self)
            }
            """,
            // A `return` in the getter, a custom stage.
            """
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] {
                    return [
                        SchemaV5.self,
                        SchemaV4.self,
                    ]
                }
                static var stages: [MigrationStage] {
                    [MigrationStage.custom(fromVersion: SchemaV4.self, toVersion: SchemaV5.self, willMigrate: nil,
                                           didMigrate: nil)]
                }
            }
            """,
            // The list held by another type.
            """
            enum Versions { static let all: [any VersionedSchema.Type] = [SchemaV5.self, SchemaV4.self] }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { Versions.all }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV4.self, toVersion: SchemaV5.self)]
                }
            }
            """,
        ]
        for (index, plan) in spellings.enumerated() {
            let found = findings(plan)
            XCTAssertEqual(found.count, 1, "spelling \(index): \(found)")
            XCTAssertTrue(
                found.first?.hasPrefix("schemas_out_of_order warning Plan.swift:") == true, "\(index): \(found)")
        }
    }

    func testTheListStaysTheOrderWhereAStageOrTheIdentifiersDisagree() {
        // The stage goes from the higher identifier to the lower, as the list does: the plan migrates in the listed
        // order, and only the identifiers disagree (Bloom, field test 27: shipped that way for fourteen releases).
        let backwards = findings(
            """
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV5.self, SchemaV4.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV5.self, toVersion: SchemaV4.self)]
                }
            }
            """)
        XCTAssertTrue(backwards.contains { $0.hasPrefix("schemas_out_of_order warning Plan.swift:2") }, "\(backwards)")
        // Written oldest first: nothing to say about the order.
        let inOrder = findings(
            """
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV4.self, SchemaV5.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV4.self, toVersion: SchemaV5.self)]
                }
            }
            """)
        XCTAssertEqual(inOrder, [])
    }
}
