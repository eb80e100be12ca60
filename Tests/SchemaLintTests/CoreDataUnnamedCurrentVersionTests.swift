import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A one-version bundle whose `.xccurrentversion` names no version (an empty dictionary, or no file at all): momc
/// compiles the only version as current, so it is read as current, checked and locked (issue 50). With two versions
/// or more nothing says which one is compiled: still `current_model_version_invalid`, and `lock` still refuses.
final class CoreDataUnnamedCurrentVersionTests: XCTestCase {
    var root: URL!
    let key = "Pantry.xcdatamodeld"
    var bundle: URL { root.appendingPathComponent("Pantry/\(key)") }

    override func setUpWithError() throws {
        root = try TestSupport.temporaryDirectory()
    }

    /// A version of the pantry: a `Jar` with `label`, plus `extra` attribute lines.
    func version(_ name: String, _ extra: [String] = []) throws {
        let url = bundle.appendingPathComponent("\(name).xcdatamodel/contents")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let attributes = [#"<attribute name="label" optional="YES" attributeType="String"/>"#] + extra
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="23A344">
                <entity name="Jar" representedClassName="Jar" syncable="YES">
            \(attributes.map { "        " + $0 }.joined(separator: "\n"))
                </entity>
            </model>
            """
        try Data(text.utf8).write(to: url)
    }

    /// Writes `.xccurrentversion` with `dictionary` as its property list's dictionary; nil removes the file.
    func currentVersionFile(_ dictionary: String?) throws {
        let url = bundle.appendingPathComponent(".xccurrentversion")
        guard let dictionary else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(dictionary)
            </plist>
            """
        try Data(plist.utf8).write(to: url)
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        let analysis = try Analyzer(workingDirectory: root, threads: 2).analyze(paths: [], lockfile: lockfile)
        TestSupport.assertMessagesAreShaped(analysis.findings)
        return analysis
    }

    /// The ways a file names no version: an empty dictionary written short or long, a dictionary with other keys
    /// only, and no file.
    let unnamed: [(String, String?)] = [
        ("<dict/>", "<dict/>"),
        ("<dict></dict>", "<dict>\n</dict>"),
        ("other keys only", "<dict>\n\t<key>_XCCurrentVersionComment</key>\n\t<string>kept</string>\n</dict>"),
        ("no file", nil),
    ]

    /// The only version is current: no finding, `lock` records it as current, and an edit to it after the lock is
    /// a shipped version edited.
    func testTheOnlyVersionIsCurrent() throws {
        for (spelling, dictionary) in unnamed {
            root = try TestSupport.temporaryDirectory()
            try version("Pantry")
            try currentVersionFile(dictionary)
            let analysis = try analyze()
            XCTAssertEqual(analysis.project.modelBundles.first?.currentVersion?.name, "Pantry", spelling)
            XCTAssertEqual(
                TestSupport.summary(analysis.findings.filter { $0.rule != "lockfile_missing" }), [], spelling)

            let outcome = Locker.plan(analysis, existing: nil, request: .init())
            XCTAssertEqual(outcome.incomplete.map(\.key), [], spelling)
            XCTAssertEqual(outcome.recorded, ["\(key)/Pantry"], spelling)
            XCTAssertEqual(outcome.lockfile.coreData?[key]?.current, "Pantry", spelling)
            XCTAssertEqual(TestSupport.summary(try analyze(outcome.lockfile).findings), [], spelling)

            try version("Pantry", [#"<attribute name="weight" attributeType="Double" defaultValueString="0"/>"#])
            XCTAssertEqual(
                TestSupport.summary(try analyze(outcome.lockfile).findings),
                ["shipped_schema_edited Pantry/\(key)/Pantry.xcdatamodel/contents:5"], spelling)
        }
    }

    /// Through the binary: `lock` writes the lockfile (exit 0) instead of refusing the app, and `check` is clean.
    func testLockAcceptsTheOnlyVersionThroughTheBinary() throws {
        try version("Pantry")
        try currentVersionFile("<dict/>")
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        XCTAssertTrue(lock.stdout.contains("recorded Pantry as the current version of \(key)"), lock.stdout)
        // Clean: no finding (the one note says no stack here opens the bundle, which `--strict` would fail on).
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains("0 errors, 0 warnings"), check.stdout + check.stderr)
    }

    /// Control: with two versions an unnamed current version is still unknown, reported where it was, and `lock`
    /// still refuses to guess (leaves the bundle out; with nothing else to lock, fails).
    func testTwoVersionsWithNoNameAreStillReported() throws {
        try version("Pantry")
        try version("Pantry 2", [#"<attribute name="weight" optional="YES" attributeType="Double"/>"#])
        for (spelling, dictionary) in unnamed {
            try currentVersionFile(dictionary)
            let analysis = try analyze()
            XCTAssertNil(analysis.project.modelBundles.first?.currentVersion, spelling)
            let findings = analysis.findings.filter { $0.rule == "current_model_version_invalid" }
            let place = dictionary == nil ? "Pantry.xcdatamodel/contents:2" : ".xccurrentversion:1"
            XCTAssertEqual(
                TestSupport.summary(findings), ["current_model_version_invalid Pantry/\(key)/\(place)"],
                spelling)
            XCTAssertEqual(
                Locker.plan(analysis, existing: nil, request: .init()).bundlesWithoutCurrent.map(\.key), [key],
                spelling)
        }
        try currentVersionFile("<dict/>")
        let findings = try analyze().findings.filter { $0.rule == "current_model_version_invalid" }
        XCTAssertTrue(
            findings.first?.message.detail.hasPrefix(".xccurrentversion has no _XCCurrentVersionName") ?? false,
            "\(findings.map(\.message.detail))")
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 2)
    }

    /// Control: a name that is there but empty, or a file that is no property list, is not taken as the only
    /// version: what the file meant cannot be read.
    func testAnEmptyNameOrAnUnreadableFileIsStillReported() throws {
        try version("Pantry")
        for dictionary in ["<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string></string>\n</dict>", "<array/>"] {
            try currentVersionFile(dictionary)
            XCTAssertEqual(
                TestSupport.summary(try analyze().findings.filter { $0.rule == "current_model_version_invalid" })
                    .count, 1, dictionary)
        }
    }
}
