import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Sub-entities inherit what their parent declares, as Core Data resolves it (issue 41): a default on an abstract
/// parent's attribute is a default on every sub-entity, in hashes, snapshots, migration verdicts and `diff`.
final class CoreDataInheritanceTests: XCTestCase {
    var root: URL!
    let key = "Shelf.xcdatamodeld"

    override func setUpWithError() throws {
        root = try TestSupport.temporaryDirectory()
    }

    /// A shelf of items: `Item` is abstract, `Book` and `Folder` inherit from it. `extra` is added to `Item`'s
    /// attributes (each a whole `<attribute .../>` line).
    func version(_ name: String, itemAttributes extra: [String] = []) throws {
        let url = root.appendingPathComponent("Shelf/\(key)/\(name).xcdatamodel/contents")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let item = [#"<attribute name="title" attributeType="String" defaultValueString=""/>"#] + extra
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="23A344">
                <entity name="Book" representedClassName="Book" parentEntity="Item" syncable="YES">
                    <attribute name="author" optional="YES" attributeType="String"/>
                </entity>
                <entity name="Folder" representedClassName="Folder" parentEntity="Item" syncable="YES">
                    <relationship name="items" optional="YES" toMany="YES" deletionRule="Cascade" \
            destinationEntity="Item"/>
                </entity>
                <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
            \(item.map { "        " + $0 }.joined(separator: "\n"))
                    <relationship name="shelf" optional="YES" maxCount="1" deletionRule="Deny" \
            destinationEntity="Folder"/>
                </entity>
            </model>
            """
        try Data(text.utf8).write(to: url)
    }

    func setCurrent(_ name: String) throws {
        try TestSupport.setCurrentVersion(name, of: root.appendingPathComponent("Shelf/\(key)"))
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        try Analyzer(workingDirectory: root, threads: 2).analyze(paths: [], lockfile: lockfile)
    }

    let progress = #"<attribute name="progress" attributeType="Double" defaultValueString="0.0"/>"#

    /// BookPlayer's shape: a required attribute with a default added to the abstract parent is inferred for every
    /// sub-entity (each gets the default), not "needs a mapping model".
    func testARequiredAttributeWithADefaultOnTheParentIsInferredForEachChild() throws {
        try version("Shelf")
        try setCurrent("Shelf")
        let lockfile = TestSupport.lock(try analyze())
        try version("Shelf 2", itemAttributes: [progress])
        try setCurrent("Shelf 2")
        let analysis = try analyze(lockfile)
        XCTAssertEqual(TestSupport.summary(analysis.findings), [])

        // Each sub-entity's snapshot carries the parent's default, delete rule and line.
        let shelf2 = try XCTUnwrap(analysis.modelVersions.first { $0.key == "\(key)/Shelf 2" })
        for entity in ["Book", "Folder", "Item"] {
            let snapshot = try XCTUnwrap(shelf2.snapshot.first { $0.name == entity })
            let inherited = try XCTUnwrap(snapshot.properties.first { $0.name == "progress" }, entity)
            XCTAssertEqual(inherited.hasDefault, true, entity)
            XCTAssertEqual(inherited.optional, false, entity)
            XCTAssertEqual(snapshot.properties.first { $0.name == "shelf" }?.deleteRule, "deny", entity)
        }
        let bundle = try XCTUnwrap(analysis.project.modelBundles.first)
        let details = try XCTUnwrap(bundle.version(named: "Shelf 2")).details
        XCTAssertEqual(details.propertyLines["Book.progress"], details.propertyLines["Item.progress"])
        XCTAssertEqual(details.propertyLines["Item.progress"], 11)

        // diff says the same of the parent and its children.
        let diff = try DiffReport(analysis: analysis, from: "Shelf", to: "\(key)/Shelf 2")
        XCTAssertEqual(diff.verdict, "lightweight is enough", "\(diff.changes.map(\.text))")
    }

    /// Without the default the step cannot be inferred: reported at the parent's attribute, where the fix goes.
    func testARequiredAttributeWithoutADefaultOnTheParentIsReportedAtTheParentsLine() throws {
        try version("Shelf")
        try setCurrent("Shelf")
        let lockfile = TestSupport.lock(try analyze())
        try version("Shelf 2", itemAttributes: [#"<attribute name="rating" attributeType="Integer 16"/>"#])
        try setCurrent("Shelf 2")
        let findings = try analyze(lockfile).findings
        XCTAssertFalse(findings.isEmpty)
        XCTAssertEqual(
            Set(TestSupport.summary(findings)),
            ["lightweight_unsupported_change Shelf/\(key)/Shelf 2.xcdatamodel/contents:11"])
        let diff = try DiffReport(analysis: try analyze(lockfile), from: "Shelf", to: "\(key)/Shelf 2")
        XCTAssertTrue(diff.verdict.hasPrefix("needs a mapping model"), diff.verdict)
    }

    /// The inherited default is not hashed (as Core Data's version hash leaves defaults out): the sub-entities'
    /// hashes are those of the parent's properties, flags included.
    func testInheritedPropertiesAreHashedWithTheParentsFlags() throws {
        try version("Shelf", itemAttributes: [progress])
        try setCurrent("Shelf")
        let before = try XCTUnwrap(try analyze().modelVersions.first)
        let optional = progress.replacingOccurrences(of: " attributeType", with: " optional=\"YES\" attributeType")
        try version("Shelf", itemAttributes: [optional])
        let after = try XCTUnwrap(try analyze().modelVersions.first)
        for entity in ["Book", "Folder", "Item"] {
            XCTAssertNotEqual(before.hashes.entityHashes[entity], after.hashes.entityHashes[entity], entity)
        }
        try version("Shelf", itemAttributes: [progress.replacingOccurrences(of: "0.0", with: "1.0")])
        let redefaulted = try XCTUnwrap(try analyze().modelVersions.first)
        XCTAssertEqual(before.hashes.entityHashes, redefaulted.hashes.entityHashes)
    }
}

extension CoreDataInheritanceTests {
    /// A rename is reported at the renamed attribute's line, also where sub-entities inherit it.
    func testARenameIsReportedAtTheAttributesLine() throws {
        try version("Shelf", itemAttributes: [progress])
        try setCurrent("Shelf")
        let lockfile = TestSupport.lock(try analyze())
        try version("Shelf 2", itemAttributes: [progress.replacingOccurrences(of: "progress", with: "completion")])
        try setCurrent("Shelf 2")
        let findings = try analyze(lockfile).findings
        XCTAssertEqual(
            TestSupport.summary(findings),
            ["rename_without_original_name Shelf/\(key)/Shelf 2.xcdatamodel/contents:11"])
        XCTAssertTrue(
            findings.first?.message.detail.hasPrefix("Item.progress (in Shelf) is gone and Item.completion") ?? false,
            "\(findings.map(\.message.text))")
        // Xcode's renaming identifier on the parent's attribute settles it for every sub-entity.
        let renamed = progress.replacingOccurrences(
            of: "name=\"progress\"", with: "name=\"completion\" elementID=\"progress\"")
        try version("Shelf 2", itemAttributes: [renamed])
        XCTAssertEqual(try analyze(lockfile).findings, [])
    }
}

/// More shapes of inheritance: what a sub-entity redeclares, a grandparent's attribute, a default written as a date,
/// and the parent's optionality.
extension CoreDataInheritanceTests {
    /// A version whose entities are given whole: each `(entity line attributes, property lines)`.
    func version(_ name: String, entities: [(String, [String])]) throws {
        let url = root.appendingPathComponent("Shelf/\(key)/\(name).xcdatamodel/contents")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
            #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="23A344">"#,
        ]
        for (entity, properties) in entities {
            lines.append("    <entity \(entity) syncable=\"YES\">")
            lines += properties.map { "        " + $0 }
            lines.append("    </entity>")
        }
        lines.append("</model>")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }

    var titleAttribute: String { #"<attribute name="title" optional="YES" attributeType="String"/>"# }

    /// Locks `Shelf` with `before`, makes `Shelf 2` with `after` current, and gives the findings against that lock
    /// (each place once: the parent's attribute is reported for each entity that has it, at the same line).
    func step(_ before: [(String, [String])], _ after: [(String, [String])]) throws -> Set<String> {
        root = try TestSupport.temporaryDirectory()
        try version("Shelf", entities: before)
        try setCurrent("Shelf")
        let lockfile = TestSupport.lock(try analyze())
        try version("Shelf 2", entities: after)
        try setCurrent("Shelf 2")
        return Set(TestSupport.summary(try analyze(lockfile).findings))
    }

    /// A sub-entity that redeclares the parent's attribute has its own: without a default it blocks the step (at its
    /// own line) though the parent's has one; with one it is inferred though the parent's has none (and the sibling
    /// that inherits the parent's is reported at the parent's line).
    func testARedeclaredAttributeIsTheSubEntitysOwn() throws {
        let withDefault = #"<attribute name="rank" attributeType="Integer 16" defaultValueString="0"/>"#
        let without = #"<attribute name="rank" attributeType="Integer 16"/>"#
        let before: [(String, [String])] = [
            (#"name="Book" parentEntity="Item""#, []), (#"name="Folder" parentEntity="Item""#, []),
            (#"name="Item" isAbstract="YES""#, [titleAttribute]),
        ]
        XCTAssertEqual(
            try step(before, [
                (#"name="Book" parentEntity="Item""#, [without]), (#"name="Folder" parentEntity="Item""#, []),
                (#"name="Item" isAbstract="YES""#, [titleAttribute, withDefault]),
            ]),
            ["lightweight_unsupported_change Shelf/\(key)/Shelf 2.xcdatamodel/contents:4"])
        XCTAssertEqual(
            try step(before, [
                (#"name="Book" parentEntity="Item""#, [withDefault]), (#"name="Folder" parentEntity="Item""#, []),
                (#"name="Item" isAbstract="YES""#, [titleAttribute, without]),
            ]),
            ["lightweight_unsupported_change Shelf/\(key)/Shelf 2.xcdatamodel/contents:10"])
        // Control: both with a default, nothing to say.
        XCTAssertEqual(
            try step(before, [
                (#"name="Book" parentEntity="Item""#, [withDefault]), (#"name="Folder" parentEntity="Item""#, []),
                (#"name="Item" isAbstract="YES""#, [titleAttribute, withDefault]),
            ]),
            [])
    }

    /// Two levels: `Book` inherits from `Volume`, which inherits from `Item`; a required attribute with a default
    /// added to `Item` reaches `Book` with its default (and without it, `Book` is reported at `Item`'s line).
    func testAGrandparentsDefaultReachesTheGrandchild() throws {
        let before: [(String, [String])] = [
            (#"name="Book" parentEntity="Volume""#, []), (#"name="Item" isAbstract="YES""#, [titleAttribute]),
            (#"name="Volume" parentEntity="Item" isAbstract="YES""#, []),
        ]
        func after(_ added: String) -> [(String, [String])] {
            [
                (#"name="Book" parentEntity="Volume""#, []),
                (#"name="Item" isAbstract="YES""#, [titleAttribute, added]),
                (#"name="Volume" parentEntity="Item" isAbstract="YES""#, []),
            ]
        }
        XCTAssertEqual(
            try step(before, after(#"<attribute name="shelfOrder" attributeType="Double" defaultValueString="1"/>"#)),
            [])
        let bundle = try XCTUnwrap(try analyze().project.modelBundles.first)
        let details = try XCTUnwrap(bundle.version(named: "Shelf 2")).details
        XCTAssertTrue(details.defaults.contains("Book.shelfOrder"))
        XCTAssertEqual(details.propertyLines["Book.shelfOrder"], details.propertyLines["Item.shelfOrder"])
        XCTAssertEqual(
            try step(before, after(#"<attribute name="shelfOrder" attributeType="Double"/>"#)),
            ["lightweight_unsupported_change Shelf/\(key)/Shelf 2.xcdatamodel/contents:7"])
    }

    /// A default written as a date (`defaultDateTimeInterval`), and an optional attribute: each sub-entity inherits
    /// the parent's, so adding either to the parent is inferred.
    func testADateDefaultAndOptionalityAreInherited() throws {
        let before: [(String, [String])] = [
            (#"name="Book" parentEntity="Item""#, []), (#"name="Item" isAbstract="YES""#, [titleAttribute]),
        ]
        for added in [
            #"<attribute name="shelved" attributeType="Date" defaultDateTimeInterval="694224000"/>"#,
            #"<attribute name="shelved" optional="YES" attributeType="Date"/>"#,
        ] {
            XCTAssertEqual(
                try step(before, [
                    (#"name="Book" parentEntity="Item""#, []),
                    (#"name="Item" isAbstract="YES""#, [titleAttribute, added]),
                ]),
                [], added)
            let shelf2 = try XCTUnwrap(try analyze().modelVersions.first { $0.key == "\(key)/Shelf 2" })
            let book = try XCTUnwrap(shelf2.snapshot.first { $0.name == "Book" })
            let shelved = try XCTUnwrap(book.properties.first { $0.name == "shelved" })
            XCTAssertTrue(shelved.hasDefault || shelved.optional, added)
        }
    }
}
