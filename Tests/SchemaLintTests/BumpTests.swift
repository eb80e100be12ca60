import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintRewrite
import XCTest

/// `schemalint bump` on every fixture app and the example, in both layouts (models nested in each version, and a
/// newest version that lists live models), with every version locked as if it had shipped.
final class BumpTests: XCTestCase {
    /// Fixture folders, and what bump must refuse with when it cannot keep its promise there.
    static let apps: [(folder: String, refusal: String?)] = [
        ("TravelApp", nil), ("JournalApp", nil), ("TwoApps/Recipes", nil), ("TwoApps/Workouts", nil),
        ("MigrationMistakes", nil), ("LiveModels", nil), ("RealWorld/CloudKitSwitch", nil),
        ("RealWorld/LockedByEarlierRelease", nil), ("RealWorld/PreviewsAndTests", nil),
        // SchemaV4 is declared but not listed: the next name is taken.
        ("BrokenApp", "a type named SchemaV4 already exists"),
        // A one-version plan the container does not follow: its store holds the container's wider models, a state the
        // plan would not know once it runs stages.
        ("RealWorld/InertPlan", "it would disappear"),
    ]

    func testBumpKeepsEveryVersionAndLeavesOnlyTheExpectedDuplicate() throws {
        for (folder, refusal) in Self.apps {
            try checkBump(Self.load(TestSupport.fixture(folder)), name: folder, refusal: refusal)
        }
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/TripJournal")
        try checkBump(Self.load(example), name: "Examples/TripJournal", refusal: nil, expectClean: true)
    }

    private func checkBump(
        _ original: [String: String], name: String, refusal: String?, expectClean: Bool = false
    ) throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(original))
        let before = TestSupport.analyze(original, lockfile: lockfile)
        let bumper = Bumper(analyzer: Analyzer(threads: 1), lockfile: lockfile, workingDirectory: "/nonexistent")
        let outcome: Bumper.Outcome
        do {
            outcome = try bumper.run(files: Self.sourceFiles(original), request: Bumper.Request())
        } catch let failure as Bumper.Failure {
            XCTAssertNotNil(refusal, "\(name): bump refused: \(failure)")
            if let refusal { XCTAssertTrue(failure.description.contains(refusal), "\(name): \(failure)") }
            return
        }
        XCTAssertNil(refusal, "\(name): bump should have refused")
        var files = original
        for (path, text) in outcome.files {
            files[path] = text
            XCTAssertEqual(SyntaxErrorCounter.count(text), 0, "\(name): \(path) does not parse:\n\(text)")
        }
        XCTAssertNil(original[outcome.createdFile], "\(name): bump overwrote \(outcome.createdFile)")
        XCTAssertNotNil(files[outcome.createdFile], "\(name): no new file")
        let after = TestSupport.analyze(files, lockfile: lockfile)
        for old in before.versions {
            let new = try XCTUnwrap(after.analysis(forKey: old.key), "\(name): \(old.key) disappeared")
            XCTAssertEqual(new.hashes.checksum, old.hashes.checksum, "\(name): \(old.key) checksum moved")
            XCTAssertEqual(new.fingerprint, old.fingerprint, "\(name): \(old.key) fingerprint moved")
        }
        let added = Bumper.newFindings(before: before, after: after, renaming: (outcome.newName, outcome.oldName))
        XCTAssertEqual(added.map(\.rule), [.duplicateSchemaHash], "\(name): \(added)")
        // The developer's edit: a new optional property on the new version's first model.
        let newVersion = try XCTUnwrap(after.project.versions.first { $0.name.hasSuffix(outcome.newName) })
        let entity = try XCTUnwrap(newVersion.listedEntities.first.flatMap { after.project.entity($0) })
        let file = entity.location.file
        files[file] = try Self.addingProperty(to: try XCTUnwrap(files[file]), classAt: entity.location)
        let edited = TestSupport.analyze(files, lockfile: lockfile)
        XCTAssertEqual(
            Bumper.newFindings(before: before, after: edited, renaming: (outcome.newName, outcome.oldName))
                .map(\.rule), [],
            "\(name): after the model change")
        if expectClean { XCTAssertEqual(edited.findings.map(\.rule), [], "\(name): \(edited.findings)") }
    }

    /// `var bumpTestNote: String?` on a line of its own after the class's `{`.
    static func addingProperty(to text: String, classAt location: SourceLocation) throws -> String {
        var lines = text.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.indices.first { $0 >= location.line - 1 && lines[$0].contains("{") })
        let brace = try XCTUnwrap(lines[line].firstIndex(of: "{"))
        lines[line].replaceSubrange(brace...brace, with: "{\n        var bumpTestNote: String?\n")
        return lines.joined(separator: "\n")
    }

    static func load(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    static func sourceFiles(_ files: [String: String]) -> [SourceDiscovery.SourceFile] {
        files.sorted { $0.key < $1.key }.map { SourceDiscovery.SourceFile(path: $0.key, bytes: Array($0.value.utf8)) }
    }

    func testNestedLayoutCopiesModelsAndRetargetsTypealiases() throws {
        let files = try Self.load(TestSupport.fixture("TravelApp"))
        let outcome = try Bumper(analyzer: Analyzer(threads: 1), lockfile: nil, workingDirectory: "/")
            .run(files: Self.sourceFiles(files), request: Bumper.Request())
        XCTAssertEqual(outcome.createdFile, "Schema/V4/SchemaV4.swift")
        XCTAssertEqual(outcome.identifier, VersionNumber(4, 0, 0))
        let created = try XCTUnwrap(outcome.files[outcome.createdFile])
        XCTAssertTrue(created.contains("enum SchemaV4: VersionedSchema {"))
        XCTAssertTrue(created.contains("static let versionIdentifier = Schema.Version(4, 0, 0)"))
        XCTAssertTrue(created.contains("final class Trip {"))
        XCTAssertEqual(
            outcome.files["Models/Current.swift"]?.components(separatedBy: "\n").filter { $0.hasPrefix("typealias") },
            ["typealias Trip = SchemaV4.Trip", "typealias Stop = SchemaV4.Stop"])
        // The plan keeps its one-element-per-line, trailing-comma layout.
        XCTAssertTrue(try XCTUnwrap(outcome.files["App/TravelApp.swift"]).contains(
            "                SchemaV3.self,\n                SchemaV4.self,\n            ]"))
        XCTAssertTrue(try XCTUnwrap(outcome.files["App/TravelApp.swift"]).contains(
            "[migrateV1toV2, migrateV2toV3, migrateV3toV4]"))
    }

    /// A plan listing its versions newest first (read in identifier order) gets the next version first too, and
    /// bump's stage goes from the newest.
    func testAListWrittenNewestFirstGetsTheNextVersionFirst() throws {
        let files = [
            "Schema.swift": """
                import SwiftData
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier: Schema.Version { .init(1, 0, 0) }
                    static var models: [any PersistentModel.Type] { [Note.self] }
                    @Model final class Note { var text: String = ""; init() {} }
                }
                enum SchemaV2: VersionedSchema {
                    static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
                    static var models: [any PersistentModel.Type] { [Note.self] }
                    @Model final class Note { var text: String = ""; var pinned: Bool = false; init() {} }
                }
                typealias Note = SchemaV2.Note
                enum Plan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [SchemaV2.self, SchemaV1.self] }
                    static var stages: [MigrationStage] {
                        [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
                    }
                }
                """
        ]
        let outcome = try Bumper(analyzer: Analyzer(threads: 1), lockfile: nil, workingDirectory: "/")
            .run(files: Self.sourceFiles(files), request: Bumper.Request())
        XCTAssertEqual(outcome.identifier, VersionNumber(3, 0, 0))
        let plan = try XCTUnwrap(outcome.files["Schema.swift"])
        XCTAssertTrue(plan.contains("[SchemaV3.self, SchemaV2.self, SchemaV1.self]"), plan)
        XCTAssertTrue(plan.contains("typealias Note = SchemaV3.Note"), plan)
    }

    func testLiveModelsAreFrozenInsideTheOutgoingVersion() throws {
        let files = try Self.load(TestSupport.fixture("LiveModels"))
        let outcome = try Bumper(analyzer: Analyzer(threads: 1), lockfile: nil, workingDirectory: "/")
            .run(files: Self.sourceFiles(files), request: Bumper.Request(identifier: VersionNumber(2, 0, 0)))
        XCTAssertEqual(outcome.newName, "ItemsSchemaV3")
        XCTAssertEqual(outcome.identifier, VersionNumber(2, 0, 0))
        let frozen = try XCTUnwrap(outcome.files["Persistence/ItemsSchemaV2.swift"])
        // Conformances are app behaviour: the copy keeps the class, its members and its nested enum.
        XCTAssertTrue(frozen.contains("    @Model\n    final class Item {\n        var title: String = \"\""), frozen)
        XCTAssertTrue(frozen.contains("        enum Priority: String, Codable {"))
        XCTAssertTrue(frozen.contains("    final class Tag {"))
        XCTAssertNil(outcome.files["Models/Item.swift"], "the live models stay as they are")
        let created = try XCTUnwrap(outcome.files[outcome.createdFile])
        XCTAssertFalse(created.contains("class Item"), "the new version lists the live models")
        XCTAssertTrue(try XCTUnwrap(outcome.files["Persistence/ItemsMigrationPlan.swift"]).contains(
            "    static let v2ToV3 = MigrationStage.lightweight(fromVersion: ItemsSchemaV2.self, toVersion: "
                + "ItemsSchemaV3.self)"))
    }

    func testRefusesWhatItCannotWriteSafely() throws {
        let computed = """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Item.self] }
                @Model final class Item { var title: String = ""; init() {} }
            }
            enum Plan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { all.filter { _ in true } }
                static var stages: [MigrationStage] { [] }
                static let all: [any VersionedSchema.Type] = [SchemaV1.self]
            }
            """
        XCTAssertThrowsError(
            try Bumper(analyzer: Analyzer(threads: 1), lockfile: nil, workingDirectory: "/")
                .run(files: Self.sourceFiles(["Schema.swift": computed]), request: Bumper.Request())
        ) { error in
            XCTAssertTrue("\(error)".contains("Plan.schemas is not an array literal"), "\(error)")
        }
    }
}
