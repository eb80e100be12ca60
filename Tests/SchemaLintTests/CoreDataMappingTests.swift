import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Mapping models are checked against the versions they name (issue 41): the models an `.xcmappingmodel` embeds are
/// compared with those versions, and one made before a version changed is reported and used for nothing.
///
/// Fixtures/CoreData/Mappings/JournalV2toV3.xcmappingmodel was written by `scripts/make-mapping-model.py` from the
/// Journal fixture's `Journal 2` and `Journal 3` model files, as they are in the fixture.
final class CoreDataMappingTests: XCTestCase {
    var folder: URL!
    let model = "Journal/Journal.xcdatamodeld"
    let mappingFile = "Journal/JournalV2toV3.xcmappingmodel/xcmapping.xml"

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    func analyze(_ lockfile: Lockfile? = nil, upgrades: Bool = false) throws -> Analysis {
        var analyzer = Analyzer(workingDirectory: folder, threads: 2)
        analyzer.buildsUpgrades = upgrades
        return try analyzer.analyze(paths: [], lockfile: lockfile)
    }

    func edit(_ path: String, _ transform: (String) -> String) throws {
        try TestSupport.edit(folder.appendingPathComponent(path), transform)
    }

    func setCurrent(_ version: String) throws {
        try TestSupport.setCurrentVersion(version, of: folder.appendingPathComponent(model))
    }

    func addMappingModel() throws {
        try FileManager.default.copyItem(
            at: TestSupport.fixture("CoreData/Mappings/JournalV2toV3.xcmappingmodel"),
            to: folder.appendingPathComponent("Journal/JournalV2toV3.xcmappingmodel"))
    }

    /// Journal 2 locked, Journal 3 made current with `rating` required and no default: inference cannot fill it.
    func shipJournal2ThenMoveToAHardStep() throws -> Lockfile {
        let lockfile = TestSupport.lock(try analyze())
        try setCurrent("Journal 3")
        try edit("\(model)/Journal 3.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "<attribute name=\"rating\" attributeType=\"Integer 16\" defaultValueString=\"0\"",
                with: "<attribute name=\"rating\" attributeType=\"Integer 16\"")
        }
        return lockfile
    }

    func testTheEmbeddedModelsAreRead() throws {
        let text = try String(
            contentsOf: TestSupport.fixture("CoreData/Mappings/JournalV2toV3.xcmappingmodel/xcmapping.xml"),
            encoding: .utf8)
        let data = try XCTUnwrap(
            text.components(separatedBy: "<attribute name=\"destinationmodeldata\" type=\"binary\">").last?
                .components(separatedBy: "</attribute>").first)
        let embedded = try ArchivedDataModel.decode(base64: data)
        XCTAssertEqual(embedded.entities.keys.sorted(), ["Entry", "Tag"])
        let entry = try XCTUnwrap(embedded.entities["Entry"])
        XCTAssertEqual(entry.properties.keys.sorted(), ["body", "createdAt", "mood", "rating", "tags", "title"])
        XCTAssertEqual(entry.properties["rating"]?.attributeType, 100)
        XCTAssertEqual(entry.properties["rating"]?.isOptional, false)
        XCTAssertEqual(entry.properties["body"]?.isOptional, true)
        XCTAssertEqual(entry.properties["tags"]?.isRelationship, true)
        XCTAssertThrowsError(try ArchivedDataModel.decode(base64: "not an archive"))
        XCTAssertThrowsError(try ArchivedDataModel.decode(Array("bplist00".utf8)))
    }

    /// A mapping model made from the versions as they are covers the step; an edit it does not see (a default, which
    /// is not hashed) leaves it matching.
    func testAMatchingMappingModelCoversTheStep() throws {
        let lockfile = try shipJournal2ThenMoveToAHardStep()
        XCTAssertEqual(
            TestSupport.summary(try analyze(lockfile).findings),
            ["lightweight_unsupported_change \(model)/Journal 3.xcdatamodel/contents:7"])
        try addMappingModel()
        let analysis = try analyze(lockfile, upgrades: true)
        XCTAssertEqual(analysis.findings, [])
        let mapping = try XCTUnwrap(analysis.project.modelBundles.first?.mappingModels.first)
        XCTAssertNotNil(mapping.embedded)
        XCTAssertEqual(mapping.changedSince, [])
        let journal2 = try XCTUnwrap(analysis.upgrades.rows.last)
        XCTAssertEqual(journal2.name, "Journal.xcdatamodeld/Journal 2")
        XCTAssertFalse(journal2.outcome.fails)
        XCTAssertTrue(
            UpgradeReport.describe(journal2.outcome).joined(separator: "\n").contains(
                "mapping model Journal/JournalV2toV3.xcmappingmodel to Journal 3"),
            "\(UpgradeReport.describe(journal2.outcome))")
    }

    /// LoopKit's shape: the destination version changed after the mapping model was made. The mapping model is an
    /// error saying what changed, and it no longer covers the step, in `check` and in `upgrades`.
    func testAMappingModelMadeBeforeAVersionChangedIsReportedAndNotUsed() throws {
        let lockfile = try shipJournal2ThenMoveToAHardStep()
        try addMappingModel()
        try edit("\(model)/Journal 3.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "    <entity name=\"Tag\"",
                with: "    <entity name=\"Mood\" representedClassName=\"Mood\" syncable=\"YES\">\n"
                    + "        <attribute name=\"label\" optional=\"YES\" attributeType=\"String\"/>\n"
                    + "    </entity>\n    <entity name=\"Tag\"")
                .replacingOccurrences(
                    of: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>",
                    with: "<attribute name=\"color\" attributeType=\"String\" defaultValueString=\"\"/>")
        }
        let analysis = try analyze(lockfile, upgrades: true)
        XCTAssertEqual(
            TestSupport.summary(analysis.findings),
            [
                "lightweight_unsupported_change \(model)/Journal 3.xcdatamodel/contents:7",
                "mapping_model_outdated \(mappingFile):1",
            ])
        let finding = try XCTUnwrap(analysis.findings.last)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertTrue(
            finding.message.text.contains(
                "JournalV2toV3.xcmappingmodel maps Journal 2 → Journal 3, but the versions changed after it was made "
                    + "(Journal 3: entity Mood added (1 property); Journal 3: Tag.color changed: became non-optional)"),
            finding.message.text)
        XCTAssertTrue(analysis.upgrades.rows.last?.outcome.fails ?? false, "\(analysis.upgrades.rows)")
        XCTAssertTrue(
            finding.message.text.contains("the step fails (134140), and cannot be inferred"),
            finding.message.text)
        XCTAssertTrue(
            finding.message.text.contains("Entry.rating"), "the detail names what inference cannot make: "
                + finding.message.text)
    }

    /// An outdated mapping model for a step Core Data can infer: the store migrates, but by inference, and the
    /// mapping's own work silently never happens (the message says that, not a launch failure).
    func testAnOutdatedMappingModelForAnInferableStepSaysItsCustomMappingsNeverRun() throws {
        try addMappingModel()
        try edit("\(model)/Journal 3.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>",
                with: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>\n"
                    + "        <attribute name=\"emoji\" optional=\"YES\" attributeType=\"String\"/>")
        }
        let findings = try analyze().findings
        XCTAssertEqual(TestSupport.summary(findings), ["mapping_model_outdated \(mappingFile):1"])
        let text = try XCTUnwrap(findings.first?.message.text)
        XCTAssertTrue(
            text.contains(
                "JournalV2toV3.xcmappingmodel is out of date: Core Data infers the step instead and skips its custom "
                    + "mappings"), text)
        XCTAssertTrue(text.contains("Core Data infers Journal 2 → Journal 3 on every device that updates"), text)
        XCTAssertTrue(text.contains("Journal 3: Tag.emoji added"), text)
    }

    /// A mapping model into a version older than the current one maps nothing when the app lets Core Data migrate
    /// automatically: it looks only for a mapping from a store's version straight to the current one, so a stale
    /// `Journal 2 → Journal 3` mapping in a bundle now at `Journal 4` is no error (field test 8: a V1 → V5 mapping
    /// in a bundle at V55). The same mapping is reported where something does walk the versions (a migrator of the
    /// app's own) or where no stack was read to say how stores migrate.
    func testAStaleMappingIntoAVersionBeforeTheCurrentOneMattersOnlyToAMigrator() throws {
        try addMappingModel()
        let third = folder.appendingPathComponent("\(model)/Journal 3.xcdatamodel")
        try FileManager.default.copyItem(at: third, to: folder.appendingPathComponent("\(model)/Journal 4.xcdatamodel"))
        try edit("\(model)/Journal 3.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>",
                with: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>\n"
                    + "        <attribute name=\"emoji\" optional=\"YES\" attributeType=\"String\"/>")
        }
        try setCurrent("Journal 4")
        XCTAssertEqual(TestSupport.summary(try analyze().findings), [])
        // A migrator of the app's own, in another file, walks the versions one by one.
        let migrator = folder.appendingPathComponent("Journal/StepMigrator.swift")
        try Data(
            """
            import CoreData

            func migrate(store: URL, to destination: NSManagedObjectModel) throws {
                let metadata = try NSPersistentStoreCoordinator.metadataForPersistentStore(
                    ofType: NSSQLiteStoreType, at: store)
                guard let source = NSManagedObjectModel.mergedModel(from: nil, forStoreMetadata: metadata)
                else { return }
                let manager = NSMigrationManager(sourceModel: source, destinationModel: destination)
                _ = manager
            }
            """.utf8
        ).write(to: migrator)
        XCTAssertEqual(TestSupport.summary(try analyze().findings), ["mapping_model_outdated \(mappingFile):1"])
        // No stack read at all: how stores migrate cannot be told.
        try FileManager.default.removeItem(at: migrator)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal/Persistence.swift"))
        XCTAssertEqual(TestSupport.summary(try analyze().findings), ["mapping_model_outdated \(mappingFile):1"])
    }

    /// The source version edited after the mapping model was made is as stale as the destination.
    func testTheSourceVersionChangingMakesItStaleToo() throws {
        try addMappingModel()
        try edit("\(model)/Journal 2.xcdatamodel/contents") {
            $0.replacingOccurrences(of: "name=\"mood\" optional=\"YES\" attributeType=\"Integer 16\"",
                                    with: "name=\"mood\" optional=\"YES\" attributeType=\"Integer 32\"")
        }
        let mapping = try XCTUnwrap(try analyze().project.modelBundles.first?.mappingModels.first)
        XCTAssertEqual(mapping.changedSince.count, 1, "\(mapping.changedSince)")
        XCTAssertTrue(mapping.changedSince[0].hasPrefix("Journal 2: Entry.mood"), "\(mapping.changedSince)")
    }

    /// Embedded models that cannot be read are not a verdict: the mapping model is matched by the versions it names,
    /// as before, and nothing is said about it.
    func testUnreadableEmbeddedModelsAreNotJudged() throws {
        let lockfile = try shipJournal2ThenMoveToAHardStep()
        try addMappingModel()
        // The archive's first bytes (`bplist`, base64 `YnBsaXN0`) damaged.
        try edit(mappingFile) {
            $0.replacingOccurrences(
                of: "<attribute name=\"sourcemodeldata\" type=\"binary\">YnBsaXN0",
                with: "<attribute name=\"sourcemodeldata\" type=\"binary\">AAAAAAAA")
        }
        let analysis = try analyze(lockfile)
        XCTAssertEqual(analysis.findings, [])
        let mapping = try XCTUnwrap(analysis.project.modelBundles.first?.mappingModels.first)
        XCTAssertNil(mapping.embedded)
        XCTAssertEqual(mapping.changedSince, [])
    }

    /// The built binary says it too, at the mapping model, and fails the check.
    func testCheckFailsOnAnOutdatedMappingModel() throws {
        try addMappingModel()
        try edit("\(model)/Journal 3.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>", with: "")
        }
        let check = try TestSupport.run(["check", "--verbose"], in: folder)
        XCTAssertNotEqual(check.status, 0, check.stdout)
        XCTAssertTrue(
            check.stdout.contains("\(mappingFile):1:1: error: JournalV2toV3.xcmappingmodel is out of date: Core Data "
                + "infers the step instead"),
            check.stdout)
        XCTAssertTrue(
            check.stdout.contains("why: JournalV2toV3.xcmappingmodel maps Journal 2 → Journal 3"), check.stdout)
        XCTAssertTrue(check.stdout.contains("Journal 3: Entry.body removed"), check.stdout)
    }
}
