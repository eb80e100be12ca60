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
