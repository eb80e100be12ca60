import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A configuration given its value in the `if` and `else` after its declaration, then passed to a helper's parameter
/// (Catbird, field test 27: `let config: ModelConfiguration; if let storeURL { config = ... } else { config = ... }`,
/// then `Store.makeContainer(configuration: config)`): the helper's container opens what the branches name.
final class LaterConfigurationArgumentTests: XCTestCase {
    private static let helper = """
        import SwiftData
        @Model final class Post { var text: String = ""; init() {} }
        enum Store {
            static func makeContainer(configuration: ModelConfiguration) throws -> ModelContainer {
                try ModelContainer(for: Schema([Post.self]), configurations: [configuration])
            }
        }
        """

    private static func app(_ body: String) -> String {
        """
        import SwiftUI
        import SwiftData
        @main struct PostsApp: App {
            static var storeURL: URL? { URL.applicationSupportDirectory.appending(path: "Posts.store") }
            static let fallbackURL = URL.applicationSupportDirectory.appending(path: "Posts.store")
            func makeContainer() throws -> ModelContainer {
        \(body)
            }
            var body: some Scene { WindowGroup { Text("x").modelContainer(try! makeContainer()) } }
        }
        """
    }

    func testAConfigurationGivenItsValueLaterIsWhatTheHelperOpens() {
        let spellings = [
            (
                "if let and else, the same file twice",
                """
                        let config: ModelConfiguration
                        if let storeURL = Self.storeURL {
                            config = ModelConfiguration("Posts", url: storeURL)
                        } else {
                            config = ModelConfiguration(url: Self.fallbackURL)
                        }
                        return try Store.makeContainer(configuration: config)
                """
            ),
            (
                "if let on a place that is never nil, the default store in the else (Catbird)",
                """
                        let config: ModelConfiguration
                        if let storeURL = Self.storeURL {
                            config = ModelConfiguration("Posts", url: storeURL)
                        } else {
                            config = ModelConfiguration()
                        }
                        return try Store.makeContainer(configuration: config)
                """
            ),
            (
                "a var assigned once after its declaration",
                """
                        var config = ModelConfiguration(isStoredInMemoryOnly: true)
                        config = ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: "Posts.store"))
                        return try Store.makeContainer(configuration: config)
                """
            ),
            (
                "a switch on a flag known at build time",
                """
                        let config: ModelConfiguration
                        switch Bool(true) {
                        default: config = ModelConfiguration(url: Self.fallbackURL)
                        }
                        return try Store.makeContainer(configuration: config)
                """
            ),
        ]
        for (name, body) in spellings {
            let analysis = TestSupport.analyze(["App/Store.swift": Self.helper, "App/PostsApp.swift": Self.app(body)])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key), ["Posts.store"], name)
            XCTAssertEqual(analysis.notes, [], name)
        }
    }

    /// Control: one branch reads the file from the user's settings: that store cannot be told, and a note says so.
    func testABranchReadAtRunTimeCannotBeTold() {
        let body = """
                    let config: ModelConfiguration
                    if let saved = UserDefaults.standard.url(forKey: "store") {
                        config = ModelConfiguration(url: saved)
                    } else {
                        config = ModelConfiguration(url: URL.applicationSupportDirectory.appending(path: "Posts.store"))
                    }
                    return try Store.makeContainer(configuration: config)
            """
        let analysis = TestSupport.analyze(["App/Store.swift": Self.helper, "App/PostsApp.swift": Self.app(body)])
        XCTAssertFalse(analysis.notes.isEmpty, "\(analysis.topology.stores.map(\.location.key))")
    }
}
