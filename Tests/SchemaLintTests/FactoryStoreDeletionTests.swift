import SchemaLintEngine
import XCTest

/// A store factory that deletes the file it was given when opening it fails (popcorn's `ModelContainerFactory`,
/// field test 23): the deleted name is the one it opened the store at (`url:` of a configuration or description),
/// so the delete is the store's, whatever callers pass. A SwiftData function, a Core Data initialiser, and a Core
/// Data load's completion; another parameter deleted is not the store.
final class FactoryStoreDeletionTests: XCTestCase {
    private static let spellings: [(name: String, source: String)] = [
        (
            "a SwiftData factory function",
            """
            import SwiftData
            import Foundation
            @Model final class Watch { var movieID: Int = 0; init() {} }
            enum ModelContainerFactory {
                static func makeContainer(schema: Schema, url: URL) -> ModelContainer {
                    let config = ModelConfiguration(schema: schema, url: url)
                    do {
                        return try ModelContainer(for: schema, configurations: [config])
                    } catch {
                        try? FileManager.default.removeItem(at: url)
                        return try! ModelContainer(for: schema, configurations: [config])
                    }
                }
            }
            enum Store {
                static let container = ModelContainerFactory.makeContainer(
                    schema: Schema([Watch.self]), url: URL.documentsDirectory.appending(path: "watchlist.sqlite"))
            }
            """
        ),
        (
            "a SwiftData initialiser",
            """
            import SwiftData
            import Foundation
            @Model final class Watch { var movieID: Int = 0; init() {} }
            final class Persistence {
                let container: ModelContainer
                init(fileURL: URL) {
                    let schema = Schema([Watch.self])
                    do {
                        container = try ModelContainer(for: schema, configurations: ModelConfiguration(url: fileURL))
                    } catch {
                        try? FileManager.default.removeItem(at: fileURL)
                        container = try! ModelContainer(for: schema, configurations: ModelConfiguration(url: fileURL))
                    }
                }
            }
            let persistence = Persistence(fileURL: URL.documentsDirectory.appending(path: "watchlist.sqlite"))
            """
        ),
    ]

    func testAFactoryDeletingTheFileItOpenedIsReported() {
        for spelling in Self.spellings {
            let findings = TestSupport.summary(TestSupport.analyze(spelling.source).findings)
            XCTAssertTrue(
                findings.contains { $0.hasPrefix("store_deleted_on_failure") }, "\(spelling.name): \(findings)")
        }
    }

    func testAnotherParameterDeletedIsNotTheStore() {
        let source = Self.spellings[0].source
            .replacingOccurrences(of: "schema: Schema, url: URL)", with: "schema: Schema, url: URL, log: URL)")
            .replacingOccurrences(of: "removeItem(at: url)", with: "removeItem(at: log)")
            .replacingOccurrences(
                of: "appending(path: \"watchlist.sqlite\"))",
                with: "appending(path: \"watchlist.sqlite\"), log: URL.documentsDirectory)")
        let findings = TestSupport.summary(TestSupport.analyze(source).findings)
        XCTAssertFalse(findings.contains { $0.hasPrefix("store_deleted_on_failure") }, "\(findings)")
    }
}
