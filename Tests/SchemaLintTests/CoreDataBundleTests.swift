import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A Core Data app (Fixtures/CoreData/Apps/Journal: three model versions, the second current) locked at one release
/// and edited the ways real apps' histories show: exact findings for each, nothing for hash-neutral edits.
final class CoreDataBundleTests: XCTestCase {
    var folder: URL!
    let model = "Journal/Journal.xcdatamodeld"

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        try Analyzer(workingDirectory: folder, threads: 2).analyze(paths: [], lockfile: lockfile)
    }

    func lock() throws -> Lockfile { TestSupport.lock(try analyze()) }

    func edit(_ version: String, _ transform: (String) -> String) throws {
        try TestSupport.edit(folder.appendingPathComponent("\(model)/\(version).xcdatamodel/contents"), transform)
    }

    func setCurrent(_ version: String) throws {
        try TestSupport.setCurrentVersion(version, of: folder.appendingPathComponent(model))
    }

    func testLockRecordsShippedVersionsAndTheCurrentOne() throws {
        let outcome = Locker.plan(try analyze(), existing: nil, request: .init())
        XCTAssertEqual(
            outcome.recorded, ["Journal.xcdatamodeld/Journal", "Journal.xcdatamodeld/Journal 2"])
        XCTAssertEqual(outcome.declaredOnly.map(\.key), ["Journal.xcdatamodeld/Journal 3"])
        let bundle = try XCTUnwrap(outcome.lockfile.coreData?["Journal.xcdatamodeld"])
        XCTAssertEqual(bundle.current, "Journal 2")
        XCTAssertEqual(bundle.versions["Journal 2"]?.identifier, "2")
        XCTAssertEqual(bundle.entities.count, 4, "Entry and Tag in two states each")
        XCTAssertEqual(outcome.lockfile.versions, [:])
        XCTAssertEqual(try analyze(outcome.lockfile).findings, [])
    }

    /// Xcode's header fields, codegen, positions, defaults, delete rules and renaming identifiers are not hashed.
    func testHashNeutralEditsOfAShippedVersionSayNothing() throws {
        let lockfile = try lock()
        try edit("Journal 2") {
            $0.replacingOccurrences(of: "lastSavedToolsVersion=\"22225\"", with: "lastSavedToolsVersion=\"23507\"")
                .replacingOccurrences(of: " codeGenerationType=\"class\"", with: "")
                .replacingOccurrences(of: "positionX=\"-63\"", with: "positionX=\"10\"")
                .replacingOccurrences(of: "deletionRule=\"Nullify\"", with: "deletionRule=\"Cascade\"")
                .replacingOccurrences(
                    of: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>",
                    with: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\" "
                        + "defaultValueString=\"red\" "
                        + "elementID=\"colour\"/>")
        }
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }

    func testAnAttributeAddedToAShippedVersionIsReportedAtItsLine() throws {
        let lockfile = try lock()
        try edit("Journal 2") {
            $0.replacingOccurrences(
                of: "        <attribute name=\"title\"",
                with: "        <attribute name=\"pinned\" attributeType=\"Boolean\" defaultValueString=\"NO\"/>\n"
                    + "        <attribute name=\"title\"")
        }
        let findings = try analyze(lockfile).findings
        XCTAssertEqual(
            TestSupport.summary(findings), ["shipped_schema_edited \(model)/Journal 2.xcdatamodel/contents:7"])
        XCTAssertEqual(findings.first?.severity, .error)
        XCTAssertTrue(findings.first?.message.text.contains("Entry.pinned added") ?? false, "\(findings)")
    }

    /// The shape that shipped as `Journal 2` kept under another name (Delta beta 7 restored a version and moved what
    /// shipped to the next one): stores in it still find their model by its hashes, so the edit breaks nothing.
    func testAShippedShapeKeptUnderAnotherNameIsNoEdit() throws {
        let lockfile = try lock()
        let shipped = folder.appendingPathComponent("\(model)/Journal 2.xcdatamodel/contents")
        let kept = folder.appendingPathComponent("\(model)/Journal 3.xcdatamodel/contents")
        try FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(at: shipped, to: kept)
        try edit("Journal 2") {
            $0.replacingOccurrences(
                of: "        <attribute name=\"title\"",
                with: "        <attribute name=\"pinned\" attributeType=\"Boolean\" defaultValueString=\"NO\"/>\n"
                    + "        <attribute name=\"title\"")
        }
        try setCurrent("Journal 3")
        XCTAssertEqual(
            try analyze(lockfile).findings.filter { $0.rule == "shipped_schema_edited" }, [])
    }

    /// Two versions that shipped with the same hashes (a transient attribute apart, TwidereX's `CoreDataStack 5` and
    /// `6`), one edited in place: its stores still open through its unchanged twin, so the edit is a warning that
    /// names the twin, whichever of the two was edited.
    func testAVersionEditedBesideAShippedTwinIsAWarningNamingIt() throws {
        for (edited, twin) in [("Journal 3", "Journal 2"), ("Journal 2", "Journal 3")] {
            folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
            let shipped = folder.appendingPathComponent("\(model)/Journal 2.xcdatamodel/contents")
            let copy = folder.appendingPathComponent("\(model)/Journal 3.xcdatamodel/contents")
            try FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: shipped, to: copy)
            try edit("Journal 3") {
                $0.replacingOccurrences(
                    of: "        <attribute name=\"title\"",
                    with: "        <attribute name=\"draft\" attributeType=\"String\" transient=\"YES\"/>\n"
                        + "        <attribute name=\"title\"")
            }
            try setCurrent("Journal 3")
            let lockfile = try lock()
            let locked = try XCTUnwrap(lockfile.coreData?["Journal.xcdatamodeld"])
            XCTAssertEqual(locked.versions["Journal 2"]?.checksum, locked.versions["Journal 3"]?.checksum)
            try edit(edited) {
                $0.replacingOccurrences(
                    of: "        <attribute name=\"title\"",
                    with: "        <attribute name=\"pinned\" attributeType=\"Boolean\" defaultValueString=\"NO\"/>\n"
                        + "        <attribute name=\"title\"")
            }
            let findings = try analyze(lockfile).findings.filter { $0.rule == "shipped_schema_edited" }
            XCTAssertEqual(findings.map(\.severity), [.warning], edited)
            XCTAssertEqual(
                findings.first?.message.headline,
                "\(edited) of Journal.xcdatamodeld was edited after it shipped: its stores now open only through "
                    + twin, edited)
        }
    }

    func testAnEditToAVersionAfterTheCurrentOneIsNoEdit() throws {
        let lockfile = try lock()
        try edit("Journal 3") { $0.replacingOccurrences(of: "name=\"rating\"", with: "name=\"stars\"") }
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }

    func testADeletedShippedVersionIsReported() throws {
        let lockfile = try lock()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("\(model)/Journal.xcdatamodel"))
        XCTAssertEqual(
            TestSupport.summary(try analyze(lockfile).findings),
            ["shipped_schema_removed \(model)/.xccurrentversion:6"])
    }

    func testCurrentVersionMovedBackIsReported() throws {
        let lockfile = try lock()
        try setCurrent("Journal")
        XCTAssertEqual(
            TestSupport.summary(try analyze(lockfile).findings),
            ["current_model_version_invalid \(model)/.xccurrentversion:2"])
    }

    func testCurrentVersionNamingNoVersionIsReported() throws {
        try setCurrent("Journal 4")
        let findings = try analyze().findings
        XCTAssertEqual(TestSupport.summary(findings), ["current_model_version_invalid \(model)/.xccurrentversion:2"])
        XCTAssertTrue(findings[0].message.text.contains("names Journal 4, which the bundle does not have"))
    }

    /// The next release makes Journal 3 current: its new required attribute has a default, so inference migrates.
    func testMovingTheCurrentVersionForwardIsCheckedForInference() throws {
        let lockfile = try lock()
        try setCurrent("Journal 3")
        XCTAssertEqual(try analyze(lockfile).findings, [])
        try edit("Journal 3") {
            $0.replacingOccurrences(
                of: "<attribute name=\"rating\" attributeType=\"Integer 16\" defaultValueString=\"0\"",
                with: "<attribute name=\"rating\" attributeType=\"Integer 16\"")
                .replacingOccurrences(
                    of: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>",
                    with: "<attribute name=\"color\" optional=\"YES\" attributeType=\"Binary\"/>")
        }
        XCTAssertEqual(
            TestSupport.summary(try analyze(lockfile).findings),
            [
                "lightweight_unsupported_change \(model)/Journal 3.xcdatamodel/contents:7",
                "lightweight_unsupported_change \(model)/Journal 3.xcdatamodel/contents:12",
            ])
        // A mapping model for the step covers it (here named by its versions, as Xcode users name them).
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Journal/JournalV2toV3.xcmappingmodel"),
            withIntermediateDirectories: true)
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }

    /// A number stored as another kind of number is converted by the inferred mapping.
    func testNumericTypeChangesAreInferred() throws {
        let lockfile = try lock()
        try setCurrent("Journal 3")
        try edit("Journal 3") {
            $0.replacingOccurrences(
                of: "name=\"mood\" optional=\"YES\" attributeType=\"Integer 16\"",
                with: "name=\"mood\" optional=\"YES\" attributeType=\"Double\"")
        }
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }

    func testDamagedModelFilesAreNamedAndSkipped() throws {
        try edit("Journal 3") { $0.replacingOccurrences(of: "</model>", with: "") }
        try edit("Journal") { $0.replacingOccurrences(of: "attributeType=\"Date\"", with: "attributeType=\"Moment\"") }
        let findings = try analyze().findings
        XCTAssertEqual(
            TestSupport.summary(findings),
            [
                "syntax_error \(model)/Journal 3.xcdatamodel/contents:17",
                "syntax_error \(model)/Journal.xcdatamodel/contents:5",
            ])
        XCTAssertTrue(findings[1].message.text.contains("attribute type \"Moment\""), "\(findings[1].message)")
        // The broken version is skipped by `lock`, which refuses to write a lockfile missing a shipped version.
        XCTAssertEqual(Locker.plan(try analyze(), existing: nil, request: .init()).incomplete.map(\.key),
                       ["Journal.xcdatamodeld/Journal"])
    }

    /// A version saved before Xcode 4 (a binary `elements` archive with `layout`, no `contents`; Automattic's
    /// simplenote-ios ships one) whose archive schemalint cannot read is not damage: Xcode still compiles it. It is
    /// named without asking for a repair, `lock` records its bytes' digest and the other versions instead of refusing
    /// them all (LegacyElementsModelTests reads real-shaped archives).
    func testAVersionInXcode3sFormatIsNamedAndTheOthersAreLocked() throws {
        let legacy = folder.appendingPathComponent("\(model)/Journal.xcdatamodel")
        try FileManager.default.removeItem(at: legacy.appendingPathComponent("contents"))
        try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30]).write(to: legacy.appendingPathComponent("elements"))
        try Data().write(to: legacy.appendingPathComponent("layout"))
        let findings = try analyze().findings
        XCTAssertEqual(TestSupport.summary(findings), ["syntax_error \(model)/Journal.xcdatamodel/elements:1"])
        XCTAssertEqual(findings[0].message.id, "model-format")
        XCTAssertTrue(findings[0].message.text.contains("Xcode 3 model"), "\(findings[0].message)")
        XCTAssertFalse(findings[0].message.text.contains("momc refuses"), "\(findings[0].message)")
        let outcome = Locker.plan(try analyze(), existing: nil, request: .init())
        XCTAssertEqual(outcome.incomplete.map(\.key), [])
        XCTAssertEqual(outcome.unreadable.map(\.key), ["Journal.xcdatamodeld/Journal"])
        XCTAssertEqual(outcome.recorded, ["Journal.xcdatamodeld/Journal 2"])
        XCTAssertEqual(try analyze(outcome.lockfile).findings.map(\.rule), [RuleID.syntaxError])
        // Without `elements` either, the folder is as damaged as before: nothing is written.
        try FileManager.default.removeItem(at: legacy.appendingPathComponent("elements"))
        XCTAssertEqual(
            Locker.plan(try analyze(), existing: nil, request: .init()).incomplete.map(\.key),
            ["Journal.xcdatamodeld/Journal"])
    }

    func testParentEntityCycleIsNamed() throws {
        try edit("Journal 2") {
            $0.replacingOccurrences(of: "<entity name=\"Entry\" ", with: "<entity name=\"Entry\" parentEntity=\"Tag\" ")
                .replacingOccurrences(of: "<entity name=\"Tag\" ", with: "<entity name=\"Tag\" parentEntity=\"Entry\" ")
        }
        let findings = try analyze().findings
        XCTAssertEqual(TestSupport.summary(findings), ["syntax_error \(model)/Journal 2.xcdatamodel/contents:3"])
        XCTAssertTrue(findings[0].message.text.contains("form a cycle"), "\(findings[0].message)")
    }

    func testLockfileRoundTripsCoreDataVersions() throws {
        let lockfile = try lock()
        let path = folder.appendingPathComponent("schemalint.lock").path
        try LockfileStore.write(lockfile, to: path)
        let read = try XCTUnwrap(try LockfileStore.load(path))
        XCTAssertEqual(read, lockfile)
        XCTAssertEqual(try analyze(read).findings, [])
    }
}

extension CoreDataBundleTests {
    /// `upgrades` says for each locked version what this build does with its stores, as `check` judges them.
    func testUpgradesCoverCoreDataStates() throws {
        let lockfile = try lock()
        let describe = { (analysis: Analysis) in
            analysis.upgrades.rows.map { "\($0.name): \(UpgradeReport.describe($0.outcome)[0])" }
        }
        XCTAssertEqual(
            describe(try analyze(lockfile)),
            [
                "Journal.xcdatamodeld/Journal: opens: Core Data infers a lightweight migration to "
                    + "Journal.xcdatamodeld/Journal 2",
                "Journal.xcdatamodeld/Journal 2: opens as is (Journal.xcdatamodeld/Journal 2)",
            ])
        try edit("Journal 2") { $0.replacingOccurrences(of: "name=\"color\" optional=\"YES\"", with: "name=\"color\"") }
        let edited = try analyze(lockfile)
        XCTAssertTrue(edited.upgrades.rows[1].outcome.fails)
        XCTAssertTrue(describe(edited)[1].hasPrefix("Journal.xcdatamodeld/Journal 2: fails unless Core Data infers"))
    }
}

extension CoreDataBundleTests {
    /// `diff` compares two model versions in Core Data's terms: inference, or a mapping model.
    func testDiffComparesModelVersions() throws {
        let analysis = try analyze()
        let forward = try DiffReport(analysis: analysis, from: "Journal", to: "Journal.xcdatamodeld/Journal 2")
        XCTAssertEqual(
            forward.changes.map(\.text), ["Entry.mood added (Int16?)", "Tag.color added (String?)"])
        XCTAssertEqual(forward.verdict, "lightweight is enough")
        try edit("Journal 3") {
            $0.replacingOccurrences(
                of: "name=\"rating\" attributeType=\"Integer 16\" defaultValueString=\"0\"",
                with: "name=\"rating\" attributeType=\"Integer 16\"")
        }
        let blocked = try DiffReport(analysis: try analyze(), from: "Journal 2", to: "Journal 3")
        XCTAssertTrue(blocked.verdict.hasPrefix("needs a mapping model because Entry.rating added"), blocked.verdict)
    }
}

extension CoreDataBundleTests {
    /// Version names as real bundles spell them: numbers as numbers, spaces ignored, the unnumbered base first.
    func testVersionNamesAreOrderedAsXcodeNamesThem() {
        let names = [
            "MeshtasticDataModelV32", "Model 10", "MeshtasticDataModelV 31", "Model", "Model 9", "MeshtasticDataModel",
        ]
        XCTAssertEqual(
            names.sorted(by: VersionNameOrder.precedes),
            [
                "MeshtasticDataModel", "MeshtasticDataModelV 31", "MeshtasticDataModelV32", "Model", "Model 9",
                "Model 10",
            ])
    }
}

extension CoreDataBundleTests {
    /// A property renamed in the new current version without Xcode's renaming identifier loses its values.
    func testARenameWithoutRenamingIdentifierIsNamed() throws {
        let lockfile = try lock()
        try setCurrent("Journal 3")
        try edit("Journal 3") { $0.replacingOccurrences(of: "name=\"body\"", with: "name=\"text\"") }
        XCTAssertEqual(
            TestSupport.summary(try analyze(lockfile).findings),
            ["rename_without_original_name \(model)/Journal 3.xcdatamodel/contents:4"])
        try edit("Journal 3") {
            $0.replacingOccurrences(of: "name=\"text\"", with: "name=\"text\" elementID=\"body\"")
        }
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }

    /// Two names of one generic kind, each with a word of its own, are two things, not one renamed (Pocket 8.9
    /// removed the optional String `Item.shortURL` and added `shareURL`): no rename guess. A name that only gains a
    /// qualifier, names sharing a word that means something, and names sharing no word are still guessed.
    func testNamesOfTwoThingsOfOneKindAreNoRename() throws {
        func findings(_ old: String, _ new: String) throws -> [String] {
            try setUpWithError()
            if old != "body" {
                try edit("Journal 2") { $0.replacingOccurrences(of: "name=\"body\"", with: "name=\"\(old)\"") }
            }
            let lockfile = try lock()
            try setCurrent("Journal 3")
            try edit("Journal 3") { $0.replacingOccurrences(of: "name=\"body\"", with: "name=\"\(new)\"") }
            return TestSupport.summary(try analyze(lockfile).findings)
        }
        let twoOfAKind = [
            ("shortURL", "shareURL"), ("created_at", "updated_at"), ("contextData", "metricsData"),
            ("isDraft", "isPinned"),
        ]
        for (old, new) in twoOfAKind {
            XCTAssertEqual(try findings(old, new), [], "\(old) → \(new)")
        }
        for (old, new) in [("url", "shareURL"), ("currentIndex", "musicIndex"), ("body", "text")] {
            XCTAssertEqual(
                try findings(old, new), ["rename_without_original_name \(model)/Journal 3.xcdatamodel/contents:4"],
                "\(old) → \(new)")
        }
    }
}

extension CoreDataBundleTests {
    /// Whether a target compiles a model: its Sources phase or its Copy Bundle Resources phase (Xcode compiles a model
    /// in either); listed in neither, it is not compiled, and a locked bundle there is reported.
    func testAModelInTheResourcesPhaseIsCompiled() throws {
        let project = try TestSupport.temporaryDirectory()
        try FileManager.default.removeItem(at: project)
        try FileManager.default.copyItem(at: TestSupport.fixture("Projects/Classic"), to: project)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent(model), to: project.appendingPathComponent("Garden/Journal.xcdatamodeld"))
        let pbxproj = project.appendingPathComponent("Garden.xcodeproj/project.pbxproj")
        let original = try String(contentsOf: pbxproj, encoding: .utf8)
        let listed = TestSupport.compilingModelBundle(
            original, reference: "path = Journal.xcdatamodeld; sourceTree = \"<group>\"", inGroup: true)
        try listed.write(to: pbxproj, atomically: true, encoding: .utf8)
        let analyze = { try Analyzer(workingDirectory: project, threads: 1).analyze(paths: [], lockfile: $0) }
        let compiled = try analyze(nil)
        XCTAssertEqual(compiled.project.modelBundles.map(\.isCompiled), [true])
        let lockfile = TestSupport.lock(compiled)
        XCTAssertEqual(lockfile.coreData?["Journal.xcdatamodeld"]?.versions.count, 2)
        try original.write(to: pbxproj, atomically: true, encoding: .utf8)
        let dropped = try analyze(lockfile)
        XCTAssertEqual(dropped.project.modelBundles.map(\.isCompiled), [false])
        let removed = dropped.findings.filter { $0.rule == "shipped_schema_removed" }
        XCTAssertEqual(removed.count, 1)
        XCTAssertTrue(removed[0].message.text.hasPrefix("no target compiles Journal.xcdatamodeld any more"))

        // The same through the binary, which reads the project file and the lockfile while it reads the rest.
        try listed.write(to: pbxproj, atomically: true, encoding: .utf8)
        let lock = try TestSupport.run(["lock"], in: project)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        let clean = try TestSupport.run(["check"], in: project)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertFalse(clean.stdout.contains("shipped_schema_removed"), clean.stdout)
        try original.write(to: pbxproj, atomically: true, encoding: .utf8)
        let check = try TestSupport.run(["check"], in: project)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("no target compiles Journal.xcdatamodeld any more"), check.stdout)
        // A project file read ahead that turns out damaged is named as when it is read in turn.
        try "// !$*UTF8*$!\n{ objects = {".write(to: pbxproj, atomically: true, encoding: .utf8)
        let damaged = try TestSupport.run(["check"], in: project)
        XCTAssertTrue(
            damaged.stderr.contains("Garden.xcodeproj/project.pbxproj is not a property list schemalint can read"),
            damaged.stderr)
    }

    /// A mapping model is matched to the versions its `xcmapping.xml` names, whatever the file is called.
    func testAMappingModelIsMatchedByTheVersionsItNames() throws {
        let lockfile = try lock()
        try setCurrent("Journal 3")
        try edit("Journal 3") {
            $0.replacingOccurrences(
                of: "<attribute name=\"rating\" attributeType=\"Integer 16\" defaultValueString=\"0\"",
                with: "<attribute name=\"rating\" attributeType=\"Integer 16\"")
        }
        XCTAssertEqual(try analyze(lockfile).findings.map(\.rule), ["lightweight_unsupported_change"])
        let mapping = folder.appendingPathComponent("Journal/RatingsBackfill.xcmappingmodel")
        try FileManager.default.createDirectory(at: mapping, withIntermediateDirectories: true)
        try """
            <?xml version="1.0" standalone="yes"?>
            <!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">
            <database>
                <object type="XDDEVMAPPINGMODEL" id="m1">
                    <attribute name="sourcemodelpath" type="string">Journal.xcdatamodeld/Journal 2.xcdatamodel\
                    </attribute>
                    <attribute name="destinationmodelpath" type="string">Journal.xcdatamodeld/Journal 3.xcdatamodel\
                    </attribute>
                </object>
            </database>
            """.write(to: mapping.appendingPathComponent("xcmapping.xml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }
}

extension CoreDataBundleTests {
    /// A bundle removed from the sources is a warning (the model may now come from a package, or the feature went
    /// with its data); `lock --accept` with the bundle's name retires it.
    func testARemovedBundleWarnsAndCanBeRetired() throws {
        let lockfile = try lock()
        try FileManager.default.removeItem(at: folder.appendingPathComponent(model))
        let findings = try analyze(lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["shipped_schema_removed"])
        XCTAssertEqual(findings.map(\.severity), [.warning])
        let retired = Locker.plan(
            try analyze(lockfile), existing: lockfile,
            request: .init(accept: ["Journal.xcdatamodeld"], reason: "journal feature removed"))
        XCTAssertEqual(retired.retired, ["Journal.xcdatamodeld/Journal", "Journal.xcdatamodeld/Journal 2"])
        XCTAssertEqual(try analyze(retired.lockfile).findings, [])
    }
}

extension CoreDataBundleTests {
    /// `upgrades` agrees with `check`: a removed bundle's states are left behind (⚠️), not failures.
    func testUpgradesLeaveARemovedBundleBehind() throws {
        let lockfile = try lock()
        try FileManager.default.removeItem(at: folder.appendingPathComponent(model))
        let rows = try analyze(lockfile).upgrades.rows
        XCTAssertEqual(rows.map(\.outcome.fails), [false, false])
        XCTAssertEqual(rows.map(\.outcome.warns), [true, true])
    }

    /// Booleans and numbers are all stored as numbers: the inferred mapping converts between them.
    func testABooleanStoredAsANumberIsInferred() throws {
        let lockfile = try lock()
        try setCurrent("Journal 3")
        try edit("Journal 3") {
            $0.replacingOccurrences(
                of: "name=\"mood\" optional=\"YES\" attributeType=\"Integer 16\"",
                with: "name=\"mood\" optional=\"YES\" attributeType=\"Boolean\"")
        }
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }
}
