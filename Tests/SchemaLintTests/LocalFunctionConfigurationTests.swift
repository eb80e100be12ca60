import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A configuration returned by a function declared in the body of the one that opens the container (read-later's
/// `func localConfig() -> ModelConfiguration` inside `make()`): read as the type's own function is, in a static
/// function, an instance method and a global function, so both stores are named and nothing is said to be untold.
final class LocalFunctionConfigurationTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Article {
            var title: String = ""
            init() {}
        }

        @Model final class Settings {
            var bookmark: Data?
            init() {}
        }
        """

    static let body = """
        let full = Schema([Article.self, Settings.self])
        func localConfig() -> ModelConfiguration {
            ModelConfiguration("local", schema: Schema([Settings.self]), cloudKitDatabase: .none)
        }
        let synced = ModelConfiguration("synced", schema: Schema([Article.self]), cloudKitDatabase: .none)
        return try! ModelContainer(for: full, configurations: [synced, localConfig()])
        """

    static func indented(_ text: String, by spaces: Int) -> String {
        text.split(separator: "\n").map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }

    static let spellings: [(String, String, String)] = [
        (
            "in a static function",
            "enum Shared {\n    static func make() -> ModelContainer {\n\(indented(body, by: 8))\n    }\n}\n",
            "Shared.make()"
        ),
        (
            "in an instance method",
            "final class Shared {\n    func make() -> ModelContainer {\n\(indented(body, by: 8))\n    }\n}\n",
            "Shared().make()"
        ),
        (
            "in a global function", "func makeShared() -> ModelContainer {\n\(indented(body, by: 4))\n}\n",
            "makeShared()"
        ),
    ]

    func testALocalFunctionsConfigurationIsRead() {
        for (name, stack, call) in Self.spellings {
            let analysis = TestSupport.analyze([
                "Reader/Models.swift": Self.models,
                "Reader/Shared.swift": "import SwiftData\n\n\(stack)",
                "Reader/ReaderApp.swift": """
                    import SwiftData
                    import SwiftUI

                    @main struct ReaderApp: App {
                        var body: some Scene { WindowGroup { Text("Read") }.modelContainer(\(call)) }
                    }
                    """,
            ])
            XCTAssertEqual(analysis.topology.stores.map(\.name).sorted(), ["local.store", "synced.store"], name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
        }
    }
}
