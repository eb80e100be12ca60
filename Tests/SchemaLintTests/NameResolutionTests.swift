import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Names resolve the way Swift resolves them: the enclosing version first, then member typealiases, then top level.
final class NameResolutionTests: XCTestCase {
    func entityNames(_ analysis: Analysis, _ key: String) -> [String] {
        let version = analysis.project.versions.first { $0.key == key }!
        return version.listedEntities.map { analysis.project.entities[$0]!.qualifiedName }
    }

    func testNestedTypeWinsOverTopLevelTypealias() {
        let analysis = TestSupport.analyze([
            "V1.swift": """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
            }
            """,
            "V1+Trip.swift": "extension SchemaV1 { @Model final class Trip { var name: String = \"\"; init() {} } }",
            "V2.swift": """
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip { var name: String = ""; var days: Int = 0; init() {} }
            }
            typealias Trip = SchemaV2.Trip
            """,
        ])
        XCTAssertEqual(entityNames(analysis, "SchemaV1"), ["SchemaV1.Trip"])
        XCTAssertEqual(entityNames(analysis, "SchemaV2"), ["SchemaV2.Trip"])
    }

    func testMemberTypealiasesChainBackThroughVersions() {
        let analysis = TestSupport.analyze(
            """
            enum SchemaV10: VersionedSchema {
                static var versionIdentifier = Schema.Version(10, 0, 0)
                static var models: [any PersistentModel.Type] { [Event.self] }
                @Model final class Event { var title: String = ""; init() {} }
            }
            enum SchemaV11: VersionedSchema {
                typealias Event = SchemaV10.Event
                static var versionIdentifier = Schema.Version(11, 0, 0)
                static var models: [any PersistentModel.Type] { [Event.self, Reminder.self] }
                @Model final class Reminder { var event: Event?; init() {} }
            }
            enum SchemaV12: VersionedSchema {
                typealias Event = SchemaV11.Event
                typealias Reminder = SchemaV11.Reminder
                static var versionIdentifier = Schema.Version(12, 0, 0)
                static var models: [any PersistentModel.Type] { [Event.self, Reminder.self] }
            }
            """)
        XCTAssertEqual(entityNames(analysis, "SchemaV12"), ["SchemaV10.Event", "SchemaV11.Reminder"])
    }

    func testVersionsNestedInAPrivateExtensionAndQualifiedNames() {
        let analysis = TestSupport.analyze([
            "App.swift": "struct SomeApp {}",
            "Schema.swift": """
            private extension SomeApp {
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [SomeApp.SchemaV1.Note.self] }
                    @Model final class Note { var text: String = ""; init() {} }
                }
            }
            """,
        ])
        XCTAssertEqual(analysis.versions.map(\.key), ["SomeApp.SchemaV1"])
        XCTAssertEqual(entityNames(analysis, "SomeApp.SchemaV1"), ["SomeApp.SchemaV1.Note"])
    }

    func testTwoAppsInOneTreeEachResolveTheirOwnTypes() {
        let v1 = { (field: String) in
            """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
            }
            extension SchemaV1 { @Model final class Item { var \(field): String = ""; init() {} } }
            """
        }
        let analysis = TestSupport.analyze([
            "AppA/Model/Schema.swift": v1("title"), "AppB/Sources/Schema.swift": v1("label"),
        ])
        XCTAssertEqual(analysis.versions.map(\.key), ["AppA/SchemaV1", "AppB/SchemaV1"])
        let props = analysis.versions.map { $0.snapshot.flatMap { $0.properties.map(\.name) } }
        XCTAssertEqual(props, [["title"], ["label"]])
    }

    func testCommentsStringsAndDisabledBranchesAreNotCode() {
        let analysis = TestSupport.analyze(
            """
            /*
            enum SchemaV0: VersionedSchema {
                static var versionIdentifier = Schema.Version(0, 1, 0)
                static var models: [any PersistentModel.Type] { [] }
            }
            */
            let snippet = \"\"\"
            enum SchemaV9: VersionedSchema { static var versionIdentifier = Schema.Version(9, 0, 0) }
            \"\"\"
            #if false
            enum SchemaV8: VersionedSchema { static var versionIdentifier = Schema.Version(8, 0, 0) }
            #elseif canImport(SwiftData)
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }
            #endif
            """)
        XCTAssertEqual(analysis.versions.map(\.key), ["SchemaV1"])
    }

    /// Users run the release build: a debug-only unversioned container is not the app's store, the `#else` one is (a
    /// public gym app opened `ModelContainer(for: schema)` under `#if DEBUG` and its plan otherwise, and got five
    /// `shipped_version_not_in_plan` errors for states only debug builds wrote).
    func testTheReleaseBuildsContainerIsTheAppsContainer() {
        let analysis = TestSupport.analyze(
            """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Workout.self] }
                @Model final class Workout { var name: String = ""; init() {} }
            }
            enum GymPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            func makeContainer() throws -> ModelContainer {
                #if DEBUG
                return try ModelContainer(for: Schema([SchemaV1.Workout.self]))
                #else
                return try ModelContainer(for: Schema(versionedSchema: SchemaV1.self), migrationPlan: GymPlan.self)
                #endif
            }
            """)
        let containers = analysis.project.containers.filter { $0.purpose == .app }
        XCTAssertEqual(containers.count, 1)
        XCTAssertEqual(containers.first.flatMap { $0.plan }.map { analysis.project.symbols[$0].name }, "GymPlan")
        XCTAssertEqual(analysis.versions.map(\.key), ["SchemaV1"], "no implicit version from the debug container")
    }

    func testAProjectWithItsOwnVersionedSchemaProtocolIsNotSwiftData() {
        let analysis = TestSupport.analyze(
            """
            protocol VersionedSchema { static var version: Int { get } }
            enum SchemaV1: VersionedSchema { static var version = 1 }
            enum SchemaV2: VersionedSchema { static var version = 1 }
            """)
        XCTAssertEqual(analysis.versions.count, 0)
        XCTAssertEqual(analysis.findings, [])
    }

    func testInverseKeyPathsResolveFromWhereTheyAreWritten() {
        let analysis = TestSupport.analyze(
            """
            typealias Transaction = SchemaV2.Transaction
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Asset.self, Transaction.self] }
                @Model final class Asset {
                    @Relationship(inverse: \\Transaction.asset) var transactions: [Transaction] = []
                    init() {}
                }
                @Model final class Transaction { var asset: Asset?; init() {} }
            }
            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Asset.self, Transaction.self] }
                @Model final class Asset {
                    @Relationship(inverse: \\Transaction.asset) var transactions: [Transaction] = []
                    var name: String?
                    init() {}
                }
                @Model final class Transaction { var asset: Asset?; init() {} }
            }
            """)
        XCTAssertEqual(analysis.findings, [])
        let asset = analysis.project.entities.values.first { $0.qualifiedName == "SchemaV1.Asset" }!
        XCTAssertEqual(
            analysis.project.entities[asset.properties[0].relationship!.inverse!.entity!]!.qualifiedName,
            "SchemaV1.Transaction")
    }
}
