import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Containers that are not how the store is opened: a last-resort fallback in the `catch` of a `do` that opens the
/// store with its plan, and a salvage container opened only to read a store the code then deletes or replaces.
final class FallbackAndSalvageTests: XCTestCase {
    static let recipes = """
        import SwiftData

        enum RecipesV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Recipe.self] }
            @Model final class Recipe {
                var title: String = ""
                init() {}
            }
        }

        enum RecipesV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Recipe.self] }
            @Model final class Recipe {
                var title: String = ""
                var servings: Int = 1
                init() {}
            }
        }

        enum RecipesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [RecipesV1.self, RecipesV2.self] }
            static var stages: [MigrationStage] {
                [.custom(fromVersion: RecipesV1.self, toVersion: RecipesV2.self, willMigrate: nil,
                    didMigrate: { context in try context.save() })]
            }
        }
        """

    /// Where the app calls the helpers each test writes, with values read nowhere: a helper nothing calls opens
    /// nothing (`UncalledHelperTests`).
    static let launch = """
        import Foundation
        import SwiftData

        enum Launch {
            static func run(configuration: ModelConfiguration, url: URL) throws {
                _ = LegacyImporter().salvage(config: configuration)
                LegacyImporter.salvage(from: url)
                _ = Backup.export(config: configuration)
                _ = try Backup.open(config: configuration)
                Rescue().open(from: configuration)
            }
        }
        """

    func files(_ app: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Recipes/Schema.swift": Self.recipes,
            "Recipes/RecipesApp.swift": "import SwiftData\nimport SwiftUI\n\n\(app)\n",
            "Recipes/Launch.swift": Self.launch,
        ]
        files.merge(extra) { _, new in new }
        return files
    }

    // MARK: Fallback

    func testAFallbackInTheCatchOfAPlannedContainerIsNotReported() {
        let spellings: [(String, String)] = [
            (
                "a closure initialising the property",
                """
                @main struct RecipesApp: App {
                    let container: ModelContainer = {
                        let schema = Schema(versionedSchema: RecipesV2.self)
                        let config = ModelConfiguration(schema: schema)
                        do {
                            return try ModelContainer(
                                for: schema, migrationPlan: RecipesPlan.self, configurations: [config])
                        } catch { return try! ModelContainer(for: schema, configurations: [config]) }
                    }()
                    var body: some Scene { WindowGroup { Text("Recipes") }.modelContainer(container) }
                }
                """
            ),
            (
                "a function with a typed catch and a variable",
                """
                @main struct RecipesApp: App {
                    let container = RecipesApp.open()
                    static func open() -> ModelContainer {
                        let schema = Schema(versionedSchema: RecipesV2.self)
                        var opened: ModelContainer
                        do {
                            opened = try ModelContainer(for: schema, migrationPlan: RecipesPlan.self)
                        } catch let error as NSError {
                            print(error)
                            opened = try! ModelContainer(for: schema)
                        } catch {
                            opened = try! ModelContainer(for: schema)
                        }
                        return opened
                    }
                    var body: some Scene { WindowGroup { Text("Recipes") }.modelContainer(container) }
                }
                """
            ),
        ]
        for (name, app) in spellings {
            let analysis = TestSupport.analyze(files(app))
            XCTAssertEqual(
                analysis.findings.filter { $0.rule == "container_without_migration_plan" }.count, 0, name)
            XCTAssertTrue(analysis.project.containers.contains(where: \.isFallback), name)
        }
    }

    /// The same container without a plan, but not in the `catch` of one with a plan: still reported.
    func testAContainerWithoutAPlanOutsideSuchACatchIsStillReported() {
        let spellings = [
            // The `do` opens no container with a plan.
            """
            @main struct RecipesApp: App {
                let container: ModelContainer = {
                    let schema = Schema(versionedSchema: RecipesV2.self)
                    do { return try ModelContainer(for: schema) }
                    catch {
                        return try! ModelContainer(
                            for: schema, configurations: ModelConfiguration(isStoredInMemoryOnly: false))
                    }
                }()
                var body: some Scene { WindowGroup { Text("Recipes") }.modelContainer(container) }
            }
            """,
            // In the `do` body itself, beside the planned one.
            """
            @main struct RecipesApp: App {
                let container: ModelContainer = {
                    let schema = Schema(versionedSchema: RecipesV2.self)
                    do {
                        _ = try ModelContainer(for: schema, migrationPlan: RecipesPlan.self)
                        return try ModelContainer(for: schema)
                    } catch { fatalError() }
                }()
                var body: some Scene { WindowGroup { Text("Recipes") }.modelContainer(container) }
            }
            """,
        ]
        for app in spellings {
            let analysis = TestSupport.analyze(files(app))
            XCTAssertEqual(
                analysis.findings.filter { $0.rule == "container_without_migration_plan" }.count, 1, app)
            XCTAssertFalse(analysis.project.containers.contains(where: \.isFallback), app)
        }
    }

    // MARK: Salvage

    static let legacy = """
        import SwiftData

        @Model final class LegacyRecipe {
            var name: String = ""
            init() {}
        }
        """

    func testASalvageContainerCreatesNoShippedState() {
        let app = """
            @main struct RecipesApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: RecipesV2.self), migrationPlan: RecipesPlan.self)
                var body: some Scene { WindowGroup { Text("Recipes") }.modelContainer(container) }
            }
            """
        let importers: [(String, String)] = [
            (
                "a parameter's URL, then removeItem",
                """
                import Foundation
                import SwiftData

                struct LegacyImporter {
                    func salvage(config: ModelConfiguration) -> [String] {
                        guard let old = try? ModelContainer(
                            for: LegacyRecipe.self, configurations: ModelConfiguration(url: config.url))
                        else { return [] }
                        let names = ((try? old.mainContext.fetch(FetchDescriptor<LegacyRecipe>())) ?? []).map(\\.name)
                        try? FileManager.default.removeItem(at: config.url)
                        return names
                    }
                }
                """
            ),
            (
                "a local URL variable, then trashItem",
                """
                import Foundation
                import SwiftData

                enum LegacyImporter {
                    static func salvage() {
                        let legacyURL = URL.applicationSupportDirectory.appending(path: "Legacy.store")
                        let old = try? ModelContainer(
                            for: LegacyRecipe.self, configurations: ModelConfiguration(url: legacyURL))
                        _ = old
                        try? FileManager.default.trashItem(at: legacyURL, resultingItemURL: nil)
                    }
                }
                """
            ),
            (
                "a parameter's URL, then renamed aside as a backup",
                """
                import Foundation
                import SwiftData

                enum LegacyImporter {
                    static func salvage(from storeURL: URL) {
                        let legacy = ModelConfiguration(url: storeURL, allowsSave: false)
                        let old = try? ModelContainer(for: LegacyRecipe.self, configurations: legacy)
                        _ = old
                        let backup = storeURL.deletingLastPathComponent().appending(path: "Legacy.store.backup")
                        try? FileManager.default.moveItem(at: storeURL, to: backup)
                    }
                }
                """
            ),
            (
                "a configuration variable, removed in a defer",
                """
                import Foundation
                import SwiftData

                enum LegacyImporter {
                    static func salvage(from storeURL: URL) {
                        defer { try? FileManager.default.removeItem(at: storeURL) }
                        let legacy = ModelConfiguration(url: storeURL)
                        let old = try? ModelContainer(for: LegacyRecipe.self, configurations: legacy)
                        _ = old
                    }
                }
                """
            ),
        ]
        for (name, importer) in importers {
            let analysis = TestSupport.analyze(
                files(app, extra: ["Recipes/Legacy.swift": Self.legacy, "Recipes/LegacyImporter.swift": importer]))
            XCTAssertEqual(
                analysis.project.containers.map(\.purpose), [.salvage, .app],
                "\(name): \(analysis.project.containers.map(\.location))")
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded.sorted(), ["RecipesV1", "RecipesV2"], name)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], name)
        }
    }

    /// A container on a URL the code deletes before opening it, or never: the user's store, as before.
    func testAContainerOnAURLNotDeletedAfterwardsIsTheUsersStore() {
        let importer = """
            import Foundation
            import SwiftData

            enum LegacyImporter {
                static func open() -> ModelContainer? {
                    let legacyURL = URL.applicationSupportDirectory.appending(path: "Legacy.store")
                    try? FileManager.default.removeItem(at: legacyURL)
                    return try? ModelContainer(
                        for: LegacyRecipe.self, configurations: ModelConfiguration(url: legacyURL))
                }
            }
            """
        let analysis = TestSupport.analyze(
            files(
                "enum Placeholder {}",
                extra: ["Recipes/Legacy.swift": Self.legacy, "Recipes/LegacyImporter.swift": importer]))
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app])
    }

    /// A reader opened with `try?` on the file another configuration names, its wipe left to the caller (OpenCircuit's
    /// backup before a last-resort wipe): no user's store rests in the subset it opens, so nothing is locked for it.
    func testATolerantReaderOfAnotherConfigurationsStoreIsSalvage() {
        let app = """
            @main struct RecipesApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: RecipesV2.self), migrationPlan: RecipesPlan.self)
                var body: some Scene { WindowGroup { Text("Recipes") }.modelContainer(container) }
            }
            """
        let readers: [(String, String)] = [
            (
                "a configuration built in a local from a parameter's url, guard let try?",
                """
                import SwiftData

                enum Backup {
                    static func export(config: ModelConfiguration) -> [String]? {
                        let schema = Schema([LegacyRecipe.self])
                        let limited = ModelConfiguration(schema: schema, url: config.url)
                        guard let reader = try? ModelContainer(for: schema, configurations: limited) else { return nil }
                        return ((try? ModelContext(reader).fetch(FetchDescriptor<LegacyRecipe>())) ?? []).map(\\.name)
                    }
                }
                """
            ),
            (
                "a container's first configuration, if let try?",
                """
                import SwiftData

                struct Exporter {
                    func names(in container: ModelContainer) -> [String] {
                        if let reader = try? ModelContainer(
                            for: LegacyRecipe.self,
                            configurations: ModelConfiguration(url: container.configurations.first!.url))
                        {
                            return ((try? reader.mainContext.fetch(FetchDescriptor<LegacyRecipe>())) ?? []).map(\\.name)
                        }
                        return []
                    }
                }
                """
            ),
            (
                "an array of configurations, read-only, assigned with try?",
                """
                import SwiftData

                final class Rescue {
                    var reader: ModelContainer?
                    func open(from configuration: ModelConfiguration) {
                        reader = try? ModelContainer(
                            for: Schema([LegacyRecipe.self]),
                            configurations: [ModelConfiguration(url: configuration.url, allowsSave: false)])
                    }
                }
                """
            ),
        ]
        for (name, reader) in readers {
            let analysis = TestSupport.analyze(
                files(app, extra: ["Recipes/Legacy.swift": Self.legacy, "Recipes/Rescue.swift": reader]))
            XCTAssertEqual(
                Set(analysis.project.containers.map(\.purpose)), [.salvage, .app],
                "\(name): \(analysis.project.containers.map(\.location))")
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded.sorted(), ["RecipesV1", "RecipesV2"], name)
        }
    }

    /// The same reader that rethrows (`try`), or that opens a URL of its own with `try?`: the user's store.
    func testAReaderThatRethrowsOrOpensItsOwnURLIsTheUsersStore() {
        let readers: [(String, String)] = [
            (
                "try on another configuration's url",
                """
                import SwiftData

                enum Backup {
                    static func open(config: ModelConfiguration) throws -> ModelContainer {
                        try ModelContainer(for: LegacyRecipe.self, configurations: ModelConfiguration(url: config.url))
                    }
                }
                """
            ),
            (
                "try? on a URL of its own",
                """
                import Foundation
                import SwiftData

                enum Backup {
                    static func open() -> ModelContainer? {
                        let url = URL.documentsDirectory.appending(path: "Legacy.store")
                        return try? ModelContainer(for: LegacyRecipe.self, configurations: ModelConfiguration(url: url))
                    }
                }
                """
            ),
        ]
        for (name, reader) in readers {
            let analysis = TestSupport.analyze(
                files(
                    "enum Placeholder {}",
                    extra: ["Recipes/Legacy.swift": Self.legacy, "Recipes/Backup.swift": reader]))
            XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app], name)
        }
    }
}
