import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A Core Data app's history as `check` and `lock` read it (issue 41): the reminder to lock, `--against` a tag, and
/// the order its versions became current. Runs the built binary on a scratch copy of Fixtures/CoreData/Apps/Journal
/// (three versions, `Journal 2` current).
final class CoreDataHistoryTests: XCTestCase {
    var app: URL!
    let model = "Journal/Journal.xcdatamodeld"

    override func setUpWithError() throws {
        app = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    func run(_ arguments: [String]) throws -> TestSupport.Run { try TestSupport.run(arguments, in: app) }

    func write(_ path: String, _ text: String) throws {
        let url = app.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func edit(_ path: String, _ transform: (String) -> String) throws {
        let url = app.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let edited = transform(text)
        XCTAssertNotEqual(edited, text, "the edit changed nothing")
        try Data(edited.utf8).write(to: url)
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"]
            + arguments
        process.currentDirectoryURL = app
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The finding lines of a run's output (`path:line:column: severity: ... [rule]`).
    func findings(_ run: TestSupport.Run) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") && $0.contains(": ") }
    }

    // MARK: No lockfile, no word

    func testACoreDataAppWithoutALockfileIsToldToLock() throws {
        let check = try run(["check"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let lines = findings(check)
        XCTAssertEqual(lines.count, 1, check.stdout)
        XCTAssertTrue(
            lines[0].hasPrefix("\(model)/Journal 2.xcdatamodel/contents:2:1: warning: "), lines.joined())
        XCTAssertTrue(lines[0].hasSuffix("[lockfile_missing]"), lines[0])
        XCTAssertTrue(lines[0].contains("Journal.xcdatamodeld is a Core Data model"), lines[0])
        XCTAssertTrue(lines[0].contains("there is no lockfile (looked for schemalint.lock)"), lines[0])

        // --strict fails on the warning; require_lockfile makes it an error.
        let strict = try run(["check", "--strict"])
        XCTAssertNotEqual(strict.status, 0, strict.stdout)
        XCTAssertEqual(findings(strict).count, 1, strict.stdout)

        try write(".schemalint.yml", "require_lockfile: true\n")
        let required = try run(["check"])
        XCTAssertNotEqual(required.status, 0, required.stdout)
        XCTAssertTrue(findings(required).first?.contains(": error: ") ?? false, required.stdout)

        XCTAssertEqual(try run(["lock"]).status, 0)
        let locked = try run(["check", "--strict"])
        XCTAssertEqual(locked.status, 0, locked.stdout)
        XCTAssertEqual(findings(locked), [])
    }

    /// A lockfile that records only SwiftData versions, none of the bundle's, says so.
    func testALockfileRecordingNoneOfTheBundlesIsNamed() throws {
        try write("schemalint.lock", #"{"formatVersion": 1, "hashAlgorithm": "sl1", "versions": {}}"#)
        let lines = findings(try run(["check"]))
        XCTAssertEqual(lines.count, 1, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.first?.contains("schemalint.lock records none of its model bundles") ?? false, "\(lines)")
    }

    /// A lockfile that records the app's SwiftData versions but not its compiled bundle names the bundle; a bundle no
    /// target compiles ships nothing, and is not named.
    func testABundleIsNamedOnlyWhenATargetCompilesIt() throws {
        let project = try TestSupport.temporaryDirectory()
        try FileManager.default.removeItem(at: project)
        try FileManager.default.copyItem(at: TestSupport.fixture("Projects/Classic"), to: project)
        try FileManager.default.copyItem(
            at: app.appendingPathComponent(model), to: project.appendingPathComponent("Garden/Journal.xcdatamodeld"))
        var analyzer = Analyzer(workingDirectory: project, threads: 1)
        analyzer.lockfileLocation = "schemalint.lock"
        var lockfile = TestSupport.lock(try analyzer.analyze(paths: [], lockfile: nil))
        XCTAssertFalse(lockfile.versions.isEmpty)
        lockfile.coreData = nil
        let missing = {
            try analyzer.analyze(paths: [], lockfile: lockfile).findings.filter { $0.rule == "lockfile_missing" }
        }
        XCTAssertEqual(try missing(), [], "no target compiles the bundle")

        let pbxproj = project.appendingPathComponent("Garden.xcodeproj/project.pbxproj")
        let listed = TestSupport.compilingModelBundle(
            try String(contentsOf: pbxproj, encoding: .utf8),
            reference: "path = Journal.xcdatamodeld; sourceTree = \"<group>\"", inGroup: true)
        try listed.write(to: pbxproj, atomically: true, encoding: .utf8)
        let found = try missing()
        XCTAssertEqual(
            TestSupport.summary(found),
            ["lockfile_missing Garden/Journal.xcdatamodeld/Journal 2.xcdatamodel/contents:2"])
        XCTAssertTrue(found.first?.message.text.contains("records none of its model bundles") ?? false, "\(found)")
    }

    // MARK: --against a tag reads the model bundles there

    func testCheckAgainstATagReadsTheModelBundlesThere() throws {
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "release 1.0"])
        try git(["tag", "v1.0"])
        let clean = try run(["check", "--against", "v1.0"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertEqual(findings(clean), [])

        // The current version edited in place: a required attribute added.
        try edit("\(model)/Journal 2.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "        <attribute name=\"title\"",
                with: "        <attribute name=\"pinned\" attributeType=\"Boolean\"/>\n"
                    + "        <attribute name=\"title\"")
        }
        let edited = try run(["check", "--against", "v1.0"])
        XCTAssertNotEqual(edited.status, 0, edited.stdout + edited.stderr)
        XCTAssertEqual(
            findings(edited).map { String($0.prefix { $0 != ":" }) + ":" + $0.split(separator: ":")[1] },
            ["\(model)/Journal 2.xcdatamodel/contents:7"])
        XCTAssertTrue(edited.stdout.contains("Entry.pinned added"), edited.stdout)
        XCTAssertTrue(edited.stdout.contains("[shipped_schema_edited]"), edited.stdout)
        try git(["checkout", "-q", "--", "."])

        // The first version deleted.
        try FileManager.default.removeItem(at: app.appendingPathComponent("\(model)/Journal.xcdatamodel"))
        let deleted = try run(["check", "--against", "v1.0"])
        XCTAssertNotEqual(deleted.status, 0, deleted.stdout + deleted.stderr)
        XCTAssertTrue(deleted.stdout.contains("[shipped_schema_removed]"), deleted.stdout)
        XCTAssertTrue(deleted.stdout.contains("Journal"), deleted.stdout)
        try git(["checkout", "-q", "--", "."])

        // The whole bundle deleted: named at its place in the revision.
        try FileManager.default.removeItem(at: app.appendingPathComponent(model))
        let gone = try run(["check", "--against", "v1.0"])
        XCTAssertTrue(gone.stdout.contains("\(model):1:1: warning: "), gone.stdout)
        XCTAssertTrue(gone.stdout.contains("[shipped_schema_removed]"), gone.stdout)
    }

    /// A version after the current one at the tag never shipped: editing it says nothing against the tag.
    func testAgainstATagAVersionAfterTheCurrentOneIsNotShipped() throws {
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "release 1.0"])
        try git(["tag", "v1.0"])
        try edit("\(model)/Journal 3.xcdatamodel/contents") {
            $0.replacingOccurrences(of: "name=\"rating\"", with: "name=\"stars\"")
        }
        let check = try run(["check", "--against", "v1.0"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(findings(check), [])
    }
}
