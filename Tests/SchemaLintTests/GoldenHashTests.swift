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
        XCTAssertEqual(
            Hex.encode(v1.hashes.entityHashes["User"]!),
            "bbf54e4ba2823a88c9d7b39c0494507f5932a4f1c2e3789d309f4175e5af66d2")
        XCTAssertEqual(
            v1.hashes.digest, "DhycjuqoLFueVWZEBQK9U9T1RnCJxhCfLNVcnUAU2Qiqxd/xIvKgHnkAzYLHKXp7CkW23n8UCOGX4JbrY2vEFg=="
        )
        XCTAssertTrue(v1.isCertain)
        let v2 = try XCTUnwrap(analysis.analysis(forKey: "AppSchemaV2"))
        XCTAssertEqual(v2.hashes.checksum, "vYclKAIUuGnEdsZfWYGeTfATZeMMc3+o0OnpOa5KyZM=")
        XCTAssertEqual(
            Hex.encode(v2.hashes.entityHashes["User"]!),
            "9d8506f17975d9feec6fb99e275ba570fc00dcbc189007a4b520edccd250f29c")
        XCTAssertEqual(
            v2.hashes.digest, "hzY6pX2683lTAZBSfswQqO57kMEJGY7RWNvxMeprVLPwRAsf38hLgBbxTVodQycK3dTgYKlJXKLRf5/qmwLuyQ=="
        )
        XCTAssertEqual(analysis.findings, [])
    }

    func testMyHomeStoresMatchTheirMetadata() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        let v1 = try XCTUnwrap(analysis.analysis(forKey: "SchemaV1"))
        XCTAssertEqual(v1.hashes.checksum, "/r5Xny3uPG/uuYy/N6QFQe9nR8FAFz4YtAoFby3P4NM=")
        XCTAssertEqual(
            Hex.encode(v1.hashes.entityHashes["Expense"]!),
            "9cc544706a13fc51cd45d8b7748e3f0185702b787a0e51fe89828b58c7695e09")
        let v2 = try XCTUnwrap(analysis.analysis(forKey: "SchemaV2"))
        XCTAssertEqual(v2.hashes.checksum, "2zJRcZGYMJKQ/hfDtrAv0S9lUjlrxG3czTAKbMqEesI=")
        XCTAssertEqual(
            Hex.encode(v2.hashes.entityHashes["Category"]!),
            "1fb28c4d55e34f528600f186b5601289e142e4f882405e59221a7561616deef1")
        XCTAssertEqual(
            Hex.encode(v2.hashes.entityHashes["Expense"]!),
            "a27d37bcb8d5b6dc5366fbd993456d8b0f721e71265d9115b9e2e8ba76f929ae")
        XCTAssertEqual(
            v2.hashes.digest, "TTHSJOmB5ngVF+Z+vOG4UqyeduCiRYuIJKCgl/rUwkuZEq1jFrrX0lcm//BKqqfG5U0O5WQk0H4B2VzSV51EfQ=="
        )
        XCTAssertEqual(analysis.findings, [])
    }

    /// Nested model classes, an enum composite, `[Data]` transformables, uniqueness and inverses declared on one end.
    func testChefTimeStoreMatchesItsMetadata() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/ChefTime")
        let version = try XCTUnwrap(analysis.analysis(forKey: "ChefTimeSchemaV1"))
        XCTAssertEqual(version.hashes.checksum, "Xce4i16Ij5O4fXKLO50+H+MPUirBp/8zTEs4l0M0gQA=")
        XCTAssertEqual(
            version.hashes.digest,
            "FAr/r1tJbF6KHh1N768bt919alGbvIm8rDZ6dXeNs3UDjcSNilfd/8YJ824VEdTUXOqsVWH7679LLbjC1ujSgQ==")
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

    /// Raw-value enums, `URL?`, a required Codable struct, arrays of Codable structs and of `String`, to-many
    /// relationships without an inverse (ladder-phase4prep.store).
    func testLadderStoreMatchesItsMetadata() throws {
        try assertReproduces(
            "Golden/Ladder", key: "LadderSchemaV1", checksum: "WvpmKt8hNdgRJr2TuPFdieYhXCkRG+cO9zlOAQrGm+s=",
            digest: "qs/Cp8xlSdhE/z6L4S07ClWkFrZmb9/SYEAWjaxrANtrtt+a2afNzAH/rOMCkF2a1K9/oltQntIOppqR7vPNRg==",
            entityHashes: [
                "Achievement": "c15e55a82779303b0b45c129639bd15b143a57aa52a6ade39aa2a7f1f4db3641",
                "Application": "872116b62ee292659b058ca35ff97186a41f41b3ed47f7b90c45aa4d6036b27d",
                "Debrief": "e5a504517a7e88a8a8c32cc7f1a33e0c72e79e99798b22aee71fbcae5129423c",
                "DebriefQuestion": "157ece886e2ea1bfd163567ab0dc69618a6778c8184cab31c0e71b75f94ac481",
                "DismissedEvent": "51309b6d06be6b775a639765a146afd12b447820f1faf31cf50e88642b79fb10",
                "PrepPack": "992650b0ef3ff305cf2689678f3ee8c1b631d04a3b2d683487c1e6d5a84920dc",
                "PrepTalkingPoint": "0361ce24cc4adaf8883d2ef3963ed3c3f69372ebcbde2f23e678a0bd3605cfc9",
                "Profile": "3c455b654c377b9f2ea5d7e8ff3b3af257b2db5e229bff41a22480721d07c3a3",
                "Role": "7a0269bb0cdbee7677e8cbd55319ecc1b282fd54a2a192d13312d15ac6ffab5c",
                "SkillTag": "9837ad0ea6d4059b3de9003d7bc8089a0efdb45d9c6890db1a178774e0a83420",
                "Stage": "134f9eebc2afc84163d5ada8d049ab57c0cc1563da56856fbe6945c71cc07b4a",
                "Transcript": "cf8084e9ee0d478dc81ab70a75f5ec0164b2c412eb5cfa8fe17b38c95576ca33",
            ])
    }

    /// `TimeInterval`, `[String: Double]`, `[Int]`, an optional Codable struct holding an array, initial values
    /// such as `MuscleGroup.chest.rawValue` and `ExerciseLoad.unknownBodyweight`, `#Index` (vivobody-db99d12.store).
    func testVivobodyStoreMatchesItsMetadata() throws {
        try assertReproduces(
            "Golden/Vivobody", key: "VivobodySchemaV1", checksum: "uyUbR4opOZ8cgj0+tyTSlU4nBBSAmkF/RNx7JtgNP0E=",
            digest: "nqP99cKC+hNMpgbIYcRTekes9HdMVEtIqZ0oQWTp7Kd9vMAuFZ08WAkaSxwFtiyJQVEaPo20ADfM2vv7VlcxGA==",
            entityHashes: [
                "BodyWeightEntry": "d5dcbc8d9fb832d909f7349fd17c89c70f7755dc969503488fbdc82cbe2cc407",
                "Exercise": "e80fafbcd3315860bbf059763ed5699f171bf6c25cdffc7ca52940599fa78230",
                "ExerciseCatalogItem": "10d04154a7d126154e35b1b2bc81cf4880f3227f93b457211f6fb0aa61c181c3",
                "TemplateExercise": "9b231fd0800d8418c934c047a8df3c968fb628a9a123a3d52fc177d0ac104642",
                "TemplateSet": "1b083216e7187e3297a623293c35f4575f57141820a5582400cfd6f76f628522",
                "WorkoutSession": "5d042a0bdeafbda12cb68f45a7f0adb0a82251dbf3b6b18388226998b5207dc4",
                "WorkoutSet": "cdb66012ca4bbd0325d4588f1f649075e40f4a4f33e16dd07c144c6a44ec43cc",
                "WorkoutTemplate": "1e5910804593dba84a707a1403e0ae4ebef6ed0c05dbcab445214ffa88ede66a",
            ])
    }

    /// Arrays inside composites (of raw-value enums and of Codable structs) stored as Binary Data, a non-optional
    /// to-one relationship stored with minimum 0, an enum without raw values and an `Int` raw-value enum, `#Index`
    /// and `#Unique`, a composite field type declared in a file with no SwiftData word
    /// (MatthewHunt84/MetaCocktailsSwiftData `PreloadedCocktails.store`, checksum PfzOF+B8…).
    func testMetaCocktailsStoreMatchesItsMetadata() throws {
        try assertReproduces(
            "Golden/Cocktails", key: "BarSchemaV1", checksum: "PfzOF+B8xFeHy7FWO/cFMC/dVCdmD0mbo1VdzPPozKA=",
            digest: "7Pxev8Rtoyk5RW9EuJNcyO2a8MYFOxxpWuW5bDgvrP9yL7yIsZ5pXzMyp40FkYsoGqX9R8WLC5IFbT/0k4gGJg==",
            entityHashes: [
                "Cocktail": "78b8be45a61c914cccf034ad2da209e146fce08f2c5906a791c1091761613590",
                "Garnish": "76a9959e90e79ed17b32a980a29e5368b953c5b7e7fd4073cfe063e316d44cc5",
                "Ingredient": "4a3b9f32df42aee19eb186b6ad03ad57c96cd3fb4532671a4063da2002cfc61a",
                "IngredientBase": "a017653989a9a1b642674e178f21d0f983180ef6b26dc16736063535ab22e615",
            ])
    }

    /// The store decides each mapping it proves: the other candidate gives another entity hash, so the match above
    /// is not a coincidence of storages the hash cannot tell apart.
    func testMetaCocktailsStoreRulesOutTheOtherStorages() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/Cocktails")
        let version = try XCTUnwrap(analysis.analysis(forKey: "BarSchemaV1"))
        let byName = Dictionary(uniqueKeysWithValues: version.store.entities.map { ($0.name, $0) })
        func hash(_ entity: ManagedEntity) -> String {
            var schema = version.store
            schema.entities = schema.entities.map { $0.name == entity.name ? entity : $0 }
            return Hex.encode(VersionHasher.hash(schema).entityHashes[entity.name]!)
        }
        // `var ingredientBase: IngredientBase` with minimum 1 instead of 0.
        var ingredient = try XCTUnwrap(byName["Ingredient"])
        let position = try XCTUnwrap(ingredient.properties.firstIndex { $0.name == "ingredientBase" })
        guard case let .relationship(destination, inverse, _, maxCount, ordered) = ingredient.properties[position].kind
        else { return XCTFail("ingredientBase is not a relationship") }
        ingredient.properties[position].kind = .relationship(
            destination: destination, inverse: inverse, minCount: 1, maxCount: maxCount, isOrdered: ordered)
        XCTAssertNotEqual(hash(ingredient), "4a3b9f32df42aee19eb186b6ad03ad57c96cd3fb4532671a4063da2002cfc61a")
        // `Tags.flavors: [Flavor]?` as Transformable instead of Binary Data.
        var base = try XCTUnwrap(byName["IngredientBase"])
        let tags = try XCTUnwrap(base.properties.firstIndex { $0.name == "tags" })
        guard case var .composite(elements) = base.properties[tags].kind,
            let flavors = elements.firstIndex(where: { $0.name == "flavors" })
        else { return XCTFail("tags is not a composite with flavors") }
        XCTAssertEqual(
            elements[flavors].kind,
            .attribute(type: 1000, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        elements[flavors].kind = .attribute(
            type: 1800, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false)
        base.properties[tags].kind = .composite(elements: elements)
        XCTAssertNotEqual(hash(base), "a017653989a9a1b642674e178f21d0f983180ef6b26dc16736063535ab22e615")
    }

    /// SwiftUI's `Color.Resolved` is a composite of four required Floats (MetaCocktailsSwiftData's `default.store`
    /// of September 2024, checksum WE83DWHg…; its `CocktailImage` entity).
    func testResolvedColorIsACompositeOfFourFloats() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/CocktailImage")
        let version = try XCTUnwrap(analysis.analysis(forKey: "ImageSchemaV1"))
        XCTAssertEqual(
            version.hashes.entityHashes.mapValues(Hex.encode),
            ["CocktailImage": "e5242d181d1eb8e5b999d0e19f84b74db5c473219db44416e51022dfab605201"])
        XCTAssertTrue(version.isCertain, "\(version.uncertainties)")
    }

    /// The fixture's version reproduces the store's checksum, digest and every entity hash, certain and with no
    /// findings.
    func assertReproduces(
        _ fixture: String, key: String, checksum: String, digest: String, entityHashes: [String: String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let analysis = try TestSupport.analyzeFixture(fixture)
        let version = try XCTUnwrap(analysis.analysis(forKey: key), file: file, line: line)
        XCTAssertEqual(version.hashes.checksum, checksum, file: file, line: line)
        XCTAssertEqual(version.hashes.digest, digest, file: file, line: line)
        XCTAssertEqual(version.hashes.entityHashes.mapValues(Hex.encode), entityHashes, file: file, line: line)
        XCTAssertTrue(version.isCertain, "\(version.uncertainties)", file: file, line: line)
        XCTAssertEqual(analysis.findings.map(\.rule), [], file: file, line: line)
    }

    /// The worked example of the research note, step by step.
    func testPropertyHashLayout() {
        let createdAt = ManagedProperty(
            name: "createdAt", isOptional: true,
            kind: .attribute(
                type: 900, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        let name = ManagedProperty(
            name: "name", isOptional: true,
            kind: .attribute(
                type: 700, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        let result = VersionHasher.hash(
            ManagedModel(entities: [ManagedEntity(name: "User", properties: [name, createdAt])]))
        XCTAssertEqual(
            Hex.encode(result.entityHashes["User"]!), "bbf54e4ba2823a88c9d7b39c0494507f5932a4f1c2e3789d309f4175e5af66d2"
        )
        XCTAssertEqual(result.checksum, "hVf/dkygPyXWgY+Jcgvx9sMUcaiS0yfaIlBvgiRFqr4=")
    }
}
