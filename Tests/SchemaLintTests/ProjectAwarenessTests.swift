import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// What the app really compiles and opens: constants followed to the containers that use them.
final class ProjectAwarenessTests: XCTestCase {
    /// A public shopping app's shape: the schema and the plan are constants of a namespace enum, a local copies one,
    /// a helper takes the plan as a defaulted parameter. A model inserted during sync is in no version: SwiftData
    /// cannot find it at run time (the app's own fix commit says so). A deprecated model nothing uses is in no
    /// version either, and nothing can fail for it (a public habit app's shape): not reported.
    func testConstantsLeadContainersToTheirSchemaAndPlan() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/ConstantsFollowed")
        let containers = analysis.project.containers.filter { $0.purpose == .app }
        XCTAssertEqual(containers.count, 2)
        for container in containers {
            XCTAssertEqual(container.versionedSchema.map { analysis.project.symbols[$0].name }, "ShoppingSchemaV1")
            XCTAssertEqual(container.plan.map { analysis.project.symbols[$0].name }, "ShoppingMigrationPlan")
        }
        XCTAssertEqual(
            TestSupport.summary(analysis.findings.filter { $0.rule != "lockfile_missing" }),
            ["unversioned_model Shopping/Models/Article.swift:20"])
    }

    /// A public bike-station app's shape: a template plan (two empty versions, both 1.0.0) that only a test names,
    /// and an orphan prototype version, while the app opens `ModelContainer(for: Station.self)`. Nothing there opens a
    /// user's store: the findings are notes that say so.
    func testPlansAndVersionsNoAppContainerOpensAreNotes() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/TemplatePlan")
        let findings = analysis.findings.filter { $0.rule != "lockfile_missing" }
        XCTAssertEqual(
            findings.map { "\($0.severity) \($0.rule) \($0.location.file):\($0.location.line)" },
            [
                "note model_missing_from_schema Bikes/Extensions/Schemas.swift:6",
                "note duplicate_version_identifier Bikes/Migration/MigrationPlan.swift:10",
                "note duplicate_schema_hash Bikes/Migration/MigrationPlan.swift:11",
            ])
        XCTAssertTrue(findings[0].message.detail.hasSuffix(
            "A note: no plan lists RackSchema and no app container opens it, so no user's store depends on it yet; "
                + "it is an error again the day one does"), findings[0].message.detail)
        XCTAssertTrue(findings[1].message.text.contains("only StationMigrationPlan, which no app container is given"))

        // The day the app opens the plan, they are errors again.
        var files = try TestSupport.sources(of: "RealWorld/TemplatePlan")
        files["Bikes/BikesApp.swift"] = files["Bikes/BikesApp.swift"]!.replacingOccurrences(
            of: "ModelContainer(for: Station.self)",
            with: "ModelContainer(for: Station.self, migrationPlan: StationMigrationPlan.self)")
        let opened = TestSupport.analyze(files).findings.filter { $0.rule != "lockfile_missing" }
        XCTAssertEqual(
            opened.filter { $0.rule == "duplicate_version_identifier" || $0.rule == "duplicate_schema_hash" }
                .map(\.severity), [.error, .error])
    }

    /// A repair helper (a public dictation app has five) copies the store to the temporary folder and opens the copy
    /// to read what it holds: that container never opens a user's store, so it needs no plan.
    func testAScratchContainerInTheTemporaryFolderIsNotTheUsersStore() throws {
        let app = """
            import SwiftData
            import SwiftUI

            enum NotesV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }

            enum NotesV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note { var text: String = ""; var pinned: Bool = false; init() {} }
            }

            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)]
                }
            }

            @main struct NotesApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: NotesV2.self), migrationPlan: NotesPlan.self)
                var body: some Scene { WindowGroup { Text("Notes") }.modelContainer(container) }
            }

            enum StoreRepair {
                /// Opens a copy of the store to see which version it holds, without touching the original.
                static func inspect(_ store: URL) throws -> Int {
                    let copy = FileManager.default.temporaryDirectory
                        .appendingPathComponent(UUID().uuidString).appendingPathExtension("store")
                    try FileManager.default.copyItem(at: store, to: copy)
                    let configuration = ModelConfiguration(url: copy)
                    let container = try ModelContainer(
                        for: Schema(versionedSchema: NotesV2.self), configurations: configuration)
                    return try ModelContext(container).fetchCount(FetchDescriptor<NotesV2.Note>())
                }
            }

            enum Maintenance {
                /// Run from a debug menu on the store the user picks.
                static func run(on store: URL) throws -> Int { try StoreRepair.inspect(store) }
            }
            """
        let analysis = TestSupport.analyze(["NotesApp.swift": app])
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app, .scratch])
        XCTAssertEqual(TestSupport.summary(analysis.findings.filter { $0.rule != "lockfile_missing" }), [])
        let kept = app.replacingOccurrences(of: "ModelConfiguration(url: copy)", with: "ModelConfiguration(url: store)")
        XCTAssertEqual(
            TestSupport.summary(TestSupport.analyze(["NotesApp.swift": kept]).findings.filter {
                $0.rule != "lockfile_missing"
            }), ["container_without_migration_plan NotesApp.swift:36"])
    }

    /// The constant's file has no SwiftData word (`Schema(` is not one): pass 2 finds it because a container names it.
    func testAConstantInAFileWithoutSwiftDataWordsIsFound() throws {
        let files = [
            "Shared/BudgetSchema.swift": """
                enum BudgetSchema {
                    static let schema = Schema([Expense.self])
                }
                """,
            "Shared/Expense.swift": """
                import SwiftData
                @Model final class Expense { var amount: Double = 0; init() {} }
                """,
            "App/StoreLoader.swift": """
                import SwiftData
                enum StoreLoader {
                    static func open() throws -> ModelContainer {
                        let schema = BudgetSchema.schema
                        return try ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema)])
                    }
                }
                """,
        ]
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(analysis.statistics.filesParsed, 3)
        XCTAssertEqual(analysis.project.containers.first?.models?.compactMap(\.entity).count, 1)
        XCTAssertEqual(analysis.versions.map { ImplicitVersionKeys.isImplicit($0.key) }, [true])
    }
}
