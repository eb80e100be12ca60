import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Two model bundles of one app with the same name (issue 41, item 4; 2fas-ios has an iOS and a watchOS
/// `TwoFAS.xcdatamodeld`): each is hashed from its own files, locked under its own key and checked against its own
/// entry. Runs the built binary on an app written here: `App/Journal.xcdatamodeld` (an `Entry` entity) and
/// `Watch/Journal.xcdatamodeld` (a `Note` entity), each with versions `Journal` and `Journal 2` (current).
final class CoreDataSameNameBundleTests: XCTestCase {
    var app: URL!

    override func setUpWithError() throws {
        app = try TestSupport.temporaryDirectory()
        try writeBundle(
            "App/Journal.xcdatamodeld", current: "Journal 2",
            versions: [
                "Journal": model(entity: "Entry", attributes: [("title", "String")]),
                "Journal 2": model(entity: "Entry", attributes: [("title", "String"), ("body", "String")]),
            ])
        try writeBundle(
            "Watch/Journal.xcdatamodeld", current: "Journal 2",
            versions: [
                "Journal": model(entity: "Note", attributes: [("text", "String")]),
                "Journal 2": model(entity: "Note", attributes: [("text", "String"), ("createdAt", "Date")]),
            ])
    }

    override func tearDownWithError() throws {
        if let app { try? FileManager.default.removeItem(at: app) }
    }

    // MARK: Writing the app

    /// A model file with one entity: `<model>` on line 2, the entity on line 3, its attributes from line 4 on.
    func model(entity: String, attributes: [(name: String, type: String)]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" \
            sourceLanguage="Swift">
                <entity name="\(entity)" representedClassName="\(entity)" syncable="YES" codeGenerationType="class">

            """
        for attribute in attributes {
            text += "        <attribute name=\"\(attribute.name)\" optional=\"YES\" "
                + "attributeType=\"\(attribute.type)\"/>\n"
        }
        return text + "    </entity>\n</model>\n"
    }

    func writeBundle(_ path: String, current: String, versions: [String: String]) throws {
        for (name, contents) in versions {
            try write("\(path)/\(name).xcdatamodel/contents", contents)
        }
        try setCurrent(path, current)
    }

    func setCurrent(_ bundle: String, _ version: String) throws {
        try write(
            "\(bundle)/.xccurrentversion",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>\(version).xcdatamodel</string>
            </dict>
            </plist>

            """)
    }

    func write(_ path: String, _ text: String) throws {
        let url = app.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func run(_ arguments: [String]) throws -> TestSupport.Run { try TestSupport.run(arguments, in: app) }

    /// The finding lines of a run's output (`path:line:column: severity: ... [rule]`).
    func findings(_ run: TestSupport.Run) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") && $0.contains(": ") }
    }

    func lockfile() throws -> [String: Any] {
        let data = try Data(contentsOf: app.appendingPathComponent("schemalint.lock"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `hash` output as each version key's entity names (the `entity` lines under it).
    func hashedEntities(_ output: String) -> [String: [String]] {
        var entities: [String: [String]] = [:]
        var key: String?
        for line in output.split(separator: "\n").map(String.init) {
            if !line.hasPrefix(" ") {
                key = line.components(separatedBy: " (").first
                if let key { entities[key] = [] }
            } else if let key, line.hasPrefix("  entity ") {
                let words = line.split(separator: " ")
                if words.count >= 2 { entities[key, default: []].append(String(words[1])) }
            }
        }
        return entities
    }

    // MARK: Tests

    func testHashPrintsEachBundlesOwnEntities() throws {
        let hash = try run(["hash"])
        XCTAssertEqual(hash.status, 0, hash.stdout + hash.stderr)
        let entities = hashedEntities(hash.stdout)
        XCTAssertEqual(entities["App/Journal.xcdatamodeld/Journal"], ["Entry"], hash.stdout)
        XCTAssertEqual(entities["App/Journal.xcdatamodeld/Journal 2"], ["Entry"], hash.stdout)
        XCTAssertEqual(entities["Watch/Journal.xcdatamodeld/Journal"], ["Note"], hash.stdout)
        XCTAssertEqual(entities["Watch/Journal.xcdatamodeld/Journal 2"], ["Note"], hash.stdout)
        XCTAssertNil(entities["Journal.xcdatamodeld/Journal 2"], hash.stdout)
    }

    func testLockRecordsBothBundlesUnderTheirOwnKeys() throws {
        let lock = try run(["lock"])
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        let coreData = try XCTUnwrap(try lockfile()["coreData"] as? [String: [String: Any]])
        XCTAssertEqual(coreData.keys.sorted(), ["App/Journal.xcdatamodeld", "Watch/Journal.xcdatamodeld"])
        for (key, entity) in [("App/Journal.xcdatamodeld", "Entry"), ("Watch/Journal.xcdatamodeld", "Note")] {
            let bundle = try XCTUnwrap(coreData[key])
            XCTAssertEqual(bundle["path"] as? String, key)
            XCTAssertEqual(bundle["current"] as? String, "Journal 2", key)
            let versions = try XCTUnwrap(bundle["versions"] as? [String: [String: Any]])
            XCTAssertEqual(versions.keys.sorted(), ["Journal", "Journal 2"], key)
            for (name, version) in versions {
                let names = (version["entities"] as? [String: String])?.keys.sorted()
                XCTAssertEqual(names, [entity], "\(key)/\(name)")
            }
            let states = try XCTUnwrap(bundle["entities"] as? [String: Any])
            XCTAssertTrue(states.keys.allSatisfy { $0.hasPrefix(entity + "@") }, "\(key): \(states.keys.sorted())")
        }
        // Locked as it is, the app checks clean, and locking again changes nothing.
        let check = try run(["check"])
        XCTAssertEqual(findings(check), [], check.stdout)
        let before = try Data(contentsOf: app.appendingPathComponent("schemalint.lock"))
        XCTAssertEqual(try run(["lock"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: app.appendingPathComponent("schemalint.lock")), before)
    }

    func testAnEditToALockedWatchVersionIsReportedAtTheWatchFile() throws {
        XCTAssertEqual(try run(["lock"]).status, 0)
        // An attribute added to the watch model's first version, which shipped.
        try write(
            "Watch/Journal.xcdatamodeld/Journal.xcdatamodel/contents",
            model(entity: "Note", attributes: [("text", "String"), ("pinned", "Boolean")]))
        let check = try run(["check"])
        XCTAssertNotEqual(check.status, 0, check.stdout)
        let lines = findings(check)
        XCTAssertEqual(lines.count, 1, check.stdout)
        let first = lines.first ?? ""
        XCTAssertTrue(
            first.hasPrefix("Watch/Journal.xcdatamodeld/Journal.xcdatamodel/contents:5:1: error: "), first)
        XCTAssertTrue(first.hasSuffix("[shipped_schema_edited]"), first)
        XCTAssertTrue(first.contains("pinned"), first)

        // The same edit in the current watch version is reported there; the app's bundle is not named.
        try write(
            "Watch/Journal.xcdatamodeld/Journal.xcdatamodel/contents",
            model(entity: "Note", attributes: [("text", "String")]))
        try write(
            "Watch/Journal.xcdatamodeld/Journal 2.xcdatamodel/contents",
            model(entity: "Note", attributes: [("text", "String"), ("createdAt", "Date"), ("pinned", "Boolean")]))
        let current = findings(try run(["check"]))
        XCTAssertEqual(current.count, 1, current.joined(separator: "\n"))
        XCTAssertTrue(
            current.first?.hasPrefix("Watch/Journal.xcdatamodeld/Journal 2.xcdatamodel/contents:6:1: error: ")
                ?? false, "\(current)")
        XCTAssertTrue(current.first?.hasSuffix("[shipped_schema_edited]") ?? false, "\(current)")
    }

    func testMovingEitherBundlesCurrentVersionBackIsReported() throws {
        XCTAssertEqual(try run(["lock"]).status, 0)
        for (moved, kept) in [("App", "Watch"), ("Watch", "App")] {
            try setCurrent("\(moved)/Journal.xcdatamodeld", "Journal")
            try setCurrent("\(kept)/Journal.xcdatamodeld", "Journal 2")
            let check = try run(["check"])
            XCTAssertNotEqual(check.status, 0, "\(moved): \(check.stdout)")
            let lines = findings(check)
            XCTAssertEqual(lines.count, 1, "\(moved): \(check.stdout)")
            XCTAssertTrue(
                lines.first?.hasPrefix("\(moved)/Journal.xcdatamodeld/.xccurrentversion:") ?? false,
                "\(moved): \(lines)")
            XCTAssertTrue(lines.first?.hasSuffix("[current_model_version_invalid]") ?? false, "\(moved): \(lines)")
        }
    }
}
