import SwiftData
import XCTest

final class MigrationPlanTests: XCTestCase {
    func testPlanListsItsVersions() {
        XCTAssertEqual(StationMigrationPlan.schemas.count, 2)
    }
}
