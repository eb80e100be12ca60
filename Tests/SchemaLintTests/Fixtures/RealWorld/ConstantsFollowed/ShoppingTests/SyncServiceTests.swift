import SwiftData
import XCTest

final class SyncServiceTests: XCTestCase {
    func testMergeIsCounted() throws {
        let container = try ModelContainer(
            for: Article.self, Shop.self, PeerMergeCounter.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        try SyncService(context: ModelContext(container)).recordMerge(from: "peer")
    }
}
