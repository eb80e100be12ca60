import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Sample apps side by side with no project file (SwiftUIStudy, field test 31: `MyTodoList/`, `SwiftDataDemo/`,
/// `TodoDemo/`, each with its own `@main`): two entry points cannot share a target, so each folder is an app with its
/// own sandbox and its own `default.store`, never one store opened with two apps' models.
final class AppEntryFoldersTests: XCTestCase {
    private static func app(_ name: String, model: String, opens: String) -> String {
        """
        import SwiftUI
        import SwiftData
        @Model final class \(model) { var title: String = ""; init() {} }
        @main struct \(name): App {
            var body: some Scene { WindowGroup { Text("x") }\(opens) }
        }
        """
    }

    private static let spellings: [(String, [String: String])] = [
        (
            "two sibling folders",
            [
                "A/AApp.swift": app("AApp", model: "Todo", opens: ".modelContainer(for: Todo.self)"),
                "B/BApp.swift": app("BApp", model: "Product", opens: ".modelContainer(for: Product.self)"),
            ]
        ),
        (
            "nested below each app's folder, one app at the root of its folder",
            [
                "Apps/Todo/Sources/TodoApp.swift": app("TodoApp", model: "Todo", opens: ""),
                "Apps/Todo/Sources/Store/Container.swift": """
                    import SwiftData
                    enum TodoStore { static let container = try! ModelContainer(for: Todo.self) }
                    """,
                "Apps/Shop/ShopApp.swift": app(
                    "ShopApp", model: "Product", opens: ".modelContainer(for: Product.self)"),
            ]
        ),
    ]

    func testEachEntryPointsFolderIsAnAppOfItsOwn() {
        for (name, files) in Self.spellings {
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.topology.stores.count, 2, name)
            XCTAssertEqual(
                analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }.count, 0,
                "\(name): \(TestSupport.summary(analysis.findings))")
        }
    }

    /// Control: one entry point, with two containers opening the default store with different models, stays one store.
    func testOneEntryPointKeepsOneStore() {
        let analysis = TestSupport.analyze([
            "A/AApp.swift": Self.app("AApp", model: "Todo", opens: ".modelContainer(for: Todo.self)"),
            "B/Other.swift": """
                import SwiftData
                @Model final class Product { var name: String = ""; init() {} }
                enum Other { static let container = try! ModelContainer(for: Product.self) }
                """,
        ])
        XCTAssertEqual(analysis.topology.stores.count, 1)
    }
}
