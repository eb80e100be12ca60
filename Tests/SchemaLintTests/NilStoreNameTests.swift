import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A configuration's name that is `nil` for the call that opens it is no name: the unnamed configuration's
/// `default.store`, as `ModelConfiguration(nil, ...)` (paws-n-us, field test 29: `ModelConfiguration(isStub ? "stub" :
/// nil, ...)` in a helper the app calls with its defaults, and previews with `isStub: true` in memory).
final class NilStoreNameTests: XCTestCase {
    private static let model = """
        import SwiftData
        @Model final class Pet { var name: String = ""; init() {} }
        """

    private static func app(_ helper: String, call: String) -> [String: String] {
        [
            "Pets/Pet.swift": model,
            "Pets/Container.swift": "import SwiftData\n" + helper,
            "Pets/PetsApp.swift": """
                import SwiftUI
                import SwiftData
                @main struct PetsApp: App {
                    var body: some Scene { WindowGroup { Text("x") }.modelContainer(try! \(call)) }
                }
                """,
        ]
    }

    private static let spellings: [(String, String, String)] = [
        (
            "a ternary on a flag the call leaves out (paws-n-us)",
            """
            extension ModelContainer {
                static func appContainer(inMemoryOnly: Bool = false, isStub: Bool = false) throws -> ModelContainer {
                    let schema = Schema([Pet.self])
                    let config = ModelConfiguration(
                        isStub ? "stub" : nil, schema: schema, isStoredInMemoryOnly: inMemoryOnly)
                    return try ModelContainer(for: schema, configurations: [config])
                }
                static var stub: ModelContainer { try! appContainer(inMemoryOnly: true, isStub: true) }
            }
            """,
            "ModelContainer.appContainer()"
        ),
        (
            "an optional name parameter `nil` by default, left out",
            """
            func makeContainer(name: String? = nil) throws -> ModelContainer {
                try ModelContainer(for: Pet.self, configurations: ModelConfiguration(name, schema: Schema([Pet.self])))
            }
            """,
            "makeContainer()"
        ),
        (
            "`nil` passed for the name by label",
            """
            enum Stores {
                static func open(named name: String?) throws -> ModelContainer {
                    try ModelContainer(for: Pet.self, configurations: ModelConfiguration(name))
                }
            }
            """,
            "Stores.open(named: nil)"
        ),
        (
            "a static optional of another type, `nil`",
            """
            enum StoreNames { static let main: String? = nil }
            func sharedContainer() throws -> ModelContainer {
                try ModelContainer(for: Pet.self, configurations: ModelConfiguration(StoreNames.main))
            }
            """,
            "sharedContainer()"
        ),
    ]

    func testANilNameIsTheDefaultStore() throws {
        for (name, helper, call) in Self.spellings {
            let analysis = TestSupport.analyze(Self.app(helper, call: call))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["default.store"], name)
            XCTAssertEqual(analysis.untoldStoreNotes.count, 0, "\(name): \(analysis.notes)")
        }
    }

    /// Control: the same helpers given a name open that name's store.
    func testANameGivenIsItsStore() throws {
        let named = [
            ("ternary", Self.spellings[0].1, "ModelContainer.appContainer(isStub: true)", "stub.store"),
            ("parameter", Self.spellings[1].1, "makeContainer(name: \"Pets\")", "Pets.store"),
            ("labelled", Self.spellings[2].1, "Stores.open(named: \"Pets\")", "Pets.store"),
        ]
        for (name, helper, call, key) in named {
            let analysis = TestSupport.analyze(Self.app(helper, call: call))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), [key], name)
        }
    }
}
