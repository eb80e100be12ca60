import SchemaLintEngine
import SchemaLintModel
import XCTest

/// The fixtures under Fixtures/Golden reproduce the declarations behind real stores written by SwiftData on Apple
/// platforms (see ../shared/stores/README.md). The expected values are those stores' metadata, bit for bit.
final class GoldenHashTests: XCTestCase {
    func testFreezeRayStoresMatchTheirMetadata() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/FreezeRay")
        let v1 = try XCTUnwrap(analysis.analysis(forKey: "AppSchemaV1"))
        XCTAssertEqual(v1.hashes.checksum, "hVf/dkygPyXWgY+Jcgvx9sMUcaiS0yfaIlBvgiRFqr4=")
        XCTAssertEqual(Hex.encode(v1.hashes.entityHashes["User"]!), "bbf54e4ba2823a88c9d7b39c0494507f5932a4f1c2e3789d309f4175e5af66d2")
        XCTAssertEqual(v1.hashes.digest, "DhycjuqoLFueVWZEBQK9U9T1RnCJxhCfLNVcnUAU2Qiqxd/xIvKgHnkAzYLHKXp7CkW23n8UCOGX4JbrY2vEFg==")
        XCTAssertTrue(v1.isCertain)
        let v2 = try XCTUnwrap(analysis.analysis(forKey: "AppSchemaV2"))
        XCTAssertEqual(v2.hashes.checksum, "vYclKAIUuGnEdsZfWYGeTfATZeMMc3+o0OnpOa5KyZM=")
        XCTAssertEqual(Hex.encode(v2.hashes.entityHashes["User"]!), "9d8506f17975d9feec6fb99e275ba570fc00dcbc189007a4b520edccd250f29c")
        XCTAssertEqual(v2.hashes.digest, "hzY6pX2683lTAZBSfswQqO57kMEJGY7RWNvxMeprVLPwRAsf38hLgBbxTVodQycK3dTgYKlJXKLRf5/qmwLuyQ==")
        XCTAssertEqual(analysis.findings, [])
    }

    func testMyHomeStoresMatchTheirMetadata() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        let v1 = try XCTUnwrap(analysis.analysis(forKey: "SchemaV1"))
        XCTAssertEqual(v1.hashes.checksum, "/r5Xny3uPG/uuYy/N6QFQe9nR8FAFz4YtAoFby3P4NM=")
        XCTAssertEqual(Hex.encode(v1.hashes.entityHashes["Expense"]!), "9cc544706a13fc51cd45d8b7748e3f0185702b787a0e51fe89828b58c7695e09")
        let v2 = try XCTUnwrap(analysis.analysis(forKey: "SchemaV2"))
        XCTAssertEqual(v2.hashes.checksum, "2zJRcZGYMJKQ/hfDtrAv0S9lUjlrxG3czTAKbMqEesI=")
        XCTAssertEqual(Hex.encode(v2.hashes.entityHashes["Category"]!), "1fb28c4d55e34f528600f186b5601289e142e4f882405e59221a7561616deef1")
        XCTAssertEqual(Hex.encode(v2.hashes.entityHashes["Expense"]!), "a27d37bcb8d5b6dc5366fbd993456d8b0f721e71265d9115b9e2e8ba76f929ae")
        XCTAssertEqual(v2.hashes.digest, "TTHSJOmB5ngVF+Z+vOG4UqyeduCiRYuIJKCgl/rUwkuZEq1jFrrX0lcm//BKqqfG5U0O5WQk0H4B2VzSV51EfQ==")
        XCTAssertEqual(analysis.findings, [])
    }

    /// Nested model classes, an enum composite, `[Data]` transformables, uniqueness and inverses declared on one end.
    func testChefTimeStoreMatchesItsMetadata() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/ChefTime")
        let version = try XCTUnwrap(analysis.analysis(forKey: "ChefTimeSchemaV1"))
        XCTAssertEqual(version.hashes.checksum, "Xce4i16Ij5O4fXKLO50+H+MPUirBp/8zTEs4l0M0gQA=")
        XCTAssertEqual(version.hashes.digest, "FAr/r1tJbF6KHh1N768bt919alGbvIm8rDZ6dXeNs3UDjcSNilfd/8YJ824VEdTUXOqsVWH7679LLbjC1ujSgQ==")
        let expected = [
            "SDAboutSection": "e5f3c533b7c0f252577afda8c63d11e4ed09a813c5b3eb0f1075158704256599",
            "SDFolder": "8f260b112d83d0cedb48a9bfccf2d54b6b9b4c61e44fac4a64f7c757e6969714",
            "SDIngredient": "fd228484d88aa0e72886d5b961de1d11d38a67b89791da0e3ffcf064d5bc7f60",
            "SDIngredientSection": "859b1b4d42c04db6e9fb64fbeb411d875483429f343b64fc3830b08a84597c5f",
            "SDRecipe": "bf93fcbb2b4d50c140ab43c183011d973829881e911f0d81050ae021db8d608d",
            "SDStep": "8aa29ab57fb03623d2e4e9907466d8dc99a940f29491a440748198c98c7c9aba",
            "SDStepSection": "c8600d0355e3ce7fa1ff9b0dd3ec536a69a1226d2c073f4f1ac3122289dd4cd1",
        ]
        XCTAssertEqual(version.hashes.entityHashes.mapValues(Hex.encode), expected)
        XCTAssertTrue(version.isCertain, "\(version.uncertainties)")
        // The real app listed only the two root models and relied on relationships to pull in the rest, and its store
        // holds every entity: SwiftData follows relationships, so there is nothing to report.
        XCTAssertEqual(analysis.findings.map(\.rule), [])
    }

    /// The worked example of the research note, step by step.
    func testPropertyHashLayout() {
        let createdAt = StoreProperty(name: "createdAt", isOptional: true,
                                      kind: .attribute(type: 900, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        let name = StoreProperty(name: "name", isOptional: true,
                                 kind: .attribute(type: 700, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        let result = VersionHasher.hash(StoreSchema(entities: [StoreEntity(name: "User", properties: [name, createdAt])]))
        XCTAssertEqual(Hex.encode(result.entityHashes["User"]!), "bbf54e4ba2823a88c9d7b39c0494507f5932a4f1c2e3789d309f4175e5af66d2")
        XCTAssertEqual(result.checksum, "hVf/dkygPyXWgY+Jcgvx9sMUcaiS0yfaIlBvgiRFqr4=")
    }
}
