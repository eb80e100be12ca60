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
        try TestSupport.edit(app.appendingPathComponent(path), transform)
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String { try TestSupport.git(arguments, in: app) }

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
        XCTAssertTrue(lines[0].contains("No lockfile records Journal.xcdatamodeld: nothing breaks today"), lines[0])
        XCTAssertTrue(check.stdout.contains("fix: Run `schemalint lock` when the app ships and commit schemalint.lock"))

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
        XCTAssertTrue(
            lines.first?.contains("The lockfile records none of Journal.xcdatamodeld") ?? false, "\(lines)")
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
        XCTAssertTrue(
            edited.stdout.contains("Journal 2 of Journal.xcdatamodeld was edited after it shipped"), edited.stdout)
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

    // MARK: Version order from history

    /// A bundle of its own in a scratch folder (`Library/Library.xcdatamodeld`), versions written as asked.
    func library() throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Library/Library.xcdatamodeld"), withIntermediateDirectories: true)
        return root
    }

    /// A model file with one entity, `Manga`, whose attributes are `attributes` (each a whole `<attribute .../>`).
    func version(_ root: URL, _ name: String, _ attributes: [String]) throws {
        let url = root.appendingPathComponent("Library/Library.xcdatamodeld/\(name).xcdatamodel/contents")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="23A344">
                <entity name="Manga" representedClassName="Manga" syncable="YES">
            \(attributes.map { "        " + $0 }.joined(separator: "\n"))
                </entity>
            </model>
            """
        try Data(text.utf8).write(to: url)
    }

    func setCurrent(_ root: URL, _ name: String) throws {
        try TestSupport.setCurrentVersion(name, of: root.appendingPathComponent("Library/Library.xcdatamodeld"))
    }

    func analyze(_ root: URL, _ lockfile: Lockfile? = nil) throws -> Analysis {
        try Analyzer(workingDirectory: root, threads: 2).analyze(paths: [], lockfile: lockfile)
    }

    let title = #"<attribute name="title" attributeType="String" defaultValueString=""/>"#
    let notes = #"<attribute name="notes" optional="YES" attributeType="String"/>"#
    let cover = #"<attribute name="cover" optional="YES" attributeType="String"/>"#
    let bundleKey = "Library.xcdatamodeld"

    /// A lockfile that records a bundle was made by `lock`: a bundle added since (Delta moved its model into a new
    /// bundle in a beta) has not shipped, so no `lockfile_missing` for it, while the shipped bundle that is gone is
    /// still reported; an app with no lockfile gets `lockfile_missing`.
    func testABundleAddedAfterALockIsNotAMissingLockfile() throws {
        let root = try library()
        try version(root, "Library", [title])
        try setCurrent(root, "Library")
        XCTAssertTrue(try TestSupport.run(["check"], in: root).stdout.contains("[lockfile_missing]"))
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        let second = root.appendingPathComponent("Settings/Settings.xcdatamodeld/Settings.xcdatamodel")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Library/Library.xcdatamodeld/Library.xcdatamodel/contents"),
            to: second.appendingPathComponent("contents"))
        try TestSupport.setCurrentVersion("Settings", of: second.deletingLastPathComponent())
        try FileManager.default.removeItem(at: root.appendingPathComponent("Library/Library.xcdatamodeld"))
        // The shipped bundle that is gone is reported; the new one is not "unlocked".
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(check.stdout.contains("[shipped_schema_removed]"), check.stdout)
        XCTAssertFalse(check.stdout.contains("[lockfile_missing]"), check.stdout)
    }

    /// Aidoku's shape: `Shared` shipped, then a new version named `0.5` (which sorts first) made current. It moves
    /// forward, `lock` records it after `Shared`, and `Shared` stays a shipped version.
    func testANewCurrentVersionWhoseNameSortsFirstMovesForward() throws {
        let root = try library()
        try version(root, "Shared", [title])
        try setCurrent(root, "Shared")
        var lockfile = TestSupport.lock(try analyze(root))
        XCTAssertEqual(lockfile.coreData?[bundleKey]?.currentHistory, ["Shared"])

        try version(root, "0.5", [notes, title])
        try setCurrent(root, "0.5")
        XCTAssertEqual(TestSupport.summary(try analyze(root, lockfile).findings), [])
        let outcome = Locker.plan(try analyze(root, lockfile), existing: lockfile, request: .init())
        XCTAssertEqual(outcome.recorded, ["\(bundleKey)/0.5"])
        XCTAssertEqual(outcome.declaredOnly.map(\.key), [])
        XCTAssertEqual(outcome.conflicts.map(\.key), [])
        lockfile = outcome.lockfile
        XCTAssertEqual(lockfile.coreData?[bundleKey]?.current, "0.5")
        XCTAssertEqual(lockfile.coreData?[bundleKey]?.currentHistory, ["Shared", "0.5"])
        XCTAssertEqual(TestSupport.summary(try analyze(root, lockfile).findings), [])

        // Shared is still a shipped version: an edit to it is reported.
        try version(root, "Shared", [cover, title])
        XCTAssertEqual(
            TestSupport.summary(try analyze(root, lockfile).findings),
            ["shipped_schema_edited Library/Library.xcdatamodeld/Shared.xcdatamodel/contents:4"])
        try version(root, "Shared", [title])

        // Making Shared current again is moving back, whatever the names say.
        try setCurrent(root, "Shared")
        let back = try analyze(root, lockfile).findings
        XCTAssertEqual(
            TestSupport.summary(back),
            ["current_model_version_invalid Library/Library.xcdatamodeld/.xccurrentversion:2"])
        XCTAssertTrue(
            back.first?.message.headline.contains("current version went back to Shared: stores on 0.5 fail") ?? false,
            "\(back)")
        XCTAssertEqual(
            Locker.plan(try analyze(root, lockfile), existing: lockfile, request: .init()).lockfile, lockfile,
            "a move back is not recorded")
    }

    /// The current version's name goes back but its shape does not (EhPanda): the shape that shipped as current,
    /// moved under an older name, opens those stores as is; a shape no shipped version had, under an older name, is a
    /// step forward. Neither is a move back. The control, an older shipped shape made current, stays one.
    func testACurrentVersionIsJudgedByItsShapeNotItsName() throws {
        let root = try library()
        try version(root, "Manga", [title])
        try version(root, "Manga 2", [notes, title])
        try setCurrent(root, "Manga 2")
        var lockfile = TestSupport.lock(try analyze(root))
        try version(root, "Manga 3", [cover, notes, title])
        try setCurrent(root, "Manga 3")
        lockfile = Locker.plan(try analyze(root, lockfile), existing: lockfile, request: .init()).lockfile
        XCTAssertEqual(lockfile.coreData?[bundleKey]?.currentHistory, ["Manga 2", "Manga 3"])

        // Manga 3's shape moved into Manga 2, Manga 3 deleted: Manga 2's own stores lose their model (an edit), but
        // the current version did not go back.
        try FileManager.default.removeItem(
            at: root.appendingPathComponent("Library/Library.xcdatamodeld/Manga 3.xcdatamodel"))
        try version(root, "Manga 2", [cover, notes, title])
        try setCurrent(root, "Manga 2")
        XCTAssertEqual(
            TestSupport.summary(try analyze(root, lockfile).findings).filter { $0.hasPrefix("current_model") }, [])

        // A new shape under the old name: a step forward.
        try version(root, "Manga 2", [cover, notes, title, #"<attribute name="rating" optional="YES" "#
            + #"attributeType="Integer 16" usesScalarValueType="NO"/>"#])
        XCTAssertEqual(
            TestSupport.summary(try analyze(root, lockfile).findings).filter { $0.hasPrefix("current_model") }, [])

        // Control: Manga 2's shipped shape made current again.
        try version(root, "Manga 2", [notes, title])
        try version(root, "Manga 3", [cover, notes, title])
        XCTAssertEqual(
            TestSupport.summary(try analyze(root, lockfile).findings),
            ["current_model_version_invalid Library/Library.xcdatamodeld/.xccurrentversion:2"])
    }

    /// `DataV2` → `DataModelV3`: the step to the new current version is judged (here a String made Binary, which
    /// inference cannot do), not skipped as a move back.
    func testTheStepToANewCurrentVersionIsJudgedWhateverItsName() throws {
        let root = try library()
        try version(root, "DataV2", [title, cover])
        try setCurrent(root, "DataV2")
        let lockfile = TestSupport.lock(try analyze(root))
        try version(root, "DataModelV3", [title, #"<attribute name="cover" optional="YES" attributeType="Binary"/>"#])
        try setCurrent(root, "DataModelV3")
        XCTAssertEqual(
            TestSupport.summary(try analyze(root, lockfile).findings),
            ["lightweight_unsupported_change Library/Library.xcdatamodeld/DataModelV3.xcdatamodel/contents:5"])

        // A lockfile written before the order was recorded reads as [current]: the same verdicts.
        var older = lockfile
        older.coreData?[bundleKey]?.currentHistory = nil
        XCTAssertEqual(
            TestSupport.summary(try analyze(root, older).findings),
            ["lightweight_unsupported_change Library/Library.xcdatamodeld/DataModelV3.xcdatamodel/contents:5"])
        try setCurrent(root, "DataV2")
        XCTAssertEqual(TestSupport.summary(try analyze(root, older).findings), [])
    }

    /// With nothing recorded, the names are all there is, and the numbers in them guess the release order better
    /// than their text: a first lock takes a version whose numbers come after the current one's as in progress, and
    /// locks the others (Aidoku's `Shared` before `0.5`; Stepik's `Model_v5` before its current
    /// `Model_course_acquired_skills_v94`, which text order puts first). The lockfile is what tells shipped versions
    /// apart: lock each release.
    func testWithNothingRecordedTheNumbersInNamesOrderTheVersions() throws {
        let root = try library()
        try version(root, "Shared", [title])
        try version(root, "0.5", [notes, title])
        try setCurrent(root, "0.5")
        var outcome = Locker.plan(try analyze(root), existing: nil, request: .init())
        XCTAssertEqual(outcome.recorded, ["\(bundleKey)/0.5", "\(bundleKey)/Shared"])
        XCTAssertEqual(outcome.declaredOnly.map(\.key), [])

        let stepik = try library()
        try version(stepik, "Model_v5", [title])
        try version(stepik, "Model_course_acquired_skills_v94", [notes, title])
        try version(stepik, "Model_course_acquired_skills_v95", [notes, title])
        try setCurrent(stepik, "Model_course_acquired_skills_v94")
        outcome = Locker.plan(try analyze(stepik), existing: nil, request: .init())
        XCTAssertEqual(
            Set(outcome.recorded),
            ["\(bundleKey)/Model_v5", "\(bundleKey)/Model_course_acquired_skills_v94"])
        XCTAssertEqual(outcome.declaredOnly.map(\.key), ["\(bundleKey)/Model_course_acquired_skills_v95"])
    }

    /// The binary writes the order into the lockfile, and reads it back.
    func testLockWritesTheOrderVersionsBecameCurrent() throws {
        let root = try library()
        try version(root, "Shared", [title])
        try setCurrent(root, "Shared")
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        try version(root, "0.5", [notes, title])
        try setCurrent(root, "0.5")
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stdout.contains("[current_model_version_invalid]"), check.stdout)
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        let data = try Data(contentsOf: root.appendingPathComponent("schemalint.lock"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let bundle = try XCTUnwrap((json["coreData"] as? [String: Any])?[bundleKey] as? [String: Any])
        XCTAssertEqual(bundle["currentHistory"] as? [String], ["Shared", "0.5"])
        XCTAssertEqual(bundle["current"] as? String, "0.5")
        // Clean: no finding (the one note says no stack here opens the bundle, which `--strict` would fail on).
        let after = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertTrue((after.stdout + after.stderr).contains("0 errors, 0 warnings"), after.stdout + after.stderr)
    }

    /// Two branches' lockfiles in conflict: one locked `Shared`, the other then locked `0.5` after it. The merge keeps
    /// the later one as current (by the recorded order, not by name), either way round.
    func testAMergedConflictKeepsTheLaterCurrentVersion() throws {
        let root = try library()
        try version(root, "Shared", [title])
        try setCurrent(root, "Shared")
        let before = TestSupport.lock(try analyze(root))
        try version(root, "0.5", [notes, title])
        try setCurrent(root, "0.5")
        let after = Locker.plan(try analyze(root, before), existing: before, request: .init()).lockfile
        let path = root.appendingPathComponent("schemalint.lock").path
        func text(_ lockfile: Lockfile) throws -> [Substring] {
            try LockfileStore.write(lockfile, to: path)
            let written = try String(contentsOfFile: path, encoding: .utf8)
            return written.split(separator: "\n", omittingEmptySubsequences: false)
        }
        let (old, new) = (try text(before), try text(after))
        func conflicted(_ ours: [Substring], _ theirs: [Substring]) -> String {
            let prefix = zip(ours, theirs).prefix { $0 == $1 }.count
            let tails = zip(ours.dropFirst(prefix).reversed(), theirs.dropFirst(prefix).reversed())
            let suffix = tails.prefix { $0 == $1 }.count
            var lines: [Substring] = Array(ours[..<prefix])
            lines.append("<<<<<<< ours")
            lines += ours[prefix..<(ours.count - suffix)]
            lines.append("=======")
            lines += theirs[prefix..<(theirs.count - suffix)]
            lines.append(">>>>>>> theirs")
            lines += ours[(ours.count - suffix)...]
            return lines.joined(separator: "\n")
        }
        for text in [conflicted(old, new), conflicted(new, old)] {
            let merged = try XCTUnwrap(LockfileMerge.merged(text, path: path))
            XCTAssertEqual(merged.coreData?[bundleKey]?.current, "0.5", text)
            XCTAssertEqual(merged.coreData?[bundleKey]?.currentHistory, ["Shared", "0.5"], text)
        }
    }

    /// `lock --accept` takes a Core Data version's key or name, as `lock` itself names them.
    func testLockAcceptsAnEditedCoreDataVersionByName() throws {
        XCTAssertEqual(try run(["lock"]).status, 0)
        try edit("\(model)/Journal 2.xcdatamodel/contents") {
            $0.replacingOccurrences(
                of: "<attribute name=\"color\" optional=\"YES\" attributeType=\"String\"/>",
                with: "<attribute name=\"color\" optional=\"YES\" attributeType=\"Binary\"/>")
        }
        let refused = try run(["lock"])
        XCTAssertNotEqual(refused.status, 0, refused.stdout)
        XCTAssertTrue(
            refused.stderr.contains("Journal.xcdatamodeld/Journal 2 is locked and has changed"), refused.stderr)
        for name in ["Journal.xcdatamodeld/Journal 2", "Journal 2"] {
            let accepted = try run(["lock", "--accept", name, "--reason", "never released"])
            XCTAssertEqual(accepted.status, 0, name + ": " + accepted.stdout + accepted.stderr)
            XCTAssertEqual(try run(["check"]).status, 0)
        }
        let unknown = try run(["lock", "--accept", "Journal 9", "--reason", "typo"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("no version named Journal 9"), unknown.stderr)
    }
}

extension CoreDataHistoryTests {
    /// A version no lock recorded that becomes current is a new version, so a move forward, whatever its name says
    /// against the locked current one: numbers that come before it (`Model 2` after `Model 3`), a name with no
    /// number, which both name orders put first (`Archive`), and the same read from a lockfile written before the
    /// order versions became current was recorded. The step to it is judged (a String made Binary is reported), not
    /// skipped as a move back; a locked version made current again is the move back (the control).
    func testANewVersionMadeCurrentIsAMoveForwardWhateverItsName() throws {
        let binaryCover = #"<attribute name="cover" optional="YES" attributeType="Binary"/>"#
        for (name, withHistory) in [("Model 2", true), ("Archive", true), ("Model 2", false), ("Archive", false)] {
            let root = try library()
            try version(root, "Model", [title])
            try version(root, "Model 3", [title, cover])
            try setCurrent(root, "Model 3")
            var lockfile = TestSupport.lock(try analyze(root))
            XCTAssertEqual(Set(lockfile.coreData?[bundleKey]?.versions.keys.map { $0 } ?? []), ["Model", "Model 3"])
            if !withHistory { lockfile.coreData?[bundleKey]?.currentHistory = nil }
            let label = "\(name), history recorded: \(withHistory)"

            try version(root, name, [title, cover, notes])
            try setCurrent(root, name)
            XCTAssertEqual(TestSupport.summary(try analyze(root, lockfile).findings), [], label)
            let outcome = Locker.plan(try analyze(root, lockfile), existing: lockfile, request: .init())
            XCTAssertEqual(outcome.recorded, ["\(bundleKey)/\(name)"], label)
            XCTAssertEqual(outcome.lockfile.coreData?[bundleKey]?.currentHistory, ["Model 3", name], label)

            try version(root, name, [title, binaryCover])
            XCTAssertEqual(
                TestSupport.summary(try analyze(root, lockfile).findings),
                ["lightweight_unsupported_change Library/Library.xcdatamodeld/\(name).xcdatamodel/contents:5"], label)

            // Control: `Model`, locked before `Model 3`, made current again moves back.
            try setCurrent(root, "Model")
            XCTAssertEqual(
                TestSupport.summary(try analyze(root, lockfile).findings),
                ["current_model_version_invalid Library/Library.xcdatamodeld/.xccurrentversion:2"], label)
        }
    }
}
