#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Fixture stores (issue 52) against the real stores in ../shared/stores: the layout computed from each store's
/// cached model, and from the sources that wrote it, gives the same tables, indexes and Z_PRIMARYKEY rows.
final class FixtureStoreLayoutTests: XCTestCase {
    /// What Core Data creates that a `ManagedModel` does not carry, per store, with why.
    static let beyondTheSchema: [String: (indexes: Set<String>, reason: String)] = [
        // Fetch indexes (`NSFetchIndexDescription`, SwiftData's `#Index`) are not part of the model's hashes, so
        // `ManagedModel` has none.
        "coredataplus-SampleModel_V2.sqlite": (["Z_Car_byMakerAndNumberPlate"], "a fetch index"),
        "duckduckgo-apprating.sqlite": (["Z_HTTPSExcludedDomain_domainIndex"], "a fetch index"),
        "vivobody-db99d12.store": (
            [
                "Z_BodyWeightEntry_SwiftDataIndexOnBinarydate", "Z_ExerciseCatalogItem_SwiftDataIndexOnBinarycatalogID",
                "Z_Exercise_SwiftDataIndexOnBinarycatalogID", "Z_Exercise_SwiftDataIndexOnBinarycatalogItemID",
                "Z_Exercise_SwiftDataIndexOnBinaryname", "Z_WorkoutSession_SwiftDataIndexOnBinarycompletedAt",
                "Z_WorkoutSession_SwiftDataIndexOnBinarycompletedAtstartedAt",
                "Z_WorkoutSession_SwiftDataIndexOnBinaryid", "Z_WorkoutSession_SwiftDataIndexOnBinarystartedAt",
            ], "#Index fetch indexes"
        ),
    ]
    static let cocktailIndexes: Set<String> = [
        "Z_Cocktail_SwiftDataIndexOnBinarycocktailName", "Z_Cocktail_SwiftDataIndexOnBinarycollectionName",
        "Z_Cocktail_SwiftDataIndexOnBinarycocktailNamecollectionName",
    ]

    static func expectedMissing(_ store: String) -> Set<String> {
        if store.hasPrefix("metacocktails-") { return cocktailIndexes }
        return beyondTheSchema[store]?.indexes ?? []
    }

    func storeFiles() throws -> [String] {
        let root = StoreVerificationTests.storesFolder
        try TestSupport.requireSharedStore(root.path)
        var result: [String] = []
        for folder in ["swiftdata", "coredata"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            result += names.filter { !$0.hasSuffix("-wal") && !$0.hasSuffix(".md") }.sorted().map {
                root.appendingPathComponent(folder).appendingPathComponent($0).path
            }
        }
        return result
    }

    /// Every real store: its cached model laid out and written as a fixture (with the store's own metadata and model
    /// cache bytes) has the store's tables, indexes and Z_PRIMARYKEY names and supers.
    func testTheCachedModelOfEveryRealStoreLaysOutAsTheStore() throws {
        let folder = try temporaryFolder()
        var checked = 0
        for path in try storeFiles() {
            let name = (path as NSString).lastPathComponent
            let real = try SQLiteProbe(copying: path, into: folder)
            let metadata = try StoreReader.metadata(of: path)
            let schema = try XCTUnwrap(metadata.model?.schema, name)
            let history = real.objects.contains { $0.name == "ACHANGE" }
            let fixture = folder + "/fixture-" + name
            try FixtureStoreWriter.write(
                FixtureStore(
                    schema: schema, metadataPlist: real.blob("SELECT Z_PLIST FROM Z_METADATA"),
                    modelCache: real.blob("SELECT Z_CONTENT FROM Z_MODELCACHE"),
                    storeUUID: real.text("SELECT Z_UUID FROM Z_METADATA"), persistentHistory: history,
                    rowsPerEntity: 0),
                to: fixture)
            let written = try SQLiteProbe(copying: fixture, into: folder)
            let missing = real.sqlByName.filter { written.sqlByName[$0.key] == nil }
            XCTAssertEqual(Set(missing.keys), Self.expectedMissing(name), name)
            for (object, sql) in written.sqlByName {
                XCTAssertEqual(sql, real.sqlByName[object], "\(name): \(object)")
            }
            XCTAssertEqual(written.triggers, real.triggers, name)
            // coredataplus SampleModel_V2 was migrated from V1: the store keeps V1's `ExpensiveSportCar` row where
            // the model (and so a new store) says `LuxuryCar`.
            if name == "coredataplus-SampleModel_V2.sqlite" {
                XCTAssertEqual(written.entityKeys.map(\.0), real.entityKeys.map(\.0), name)
                XCTAssertEqual(written.entityKeys.map(\.2), real.entityKeys.map(\.2), name)
            } else {
                XCTAssertEqual(written.entityKeys.map { "\($0)" }, real.entityKeys.map { "\($0)" }, name)
            }
            XCTAssertEqual(
                StoreLayout(schema: schema, persistentHistory: history).statements.map(SQLiteProbe.normalised),
                written.objects.compactMap(\.sql), name)
            // The fixture reads back as the store: the same cached model and hashes.
            let reread = try StoreReader.metadata(of: fixture)
            XCTAssertEqual(reread.entityHashes, metadata.entityHashes, name)
            XCTAssertEqual(reread.model?.schema, schema, name)
            XCTAssertEqual(written.pragmas, ["4096", "2", "wal"], name)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 26)
    }

    /// Where a source fixture reproduces a store, the schema built from source lays out exactly as the store too.
    func testTheSchemaBuiltFromSourceLaysOutAsTheStoreItWrote() throws {
        let folder = try temporaryFolder()
        let cases = StoreVerificationTests.goldenStores
            + [("swiftdata/metacocktails-preloaded-3d81022.store", "Golden/Cocktails", "BarSchemaV1")]
        for (storeName, fixture, version) in cases {
            let path = StoreVerificationTests.storesFolder.appendingPathComponent(storeName).path
            try TestSupport.requireSharedStore(path)
            let real = try SQLiteProbe(copying: path, into: folder)
            let analysis = try TestSupport.analyzeFixture(fixture)
            let schema = try XCTUnwrap(analysis.versions.first { $0.key == version }?.store, storeName)
            let layout = StoreLayout(schema: schema, persistentHistory: true)
            var computed: [String: String] = [:]
            for sql in layout.statements.map(SQLiteProbe.normalised) {
                computed[SQLiteProbe.objectName(sql)] = sql
            }
            let name = (storeName as NSString).lastPathComponent
            let missing = real.sqlByName.filter { computed[$0.key] == nil }
            XCTAssertEqual(Set(missing.keys), Self.expectedMissing(name), storeName)
            for (object, sql) in computed {
                // Our Cocktails fixture lists `HistoricSpec`'s cases in name order, the app did not: a composite's
                // columns follow its declaration, so only the set of columns can agree.
                if name.hasPrefix("metacocktails-") && object == "ZCOCKTAIL" {
                    XCTAssertEqual(
                        Set(sql.split(separator: " ")), Set((real.sqlByName[object] ?? "").split(separator: " ")))
                    continue
                }
                XCTAssertEqual(sql, real.sqlByName[object], "\(storeName): \(object)")
            }
            XCTAssertEqual(
                layout.primaryKeys.map { "\($0.entity) \($0.name) \($0.superentity)" },
                real.entityKeys.map { "\($0.0) \($0.1) \($0.2)" }, storeName)
        }
    }

    /// A model with every attribute type, a composite, a hierarchy, and every kind of relationship.
    static let everything: ManagedModel = {
        func attribute(_ name: String, _ type: Int32, external: Bool = false) -> ManagedProperty {
            ManagedProperty(
                name: name, isOptional: true,
                kind: .attribute(
                    type: type, allowsExternalBinaryDataStorage: external, preservesValueInHistoryOnDeletion: false))
        }
        func relationship(_ name: String, _ destination: String, _ inverse: String?, many: Bool, ordered: Bool = false)
            -> ManagedProperty
        {
            ManagedProperty(
                name: name, isOptional: true,
                kind: .relationship(
                    destination: destination, inverse: inverse, minCount: 0, maxCount: many ? 0 : 1,
                    isOrdered: ordered))
        }
        let vehicle: [ManagedProperty] = [
            attribute("small", 100), attribute("medium", 200), attribute("large", 300), attribute("price", 400),
            attribute("weight", 500), attribute("ratio", 600), attribute("model", 700), attribute("sold", 800),
            attribute("built", 900), attribute("photo", 1000, external: true), attribute("serial", 1100),
            attribute("manual", 1200), attribute("options", 1800),
            ManagedProperty(
                name: "size", isOptional: true,
                kind: .composite(elements: [attribute("width", 500), attribute("label", 700)])),
            relationship("owner", "Person", "vehicles", many: false),
        ]
        return ManagedModel(entities: [
            ManagedEntity(name: "Vehicle", properties: vehicle),
            ManagedEntity(name: "Car", superentity: "Vehicle", properties: vehicle + [attribute("doors", 100)]),
            ManagedEntity(
                name: "Person",
                properties: [
                    attribute("name", 700), relationship("vehicles", "Vehicle", "owner", many: true),
                    relationship("passport", "Passport", "holder", many: false),
                ]),
            ManagedEntity(name: "Passport", properties: [relationship("holder", "Person", "passport", many: false)]),
            ManagedEntity(name: "Author", properties: [relationship("books", "Book", "authors", many: true)]),
            ManagedEntity(
                name: "Book",
                properties: [attribute("title", 700), relationship("authors", "Author", "books", many: true)]),
            ManagedEntity(name: "Shelf", properties: [relationship("items", "Book", nil, many: true)]),
            ManagedEntity(
                name: "Playlist",
                properties: [
                    relationship("songs", "Song", "playlist", many: true, ordered: true),
                    ManagedProperty(
                        name: "songCount", isOptional: true, kind: .derived(type: 300, expression: "count:(songs)")),
                ]),
            ManagedEntity(name: "Song", properties: [relationship("playlist", "Playlist", "songs", many: false)]),
            ManagedEntity(name: "Garage", properties: [relationship("vehicle", "Vehicle", nil, many: false)]),
        ])
    }()

    func everythingStore(rows: Int) -> FixtureStore {
        FixtureStore(
            schema: Self.everything, metadataPlist: Array("placeholder plist".utf8), modelCache: [1, 2, 3],
            storeUUID: "00000000-0000-4000-8000-000000000052", persistentHistory: true, rowsPerEntity: rows)
    }

    func testTheLayoutOfEveryKindOfProperty() {
        let layout = StoreLayout(schema: Self.everything, persistentHistory: true)
        XCTAssertEqual(layout.entityNumbers["Vehicle"], 9)
        XCTAssertEqual(layout.entityNumbers["Car"], 10)
        let tables = Dictionary(uniqueKeysWithValues: layout.tables.map { ($0.name, $0.sql) })
        XCTAssertEqual(
            tables["ZVEHICLE"],
            "CREATE TABLE ZVEHICLE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLARGE INTEGER, "
                + "ZMEDIUM INTEGER, ZSMALL INTEGER, ZSOLD INTEGER, ZOWNER INTEGER, ZDOORS INTEGER, ZBUILT TIMESTAMP, "
                + "ZRATIO FLOAT, ZWIDTH FLOAT, ZWEIGHT FLOAT, ZPRICE DECIMAL, ZMODEL VARCHAR, ZLABEL VARCHAR, "
                + "ZMANUAL VARCHAR, ZSERIAL BLOB, ZOPTIONS BLOB, ZPHOTO BLOB )")
        XCTAssertEqual(
            tables["Z_1BOOKS"],
            "CREATE TABLE Z_1BOOKS ( Z_1AUTHORS INTEGER, Z_2BOOKS INTEGER, PRIMARY KEY (Z_1AUTHORS, Z_2BOOKS) )")
        XCTAssertEqual(
            tables["ZBOOK"],
            "CREATE TABLE ZBOOK ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "Z7ITEMS INTEGER, ZTITLE VARCHAR )")
        XCTAssertEqual(
            tables["ZGARAGE"],
            "CREATE TABLE ZGARAGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZVEHICLE INTEGER, Z9_VEHICLE INTEGER )")
        XCTAssertEqual(
            tables["ZSONG"],
            "CREATE TABLE ZSONG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZPLAYLIST INTEGER, Z_FOK_PLAYLIST INTEGER )")
        let indexes = layout.indexes.map(\.name)
        XCTAssertTrue(indexes.contains("ZVEHICLE_Z_ENT_INDEX"), "\(indexes)")
        XCTAssertTrue(indexes.contains("Z_1BOOKS_Z_2BOOKS_INDEX"), "\(indexes)")
        XCTAssertTrue(indexes.contains("ZBOOK_Z7ITEMS_INDEX"), "\(indexes)")
        XCTAssertFalse(indexes.contains("ZGARAGE_Z9_VEHICLE_INDEX"), "\(indexes)")
    }

    /// Rows: every concrete entity has its objects, every attribute a value of its type, every relationship is
    /// linked and both sides agree; one history transaction records the inserts.
    func testRowsAreFilledAndLinkedFromBothSides() throws {
        let folder = try temporaryFolder()
        let path = folder + "/rows.sqlite"
        try FixtureStoreWriter.write(everythingStore(rows: 3), to: path)
        let store = try SQLiteProbe(copying: path, into: folder)
        func count(_ query: String) -> Int { Int(store.text(query)) ?? -1 }
        XCTAssertEqual(store.text("PRAGMA integrity_check"), "ok")
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZVEHICLE"), 6)
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZVEHICLE WHERE Z_ENT = 10 AND ZDOORS IS NOT NULL"), 3)
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZVEHICLE WHERE Z_ENT = 9 AND ZDOORS IS NULL"), 3)
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZVEHICLE WHERE Z_OPT = 1 AND ZOWNER IS NOT NULL"), 6)
        XCTAssertEqual(count("SELECT COUNT(DISTINCT ZOWNER) FROM ZVEHICLE"), 3)
        XCTAssertEqual(
            store.rows("SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME IN ('Vehicle', 'Car') ORDER BY Z_ENT")
                .map { "\($0[0]!)=\($0[1]!)" }, ["Vehicle=6", "Car=0"])
        XCTAssertEqual(
            count(
                "SELECT COUNT(*) FROM ZPERSON p JOIN ZPASSPORT s ON p.ZPASSPORT = s.Z_PK WHERE s.ZHOLDER = p.Z_PK"), 3)
        XCTAssertEqual(count("SELECT COUNT(*) FROM Z_1BOOKS"), 6)
        XCTAssertEqual(count("SELECT COUNT(DISTINCT Z_1AUTHORS) FROM Z_1BOOKS"), 3)
        XCTAssertEqual(count("SELECT COUNT(DISTINCT Z_2BOOKS) FROM Z_1BOOKS"), 3)
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZBOOK WHERE Z7ITEMS IN (SELECT Z_PK FROM ZSHELF)"), 3)
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZSONG WHERE ZPLAYLIST IS NOT NULL AND Z_FOK_PLAYLIST = 1"), 3)
        XCTAssertEqual(
            count("SELECT COUNT(*) FROM ZGARAGE g JOIN ZVEHICLE v ON g.ZVEHICLE = v.Z_PK AND g.Z9_VEHICLE = v.Z_ENT"),
            3)
        // The derived count's triggers ran while the rows went in.
        XCTAssertEqual(
            count(
                "SELECT COUNT(*) FROM ZPLAYLIST p WHERE p.ZSONGCOUNT = (SELECT COUNT(*) FROM ZSONG s "
                    + "WHERE s.ZPLAYLIST = p.Z_PK) AND p.ZSONGCOUNT > 0"), 3)
        XCTAssertEqual(store.triggers.count, 5)
        XCTAssertEqual(store.type("SELECT ZBUILT FROM ZVEHICLE"), SQLITE_FLOAT)
        XCTAssertEqual(store.type("SELECT ZPRICE FROM ZVEHICLE"), SQLITE_FLOAT)
        XCTAssertEqual(store.type("SELECT ZMANUAL FROM ZVEHICLE"), SQLITE_TEXT)
        XCTAssertEqual(count("SELECT LENGTH(ZSERIAL) FROM ZVEHICLE LIMIT 1"), 16)
        XCTAssertEqual(count("SELECT COUNT(*) FROM ZVEHICLE WHERE ZWIDTH IS NOT NULL AND ZLABEL IS NOT NULL"), 6)
        XCTAssertEqual(count("SELECT COUNT(DISTINCT ZSERIAL) FROM ZVEHICLE"), 6)
        XCTAssertEqual(store.blob("SELECT ZPHOTO FROM ZVEHICLE").first, 1, "inline external-storage marker")
        let objects = 6 + 3 * 8
        XCTAssertEqual(count("SELECT COUNT(*) FROM ACHANGE"), objects)
        XCTAssertEqual(count("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 16001"), objects)
        XCTAssertEqual(store.text("SELECT Z_UUID FROM Z_METADATA"), "00000000-0000-4000-8000-000000000052")
        XCTAssertEqual(store.blob("SELECT Z_CONTENT FROM Z_MODELCACHE"), [1, 2, 3])
    }

    func testTheSameInputGivesTheSameBytes() throws {
        let folder = try temporaryFolder()
        for rows in [0, 2] {
            let first = folder + "/first-\(rows).sqlite", second = folder + "/second-\(rows).sqlite"
            try FixtureStoreWriter.write(everythingStore(rows: rows), to: first)
            try FixtureStoreWriter.write(everythingStore(rows: rows), to: second)
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
            for suffix in ["-wal", "-shm", "-journal"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: first + suffix), suffix)
            }
        }
        // An empty store has no history rows (freezeray's stores): Core Data adds them with the first change.
        let empty = try SQLiteProbe(copying: folder + "/first-0.sqlite", into: folder)
        XCTAssertEqual(empty.text("SELECT COUNT(*) FROM Z_PRIMARYKEY WHERE Z_ENT > 16000"), "0")
        XCTAssertEqual(empty.text("SELECT SUM(Z_MAX) FROM Z_PRIMARYKEY"), "0")
    }

    func testAnExistingFileIsNeverOverwritten() throws {
        let folder = try temporaryFolder()
        let store = folder + "/store.sqlite"
        try FixtureStoreWriter.write(everythingStore(rows: 1), to: store)
        let note = folder + "/notes.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: note))
        for path in [store, note] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try FixtureStoreWriter.write(everythingStore(rows: 0), to: path)) { error in
                XCTAssertTrue("\(error)".contains("already exists"), "\(error)")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        }
        // A folder that does not exist: an error, and nothing is created.
        let nowhere = folder + "/missing/store.sqlite"
        XCTAssertThrowsError(try FixtureStoreWriter.write(everythingStore(rows: 0), to: nowhere))
        XCTAssertFalse(FileManager.default.fileExists(atPath: nowhere))
    }

    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}

/// A private copy of a SQLite file, read with the C API (the original is never opened).
final class SQLiteProbe {
    struct Object { var type: String, name: String, sql: String? }
    private var handle: OpaquePointer?
    private(set) var objects: [Object] = []

    init(copying path: String, into folder: String) throws {
        let copy = folder + "/probe-\(UUID().uuidString).sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        if FileManager.default.fileExists(atPath: path + "-wal") {
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        }
        guard sqlite3_open_v2(copy, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            struct CannotOpen: Error {}
            throw CannotOpen()
        }
        let rows = rows("SELECT type, name, sql FROM sqlite_master ORDER BY rowid")
        objects = rows.map { Object(type: $0[0] ?? "", name: $0[1] ?? "", sql: $0[2].map(Self.normalised)) }
    }

    deinit { sqlite3_close(handle) }

    static func normalised(_ sql: String) -> String {
        sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// The name a `CREATE TABLE` / `CREATE [UNIQUE] INDEX` / `CREATE TRIGGER` statement creates.
    static func objectName(_ sql: String) -> String {
        let words = sql.split(separator: " ")
        let at = words.firstIndex { $0 == "TABLE" || $0 == "INDEX" || $0 == "TRIGGER" } ?? 0
        return at + 1 < words.count ? String(words[at + 1]) : sql
    }

    /// Tables, indexes and triggers with SQL (SQLite's own autoindexes have none), by name.
    var sqlByName: [String: String] {
        var result: [String: String] = [:]
        for object in objects { if let sql = object.sql { result[object.name] = sql } }
        return result
    }

    var triggers: [String] { objects.filter { $0.type == "trigger" }.map(\.name) }

    /// Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER) of the model's entities.
    var entityKeys: [(Int, String, Int)] {
        rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000 ORDER BY Z_ENT").map {
            (Int($0[0] ?? "") ?? -1, $0[1] ?? "", Int($0[2] ?? "") ?? -1)
        }
    }

    var pragmas: [String] {
        ["page_size", "auto_vacuum", "journal_mode"].map { rows("PRAGMA \($0)").first?.first.flatMap { $0 } ?? "" }
    }

    func text(_ query: String) -> String { rows(query).first?.first.flatMap { $0 } ?? "" }

    func blob(_ query: String) -> [UInt8] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, query, -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW, let bytes = sqlite3_column_blob(statement, 0)
        else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, 0))))
    }

    /// Every row of `query`, each value as text (nil for NULL).
    func rows(_ query: String) -> [[String?]] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, query, -1, &statement, nil) == SQLITE_OK else { return [] }
        var result: [[String?]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_type(statement, column) == SQLITE_NULL
                        ? nil : sqlite3_column_text(statement, column).map { String(cString: $0) }
                })
        }
        return result
    }

    func type(_ query: String) -> Int32 {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, query, -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { return -1 }
        return sqlite3_column_type(statement, 0)
    }
}
