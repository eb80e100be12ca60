import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Two model bundles of one app with the same name (issue 41, item 4; 2fas-ios has an iOS and a watchOS
/// `TwoFAS.xcdatamodeld`): each is hashed from its own files, locked under its own key and checked against its own
/// entry. Runs the built binary on an app written here: `App/Journal.xcdatamodeld` (an `Entry` entity; versions
/// `Journal`, `Journal 2` and `Journal 3`, current) and `Watch/Journal.xcdatamodeld` (a `Note` entity; versions
/// `Journal` and `Journal 2`, current): the same version names, and the two current versions differ.
final class CoreDataSameNameBundleTests: XCTestCase {
    var app: URL!

    override func setUpWithError() throws {
        app = try TestSupport.temporaryDirectory()
        try writeBundle(
            "App/Journal.xcdatamodeld", current: "Journal 3",
            versions: [
                "Journal": model(entity: "Entry", attributes: [("title", "String")]),
                "Journal 2": model(entity: "Entry", attributes: [("title", "String"), ("body", "String")]),
                "Journal 3": model(
                    entity: "Entry", attributes: [("title", "String"), ("body", "String"), ("mood", "Integer 16")]),
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
        XCTAssertEqual(entities["App/Journal.xcdatamodeld/Journal 3"], ["Entry"], hash.stdout)
        XCTAssertEqual(entities["Watch/Journal.xcdatamodeld/Journal"], ["Note"], hash.stdout)
        XCTAssertEqual(entities["Watch/Journal.xcdatamodeld/Journal 2"], ["Note"], hash.stdout)
        XCTAssertNil(entities["Journal.xcdatamodeld/Journal 2"], hash.stdout)
    }

    func testLockRecordsBothBundlesUnderTheirOwnKeys() throws {
        let lock = try run(["lock"])
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        let coreData = try XCTUnwrap(try lockfile()["coreData"] as? [String: [String: Any]])
        XCTAssertEqual(coreData.keys.sorted(), ["App/Journal.xcdatamodeld", "Watch/Journal.xcdatamodeld"])
        let expected = [
            ("App/Journal.xcdatamodeld", "Entry", ["Journal", "Journal 2", "Journal 3"]),
            ("Watch/Journal.xcdatamodeld", "Note", ["Journal", "Journal 2"]),
        ]
        for (key, entity, names) in expected {
            let bundle = try XCTUnwrap(coreData[key])
            XCTAssertEqual(bundle["path"] as? String, key)
            XCTAssertEqual(bundle["current"] as? String, names.last, key)
            let versions = try XCTUnwrap(bundle["versions"] as? [String: [String: Any]])
            XCTAssertEqual(versions.keys.sorted(), names, key)
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
        XCTAssertTrue(first.contains("Journal of Watch/Journal.xcdatamodeld was edited after it shipped"), first)

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

    /// The app's current version moved back to one the watch's bundle has as current is still moved back.
    func testMovingEitherBundlesCurrentVersionBackIsReported() throws {
        XCTAssertEqual(try run(["lock"]).status, 0)
        for (moved, to) in [("App", "Journal 2"), ("Watch", "Journal")] {
            try setCurrent("App/Journal.xcdatamodeld", moved == "App" ? to : "Journal 3")
            try setCurrent("Watch/Journal.xcdatamodeld", moved == "Watch" ? to : "Journal 2")
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

    /// A lockfile an earlier release wrote for the two bundles holds one entry under their shared name: it describes
    /// neither bundle, so `check` says they are not locked (not that a bundle is gone), and `lock` replaces it.
    func testAnEntryLockedUnderTheSharedNameIsReplaced() throws {
        XCTAssertEqual(try run(["lock"]).status, 0)
        // As the earlier release wrote it: one entry under the name, with the last bundle's path.
        var json = try lockfile()
        var coreData = try XCTUnwrap(json["coreData"] as? [String: Any])
        coreData["Journal.xcdatamodeld"] = coreData.removeValue(forKey: "Watch/Journal.xcdatamodeld")
        coreData["App/Journal.xcdatamodeld"] = nil
        json["coreData"] = coreData
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: app.appendingPathComponent("schemalint.lock"))

        let check = try run(["check"])
        let lines = findings(check)
        XCTAssertEqual(lines.count, 1, check.stdout)
        XCTAssertTrue(lines.first?.hasSuffix("[lockfile_missing]") ?? false, "\(lines)")
        XCTAssertTrue(lines.first?.contains("The lockfile records none of") ?? false, "\(lines)")

        let lock = try run(["lock"])
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        XCTAssertTrue(
            lock.stdout.contains(
                "replaced Journal.xcdatamodeld: 2 bundles have this name, and an earlier release locked them as one"),
            lock.stdout)
        let rewritten = try XCTUnwrap(try lockfile()["coreData"] as? [String: Any])
        XCTAssertEqual(rewritten.keys.sorted(), ["App/Journal.xcdatamodeld", "Watch/Journal.xcdatamodeld"])
        let clean = try run(["check"])
        XCTAssertEqual(findings(clean), [], clean.stdout)
    }

    /// A lockfile written before bundles were keyed by path, for an app whose bundle names are unique (versions of the
    /// same name in both), is what `lock` writes now, byte for byte, and `check` finds nothing in it.
    func testALockfileOfUniquelyNamedBundlesIsUnchanged() throws {
        try FileManager.default.removeItem(at: app.appendingPathComponent("Watch/Journal.xcdatamodeld"))
        try FileManager.default.removeItem(
            at: app.appendingPathComponent("App/Journal.xcdatamodeld/Journal 3.xcdatamodel"))
        try setCurrent("App/Journal.xcdatamodeld", "Journal 2")
        try writeBundle(
            "Watch/Diary.xcdatamodeld", current: "Journal",
            versions: ["Journal": model(entity: "Note", attributes: [("text", "String")])])
        try write("schemalint.lock", Self.uniqueBundlesLockfile)
        let check = try run(["check"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(findings(check), [], check.stdout)
        let lock = try run(["lock"])
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        let text = try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8)
        XCTAssertEqual(text, Self.uniqueBundlesLockfile)
    }

    /// Written by `lock` at 9d317fd (before bundles were keyed by path) for the app of
    /// `testALockfileOfUniquelyNamedBundlesIsUnchanged`.
    static let uniqueBundlesLockfile = """
        {
          "coreData": {
            "Diary.xcdatamodeld": {
              "current": "Journal",
              "currentHistory": [
                "Journal"
              ],
              "entities": {
                "Note@4c7f531dfc33": {
                  "hash": "44ea43d79a6ad3f771f06027fb37a085997bd5d1b1a6f36fb1aad24cd88d906f",
                  "snapshot": {
                    "name": "Note",
                    "properties": [
                      {
                        "hasDefault": false,
                        "kind": "attribute",
                        "name": "text",
                        "optional": true,
                        "type": "String (700)"
                      }
                    ]
                  }
                }
              },
              "path": "Watch/Diary.xcdatamodeld",
              "versions": {
                "Journal": {
                  "checksum": "lROAJvtsbdN8P1C5jXalAaUEkNydU93ByIP0PFChax0=",
                  "contents": "2:376:24d6138ac58f7081",
                  "entities": {
                    "Note": "Note@4c7f531dfc33"
                  },
                  "lockedAt": "2026-11-26"
                }
              }
            },
            "Journal.xcdatamodeld": {
              "current": "Journal 2",
              "currentHistory": [
                "Journal 2"
              ],
              "entities": {
                "Entry@54ef5cedfed0": {
                  "hash": "68d14d7067406fc1f02b6507c125ac396a72aa32dee3811d6019bb999dfc5d0b",
                  "snapshot": {
                    "name": "Entry",
                    "properties": [
                      {
                        "hasDefault": false,
                        "kind": "attribute",
                        "name": "title",
                        "optional": true,
                        "type": "String (700)"
                      }
                    ]
                  }
                },
                "Entry@f133090de5e4": {
                  "hash": "7a07ec3b4d034f8939c65630eb95cb561b5085b98fbcf773cdd50c523031efee",
                  "snapshot": {
                    "name": "Entry",
                    "properties": [
                      {
                        "hasDefault": false,
                        "kind": "attribute",
                        "name": "body",
                        "optional": true,
                        "type": "String (700)"
                      },
                      {
                        "hasDefault": false,
                        "kind": "attribute",
                        "name": "title",
                        "optional": true,
                        "type": "String (700)"
                      }
                    ]
                  }
                }
              },
              "path": "App/Journal.xcdatamodeld",
              "versions": {
                "Journal": {
                  "checksum": "9TmJD+XUD+86oNnKxCp2LzSMh5FdPZaSOG3Cg3e/WPI=",
                  "contents": "2:379:9c00f862892fea56",
                  "entities": {
                    "Entry": "Entry@54ef5cedfed0"
                  },
                  "lockedAt": "2026-11-26"
                },
                "Journal 2": {
                  "checksum": "5yn0wFIpsgaQ/Wrm64jnSGXDpImEpBHOkdTlJ0yPMl8=",
                  "contents": "2:450:68af4b69e4f18032",
                  "entities": {
                    "Entry": "Entry@f133090de5e4"
                  },
                  "lockedAt": "2026-11-26"
                }
              }
            }
          },
          "formatVersion": 1,
          "hashAlgorithm": "sl1",
          "versions": {}
        }

        """
}
