import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Models a helper is given as a parameter and wraps in a local `Schema` before opening its store (StudyOS:
/// `let schema = Schema(models)`): what each caller passes, as when the parameter is given straight to the container.
final class ModelsParameterLocalTests: XCTestCase {
    private static let models = """
        import SwiftData

        @Model final class Course { var name: String = ""; init() {} }
        @Model final class Lesson { var title: String = ""; init() {} }

        public enum StorageModels {
            public static let all: [any PersistentModel.Type] = [Course.self, Lesson.self]
        }
        """

    func testTheLocalSchemaOfAParameterIsWhatCallersPass() {
        let helpers: [(String, String)] = [
            (
                "a local Schema, a named configuration given it",
                """
                import SwiftData
                public enum StorageController {
                    public static func makeContainer(models: [any PersistentModel.Type]) throws -> ModelContainer {
                        let schema = Schema(models)
                        let config = ModelConfiguration("Study", schema: schema, cloudKitDatabase: .none)
                        return try ModelContainer(for: schema, configurations: [config])
                    }
                }
                """
            ),
            (
                "a local Schema given straight to the container",
                """
                import SwiftData
                public enum StorageController {
                    public static func makeContainer(models: [any PersistentModel.Type]) throws -> ModelContainer {
                        let schema = Schema(models)
                        return try ModelContainer(
                            for: schema, configurations: ModelConfiguration("Study", cloudKitDatabase: .none))
                    }
                }
                """
            ),
            (
                "an instance method with an unlabelled parameter",
                """
                import SwiftData
                public final class StorageController {
                    public static let shared = StorageController()
                    public func makeContainer(_ models: [any PersistentModel.Type]) throws -> ModelContainer {
                        let schema = Schema(models)
                        return try ModelContainer(
                            for: schema, configurations: ModelConfiguration("Study", cloudKitDatabase: .none))
                    }
                }
                """
            ),
        ]
        let calls = [
            "try! StorageController.makeContainer(models: StorageModels.all)",
            "try! StorageController.makeContainer(models: StorageModels.all)",
            "try! StorageController.shared.makeContainer(StorageModels.all)",
        ]
        for ((name, helper), call) in zip(helpers, calls) {
            let app = """
                import SwiftData
                import SwiftUI

                @main
                struct StudyApp: App {
                    let container = \(call)
                    var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
                }
                """
            let analysis = TestSupport.analyze([
                "Storage/Models.swift": Self.models, "Storage/StorageController.swift": helper,
                "App/StudyApp.swift": app,
            ])
            XCTAssertFalse(analysis.topology.isPooled, "\(name): \(analysis.topology.pooledBecause ?? "")")
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["Study.store"], name)
            XCTAssertEqual(analysis.notes, [], name)
            let models = analysis.project.containers.first?.models?.compactMap(\.entity).map {
                analysis.project.symbols[$0].name
            }
            XCTAssertEqual(models, ["Course", "Lesson"], name)
        }
    }
}
