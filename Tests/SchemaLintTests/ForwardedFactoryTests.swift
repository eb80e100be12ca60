import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container made by a function passed as a parameter's default and called through the parameter
/// (`makeContainer(containerFactory: Factory = defaultContainerFactory)` calling `containerFactory(schema, Plan.self,
/// [config])`, StoryCast, field test 24): the call through the parameter is a call of the function the default
/// names, its arguments taken by position, so the container's models, plan and file are read and no "cannot be read"
/// note is printed.
final class ForwardedFactoryTests: XCTestCase {
    private static let schemas = """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book { var title: String = ""; init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book { var title: String = ""; var author: String?; init() {} }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        """

    private static let app = """
        import SwiftUI
        import SwiftData
        @main struct BooksApp: App {
            let container = try! Bootstrap.makeContainer()
            var body: some Scene { WindowGroup { Text("Books") }.modelContainer(container) }
        }
        """

    /// Each opens `Books.store` in Application Support with `SchemaV2` and `Plan`.
    private static let spellings: [(name: String, text: String)] = [
        (
            "a private static function named bare",
            """
            import SwiftData
            enum Bootstrap {
                typealias Factory = (Schema, (any SchemaMigrationPlan.Type)?, [ModelConfiguration]) throws
                    -> ModelContainer
                static func makeContainer(containerFactory: Factory = defaultContainerFactory) throws
                    -> ModelContainer
                {
                    let schema = Schema(versionedSchema: SchemaV2.self)
                    let config = ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: "Books.store"))
                    return try containerFactory(schema, Plan.self, [config])
                }
                private static func defaultContainerFactory(
                    schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?,
                    configurations: [ModelConfiguration]
                ) throws -> ModelContainer {
                    try ModelContainer(for: schema, migrationPlan: migrationPlan, configurations: configurations)
                }
            }
            """
        ),
        (
            "Self. and a URL passed by position",
            """
            import SwiftData
            enum Bootstrap {
                static func makeContainer(opener: (URL) throws -> ModelContainer = Self.open(at:)) throws
                    -> ModelContainer
                {
                    try opener(URL.applicationSupportDirectory.appending(path: "Books.store"))
                }
                static func open(at url: URL) throws -> ModelContainer {
                    try ModelContainer(
                        for: Schema(versionedSchema: SchemaV2.self), migrationPlan: Plan.self,
                        configurations: ModelConfiguration(url: url))
                }
            }
            """
        ),
        (
            "a global function, unlabelled parameters",
            """
            import SwiftData
            func openBooks(_ name: String, _ plan: (any SchemaMigrationPlan.Type)?) throws -> ModelContainer {
                try ModelContainer(
                    for: Schema(versionedSchema: SchemaV2.self), migrationPlan: plan,
                    configurations: ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: name)))
            }
            enum Bootstrap {
                static func makeContainer(
                    open: (String, (any SchemaMigrationPlan.Type)?) throws -> ModelContainer = openBooks
                ) throws -> ModelContainer {
                    try open("Books.store", Plan.self)
                }
            }
            """
        ),
        (
            "the type's name, an instance's initialiser",
            """
            import SwiftData
            final class Bootstrap {
                let container: ModelContainer
                init(build: (URL) throws -> ModelContainer = Bootstrap.build(url:)) throws {
                    container = try build(URL.applicationSupportDirectory.appending(path: "Books.store"))
                }
                static func build(url: URL) throws -> ModelContainer {
                    try ModelContainer(
                        for: Schema(versionedSchema: SchemaV2.self), migrationPlan: Plan.self,
                        configurations: ModelConfiguration(url: url))
                }
                static func makeContainer() throws -> ModelContainer { try Bootstrap().container }
            }
            """
        ),
    ]

    func testACallThroughAParameterIsACallOfItsDefault() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(
                [
                    "App/Schemas.swift": Self.schemas, "App/BooksApp.swift": Self.app,
                    "App/Bootstrap.swift": spelling.text,
                ])
            let stores = analysis.topology.stores
            XCTAssertEqual(stores.map(\.location.key), ["Books.store"], spelling.name)
            XCTAssertEqual(analysis.notes, [], spelling.name)
            XCTAssertEqual(stores.flatMap { $0.plans.map(\.name) }, ["Plan"], spelling.name)
        }
    }

    /// StoryCast's own factory: three plans tried in turn (`for plan in plans`). Which plan migrates the store cannot
    /// be told, and plain `check` says so, at the plan, with what it costs.
    func testPlansTriedInTurnAreSaidToBeUnread() {
        let text = """
            import SwiftData
            enum Bootstrap {
                static func makeContainer(factory: (Schema) throws -> ModelContainer = open) throws -> ModelContainer {
                    try factory(Schema(versionedSchema: SchemaV2.self))
                }
                static func open(schema: Schema) throws -> ModelContainer {
                    let plans: [any SchemaMigrationPlan.Type] = [Plan.self, Plan.self]
                    for plan in plans {
                        if let made = try? ModelContainer(for: schema, migrationPlan: plan) { return made }
                    }
                    throw CocoaError(.fileReadCorruptFile)
                }
            }
            """
        let analysis = TestSupport.analyze(
            ["App/Schemas.swift": Self.schemas, "App/BooksApp.swift": Self.app, "App/Bootstrap.swift": text])
        XCTAssertEqual(
            analysis.notes,
            [
                "App/Bootstrap.swift:9:75: the migration plan of the container at App/Bootstrap.swift:9:32 cannot be "
                    + "read (`plan` names no plan schemalint can find): its stores are checked as one, holding every "
                    + "plan's versions"
            ])
    }

    /// Control: a parameter without a default, its callers passing closures: what the factory is given cannot be
    /// told, and the note says so.
    func testAParameterWithoutADefaultStaysUnread() {
        let text = """
            import SwiftData
            enum Bootstrap {
                static func makeContainer() throws -> ModelContainer { try make(factory: { try build(schema: $0) }) }
                static func make(factory: (Schema) throws -> ModelContainer) throws -> ModelContainer {
                    try factory(Schema(versionedSchema: SchemaV2.self))
                }
                static func build(schema: Schema) throws -> ModelContainer {
                    try ModelContainer(for: schema, migrationPlan: Plan.self)
                }
            }
            """
        let analysis = TestSupport.analyze(
            ["App/Schemas.swift": Self.schemas, "App/BooksApp.swift": Self.app, "App/Bootstrap.swift": text])
        XCTAssertEqual(analysis.unreadContainerNotes.count, 1)
    }
}
