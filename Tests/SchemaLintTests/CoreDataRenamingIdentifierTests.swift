import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Core Data pairs an entity or a property of the store's version with one of the new version when their renaming
/// identifiers are equal (an unset identifier is the name). Found on a music player's history: an abstract parent
/// renamed with its old name as identifier (its sub-entities were said to change superclass: three false errors),
/// and two properties carrying one identifier across a rename (three false rename warnings).
final class CoreDataRenamingIdentifierTests: XCTestCase {
    var root: URL!
    let key = "Player.xcdatamodeld"

    override func setUpWithError() throws {
        root = try TestSupport.temporaryDirectory()
    }

    /// A version whose abstract parent is `parent` (with `parentID` as its renaming identifier) and whose `Queue`
    /// entity holds `queue` (whole `<attribute .../>` lines).
    func version(_ name: String, parent: String = "Media", parentID: String? = nil, queue: [String]) throws {
        let url = root.appendingPathComponent("Player/\(key)/\(name).xcdatamodel/contents")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let identifier = parentID.map { " elementID=\"\($0)\"" } ?? ""
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="23A344">
                <entity name="\(parent)" representedClassName="\(parent)" isAbstract="YES"\(identifier) syncable="YES">
                    <attribute name="remoteID" optional="YES" attributeType="String"/>
                </entity>
                <entity name="Episode" representedClassName="Episode" parentEntity="\(parent)" syncable="YES">
                    <attribute name="duration" attributeType="Double" defaultValueString="0.0"/>
                </entity>
                <entity name="Queue" representedClassName="Queue" syncable="YES">
            \(queue.map { "        " + $0 }.joined(separator: "\n"))
                </entity>
                <entity name="Track" representedClassName="Track" parentEntity="\(parent)" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                </entity>
            </model>
            """
        try Data(text.utf8).write(to: url)
    }

    func index(_ name: String, id: String? = nil) -> String {
        let identifier = id.map { " elementID=\"\($0)\"" } ?? ""
        return #"<attribute name="\#(name)" attributeType="Integer 32" defaultValueString="0"\#(identifier)/>"#
    }

    /// Locks `Player` as written, then makes `Player 2` current and checks against that lockfile.
    func step(to second: () throws -> Void) throws -> Analysis {
        try TestSupport.setCurrentVersion("Player", of: root.appendingPathComponent("Player/\(key)"))
        let lockfile = TestSupport.lock(try analyze())
        try second()
        try TestSupport.setCurrentVersion("Player 2", of: root.appendingPathComponent("Player/\(key)"))
        return try analyze(lockfile)
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        let analysis = try Analyzer(workingDirectory: root, threads: 2).analyze(paths: [], lockfile: lockfile)
        TestSupport.assertMessagesAreShaped(analysis.findings)
        return analysis
    }

    func diff(_ analysis: Analysis) throws -> DiffReport {
        try DiffReport(analysis: analysis, from: "Player", to: "\(key)/Player 2")
    }

    // MARK: An abstract parent renamed

    /// The new parent's identifier is the old parent's name: the sub-entities keep their parent.
    func testAParentRenamedWithItsOldNameAsIdentifierIsTheSameParent() throws {
        try version("Player", queue: [index("position")])
        let analysis = try step {
            try version("Player 2", parent: "LibraryItem", parentID: "Media", queue: [index("position")])
        }
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        let report = try diff(analysis)
        XCTAssertEqual(report.verdict, "lightweight is enough", "\(report.changes.map(\.text))")
        XCTAssertEqual(report.changes.map(\.text), ["entity Media renamed to LibraryItem (renaming identifier)"])
    }

    /// Both parents carry one identifier (the old one had been renamed before): the same parent too.
    func testParentsCarryingOneIdentifierAreTheSameParent() throws {
        try version("Player", parent: "Media", parentID: "Playable", queue: [index("position")])
        let analysis = try step {
            try version("Player 2", parent: "LibraryItem", parentID: "Playable", queue: [index("position")])
        }
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        XCTAssertEqual(try diff(analysis).verdict, "lightweight is enough")
    }

    /// A new parent with no identifier is another entity: the sub-entities moved between hierarchies.
    func testAParentReplacedWithoutAnIdentifierIsStillASuperclassChange() throws {
        try version("Player", queue: [index("position")])
        let analysis = try step { try version("Player 2", parent: "LibraryItem", queue: [index("position")]) }
        XCTAssertEqual(
            Set(analysis.findings.filter { $0.severity == .error }.map(\.rule)), ["lightweight_unsupported_change"])
        XCTAssertTrue(
            try diff(analysis).changes.map(\.text).contains("Track superclass changed from Media to LibraryItem"))
    }

    /// The same two steps through the built binary: `check` takes the locked version from the lockfile, whose entity
    /// snapshot keeps the identifier (a lockfile that lost it made the parent look replaced).
    func testTheLockfileKeepsTheIdentifiersItPairsBy() throws {
        try version("Player", parent: "Media", parentID: "Playable", queue: [index("currentIndex", id: "queueIndex")])
        try TestSupport.setCurrentVersion("Player", of: root.appendingPathComponent("Player/\(key)"))
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        try version(
            "Player 2", parent: "LibraryItem", parentID: "Playable",
            queue: [index("musicIndex", id: "queueIndex"), index("podcastIndex")])
        try TestSupport.setCurrentVersion("Player 2", of: root.appendingPathComponent("Player/\(key)"))
        let run = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains("0 errors, 0 warnings"), run.stdout + run.stderr)
        let upgrades = try TestSupport.run(["upgrades"], in: root)
        XCTAssertEqual(upgrades.status, 0, upgrades.stdout + upgrades.stderr)
    }

    // MARK: Properties carrying one identifier

    /// The old and the new property carry the same identifier: Core Data moves the values; the other new
    /// property is new, not the old one renamed.
    func testPropertiesCarryingOneIdentifierArePaired() throws {
        try version("Player", queue: [index("currentIndex", id: "currentTrackIndex")])
        let analysis = try step {
            try version(
                "Player 2", queue: [index("musicIndex", id: "currentTrackIndex"), index("podcastIndex")])
        }
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
        XCTAssertEqual(
            try diff(analysis).changes.map(\.text).first, "Queue.currentIndex renamed to musicIndex (originalName)")
    }

    /// The new property names the old one: paired too, as before.
    func testAnIdentifierNamingTheOldPropertyPairsThem() throws {
        try version("Player", queue: [index("currentIndex")])
        let analysis = try step {
            try version("Player 2", queue: [index("musicIndex", id: "currentIndex"), index("podcastIndex")])
        }
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])
    }

    /// No identifier on either side: the one same-typed newcomer looks like the old property renamed.
    func testWithoutIdentifiersALikelyRenameIsStillSaid() throws {
        try version("Player", queue: [index("currentIndex")])
        let analysis = try step { try version("Player 2", queue: [index("podcastIndex")]) }
        XCTAssertEqual(
            analysis.findings.filter { $0.severity == .warning }.map(\.rule), ["rename_without_original_name"])
    }
}
