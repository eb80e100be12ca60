#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintEngine
import SchemaLintModel
@testable import SchemaLintStore
import XCTest

/// The encodings a fixture store is made of (issue 52): binary property lists, keyed archives, the cached model and
/// the metadata plist, each checked against what the real stores in ../shared/stores hold.
final class FixtureEncodingTests: XCTestCase {
    // MARK: Binary property lists

    func testBinaryPropertyListsOfEveryKindRoundTrip() throws {
        let integers: [Int64] = [
            0, 1, 14, 15, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, .max, -1, -256, .min,
        ]
        let value = PropertyListValue.dictionary([
            "integers": .array(integers.map(PropertyListValue.integer)),
            "reals": .array([.real(0), .real(0.5), .real(-1e300), .real(.infinity)]),
            "dates": .array([.date(0), .date(801_829_015.478499), .date(-1)]),
            "data": .array([.data([]), .data([1, 2, 3]), .data(Array(0..<40))]),
            "strings": .array([
                .string(""), .string("ascii"), .string("Café ☕️"), .string(String(repeating: "long ", count: 20)),
                .string("日本語の長い文字列はここにあります。十五文字を超える"),
            ]),
            "uids": .array([.uid(0), .uid(255), .uid(256), .uid(70_000)]),
            "flags": .array([.bool(true), .bool(false), .null]),
            "nested": .dictionary(["a": .array([.array([]), .dictionary([:])]), "b": .dictionary(["c": .string("d")])]),
        ])
        let bytes = BinaryPropertyListWriter.encode(value)
        XCTAssertEqual(try BinaryPropertyList.decode(bytes), value)
        XCTAssertEqual(BinaryPropertyListWriter.encode(value), bytes, "the same value gives the same bytes")
        // Insertion order does not matter: keys are written sorted.
        var reordered: [String: PropertyListValue] = [:]
        for key in (value.dictionary ?? [:]).keys.sorted().reversed() { reordered[key] = value[key] }
        XCTAssertEqual(BinaryPropertyListWriter.encode(.dictionary(reordered)), bytes)
        #if canImport(Darwin)
            // Apple's own reader takes it too.
            let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
            XCTAssertEqual((foundation as? [String: Any])?["strings"] as? [String], value["strings"]?.array?.map {
                $0.string ?? ""
            })
        #endif
    }

    func testLargePropertyListsNeedWiderReferencesAndOffsets() throws {
        // 300 distinct objects need 2-byte references; 70,000 need 4-byte ones and offsets past 65,535.
        for count in [300, 70_000] {
            let value = PropertyListValue.array((0..<count).map { .string("item \($0)") })
            let bytes = BinaryPropertyListWriter.encode(value)
            XCTAssertEqual(Int(bytes[bytes.count - 25]), count > 65_535 ? 4 : 2, "reference size for \(count)")
            XCTAssertEqual(try BinaryPropertyList.decode(bytes), value)
        }
        // Equal scalars are written once: a thousand equal strings are one object and an array.
        let shared = BinaryPropertyListWriter.encode(.array(Array(repeating: .string("same"), count: 1_000)))
        XCTAssertEqual(Int(shared[shared.count - 17]), 2, "one array and one string")
    }

    // MARK: Keyed archives

    func testKeyedArchivesHaveTheArchiversShape() throws {
        var writer = KeyedArchiveWriter()
        let parent = writer.reserve()
        let child = writer.make(
            classes: ["Child", "NSObject"], fields: [("name", .string("a")), ("parent", .conditional(parent))])
        let other = writer.make(
            classes: ["Child", "NSObject"], fields: [("name", .string("a")), ("count", .integer(2))])
        writer.define(
            parent, classes: ["Parent", "NSObject"],
            fields: [("children", .object(writer.array([.object(child), .object(other)]))), ("none", .null)])
        let plist = try BinaryPropertyList.decode(try writer.encode(root: parent))
        XCTAssertEqual(plist["$archiver"], .string("NSKeyedArchiver"))
        XCTAssertEqual(plist["$version"], .integer(100_000))
        XCTAssertEqual(plist["$top"], .dictionary(["root": .uid(1)]))
        let objects = try XCTUnwrap(plist["$objects"]?.array)
        XCTAssertEqual(objects.first, .string("$null"))
        XCTAssertEqual(objects.filter { $0.string == "a" }.count, 1, "equal strings are one object")
        let classEntries = objects.filter { $0["$classname"] != nil }
        XCTAssertEqual(classEntries.compactMap { $0["$classname"]?.string }.sorted(), ["Child", "NSArray", "Parent"])
        XCTAssertEqual(classEntries.first { $0["$classname"]?.string == "Child" }?["$classes"],
            .array([.string("Child"), .string("NSObject")]))
        let archive = try KeyedArchive(plist)
        let root = try XCTUnwrap(archive.root)
        XCTAssertEqual(root.className, "Parent")
        XCTAssertEqual(root.objects("children").map(\.className), ["Child", "Child"])
        XCTAssertEqual(root.objects("children").first?.object("parent")?.className, "Parent")
        XCTAssertNil(root.value("none"))
        // A back-reference to an object never written is refused, not archived as a dangling number.
        var dangling = KeyedArchiveWriter()
        let missing = dangling.reserve()
        let holder = dangling.make(classes: ["Holder", "NSObject"], fields: [("other", .conditional(missing))])
        XCTAssertThrowsError(try dangling.encode(root: holder))
    }

    // MARK: Real stores

    static func realStores() throws -> [String] {
        var names: [String] = []
        for kind in ["coredata", "swiftdata"] {
            let folder = StoreVerificationTests.storesFolder.appendingPathComponent(kind)
            try TestSupport.requireSharedStore(folder.path)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where !name.hasSuffix("-wal") && !name.hasSuffix("-shm") {
                names.append("\(kind)/\(name)")
            }
        }
        return names
    }

    /// The store's metadata plist and cached model bytes, read from a private copy (with its write-ahead log).
    static func blobs(_ name: String) throws -> (metadata: [UInt8], cache: [UInt8]) {
        let path = StoreVerificationTests.storesFolder.appendingPathComponent(name).path
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store.sqlite").path
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        guard sqlite3_open_v2(copy, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw XCTSkip("cannot open \(name)")
        }
        func blob(_ query: String) throws -> [UInt8] {
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(database, query, -1, &statement, nil) == SQLITE_OK,
                sqlite3_step(statement) == SQLITE_ROW
            else { throw XCTSkip("\(name): \(query) gives nothing") }
            let count = Int(sqlite3_column_bytes(statement, 0))
            return Array(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 0), count: count))
        }
        return (try blob("SELECT Z_PLIST FROM Z_METADATA"), try blob("SELECT Z_CONTENT FROM Z_MODELCACHE"))
    }

    static func decode(_ deflated: [UInt8]) throws -> (CachedModel, PropertyListValue) {
        let plist = try BinaryPropertyList.decode(try Inflate.raw(deflated))
        return (try ModelCacheDecoder.decode(try KeyedArchive(plist)), plist)
    }

    /// The configurations of a real archive (name → entity names), to write them back.
    static func configurations(_ plist: PropertyListValue) throws -> [String: [String]] {
        let archive = try KeyedArchive(plist)
        guard let table = archive.root?.object("NSConfigurations") else { return [:] }
        var result: [String: [String]] = [:]
        for (key, value) in zip(table.fields["NS.keys"]?.array ?? [], table.fields["NS.objects"]?.array ?? []) {
            guard let name = archive.resolve(key)?.string, let set = archive.object(value) else { continue }
            result[name] = (set.fields["NS.objects"]?.array ?? []).compactMap {
                archive.object($0)?.string("NSEntityName")
            }
        }
        return result
    }

    func testEveryRealStoresModelEncodesToAnArchiveThatDecodesEqual() throws {
        for name in try Self.realStores() {
            let (real, plist) = try Self.decode(try Self.blobs(name).cache)
            let encoded = try ModelCacheEncoder.encode(
                real.schema, versionIdentifiers: real.versionIdentifiers,
                configurations: try Self.configurations(plist), deleteRules: real.deleteRules)
            let (again, _) = try Self.decode(encoded)
            XCTAssertEqual(again.schema, real.schema, name)
            XCTAssertEqual(again.versionIdentifiers, real.versionIdentifiers, name)
            XCTAssertEqual(again.deleteRules, real.deleteRules, name)
            XCTAssertEqual(
                again.unverifiable.map(\.description), real.unverifiable.map(\.description), name)
            XCTAssertEqual(
                try ModelCacheEncoder.encode(
                    real.schema, versionIdentifiers: real.versionIdentifiers,
                    configurations: try Self.configurations(plist), deleteRules: real.deleteRules),
                encoded, "\(name): the same model gives the same bytes")
        }
    }

    /// Class name → the key sets its objects have in an archive.
    static func shape(_ plist: PropertyListValue) -> [String: Set<Set<String>>] {
        let objects = plist["$objects"]?.array ?? []
        var shape: [String: Set<Set<String>>] = [:]
        for object in objects {
            guard case let .uid(index)? = object["$class"], index < objects.count,
                let name = objects[index]["$classname"]?.string
            else { continue }
            shape[name, default: []].insert(Set(object.dictionary?.keys.map { $0 } ?? []))
        }
        return shape
    }

    static func chains(_ plist: PropertyListValue) -> [String: PropertyListValue] {
        var chains: [String: PropertyListValue] = [:]
        for object in plist["$objects"]?.array ?? [] {
            if let name = object["$classname"]?.string { chains[name] = object["$classes"] }
        }
        return chains
    }

    /// The encoded archive uses the real one's classes and, per class, key sets the real one has. What the real
    /// archives hold and a `ManagedModel` does not say cannot be written, and is left out of the comparison:
    /// - classes of default values (`NSDate`, `NSUUID`, `NSDecimalNumberPlaceholder`, an app's own class), fetched
    ///   properties and their requests, sort descriptors and predicates (`NSFetchedPropertyDescription`,
    ///   `NSFetchRequest`, `NSSortDescriptor`, `NS…Predicate…`, `NSVariableExpression`, `NSMutableString`, and
    ///   the expression classes when only predicates use them),
    ///   indexes (`NSFetchIndexDescription`, `NSFetchIndexElementDescription`; the entity keys `NSCompoundIndexes`,
    ///   `NSFetchIndexDescriptions`; an attribute's `NSIsIndexed`);
    /// - user info (`NSUserInfo` on a composite: SwiftData's `EnumType` marker) and validation rules
    ///   (`NSValidationPredicates`, `NSValidationWarnings`);
    /// - merged models keep their version identifiers in an `NSMutableSet`; the encoder writes an `NSSet`;
    /// - stores of older frameworks (637–849) have no `NSUniqueTuples`, and `$null` for the subentities of an entity
    ///   without any; the encoder writes the current framework's entity (`NSUniqueTuples`, an empty
    ///   `NSMutableDictionary`).
    func testEncodedArchivesHaveTheRealClassesAndKeys() throws {
        let unwritable: Set<String> = [
            "NSDate", "NSUUID", "NSDecimalNumberPlaceholder", "NSFetchedPropertyDescription", "NSFetchRequest",
            "NSSortDescriptor", "NSComparisonPredicate", "NSComparisonPredicateOperator", "NSCompoundPredicate",
            "NSEqualityPredicateOperator", "NSInPredicateOperator", "NSVariableExpression", "NSMutableString",
            "NSFetchIndexDescription", "NSFetchIndexElementDescription", "NSMutableSet",
            // Expressions of validation predicates and fetch requests (derived attributes' ones are written).
            "NSSelfExpression", "NSConstantValueExpression", "NSFunctionExpression", "NSKeyPathExpression",
            "NSKeyPathSpecifierExpression",
        ]
        let unwritableKeys: Set<String> = [
            "NSCompoundIndexes", "NSFetchIndexDescriptions", "NSIsIndexed", "NSValidationPredicates",
            "NSValidationWarnings",
        ]
        for name in try Self.realStores() {
            let (real, realPlist) = try Self.decode(try Self.blobs(name).cache)
            let encoded = try BinaryPropertyList.decode(
                try ModelCacheEncoder.archive(
                    real.schema, versionIdentifiers: real.versionIdentifiers,
                    configurations: try Self.configurations(realPlist), deleteRules: real.deleteRules))
            let realShape = Self.shape(realPlist)
            let ours = Self.shape(encoded)
            let oldEntities = realShape["NSEntityDescription"]?.contains { !$0.contains("NSUniqueTuples") } ?? false
            // Every class the schema can say is written; nothing beyond the real classes but the two named above.
            let expectedClasses = Set(realShape.keys).subtracting(unwritable).filter { !$0.contains(".") }
            XCTAssertEqual(expectedClasses.subtracting(ours.keys), [], "\(name): classes not written")
            var extras: Set<String> = []
            if realShape["NSMutableSet"] != nil && realShape["NSSet"] == nil { extras.insert("NSSet") }
            if oldEntities { extras.insert("NSMutableArray") }
            XCTAssertTrue(Set(ours.keys).subtracting(realShape.keys).isSubset(of: extras), "\(name): \(ours.keys)")
            let realChains = Self.chains(realPlist)
            for (className, chain) in Self.chains(encoded) where realChains[className] != nil {
                XCTAssertEqual(chain, realChains[className], "\(name): $classes of \(className)")
            }
            for (className, keySets) in ours {
                var allowed = Set((realShape[className] ?? []).map { $0.subtracting(unwritableKeys) })
                if className.hasSuffix("AttributeDescription") {
                    allowed.formUnion(allowed.map { $0.subtracting(["NSUserInfo"]) })
                }
                for keys in keySets {
                    var compared = keys
                    if oldEntities && className == "NSEntityDescription" { compared.remove("NSUniqueTuples") }
                    if className == "NSArray" || className == "NSMutableArray" || className == "NSSet" {
                        XCTAssertEqual(compared, ["$class", "NS.objects"], "\(name): \(className)")
                        continue
                    }
                    XCTAssertTrue(
                        allowed.contains(compared), "\(name): \(className) with keys \(compared.sorted()) is not real")
                }
            }
        }
    }

    // MARK: Metadata

    func testTheMetadataPlistEqualsEveryRealStores() throws {
        for name in try Self.realStores() {
            let real = try BinaryPropertyList.decode(try Self.blobs(name).metadata)
            var hashes: [String: [UInt8]] = [:]
            for (entity, value) in real["NSStoreModelVersionHashes"]?.dictionary ?? [:] { hashes[entity] = value.data }
            let bytes = try StoreMetadataPlist.encode(
                entityHashes: hashes,
                versionIdentifiers: real["NSStoreModelVersionIdentifiers"]?.array?.compactMap(\.string) ?? [],
                checksum: real["NSStoreModelVersionChecksumKey"]?.string,
                frameworkVersion: Int(try XCTUnwrap(real["NSPersistenceFrameworkVersion"]?.integer)))
            let ours = try BinaryPropertyList.decode(bytes)
            XCTAssertEqual(
                Set(ours.dictionary?.keys.map { $0 } ?? []), Set(real.dictionary?.keys.map { $0 } ?? []), name)
            XCTAssertEqual(ours, real, name)
        }
    }

    func testAMetadataPlistRefusesAChecksumItsHashesDoNotGive() throws {
        let hashes = ["Item": [UInt8](repeating: 7, count: 32)]
        let computed = VersionHasher.result(entityHashes: hashes)
        let plist = try StoreMetadataPlist.plist(entityHashes: hashes, versionIdentifiers: ["1.0.0"])
        XCTAssertEqual(plist["NSStoreModelVersionChecksumKey"]?.string, computed.checksum)
        XCTAssertEqual(plist["NSStoreModelVersionHashesDigest"]?.string, computed.digest)
        XCTAssertEqual(plist["NSPersistenceMaximumFrameworkVersion"], .integer(1526))
        XCTAssertThrowsError(
            try StoreMetadataPlist.encode(entityHashes: hashes, versionIdentifiers: ["1.0.0"], checksum: "AAAA"))
        XCTAssertThrowsError(
            try StoreMetadataPlist.encode(entityHashes: ["Item": [1, 2]], versionIdentifiers: ["1.0.0"]))
    }

    // MARK: Source-built models

    func testTheGoldenFixturesSchemasEncodeToTheRealStoresModels() throws {
        for (store, fixture, version) in StoreVerificationTests.goldenStores {
            let (real, _) = try Self.decode(try Self.blobs(store).cache)
            let analysis = try TestSupport.analyzeFixture(fixture)
            let computed = try XCTUnwrap(analysis.versions.first { $0.key == version }).store
            let encoded = try ModelCacheEncoder.encode(
                computed, versionIdentifiers: real.versionIdentifiers,
                configurations: ["default": computed.entities.map(\.name)])
            let (decoded, _) = try Self.decode(encoded)
            XCTAssertEqual(decoded.schema, real.schema, store)
            XCTAssertEqual(VersionHasher.hash(decoded.schema).checksum, VersionHasher.hash(real.schema).checksum, store)
        }
    }

    func testDerivedExpressionsAndRarerPropertiesRoundTrip() throws {
        let schema = ManagedModel(entities: [
            ManagedEntity(
                name: "Base", isAbstract: true,
                properties: [ManagedProperty(name: "title", isOptional: false, kind: .attribute(
                    type: 700, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: true))],
                versionHashModifier: "v2"),
            ManagedEntity(
                name: "Book", superentity: "Base",
                properties: [
                    ManagedProperty(
                        name: "pages", isOptional: true, kind: .relationship(
                            destination: "Page", inverse: "book", minCount: 0, maxCount: 0, isOrdered: true)),
                    ManagedProperty(
                        name: "pagesCount", isOptional: true, isReadOnly: true,
                        kind: .derived(type: 300, expression: "count:(pages)")),
                    ManagedProperty(
                        name: "stamp", isOptional: true, isReadOnly: true,
                        kind: .derived(type: 900, expression: "now()")),
                    ManagedProperty(
                        name: "scratch", isOptional: true, isTransient: true, versionHashModifier: "m",
                        kind: .attribute(
                            type: 1000, allowsExternalBinaryDataStorage: true,
                            preservesValueInHistoryOnDeletion: false)),
                ],
                uniquenessConstraints: [["title"], ["title", "scratch"]]),
            ManagedEntity(
                name: "Page",
                properties: [
                    ManagedProperty(
                        name: "book", isOptional: false, kind: .relationship(
                            destination: "Book", inverse: "pages", minCount: 1, maxCount: 1, isOrdered: false)),
                    ManagedProperty(
                        name: "size", isOptional: true, kind: .composite(elements: [
                            ManagedProperty(name: "width", isOptional: false, kind: .attribute(
                                type: 600, allowsExternalBinaryDataStorage: false,
                                preservesValueInHistoryOnDeletion: false)),
                        ])),
                ]),
        ]).inheritingProperties()
        let encoded = try ModelCacheEncoder.encode(
            schema, versionIdentifiers: ["2", "1"], deleteRules: ["Book.pages": 2])
        let (decoded, _) = try Self.decode(encoded)
        XCTAssertEqual(decoded.schema, schema)
        XCTAssertEqual(decoded.versionIdentifiers, ["1", "2"])
        XCTAssertEqual(decoded.deleteRules, ["Book.pages": 2, "Page.book": 1])
        XCTAssertThrowsError(
            try ModelCacheEncoder.encode(
                ManagedModel(entities: [
                    ManagedEntity(name: "A", properties: [
                        ManagedProperty(name: "x", isOptional: true, kind: .derived(type: 300, expression: "a +"))
                    ])
                ]), versionIdentifiers: []))
    }
}
