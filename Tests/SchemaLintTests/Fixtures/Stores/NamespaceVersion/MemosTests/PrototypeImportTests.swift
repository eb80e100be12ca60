import SwiftData
import XCTest
@testable import Memos

final class PrototypeImportTests: XCTestCase {
    func testPrototypeStoresMigrate() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        let container = try ModelContainer(
            for: Schema(versionedSchema: MemoSchema.self), migrationPlan: PrototypeMigrationPlan.self,
            configurations: configuration)
        XCTAssertNotNil(container)
    }
}
