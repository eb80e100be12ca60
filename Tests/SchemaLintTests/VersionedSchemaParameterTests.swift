import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper given its version as a `VersionedSchema.Type` parameter with a default, and an optional URL left at
/// `nil` (inoutios: `setupModelContainer(for versionedSchema: ... = SchemaLatest.self, url: URL? = nil)`, called
/// with no arguments): the default version's store, and no store at a URL no call passes.
final class VersionedSchemaParameterTests: XCTestCase {
    private static let versions = """
        import Foundation
        import SwiftData

        typealias SchemaLatest = SchemaV2

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; init() {} }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; var notes: String?; init() {} }
        }

        enum MigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] {
                [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
            }
        }
        """

    /// The helper, written three ways: the schema in a local with a configuration given it, the schema written in
    /// the call, the configuration picked by an `if let` over the URL.
    private static let helpers = [
        """
        import Foundation
        import SwiftData
        func setupModelContainer(
            for versionedSchema: VersionedSchema.Type = SchemaLatest.self
        ) throws -> ModelContainer {
            let schema = Schema(versionedSchema: versionedSchema)
            return try ModelContainer(
                for: schema, migrationPlan: MigrationPlan.self, configurations: [ModelConfiguration(schema: schema)])
        }
        """,
        """
        import Foundation
        import SwiftData
        func setupModelContainer(
            for versionedSchema: VersionedSchema.Type = SchemaLatest.self
        ) throws -> ModelContainer {
            try ModelContainer(for: Schema(versionedSchema: versionedSchema), migrationPlan: MigrationPlan.self)
        }
        """,
        """
        import Foundation
        import SwiftData
        func setupModelContainer(
            for versionedSchema: VersionedSchema.Type = SchemaLatest.self, url: URL? = nil
        ) throws -> ModelContainer {
            let schema = Schema(versionedSchema: versionedSchema)
            let config = if let url = url {
                ModelConfiguration(schema: schema, url: url)
            } else {
                ModelConfiguration(schema: schema)
            }
            return try ModelContainer(for: schema, migrationPlan: MigrationPlan.self, configurations: [config])
        }
        """,
    ]

    private func app(_ call: String) -> String {
        """
        import SwiftData
        import SwiftUI

        @main struct ItemsApp: App {
            let container: ModelContainer = { try! \(call) }()
            var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
        }
        """
    }

    func testTheDefaultVersionsStoreAndNoOther() {
        for (index, helper) in Self.helpers.enumerated() {
            let analysis = TestSupport.analyze([
                "Items/Schema.swift": Self.versions, "Items/Container.swift": helper,
                "Items/ItemsApp.swift": app("setupModelContainer()"),
            ])
            XCTAssertEqual(analysis.notes, [], "helper \(index)")
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["default.store"], "helper \(index)")
            XCTAssertEqual(
                analysis.topology.stores.first?.versions.map(\.name).sorted(), ["SchemaV1", "SchemaV2"],
                "helper \(index)")
        }
    }

    /// A call passing an older version opens that version with the plan: the store fails to open, and is told.
    func testAVersionPassedIsTheOneOpened() {
        let analysis = TestSupport.analyze([
            "Items/Schema.swift": Self.versions, "Items/Container.swift": Self.helpers[1],
            "Items/ItemsApp.swift": app("setupModelContainer(for: SchemaV1.self)"),
        ])
        XCTAssertEqual(analysis.notes, [])
        XCTAssertEqual(
            TestSupport.summary(analysis.findings.filter { $0.rule == .containerModelsNotInSchema }),
            ["container_models_not_in_schema Items/Container.swift:6"])
    }

    /// A call passing a URL in a known folder: the `if let` takes it, and that file is the store.
    func testACallPassingAURLOpensThatFile() {
        let analysis = TestSupport.analyze([
            "Items/Schema.swift": Self.versions, "Items/Container.swift": Self.helpers[2],
            "Items/ItemsApp.swift": app(
                "setupModelContainer(url: URL.documentsDirectory.appending(path: \"I.store\"))"),
        ])
        XCTAssertEqual(analysis.notes, [])
        XCTAssertEqual(analysis.topology.stores.map(\.name), ["the store at Documents/I.store"])
    }
}
