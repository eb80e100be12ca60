import SchemaLintEngine
import XCTest

/// One factory type with a local and a CloudKit function, each called for its own models (popcorn, field test 23):
/// the CloudKit rules apply to the models the CloudKit function's calls pass, never to those only the local function
/// opens. A CloudKit-incompatible model the CloudKit call passes is still reported.
final class CloudKitPerFactoryTests: XCTestCase {
    private static func files(watchlist: String) -> [String: String] {
        [
            "App/Models.swift": """
                import SwiftData
                @Model final class CachedMovie {
                    @Attribute(.unique) var id: Int
                    var title: String
                    init(id: Int, title: String) { self.id = id; self.title = title }
                }
                @Model final class WatchlistItem {
                    \(watchlist)
                    init() {}
                }
                """,
            "App/ModelContainerFactory.swift": """
                import SwiftData
                import Foundation
                enum ModelContainerFactory {
                    static func makeLocal(schema: Schema, url: URL) -> ModelContainer {
                        let config = ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)
                        return try! ModelContainer(for: schema, configurations: [config])
                    }
                    static func makeSynced(schema: Schema, url: URL) -> ModelContainer {
                        let config = ModelConfiguration(
                            schema: schema, url: url, cloudKitDatabase: .private("iCloud.com.example.app"))
                        return try! ModelContainer(for: schema, configurations: [config])
                    }
                }
                """,
            "App/Factories.swift": """
                import SwiftData
                import Foundation
                enum MoviesFactory {
                    static let cache = ModelContainerFactory.makeLocal(
                        schema: Schema([CachedMovie.self]),
                        url: URL.documentsDirectory.appending(path: "movies.sqlite"))
                    static let watchlist = ModelContainerFactory.makeSynced(
                        schema: Schema([WatchlistItem.self]),
                        url: URL.documentsDirectory.appending(path: "watchlist.sqlite"))
                }
                """,
        ]
    }

    func testOnlyTheSyncedCallsModelsAreJudged() {
        let clean = TestSupport.analyze(Self.files(watchlist: "var movieID: Int = 0")).findings
        XCTAssertFalse(clean.contains { $0.rule == "cloudkit_incompatible" }, "\(TestSupport.summary(clean))")
        let unique = TestSupport.analyze(Self.files(watchlist: "@Attribute(.unique) var movieID: Int = 0")).findings
        XCTAssertEqual(
            TestSupport.summary(unique.filter { $0.rule == "cloudkit_incompatible" }),
            ["cloudkit_incompatible App/Models.swift:8"])
    }
}
