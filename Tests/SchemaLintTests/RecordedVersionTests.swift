import Foundation
@testable import SchemaLintBundles
import SchemaLintModel
import SchemaLintStore
import XCTest

@testable import SchemaLintEngine
@testable import SchemaLintFacts

/// `check` takes a shipped model version from the lockfile when its `contents` bytes are the ones `lock` recorded
/// (`RecordedVersions`): the Journal app (Fixtures/CoreData/Apps/Journal, versions Journal, Journal 2 (current),
/// Journal 3) locked, then checked as the binary does it, with exact findings for every case.
final class RecordedVersionTests: XCTestCase {
    var folder: URL!
    let model = "Journal/Journal.xcdatamodeld"

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    private var lockfilePath: String { folder.appendingPathComponent("schemalint.lock").path }

    private func contents(_ version: String) -> URL {
        folder.appendingPathComponent("\(model)/\(version).xcdatamodel/contents")
    }

    /// The bundle as `check` loads it: lockfile read beside discovery, recorded versions taken.
    private func loaded(takingRecorded: Bool = true) throws -> ModelBundle {
        let discovered = try SourceDiscovery(workingDirectory: folder).discover([])
        var request = Workspace.Request(discovered: discovered, workingDirectory: folder.path)
        (request.readingLockfiles, request.takingRecorded) = (true, takingRecorded)
        let apps = try Workspace.apps(request)
        return try XCTUnwrap(apps.first?.modelBundles.first)
    }

    private func lockWithTheBinary() throws {
        let lock = try TestSupport.run(["lock"], in: folder)
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
    }

    func testLockRecordsEachVersionsContentsDigest() throws {
        try lockWithTheBinary()
        let lockfile = try XCTUnwrap(LockfileStore.load(lockfilePath))
        let versions = try XCTUnwrap(lockfile.coreData?["Journal.xcdatamodeld"]?.versions)
        XCTAssertEqual(versions.keys.sorted(), ["Journal", "Journal 2"])
        for (name, entry) in versions {
            let bytes = try [UInt8](Data(contentsOf: contents(name)))
            XCTAssertEqual(entry.contents, ContentsDigest.of(bytes))
            XCTAssertTrue(
                entry.contents?.hasPrefix("\(ModelContentsReader.readingRevision):\(bytes.count):") ?? false,
                entry.contents ?? "none")
        }
        // Locking again changes nothing.
        let again = try TestSupport.run(["lock"], in: folder)
        XCTAssertTrue(again.stdout.contains("is up to date"), again.stdout)
    }

    func testOnlyVersionsBeforeTheLockedCurrentOneAreTaken() throws {
        try lockWithTheBinary()
        let bundle = try loaded()
        XCTAssertEqual(bundle.versions.map(\.name), ["Journal", "Journal 2", "Journal 3"])
        XCTAssertEqual(bundle.versions.map(\.isRecorded), [true, false, false])
        let recorded = bundle.versions[0]
        XCTAssertEqual(
            recorded.location, SourceLocation(file: "\(model)/Journal.xcdatamodel/contents", line: 2, column: 1))
        XCTAssertEqual(recorded.identifier, "1")
        // The same hashes and snapshots as reading the file gives.
        let read = try XCTUnwrap(loaded(takingRecorded: false).versions.first)
        XCTAssertFalse(read.isRecorded)
        let key = "Journal.xcdatamodeld/Journal"
        let fromLockfile = VersionAnalysis(bundleVersion: recorded, key: key)
        let fromFile = VersionAnalysis(bundleVersion: read, key: key)
        XCTAssertEqual(fromLockfile.hashes, fromFile.hashes)
        XCTAssertEqual(fromLockfile.models, fromFile.models.sorted())
        XCTAssertEqual(
            fromLockfile.snapshot, fromFile.snapshot.sorted { $0.name < $1.name }, "the lockfile keeps them by name")
        XCTAssertEqual(fromLockfile.uncertainties, fromFile.uncertainties)
    }

    func testAnEditedShippedVersionIsReadAndReported() throws {
        try lockWithTheBinary()
        let url = contents("Journal")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(
            of: "        <attribute name=\"title\"",
            with: "        <attribute name=\"mood\" attributeType=\"String\"/>\n        <attribute name=\"title\"")
            .write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(try loaded().versions.map(\.isRecorded), [false, false, false])
        // --verbose says what changed under the finding.
        let check = try TestSupport.run(["check", "--verbose"], in: folder)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains("\(model)/Journal.xcdatamodel/contents:6:"), check.stdout)
        XCTAssertTrue(check.stdout.contains("shipped_schema_edited"), check.stdout)
        XCTAssertTrue(check.stdout.contains("Entry.mood added"), check.stdout)
    }

    func testAHashNeutralEditIsReadAndSaysNothingThenLockRecordsIt() throws {
        try lockWithTheBinary()
        let url = contents("Journal")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "positionX=\"-63\"", with: "positionX=\"12\"")
            .write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(try loaded().versions.map(\.isRecorded), [false, false, false])
        let check = try TestSupport.run(["check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let lock = try TestSupport.run(["lock"], in: folder)
        XCTAssertTrue(lock.stdout.contains("recorded the contents digest of 1 unchanged model version"), lock.stdout)
        XCTAssertEqual(try loaded().versions.map(\.isRecorded), [true, false, false])
    }

    func testADigestOfAnotherReadingOrNoDigestIsNotTrusted() throws {
        try lockWithTheBinary()
        var lockfile = try XCTUnwrap(LockfileStore.load(lockfilePath))
        let digest = try XCTUnwrap(lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.contents)
        let parts = digest.split(separator: ":")
        lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.contents =
            "\(ModelContentsReader.readingRevision + 1):\(parts[1]):\(parts[2])"
        try LockfileStore.write(lockfile, to: lockfilePath)
        XCTAssertEqual(try loaded().versions.map(\.isRecorded), [false, false, false])
        lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.contents = nil
        try LockfileStore.write(lockfile, to: lockfilePath)
        XCTAssertEqual(try loaded().versions.map(\.isRecorded), [false, false, false])
        // Read, the version is as locked: a clean check.
        let check = try TestSupport.run(["check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testTwoBranchesThatDifferOnlyInTheDigestMerge() throws {
        try lockWithTheBinary()
        let text = try String(contentsOfFile: lockfilePath, encoding: .utf8)
        let digest = try XCTUnwrap(
            LockfileStore.load(lockfilePath)?.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.contents)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(digest) })
        let conflicted = text.replacingOccurrences(
            of: line + "\n",
            with: "<<<<<<< ours\n\(line)\n=======\n"
                + line.replacingOccurrences(of: digest, with: "1:1:0000000000000000") + "\n>>>>>>> theirs\n")
        let merged = try XCTUnwrap(LockfileMerge.merged(conflicted, path: lockfilePath))
        XCTAssertNil(merged.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.contents)
        XCTAssertNotNil(merged.coreData?["Journal.xcdatamodeld"]?.versions["Journal 2"]?.contents)
    }

    private func addMappingModel() throws {
        try FileManager.default.copyItem(
            at: TestSupport.fixture("CoreData/Mappings/JournalV2toV3.xcmappingmodel"),
            to: folder.appendingPathComponent("Journal/JournalV2toV3.xcmappingmodel"))
    }

    private let mappingName = "JournalV2toV3.xcmappingmodel"

    /// `lock` records what comparing the mapping model's embedded models with Journal 2 and Journal 3 gave, and the
    /// bytes it rests on; locking again changes nothing.
    func testLockRecordsWhatTheMappingModelEmbeds() throws {
        try addMappingModel()
        try lockWithTheBinary()
        let bundle = try XCTUnwrap(LockfileStore.load(lockfilePath)?.coreData?["Journal.xcdatamodeld"])
        let record = try XCTUnwrap(bundle.mappingModels?[mappingName])
        XCTAssertEqual(record.source, bundle.versions["Journal 2"]?.contents)
        XCTAssertEqual(record.destination, ContentsDigest.of(try [UInt8](Data(contentsOf: contents("Journal 3")))))
        XCTAssertTrue(record.embedded.hasPrefix("\(RecordedMappingModels.revision)/"), record.embedded)
        XCTAssertNil(record.changes, "the fixture's mapping model was made from the versions as they are")
        let again = try TestSupport.run(["lock"], in: folder)
        XCTAssertTrue(again.stdout.contains("is up to date"), again.stdout)
    }

    /// While the three digests are today's, `check` takes the recorded outcome and decodes nothing (a planted change
    /// shows it was taken); a hash-neutral re-save of a version, or a record of another comparison revision, is not
    /// trusted and the embedded models are decoded again.
    func testTheRecordIsTakenOnlyForTheBytesItRestsOn() throws {
        try addMappingModel()
        try lockWithTheBinary()
        var lockfile = try XCTUnwrap(LockfileStore.load(lockfilePath))
        let planted = ["Journal 3: planted by the test"]
        lockfile.coreData?["Journal.xcdatamodeld"]?.mappingModels?[mappingName]?.changes = planted
        try LockfileStore.write(lockfile, to: lockfilePath)
        var mapping = try XCTUnwrap(loaded().mappingModels.first)
        XCTAssertNil(mapping.embedded)
        XCTAssertEqual(mapping.changedSince, planted)
        let check = try TestSupport.run(["check", "--verbose"], in: folder)
        XCTAssertTrue(check.stdout.contains("mapping_model_outdated"), check.stdout)
        XCTAssertTrue(check.stdout.contains("planted by the test"), check.stdout)

        let embedded = try XCTUnwrap(
            lockfile.coreData?["Journal.xcdatamodeld"]?.mappingModels?[mappingName]?.embedded)
        lockfile.coreData?["Journal.xcdatamodeld"]?.mappingModels?[mappingName]?.embedded =
            "\(RecordedMappingModels.revision + 1)/" + embedded.split(separator: "/", maxSplits: 1)[1]
        try LockfileStore.write(lockfile, to: lockfilePath)
        mapping = try XCTUnwrap(loaded().mappingModels.first)
        XCTAssertNotNil(mapping.embedded)
        XCTAssertEqual(mapping.changedSince, [])

        lockfile.coreData?["Journal.xcdatamodeld"]?.mappingModels?[mappingName]?.embedded = embedded
        try LockfileStore.write(lockfile, to: lockfilePath)
        XCTAssertEqual(try loaded().mappingModels.first?.changedSince, planted)
        let url = contents("Journal 3")
        try (try String(contentsOf: url, encoding: .utf8) + "\n").write(to: url, atomically: true, encoding: .utf8)
        mapping = try XCTUnwrap(loaded().mappingModels.first)
        XCTAssertNotNil(mapping.embedded)
        XCTAssertEqual(mapping.changedSince, [])
        // The next lock records the comparison again for the new bytes.
        let lock = try TestSupport.run(["lock"], in: folder)
        XCTAssertTrue(
            lock.stdout.contains("recorded what the mapping models of Journal.xcdatamodeld embed"), lock.stdout)
        let relocked = try XCTUnwrap(LockfileStore.load(lockfilePath)?.coreData?["Journal.xcdatamodeld"])
        XCTAssertNotNil(relocked.mappingModels?[mappingName])
        XCTAssertNil(relocked.mappingModels?[mappingName]?.changes)
    }

    /// The benchmark's guard (`schemalint-bench --suite`, its Core Data row): `check` with a lockfile that vouches
    /// for the mapping model decodes none of the models it embeds, counted by `ArchivedDataModel.decodedCount`;
    /// without the record both are decoded.
    func testACheckWithTheRecordDecodesNoEmbeddedModel() throws {
        try addMappingModel()
        try lockWithTheBinary()
        var before = ArchivedDataModel.decodedCount
        _ = try loaded()
        XCTAssertEqual(ArchivedDataModel.decodedCount - before, 0)
        before = ArchivedDataModel.decodedCount
        _ = try loaded(takingRecorded: false)
        XCTAssertEqual(ArchivedDataModel.decodedCount - before, 2)
    }

    /// A version hash that moved with a snapshot that did not (an entry written by a release that recorded less):
    /// the change names the entity whose hash moved, and no empty fingerprint (Core Data entries have none).
    func testAHashMovedWithoutASnapshotChangeNamesTheEntity() throws {
        try lockWithTheBinary()
        var lockfile = try XCTUnwrap(LockfileStore.load(lockfilePath))
        let bundle = try XCTUnwrap(lockfile.coreData?["Journal.xcdatamodeld"])
        let key = try XCTUnwrap(bundle.versions["Journal"]?.entities["Entry"])
        lockfile.coreData?["Journal.xcdatamodeld"]?.entities[key]?.hash = String(repeating: "0", count: 64)
        lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.checksum = "moved"
        lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.contents = nil
        try LockfileStore.write(lockfile, to: lockfilePath)
        let check = try TestSupport.run(["check", "--verbose"], in: folder)
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(
            check.stdout.contains("the version hash of Entry changed in a way the snapshot does not name"),
            check.stdout)
        XCTAssertFalse(check.stdout.contains("fingerprint"), check.stdout)
    }

    /// `check` makes the lockfile's entries ready for taking versions on the thread that reads it
    /// (`LockfileReading(preparingRecords:)`), off the main one; what is taken is the same as from records made later.
    func testRecordsMadeWhileReadingTheLockfileTakeTheSameVersions() throws {
        try lockWithTheBinary()
        let preparing = LockfileReading(
            paths: ["schemalint.lock"], workingDirectory: folder.path, preparingRecords: true)
        let prepared = try XCTUnwrap(preparing.records(at: "schemalint.lock"))
        XCTAssertEqual(Array(prepared.keys), ["Journal.xcdatamodeld"])
        let plain = LockfileReading(paths: ["schemalint.lock"], workingDirectory: folder.path)
        XCTAssertNil(plain.records(at: "schemalint.lock"))
        let lockfile = try XCTUnwrap(try plain.lockfile(at: "schemalint.lock")?.get())
        let made = RecordedVersions(lockfiles: [model: ("Journal.xcdatamodeld", lockfile, nil)])
        let taken = RecordedVersions(lockfiles: [model: ("Journal.xcdatamodeld", lockfile, prepared)])
        let folders = ModelBundleReader.versionFolders(path: folder.appendingPathComponent(model).path, display: model)
        var buffer: [UInt8] = []
        var compared = 0
        for versionFolder in folders {
            let contents = ModelBundleReader.contents(of: versionFolder, keepingBytes: false, buffer: &buffer)
            let one = made.version(contents, bundle: model)
            let other = taken.version(contents, bundle: model)
            XCTAssertEqual(one?.entityStates.mapValues(\.hash), other?.entityStates.mapValues(\.hash))
            XCTAssertEqual(one?.entityStates.mapValues(\.snapshot), other?.entityStates.mapValues(\.snapshot))
            XCTAssertEqual(one?.entityNames, other?.entityNames)
            if one != nil { compared += 1 }
        }
        XCTAssertEqual(compared, 1, "Journal, before the locked current Journal 2, is taken")
    }

    /// The digest of pieces (`ContentsDigest.of(pieces:)`, the embedded models' digest taken where they lie in the
    /// file) is the digest of the pieces joined, however the input is cut: empty pieces, pieces shorter than a
    /// 32-byte stripe, stripes straddling two or three pieces.
    func testTheDigestOfPiecesIsTheDigestOfTheirJoin() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let cuts: [[Int]] = [
            [], [0], [1000], [3, 7], [31, 32, 33], [10, 20, 30, 40, 63], [500], [999], [0, 0, 64, 64],
        ]
        for count in [0, 5, 31, 32, 33, 64, 100, 1000] {
            let input = Array(bytes.prefix(count))
            for cut in cuts {
                let bounds = [0] + cut.filter { $0 <= count } + [count]
                let digest = input.withUnsafeBytes { raw in
                    ContentsDigest.of(
                        pieces: zip(bounds, bounds.dropFirst()).map { UnsafeRawBufferPointer(rebasing: raw[$0..<$1]) })
                }
                XCTAssertEqual(digest, ContentsDigest.of(input), "\(count) bytes cut at \(cut)")
            }
        }
    }

    /// `xcmapping.xml`'s embedded models are taken as spans of its bytes when each is one plain run; the text and
    /// the digest are what reading the text out gives, for a plain run, a run written with character references, a
    /// run split by a CDATA section and a run of bytes that are not UTF-8 (repaired as text).
    func testTheEmbeddedModelsReadTheSameWhereverTheirTextLies() throws {
        let source = "QUJDRA==" + String(repeating: "c291cmNl", count: 40)
        let destination = String(repeating: "ZGVzdGluYXRpb24=", count: 9)
        func mapping(_ sourceText: String, _ destinationText: String) throws -> MappingModelReader.ModelPaths {
            let folder = self.folder.appendingPathComponent("Case\(UUID().uuidString).xcmappingmodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <model><object type="XDMAPPINGMODEL">
                <attribute name="sourcemodelpath">Journal.xcdatamodeld/Journal 2.xcdatamodel</attribute>
                <attribute name="sourcemodeldata" type="binary">\(sourceText)</attribute>
                <attribute name="destinationmodelpath">Journal.xcdatamodeld/Journal 3.xcdatamodel</attribute>
                <attribute name="destinationmodeldata" type="binary">\(destinationText)</attribute>
                </object></model>
                """
            try Data(xml.utf8).write(to: folder.appendingPathComponent("xcmapping.xml"))
            return try XCTUnwrap(MappingModelReader.modelPaths(path: folder.path))
        }
        let expected = ContentsDigest.of(Array(source.utf8) + [0] + Array(destination.utf8))
        let written = [
            (source, destination),
            ("&#81;UJDRA==" + String(repeating: "c291cmNl", count: 40), destination),
            (source, "ZGVzdGluYXRpb24=<![CDATA[" + String(repeating: "ZGVzdGluYXRpb24=", count: 8) + "]]>"),
        ]
        for (sourceText, destinationText) in written {
            let paths = try mapping(sourceText, destinationText)
            XCTAssertEqual(paths.source, "Journal 2")
            XCTAssertEqual(paths.destination, "Journal 3")
            XCTAssertEqual(paths.sourceData, source)
            XCTAssertEqual(paths.destinationData, destination)
            XCTAssertEqual(paths.embeddedDigest, expected, sourceText.prefix(12) + " / " + destinationText.prefix(30))
        }
        // Bytes that are not UTF-8 read as text repaired: the digest is the repaired text's, as before spans.
        let folder = self.folder.appendingPathComponent("Latin1.xcmappingmodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var xml = Array("<model><attribute name=\"sourcemodelpath\">A.xcdatamodel</attribute>".utf8)
        xml += Array("<attribute name=\"destinationmodelpath\">B.xcdatamodel</attribute>".utf8)
        xml += Array("<attribute name=\"sourcemodeldata\">ab".utf8) + [0xE9, 0xFF] + Array("cd</attribute>".utf8)
        xml += Array("<attribute name=\"destinationmodeldata\">xyz</attribute></model>".utf8)
        try Data(xml).write(to: folder.appendingPathComponent("xcmapping.xml"))
        let paths = try XCTUnwrap(MappingModelReader.modelPaths(path: folder.path))
        let repaired = String(decoding: Array("ab".utf8) + [0xE9, 0xFF] + Array("cd".utf8), as: UTF8.self)
        XCTAssertEqual(paths.sourceData, repaired)
        XCTAssertEqual(paths.embeddedDigest, ContentsDigest.of(Array(repaired.utf8) + [0] + Array("xyz".utf8)))
    }

    /// XXH64's reference values (as the `xxhash` Python package computes them).
    func testTheDigestIsXXH64() {
        let cases: [([UInt8], String)] = [
            ([], "ef46db3751d8e999"), (Array("a".utf8), "d24ec4f1a98c6e5b"), (Array("abc".utf8), "44bc2cf5ad770999"),
            (Array("0123456789abcdef0123456789abcdef".utf8), "642a94958e71e6c5"),
            ((0..<5).flatMap { _ in (0...255).map(UInt8.init) } + Array("xyz".utf8), "afd18a3957d3670a"),
        ]
        for (bytes, hex) in cases {
            XCTAssertEqual(ContentsDigest.of(bytes), "\(ModelContentsReader.readingRevision):\(bytes.count):\(hex)")
        }
    }
}

/// `lock` takes shipped versions from the lockfile as `check` does: what it writes must be, byte for byte, what reading
/// every version gives.
final class LockTakingRecordedVersionsTests: XCTestCase {
    func testLockWritesWhatReadingEveryVersionWrites() throws {
        let folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        let path = folder.appendingPathComponent("schemalint.lock").path
        XCTAssertEqual(try TestSupport.run(["lock"], in: folder).status, 0)
        let first = try XCTUnwrap(LockfileStore.load(path))
        // The next release makes Journal 3 current: Journal and Journal 2 are taken, Journal 3 is read and recorded.
        try TestSupport.setCurrentVersion(
            "Journal 3", of: folder.appendingPathComponent("Journal/Journal.xcdatamodeld"))
        let analysis = try Analyzer(workingDirectory: folder, threads: 2).analyze(paths: [], lockfile: first)
        XCTAssertFalse(analysis.project.modelBundles.flatMap(\.versions).contains(where: \.isRecorded))
        let request = Locker.Request(date: LockDate.today())
        let expected = Locker.plan(analysis, existing: first, request: request).lockfile.json().rendered()
        let lock = try TestSupport.run(["lock"], in: folder)
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        XCTAssertTrue(lock.stdout.contains("Journal 3"), lock.stdout)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), expected)
        XCTAssertEqual(try TestSupport.run(["check"], in: folder).status, 0)
    }
}
