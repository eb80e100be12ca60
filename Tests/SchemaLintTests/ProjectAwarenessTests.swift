import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// What the app really compiles and opens: constants followed to the containers that use them.
final class ProjectAwarenessTests: XCTestCase {
    /// A public shopping app's shape: the schema and the plan are constants of a namespace enum, a local copies one,
    /// a helper takes the plan as a defaulted parameter. A model inserted during sync is in no version: SwiftData
    /// cannot find it at run time (the app's own fix commit says so).
    func testConstantsLeadContainersToTheirSchemaAndPlan() throws {
        let analysis = try TestSupport.analyzeFixture("RealWorld/ConstantsFollowed")
        let containers = analysis.project.containers.filter { $0.purpose == .app }
        XCTAssertEqual(containers.count, 2)
        for container in containers {
            XCTAssertEqual(container.versionedSchema.map { analysis.project.symbols[$0].name }, "ShoppingSchemaV1")
            XCTAssertEqual(container.plan.map { analysis.project.symbols[$0].name }, "ShoppingMigrationPlan")
        }
        XCTAssertEqual(
            TestSupport.summary(analysis.findings.filter { $0.rule != "lockfile_missing" }),
            ["unversioned_model Shopping/Models/Article.swift:20"])
    }
}
