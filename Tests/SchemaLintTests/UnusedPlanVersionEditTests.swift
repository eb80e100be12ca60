import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A version listed only by a plan nothing uses, whose models the app's unversioned container opens (hesindion,
/// field test 30: `HeroMigrationPlan` beside `ModelContainer(for: Hero.self)`): editing the live model is the
/// unversioned store's change, migrated by inference and judged by the rules for that, never "shipped and edited".
final class UnusedPlanVersionEditTests: XCTestCase {
    private static let versions = """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Hero.self] }
        }
        enum HeroMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        """

    private static func hero(_ extra: String = "") -> String {
        "import SwiftData\n@Model final class Hero { var name: String = \"\"\(extra); init() {} }\n"
    }

    private static let added = "; var notes: String? = nil"

    private func edited(app: String) -> [Finding] {
        let files = ["Hero.swift": Self.hero(), "Schema.swift": Self.versions, "App.swift": app]
        let lockfile = TestSupport.lock(TestSupport.analyze(files))
        var next = files
        next["Hero.swift"] = Self.hero(Self.added)
        return TestSupport.analyze(next, lockfile: lockfile).findings.filter { $0.rule == .shippedSchemaEdited }
    }

    func testAnEditOfAModelAnUnusedPlansVersionListsIsNotAShippedEdit() {
        let apps = [
            """
            import SwiftUI
            import SwiftData
            @main struct HeroApp: App {
                var container: ModelContainer = { try! ModelContainer(for: Hero.self) }()
                var body: some Scene { WindowGroup { Text("x") }.modelContainer(container) }
            }
            """,
            """
            import SwiftUI
            import SwiftData
            @main struct HeroApp: App {
                var body: some Scene { WindowGroup { Text("x") }.modelContainer(for: Hero.self) }
            }
            """,
            """
            import SwiftData
            enum Store {
                static func open() throws -> ModelContainer {
                    try ModelContainer(for: Schema([Hero.self]), configurations: ModelConfiguration())
                }
            }
            """,
        ]
        for app in apps { XCTAssertEqual(edited(app: app), [], app) }
    }

    /// Controls: a container opening the version by itself, or given the plan, still has the edit reported.
    func testAVersionAContainerOpensStaysAShippedVersion() {
        let byVersion = """
            import SwiftData
            enum Store {
                static func open() throws -> ModelContainer {
                    try ModelContainer(for: Schema(versionedSchema: SchemaV1.self))
                }
            }
            """
        XCTAssertEqual(edited(app: byVersion).map(\.severity), [.error])
        let byPlan = """
            import SwiftData
            enum Store {
                static func open() throws -> ModelContainer {
                    try ModelContainer(for: Hero.self, migrationPlan: HeroMigrationPlan.self)
                }
            }
            """
        XCTAssertEqual(edited(app: byPlan).map(\.severity), [.error])
    }
}
