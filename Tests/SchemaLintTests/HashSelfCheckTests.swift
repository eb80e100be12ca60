import Foundation
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Every real store in ../shared/stores (Core Data and SwiftData, framework versions 637 to 1526): the hashes
/// recomputed from its own cached model must equal its metadata, bit for bit. This pins the Core Data algorithm
/// (attribute types, inheritance, abstract entities, derived and fetched properties, read-only and transient flags,
/// uniqueness constraints, ordered relationships, merged models) independently of the Swift-to-model mapping.
final class HashSelfCheckTests: XCTestCase {
    static func everyStore() throws -> [String] {
        let folder = StoreVerificationTests.storesFolder
        try TestSupport.requireSharedStore(folder.path)
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var stores: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".sqlite") || relative.hasSuffix(".store") else { continue }
            stores.append(folder.appendingPathComponent(relative).path)
        }
        return stores.sorted()
    }

    func testEveryStoreReproducesItsOwnHashes() throws {
        let stores = try Self.everyStore()
        XCTAssertGreaterThanOrEqual(stores.count, 14)
        var entities = 0
        for path in stores {
            let metadata = try StoreReader.metadata(of: path)
            XCTAssertNil(metadata.modelProblem, path)
            let check = try XCTUnwrap(HashSelfCheck(metadata), path)
            XCTAssertEqual(check.mismatches, [], path)
            XCTAssertEqual(check.skipped, [], path)
            XCTAssertEqual(Set(check.matchingEntities), Set(metadata.entityHashes.keys), path)
            entities += check.matchingEntities.count
        }
        XCTAssertEqual(entities, 104)
    }

    func testTheCachedModelDecodesToTheSemanticModel() throws {
        let path = StoreVerificationTests.storesFolder.appendingPathComponent("swiftdata/myhome-v2.store").path
        try TestSupport.requireSharedStore(path)
        let model = try XCTUnwrap(try StoreReader.metadata(of: path).model)
        let category = try XCTUnwrap(model.schema.entities.first { $0.name == "Category" })
        XCTAssertEqual(
            category.properties.map(\.name),
            ["createdAt", "currencyCode", "expenses", "id", "monthlyBudget", "name", "sortOrder", "symbolName"])
        let expenses = try XCTUnwrap(category.properties.first { $0.name == "expenses" })
        XCTAssertEqual(
            expenses.kind,
            .relationship(destination: "Expense", inverse: "categories", minCount: 0, maxCount: 0, isOrdered: false))
        XCTAssertFalse(expenses.isOptional)
        let budget = try XCTUnwrap(category.properties.first { $0.name == "monthlyBudget" })
        XCTAssertEqual(
            budget.kind,
            .attribute(type: 400, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        XCTAssertTrue(budget.isOptional)
        XCTAssertEqual(model.versionIdentifiers, ["2.0.0"])
        XCTAssertEqual(model.deleteRules["Category.expenses"], 1)
    }
}
