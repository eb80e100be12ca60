import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A share extension that links the app's package opens two containers in its own `default.store`: the package's
/// helper (with the plan, called by every target) and a fallback of its own written with the models' typealiases
/// (`typealias TaskItem = SchemaLatest.TaskItem`, in a file with no SwiftData word). In the extension both are one
/// file, so they are one store; and models named through typealiases are the versions' models (Three Daily Goals).
final class SharedDefaultStoreTests: XCTestCase {
    private typealias Target = TestXcodeProject.Target

    private static let versions = """
        import SwiftData

        public enum SchemaV1: VersionedSchema {
            public static let versionIdentifier = Schema.Version(1, 0, 0)
            public static var models: [any PersistentModel.Type] { [TaskItem.self, Comment.self] }
            @Model public final class TaskItem {
                public var title: String = ""
                public init() {}
            }
            @Model public final class Comment {
                public var text: String = ""
                public init() {}
            }
        }

        public enum SchemaV2: VersionedSchema {
            public static let versionIdentifier = Schema.Version(2, 0, 0)
            public static var models: [any PersistentModel.Type] { [TaskItem.self, Comment.self] }
            @Model public final class TaskItem {
                public var title: String = ""
                public var done: Bool = false
                public init() {}
            }
            @Model public final class Comment {
                public var text: String = ""
                public init() {}
            }
        }

        public enum TasksPlan: SchemaMigrationPlan {
            public static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            public static var stages: [MigrationStage] {
                [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
            }
        }
        """

    private static let storage = """
        import SwiftData

        @MainActor
        public func sharedContainer() throws -> ModelContainer {
            let schema = Schema(versionedSchema: SchemaLatest.self)
            return try ModelContainer(
                for: schema, migrationPlan: TasksPlan.self,
                configurations: [ModelConfiguration(isStoredInMemoryOnly: false)])
        }
        """

    /// The ways an app names its latest models through typealiases, each in files with no SwiftData word.
    private static let aliasings: [(String, [String: String])] = [
        (
            "an alias of the latest version, and one per model",
            [
                "TaskKit/Sources/TaskKit/Latest.swift": "public typealias SchemaLatest = SchemaV2\n",
                "TaskKit/Sources/TaskKit/TaskItem.swift":
                    "import Foundation\n\npublic typealias TaskItem = SchemaLatest.TaskItem\n",
                "TaskKit/Sources/TaskKit/Comment.swift":
                    "import Foundation\n\npublic typealias Comment = SchemaLatest.Comment\n",
            ]
        ),
        (
            "a chain of aliases in one file",
            [
                "TaskKit/Sources/TaskKit/Aliases.swift": """
                    import Foundation

                    public typealias Current = SchemaV2
                    public typealias SchemaLatest = Current
                    public typealias TaskItem = SchemaLatest.TaskItem
                    public typealias Comment = SchemaLatest.Comment
                    """
            ]
        ),
        (
            "aliases of the versions' own models, beside an extension",
            [
                "TaskKit/Sources/TaskKit/Latest.swift": "public typealias SchemaLatest = SchemaV2\n",
                "TaskKit/Sources/TaskKit/TaskItem.swift": """
                    import Foundation

                    public typealias TaskItem = SchemaV2.TaskItem

                    extension TaskItem {
                        public var shown: String { title }
                    }
                    """,
                "TaskKit/Sources/TaskKit/Comment.swift": "public typealias Comment = SchemaV2.Comment\n",
            ]
        ),
    ]

    /// The share extension's fallback container, opening `models` in its own default store.
    private static func fallback(_ models: String) -> String {
        """
        import SwiftData
        import TaskKit

        final class ShareController {
            let container: ModelContainer

            @MainActor
            init() {
                if let shared = try? sharedContainer() {
                    container = shared
                } else {
                    container = try! ModelContainer(
                        for: \(models), configurations: ModelConfiguration(isStoredInMemoryOnly: false))
                }
            }
        }
        """
    }

    private static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "TaskKit",
            products: [.library(name: "TaskKit", targets: ["TaskKit"])],
            targets: [.target(name: "TaskKit")]
        )
        """

    private static func app(
        aliases: [String: String], fallback models: String, shareLinksKit: Bool = true
    ) -> [String: String] {
        var app = Target(name: "Tasks")
        var share = Target(name: "Share", productType: "com.apple.product-type.app-extension")
        app.packageProducts = ["TaskKit"]
        if shareLinksKit { share.packageProducts = ["TaskKit"] }
        var files = aliases
        files["TaskKit/Package.swift"] = manifest
        files["TaskKit/Sources/TaskKit/Versions.swift"] = versions
        files["TaskKit/Sources/TaskKit/Storage.swift"] = storage
        files["Tasks/TasksApp.swift"] = """
            import SwiftUI
            import TaskKit

            @main
            struct TasksApp: App {
                let container = try! sharedContainer()
                var body: some Scene { WindowGroup { Text("Tasks") }.modelContainer(container) }
            }
            """
        files["Share/ShareController.swift"] = fallback(models)
        files["Tasks.xcodeproj/project.pbxproj"] = TestXcodeProject.text([app, share])
        return files
    }

    private func analyze(_ files: [String: String]) throws -> Analysis {
        try TestSupport.analyzeOnDisk(files, lockfile: nil)
    }

    /// The fallback opening the latest models through their aliases is one store with the helper's, holding the plan's
    /// versions, and no model is "declared in no file read".
    func testModelsNamedThroughTypealiasesAreTheLatestVersions() throws {
        for (name, aliases) in Self.aliasings {
            let analysis = try analyze(Self.app(aliases: aliases, fallback: "TaskItem.self, Comment.self"))
            let stores = analysis.topology.stores
            XCTAssertEqual(stores.map(\.name), ["default.store (Share, Tasks)"], name)
            XCTAssertEqual(stores.first?.containers.count, 2, name)
            XCTAssertEqual(stores.first?.versions.map(\.name), ["SchemaV1", "SchemaV2"], name)
            let fallback = analysis.project.containers.first { $0.location.file == "Share/ShareController.swift" }
            XCTAssertEqual(fallback?.models?.compactMap(\.entity).count, 2, name)
            XCTAssertEqual(
                TestSupport.summary(analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }), [],
                name)
        }
    }

    /// Control: an alias to a type declared nowhere stays unread, and the store is not given a version on a guess.
    func testAnAliasToNothingDeclaredStaysUnread() throws {
        let aliases = [
            "TaskKit/Sources/TaskKit/Latest.swift": "public typealias SchemaLatest = SchemaV9\n",
            "TaskKit/Sources/TaskKit/TaskItem.swift": "public typealias TaskItem = SchemaLatest.TaskItem\n",
        ]
        let analysis = try analyze(Self.app(aliases: aliases, fallback: "TaskItem.self"))
        let fallback = analysis.project.containers.first { $0.location.file == "Share/ShareController.swift" }
        XCTAssertEqual(fallback?.models?.count, 1)
        XCTAssertNil(fallback?.models?.first?.entity)
    }

    /// In the extension, a fallback opening fewer models than the helper opens the same file with another schema.
    /// Controls: the extension does not link the package (its default store is its own, opened once), or the fallback
    /// opens the same models.
    func testAFallbackWithFewerModelsInOneTargetIsTheSameStore() throws {
        let aliases = Self.aliasings[0].1
        let fewer = try analyze(Self.app(aliases: aliases, fallback: "TaskItem.self"))
        XCTAssertEqual(
            TestSupport.summary(fewer.findings.filter { $0.rule == .storeOpenedWithDifferentModels }),
            ["store_opened_with_different_models Share/ShareController.swift:12"])

        let apart = try analyze(Self.app(aliases: aliases, fallback: "TaskItem.self", shareLinksKit: false))
        XCTAssertEqual(apart.topology.stores.map(\.name), ["default.store (Share)", "default.store (Tasks)"])
        XCTAssertEqual(
            TestSupport.summary(apart.findings.filter { $0.rule == .storeOpenedWithDifferentModels }), [])

        let qualified = try analyze(
            Self.app(aliases: aliases, fallback: "SchemaV2.TaskItem.self, SchemaV2.Comment.self"))
        XCTAssertEqual(qualified.topology.stores.map(\.name), ["default.store (Share, Tasks)"])
        XCTAssertEqual(
            TestSupport.summary(qualified.findings.filter { $0.rule == .storeOpenedWithDifferentModels }), [])
    }
}
