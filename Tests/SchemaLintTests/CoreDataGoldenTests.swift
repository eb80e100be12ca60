import Foundation
import SchemaLintBundles
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// The model files under Fixtures/CoreData/Golden restate the `.xcdatamodel`s that wrote the Core Data stores in
/// ../shared/stores/coredata (its README names each one). Hashed from the XML alone, each must give the entity hashes
/// the store's metadata records, bit for bit, and its checksum and digest where the store has them.
final class CoreDataGoldenTests: XCTestCase {
    static let golden = TestSupport.fixture("CoreData/Golden")

    func store(_ name: String) throws -> StoreMetadata {
        let path = StoreVerificationTests.storesFolder.appendingPathComponent("coredata/\(name)").path
        try TestSupport.requireSharedStore(path)
        return try StoreReader.metadata(of: path)
    }

    func version(_ bundle: String, _ name: String) throws -> ModelBundleVersion {
        let path = Self.golden.appendingPathComponent(bundle).path
        let read = ModelBundleReader.read(path: path, display: bundle)
        let version = try XCTUnwrap(read.version(named: name), "\(bundle) has no \(name)")
        XCTAssertNil(version.problem)
        return version
    }

    func assertReproduces(
        _ store: StoreMetadata, _ schema: ManagedModel, file: StaticString = #filePath, line: UInt = #line
    ) {
        let hashes = VersionHasher.hash(schema)
        XCTAssertEqual(
            hashes.entityHashes.mapValues(Hex.encode), store.entityHashes.mapValues(Hex.encode), file: file,
            line: line)
        if let checksum = store.checksum { XCTAssertEqual(hashes.checksum, checksum, file: file, line: line) }
        if let digest = store.digest { XCTAssertEqual(hashes.digest, digest, file: file, line: line) }
    }

    func testCartKitStore() throws {
        let version = try version("CartStorage.xcdatamodeld", "CartStorage")
        assertReproduces(try store("cartkit-coredata.sqlite"), version.schema)
        XCTAssertEqual(version.uncertainties, [])
    }

    /// Inheritance three deep, uniqueness constraints, a transient attribute left out, `preserveAfterDeletion`, a
    /// renaming identifier and a fetch index (neither hashed).
    func testSampleModelStores() throws {
        let first = try version("SampleModel.xcdatamodeld", "SampleModel")
        XCTAssertEqual(first.identifier, "1")
        assertReproduces(try store("coredataplus-SampleModel_V1.sqlite"), first.schema)
        let second = try version("SampleModel.xcdatamodeld", "SampleModel2")
        XCTAssertEqual(second.details.renamingIdentifiers["LuxuryCar"], "ExpensiveSportCar")
        assertReproduces(try store("coredataplus-SampleModel_V2.sqlite"), second.schema)
    }

    func testStandaloneModelStore() throws {
        let version = try version("SampleModel3.xcdatamodel", "SampleModel3")
        assertReproduces(try store("coredataplus-SampleModel3_V1.sqlite"), version.schema)
    }

    /// `NSManagedObjectModel.mergedModel(from:)` over three bundles: the store holds every entity of each.
    func testMergedModelStore() throws {
        var entities: [ManagedEntity] = []
        for name in ["AppRatingPrompt", "HTTPSUpgrade 3", "RemoteMessaging"] {
            entities += try version("AppRating/\(name).xcdatamodel", name).schema.entities
        }
        assertReproduces(try store("duckduckgo-apprating.sqlite"), ManagedModel(entities: entities))
    }
}

extension CoreDataGoldenTests {
    /// `verify-store` names the bundle version that wrote a Core Data store, and the nearest one when none did.
    func testVerifyStoreMatchesABundleVersion() throws {
        let analysis = try Analyzer(workingDirectory: Self.golden, threads: 2).analyze(paths: [], lockfile: nil)
        let cart = StoreVerifier.verify(try store("cartkit-coredata.sqlite"), against: analysis)
        XCTAssertEqual(cart.matches, ["CartStorage.xcdatamodeld/CartStorage"])
        let second = StoreVerifier.verify(try store("coredataplus-SampleModel_V2.sqlite"), against: analysis)
        XCTAssertEqual(second.matches, ["SampleModel.xcdatamodeld/SampleModel2"])
        // The merged store holds three bundles' entities: no single version matches it.
        let merged = StoreVerifier.verify(try store("duckduckgo-apprating.sqlite"), against: analysis)
        XCTAssertEqual(merged.matches, [])
        XCTAssertNotNil(merged.nearest)
        // Said in Core Data's terms, not SwiftData's (issue 41).
        let text = StoreVerificationReport(verdicts: [merged], project: analysis.project).text()
        XCTAssertTrue(text.contains("matches no model version in the source"), text)
        XCTAssertTrue(text.contains("Core Data finds no model in the bundle for it"), text)
        XCTAssertTrue(text.contains("134130"), text)
        XCTAssertFalse(text.contains("134504"), text)
        XCTAssertFalse(text.contains("SwiftData"), text)
    }
}
