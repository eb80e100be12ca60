import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store in the opening target's own sandbox (a URL under Documents or Application Support, a name in no App
/// Group) is each target's own file: an app extension has a container of its own, so the widget compiling the app's
/// store helper opens another file (Reconnaissance, field test 34 B-D4). In an App Group it is one file.
final class SandboxStorePerTargetTests: XCTestCase {
    static func app(_ configuration: String, widgetModels: String = "Entry.self") -> [String: String] {
        [
            "Shared/Models.swift": """
                import SwiftData

                @Model final class Entry {
                    var text: String = ""
                    init() {}
                }

                @Model final class Space {
                    var name: String = ""
                    init() {}
                }
                """,
            "Shared/Stores.swift": """
                import SwiftData
                import Foundation

                enum Stores {
                    static func container(_ models: [any PersistentModel.Type]) -> ModelContainer {
                        try! ModelContainer(for: Schema(models), configurations: \(configuration))
                    }
                }
                """,
            "App/DiaryApp.swift": "import SwiftData\n\nlet app = Stores.container([Entry.self, Space.self])\n",
            "Widget/Timeline.swift": "import SwiftData\n\nlet widget = Stores.container([\(widgetModels)])\n",
            "project.yml": """
                name: Diary
                targets:
                  Diary:
                    type: application
                    platform: iOS
                    sources: [App, Shared]
                  DiaryWidget:
                    type: app-extension
                    platform: iOS
                    sources: [Widget, Shared]
                """,
        ]
    }

    static let sandboxed = [
        "ModelConfiguration(url: URL.documentsDirectory.appending(path: \"Diary.sqlite\"))",
        "ModelConfiguration(url: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]"
            + ".appendingPathComponent(\"Diary.sqlite\"))",
        "ModelConfiguration(\"Diary\")",
    ]

    func testEachTargetOpensAFileOfItsOwnInItsSandbox() throws {
        for configuration in Self.sandboxed {
            let analysis = try TestSupport.analyzeOnDisk(Self.app(configuration))
            XCTAssertEqual(
                analysis.topology.stores.map { "\($0.location.key) \($0.targets.joined(separator: ","))" }.sorted()
                    .map { $0.components(separatedBy: " ").last ?? "" }, ["Diary", "DiaryWidget"], configuration)
            // The widget's file holds its own models: it drops nothing of the app's.
            XCTAssertFalse(
                analysis.findings.contains { $0.rule == .storeOpenedWithDifferentModels }, configuration)
        }
    }

    /// Control: in an App Group both open one file, and the widget's fewer models drop the app's rows.
    func testInAnAppGroupBothOpenOneFile() throws {
        let analysis = try TestSupport.analyzeOnDisk(
            Self.app("ModelConfiguration(groupContainer: .identifier(\"group.diary\"))"))
        XCTAssertEqual(analysis.topology.stores.count, 1)
        XCTAssertTrue(analysis.findings.contains { $0.rule == .storeOpenedWithDifferentModels })
    }
}
