#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif
import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Real stores written by SwiftData on Apple platforms (../shared/stores beside the checkout) against the fixtures
/// that reproduce their declarations.
final class StoreVerificationTests: XCTestCase {
    static var storesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/stores")
    }

    func store(_ name: String) throws -> String {
        let url = Self.storesFolder.appendingPathComponent(name)
        try TestSupport.requireSharedStore(url.path)
        return url.path
    }

    /// The real SwiftData stores, the source fixture that restates the declarations that wrote each, and the version
    /// there that wrote it.
    static let goldenStores: [(store: String, fixture: String, version: String)] = [
        ("swiftdata/freezeray-1.0.0.sqlite", "Golden/FreezeRay", "AppSchemaV1"),
        ("swiftdata/freezeray-2.0.0.sqlite", "Golden/FreezeRay", "AppSchemaV2"),
        ("swiftdata/myhome-v1.store", "Golden/MyHome", "SchemaV1"),
        ("swiftdata/myhome-v2.store", "Golden/MyHome", "SchemaV2"),
        ("swiftdata/cheftime.store", "Golden/ChefTime", "ChefTimeSchemaV1"),
        ("swiftdata/ladder-phase4prep.store", "Golden/Ladder", "LadderSchemaV1"),
        ("swiftdata/vivobody-db99d12.store", "Golden/Vivobody", "VivobodySchemaV1"),
    ]

    func testEverySwiftDataStoreMatchesTheVersionThatWroteIt() throws {
        for (storeName, fixture, version) in Self.goldenStores {
            let path = try store(storeName)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let siblings = try FileManager.default.contentsOfDirectory(
                atPath: (path as NSString).deletingLastPathComponent)
            let metadata = try StoreReader.metadata(of: path)
            let analysis = try TestSupport.analyzeFixture(fixture)
            let verdict = StoreVerifier.verify(metadata, against: analysis)
            XCTAssertEqual(verdict.matches, [version], storeName)
            // Not only the checksum: the model decoded from the store equals the one built from source, property by
            // property.
            let computed = try XCTUnwrap(analysis.versions.first { $0.key == version }).store
            let stored = try XCTUnwrap(metadata.model).schema
            XCTAssertEqual(SnapshotDiff.changes(from: stored.snapshot, to: computed.snapshot), [], storeName)
            XCTAssertFalse(verdict.notes.contains { $0.contains("identifier") }, "\(storeName): \(verdict.notes)")
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(storeName) must stay byte-identical")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent),
                siblings,
                "nothing is left beside \(storeName)")
        }
    }

    func testAVersionEditedAfterItsStoreWasWrittenIsCaught() throws {
        let path = try store("swiftdata/myhome-v1.store")
        let folder = TestSupport.fixture("Golden/MyHome")
        var files: [String: String] = [:]
        for name in ["SchemaV1.swift", "SchemaV2.swift"] {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        files["SchemaV1.swift"] = files["SchemaV1.swift"]!.replacingOccurrences(
            of: "var note: String? = nil", with: "var note: String? = nil\n        var receipt: Data?")
        let verdict = StoreVerifier.verify(try StoreReader.metadata(of: path), against: TestSupport.analyze(files))
        XCTAssertEqual(verdict.matches, [])
        XCTAssertEqual(verdict.nearest, "SchemaV1")
        XCTAssertEqual(
            verdict.differences,
            ["Expense.receipt is in SchemaV1 but not in the store (added after the store was written)"])

        // Every kind of edit is named at property level against the store's cached model.
        files["SchemaV1.swift"] = files["SchemaV1.swift"]!
            .replacingOccurrences(of: "\n        var receipt: Data?", with: "")
            .replacingOccurrences(of: "var note: String? = nil", with: "var note: String = \"\"")
            .replacingOccurrences(of: "var currencyCode: String = \"INR\"", with: "var currencyCode: Int = 0")
            .replacingOccurrences(of: "var updatedAt: Date = Date()", with: "")
        let edited = StoreVerifier.verify(try StoreReader.metadata(of: path), against: TestSupport.analyze(files))
        XCTAssertEqual(
            edited.differences,
            [
                "Expense.currencyCode: type String in the store, Int64 (Int) in SchemaV1",
                "Expense.note: optional in the store, required in SchemaV1",
                "Expense.updatedAt is in the store but not in SchemaV1 (removed or renamed after the store was "
                    + "written)",
            ])
    }

    /// A store that opens by inference still names what differs from the version it was written by: the property
    /// added since, not only "it opens".
    func testAStoreThatOpensByInferenceSaysWhatDiffers() throws {
        let path = try store("swiftdata/metacocktails-preloaded-3d81022.store")
        var files = try TestSupport.sources(of: "Golden/Cocktails")
        files["Cocktail.swift"] = files["Cocktail.swift"]!.replacingOccurrences(
            of: "    var name: String\n    var cocktails: [Cocktail]?",
            with: "    var name: String\n    var sessionId: String?\n    var cocktails: [Cocktail]?")
        let analysis = TestSupport.analyze(files)
        let verdict = StoreVerifier.verify(try StoreReader.metadata(of: path), against: analysis)
        XCTAssertEqual(verdict.matches, [])
        XCTAssertEqual(verdict.inference?.blockers, [])
        let text = StoreVerificationReport(verdicts: [verdict], project: analysis.project).text()
        XCTAssertTrue(text.contains("; it can, so the store opens"), text)
        XCTAssertTrue(text.contains(": it differs from the nearest version, BarSchemaV1:\n"), text)
        XCTAssertTrue(text.contains("Garnish.sessionId is in BarSchemaV1 but not in the store"), text)
    }

    func testCommandLineVerdictsAndExitCodes() throws {
        let ok = try TestSupport.run(
            ["verify-store", try store("swiftdata/myhome-v2.store"), "--source", "."],
            in: TestSupport.fixture("Golden/MyHome"))
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("matches SchemaV2"), ok.stdout)
        let wrong = try TestSupport.run(
            ["verify-store", try store("swiftdata/cheftime.store"), "--reporter", "json"],
            in: TestSupport.fixture("Golden/MyHome"))
        XCTAssertEqual(wrong.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(wrong.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(((object["stores"] as? [[String: Any]])?.first?["matches"] as? [String]), [])
        let inspect = try TestSupport.run(
            ["inspect-store", try store("coredata/duckduckgo-apprating.sqlite")],
            in: TestSupport.fixture("Golden/MyHome"))
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.contains("entity           AppRatingPromptEntity"), inspect.stdout)
        XCTAssertTrue(inspect.stdout.contains("identifiers      \"\", 3"), inspect.stdout)
        XCTAssertTrue(
            inspect.stdout.contains("self-check       passed, the cached model reproduces 5 recorded entity hashes"),
            inspect.stdout)
        let model = try TestSupport.run(
            ["inspect-store", try store("coredata/coredataplus-SampleModel2_V1.sqlite"), "--reporter", "json"],
            in: TestSupport.fixture("Golden/MyHome"))
        XCTAssertEqual(model.status, 0, model.stderr)
        let described = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(model.stdout.utf8)) as? [String: Any])
        let entities = try XCTUnwrap((described["model"] as? [String: Any])?["entities"] as? [[String: Any]])
        let book = try XCTUnwrap(entities.first { $0["name"] as? String == "Book" })
        let pagesCount = try XCTUnwrap(
            (book["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "pagesCount" })
        XCTAssertEqual(pagesCount["kind"] as? String, "derived")
        XCTAssertEqual(pagesCount["expression"] as? String, "count:(pages)")
        XCTAssertEqual(pagesCount["readOnly"] as? Bool, true)
        XCTAssertEqual(entities.first { $0["name"] as? String == "GraphicNovel" }?["superentity"] as? String, "Book")
        XCTAssertEqual((described["selfCheck"] as? [String: Any])?["passed"] as? Bool, true)
    }

    func testBadFilesAreExitTwoAndLeftUntouched() throws {
        let folder = try TestSupport.temporaryDirectory()
        let text = folder.appendingPathComponent("notes.store")
        try Data("just some text, not a database".utf8).write(to: text)
        let truncated = folder.appendingPathComponent("truncated.store")
        try Data(try Data(contentsOf: URL(fileURLWithPath: try store("swiftdata/myhome-v1.store"))).prefix(3000)).write(
            to: truncated)
        let plain = folder.appendingPathComponent("plain.sqlite")
        var database: OpaquePointer?
        XCTAssertEqual(sqlite3_open(plain.path, &database), SQLITE_OK)
        XCTAssertEqual(
            sqlite3_exec(database, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x');", nil, nil, nil),
            SQLITE_OK)
        sqlite3_close(database)
        let future = folder.appendingPathComponent("future.store")
        let version = try XCTUnwrap(TestSupport.analyzeFixture("Golden/MyHome").versions.first)
        try SyntheticStore.write(version, identifier: "1.0.0", hashesVersion: 4, to: future.path)
        let locked = folder.appendingPathComponent("locked.store")
        try FileManager.default.copyItem(atPath: try store("swiftdata/myhome-v1.store"), toPath: locked.path)
        // Another process holding an exclusive lock (an app or a simulator still running) does not stop a read of the
        // copy.
        var holder: OpaquePointer?
        XCTAssertEqual(sqlite3_open(locked.path, &holder), SQLITE_OK)
        XCTAssertEqual(
            sqlite3_exec(holder, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE;", nil, nil, nil), SQLITE_OK)
        defer { sqlite3_exec(holder, "ROLLBACK", nil, nil, nil); sqlite3_close(holder) }
        let whileLocked = try TestSupport.run(
            ["verify-store", locked.path, "--source", TestSupport.fixture("Golden/MyHome").path], in: folder)
        XCTAssertEqual(whileLocked.status, 0, whileLocked.stderr)
        let expectations: [(URL, String)] = [
            (text, "not a SQLite file"), (truncated, "SQLite"), (plain, "not a Core Data or SwiftData store"),
            (folder.appendingPathComponent("missing.store"), "no such file"),
            (future, "entity hashes version 4"),
        ]
        for (url, problem) in expectations {
            let before = try? Data(contentsOf: url)
            let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            let result = try TestSupport.run(["verify-store", url.path], in: folder)
            XCTAssertEqual(result.status, 2, url.lastPathComponent)
            XCTAssertTrue(
                result.stderr.contains(url.lastPathComponent) && result.stderr.contains(problem), result.stderr)
            XCTAssertEqual(try? Data(contentsOf: url), before)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), listing)
        }
    }

    func testBinaryPropertyListsRoundTripAndDamageIsAnError() throws {
        let value: [String: Any] = [
            "identifiers": ["1.0.0"], "count": 3, "ratio": 0.5, "flag": true, "blob": Data([1, 2, 3]),
            "name": "Café ☕️", "nested": ["a": [1, 2], "b": "c"],
        ]
        let bytes = [UInt8](try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
        let decoded = try BinaryPropertyList.decode(bytes)
        XCTAssertEqual(decoded["identifiers"], .array([.string("1.0.0")]))
        XCTAssertEqual(decoded["count"], .integer(3))
        XCTAssertEqual(decoded["ratio"], .real(0.5))
        XCTAssertEqual(decoded["flag"], .bool(true))
        XCTAssertEqual(decoded["blob"], .data([1, 2, 3]))
        XCTAssertEqual(decoded["name"], .string("Café ☕️"))
        XCTAssertEqual(decoded["nested"]?["b"], .string("c"))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) {
                damaged = Array(damaged.prefix(Int.random(in: 0..<damaged.count, using: &random)))
            }
            _ = try? BinaryPropertyList.decode(damaged)  // an error or a value, never a crash
        }
        // 60 nested arrays that each hold the next one twice: 2^60 nodes once expanded, refused quickly.
        var bomb: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<60 {
            offsets.append(bomb.count)
            bomb += index == 59 ? [0x10, 0x01] : [0xA2, UInt8(index + 1), UInt8(index + 1)]
        }
        let table = bomb.count
        for offset in offsets { bomb += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bomb +=
            [0, 0, 0, 0, 0, 0, 2, 1] + [0, 0, 0, 0, 0, 0, 0, 60] + [0, 0, 0, 0, 0, 0, 0, 0]
            + (0..<8).map { UInt8((table >> (8 * (7 - $0))) & 0xFF) }
        XCTAssertThrowsError(try BinaryPropertyList.decode(bomb))
    }

    /// The workflow the issue asks for: store fixtures in the configuration, verified by every check, recorded as
    /// evidence by lock, and an edit after the fact caught with the property named.
    func testStoresInTheConfigurationAreCheckedAndLocked() throws {
        let folder = try TestSupport.temporaryDirectory()
        let fixtures = folder.appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        for name in ["myhome-v1.store", "myhome-v2.store"] {
            try FileManager.default.copyItem(
                atPath: try store("swiftdata/" + name), toPath: fixtures.appendingPathComponent(name).path)
        }
        for name in ["SchemaV1.swift", "SchemaV2.swift"] {
            try FileManager.default.copyItem(
                at: TestSupport.fixture("Golden/MyHome").appendingPathComponent(name),
                to: folder.appendingPathComponent(name))
        }
        try "stores:\n  - Fixtures/*.store\n".write(
            to: folder.appendingPathComponent(".schemalint.yml"), atomically: true, encoding: .utf8)

        let clean = try TestSupport.run(["check"], in: folder)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        let lock = try TestSupport.run(["lock"], in: folder)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(lock.stdout.contains("matches store Fixtures/myhome-v1.store"), lock.stdout)
        let lockfile = try LockfileStore.load(folder.appendingPathComponent("schemalint.lock").path)
        XCTAssertEqual(
            lockfile?.versions["SchemaV1"]?.stores,
            [
                StoreEvidence(
                    path: "Fixtures/myhome-v1.store", checksum: "/r5Xny3uPG/uuYy/N6QFQe9nR8FAFz4YtAoFby3P4NM=",
                    versionIdentifier: "1.0.0")
            ])
        XCTAssertEqual(
            lockfile?.versions["SchemaV2"]?.stores?.map(\.checksum), ["2zJRcZGYMJKQ/hfDtrAv0S9lUjlrxG3czTAKbMqEesI="])
        let again = try TestSupport.run(["lock"], in: folder)
        XCTAssertTrue(again.stdout.contains("up to date"), again.stdout)

        let source = folder.appendingPathComponent("SchemaV1.swift")
        let original = try String(contentsOf: source, encoding: .utf8)
        try original.replacingOccurrences(
            of: "var note: String? = nil", with: "var note: String? = nil\n        var receipt: Data?"
        )
        .write(to: source, atomically: true, encoding: .utf8)
        let edited = try TestSupport.run(["check", "--reporter", "json"], in: folder)
        XCTAssertEqual(edited.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(edited.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        let store = try XCTUnwrap(findings.first { $0["rule"] as? String == "store_matches_no_version" })
        XCTAssertTrue(
            (store["message"] as? String ?? "").contains("Expense.receipt is in SchemaV1 but not in the store"),
            "\(store)")
        XCTAssertTrue(findings.contains { $0["rule"] as? String == "shipped_schema_edited" })

        try original.write(to: source, atomically: true, encoding: .utf8)
        try Data("this is not a store file, only some notes".utf8).write(
            to: fixtures.appendingPathComponent("broken.store"))
        let broken = try TestSupport.run(["check"], in: folder)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("Fixtures/broken.store: not a SQLite file"), broken.stderr)
        let missing = try TestSupport.run(["check", "--stores", "Elsewhere/*.store"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("'Elsewhere/*.store' matches no file"), missing.stderr)
    }

    /// The instrument: with vivobody's mappings made uncertain on purpose (three `sortOrder`s as `UInt`,
    /// `plannedWeight` as `CGFloat`), no version has the store's checksum, and the search over the candidate storages
    /// finds the one assignment that reproduces every entity hash: Integer 64 and Double, what the store holds.
    func testTheInstrumentFindsTheStorageThatExplainsAStore() throws {
        var files = try UnversionedAppTests.unversioned(
            "Vivobody", probe: "VivobodySchema.swift",
            container: "[WorkoutSession.self, Exercise.self, WorkoutSet.self, WorkoutTemplate.self, "
                + "TemplateExercise.self, TemplateSet.self, ExerciseCatalogItem.self, BodyWeightEntry.self]")
        let template = try XCTUnwrap(files["Template.swift"])
        files["Template.swift"] = template
            .replacingOccurrences(of: "var sortOrder: Int = 0", with: "var sortOrder: UInt = 0")
            .replacingOccurrences(of: "var plannedWeight: Double = 0", with: "var plannedWeight: CGFloat = 0")
        let path = Self.storesFolder.appendingPathComponent("swiftdata/vivobody-db99d12.store").path
        try TestSupport.requireSharedStore(path)
        let metadata = try StoreReader.metadata(of: path)
        let verdict = StoreVerifier.verify(metadata, against: TestSupport.analyze(files))
        XCTAssertEqual(verdict.matches, [])
        let explanation = try XCTUnwrap(verdict.explanation)
        XCTAssertEqual(
            explanation.assignments,
            [
                "WorkoutTemplate.sortOrder": 300, "TemplateExercise.sortOrder": 300, "TemplateSet.sortOrder": 300,
                "TemplateExercise.plannedWeight": 500,
            ])
        XCTAssertTrue(explanation.reproducesStore)
        XCTAssertEqual(
            explanation.lines,
            [
                "\(explanation.version) reproduces the store's hashes bit for bit if SwiftData stores "
                    + "TemplateExercise.plannedWeight as Double, TemplateExercise.sortOrder as Integer 64, "
                    + "TemplateSet.sortOrder as Integer 64, WorkoutTemplate.sortOrder as Integer 64"
            ])

        // A difference the uncertain storages cannot explain is said as such.
        files["Template.swift"] = files["Template.swift"]!.replacingOccurrences(
            of: "var name: String = \"New Template\"", with: "var title: String = \"New Template\"")
        let other = try XCTUnwrap(StoreVerifier.verify(metadata, against: TestSupport.analyze(files)).explanation)
        XCTAssertFalse(other.reproducesStore)
        XCTAssertEqual(
            other.assignments,
            ["TemplateExercise.plannedWeight": 500, "TemplateExercise.sortOrder": 300, "TemplateSet.sortOrder": 300])
        XCTAssertEqual(
            other.unexplained,
            ["no storage of WorkoutTemplate's uncertain attributes gives its hash: it differs in something else"])
    }

    /// The instrument searches inside composites too: `ExecutionInstructions`' fields made `Character` and
    /// `[Character]` on purpose come back as what the store holds, String and Transformable.
    func testTheInstrumentSearchesCompositeElements() throws {
        var files = try UnversionedAppTests.unversioned(
            "Vivobody", probe: "VivobodySchema.swift",
            container: "[WorkoutSession.self, Exercise.self, WorkoutSet.self, WorkoutTemplate.self, "
                + "TemplateExercise.self, TemplateSet.self, ExerciseCatalogItem.self, BodyWeightEntry.self]")
        let classification = try XCTUnwrap(files["Classification.swift"])
        files["Classification.swift"] = classification
            .replacingOccurrences(of: "let controlledJoints: String", with: "let controlledJoints: Character")
            .replacingOccurrences(
                of: "let disqualifyingCompensations: [String]", with: "let disqualifyingCompensations: [Character]")
        let path = Self.storesFolder.appendingPathComponent("swiftdata/vivobody-db99d12.store").path
        try TestSupport.requireSharedStore(path)
        let verdict = StoreVerifier.verify(try StoreReader.metadata(of: path), against: TestSupport.analyze(files))
        XCTAssertEqual(verdict.matches, [])
        let explanation = try XCTUnwrap(verdict.explanation)
        XCTAssertEqual(
            explanation.assignments,
            [
                "ExerciseCatalogItem.execution.controlledJoints": 700,
                "ExerciseCatalogItem.execution.disqualifyingCompensations": 1800,
            ])
        XCTAssertTrue(explanation.reproducesStore, "\(explanation.lines)")
    }
}
