import SchemaLintEngine
import SchemaLintFacts
import XCTest

/// One helper opens two apps' worth of stores: each call passes its own schema, plan and configurations, and the
/// helper falls back to a container without the plan on the same configurations when the first open throws
/// (Chinendar). Each call is its own pair of containers on its own store; a container opens with its own version
/// beside an inert plan, and one whose version its plan's stages cannot reach is reported once, as not opening.
final class HelperPlanPerCallTests: XCTestCase {
    private func app(localPlanSchemas: String, localStages: String = "[]", call: String) -> String {
        """
        import SwiftData

        func open(
            _ schema: Schema, plan: SchemaMigrationPlan.Type?, configurations: [ModelConfiguration]
        ) -> ModelContainer {
            do {
                return try ModelContainer(for: schema, migrationPlan: plan, configurations: configurations)
            } catch {
                return try! ModelContainer(for: schema, configurations: configurations)
            }
        }

        enum Stores {
            static let main: ModelContainer = {
                let schema = Schema(versionedSchema: MainV2.self)
                let configuration = ModelConfiguration("MainData", schema: schema)
                return open(schema, plan: MainPlan.self, configurations: [configuration])
            }()
            static func local() -> ModelContainer {
                \(call)
            }
        }

        enum MainV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [Theme.self] }
            @Model final class Theme { var name: String = ""; init() {} }
        }
        enum MainV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Theme.self] }
            @Model final class Theme { var name: String = ""; var size: Int = 0; init() {} }
        }
        enum MainPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [MainV1.self, MainV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: MainV1.self, toVersion: MainV2.self)] }
        }
        enum LocalV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [Stat.self] }
            @Model final class Stat { var name: String = ""; init() {} }
        }
        enum LocalV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Stat.self, Pin.self] }
            @Model final class Stat { var name: String = ""; init() {} }
            @Model final class Pin { var name: String = ""; init() {} }
        }
        enum LocalPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { \(localPlanSchemas) }
            static var stages: [MigrationStage] { \(localStages) }
        }
        """
    }

    private let calls = [
        """
        let schema = Schema(versionedSchema: LocalV2.self)
                let configuration = ModelConfiguration("LocalData", schema: schema)
                return open(schema, plan: LocalPlan.self, configurations: [configuration])
        """,
        """
        open(Schema(versionedSchema: LocalV2.self), plan: LocalPlan.self, configurations: [Configs.local])
        """,
    ]

    private func findings(_ source: String) -> [String] {
        let extra = "import SwiftData\nenum Configs { static let local = ModelConfiguration(\"LocalData\") }\n"
        return TestSupport.analyze(["App.swift": source, "Configs.swift": extra]).findings
            .filter { $0.rule != .lockfileMissing }.map { "\($0.rule)" }
    }

    func testEachCallOpensItsOwnStoreWithItsOwnVersion() {
        for call in calls {
            // An inert plan beside a wider version: both containers of the call open LocalData with LocalV2.
            XCTAssertEqual(findings(app(localPlanSchemas: "[LocalV1.self]", call: call)), [], call)
            // The plan reaches LocalV2: nothing to say either.
            XCTAssertEqual(
                findings(
                    app(
                        localPlanSchemas: "[LocalV1.self, LocalV2.self]",
                        localStages: "[.lightweight(fromVersion: LocalV1.self, toVersion: LocalV2.self)]", call: call)),
                [], call)
        }
    }

    func testAVersionItsPlanCannotReachIsSaidOnceAsNotOpening() {
        // The plan has a stage but ends at LocalV1: the container with the plan does not open; its fallback's store
        // is not said to be shared with it.
        let source = app(
            localPlanSchemas: "[LocalV0.self, LocalV1.self]",
            localStages: "[.lightweight(fromVersion: LocalV0.self, toVersion: LocalV1.self)]", call: calls[0])
            + """

            enum LocalV0: VersionedSchema {
                static var versionIdentifier: Schema.Version { .init(0, 1, 0) }
                static var models: [any PersistentModel.Type] { [Stat.self] }
                @Model final class Stat { var title: String = ""; init() {} }
            }
            """
        let found = findings(source)
        XCTAssertTrue(found.contains("container_models_not_in_schema"), "\(found)")
        XCTAssertFalse(found.contains("store_opened_with_different_models"), "\(found)")
    }
}
