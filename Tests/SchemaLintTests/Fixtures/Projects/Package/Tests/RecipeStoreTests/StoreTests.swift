import SwiftData
import XCTest
@testable import RecipeStore

final class StoreTests: XCTestCase {
    func testStoreOpens() throws {
        _ = try RecipeStore.open()
    }
}
