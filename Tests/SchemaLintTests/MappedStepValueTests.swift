import Foundation
import SchemaLintBundles
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Data-dependent failures in a Core Data step through a mapping model (issue 50 item 1): a uniqueness constraint the
/// destination gains, and an attribute required with no default, are judged by what the mapping's entity mapping sets
/// (`MappedStep`): nothing or a constant, `$source.X`, a function, a custom policy. Each shape has a silent control.
final class MappedStepValueTests: XCTestCase {
    var folder: URL!
    let model = "Journal/Journal.xcdatamodeld"

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    // MARK: building the app

    /// A model file holding `entities` (each an `<entity>` element's inside).
    func contents(_ entities: [String: String], parents: [String: String] = [:]) -> String {
        let body = entities.sorted { $0.key < $1.key }.map { name, inside in
            let parent = parents[name].map { " parentEntity=\"\($0)\"" } ?? ""
            return "    <entity name=\"\(name)\" representedClassName=\"\(name)\"\(parent) syncable=\"YES\">\n"
                + inside + "\n    </entity>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" \
            sourceLanguage="Swift">
            \(body)
            </model>
            """
    }

    func unique(_ names: String...) -> String {
        "<uniquenessConstraints><uniquenessConstraint>"
            + names.map { "<constraint value=\"\($0)\"/>" }.joined()
            + "</uniquenessConstraint></uniquenessConstraints>"
    }

    /// What an attribute mapping sets, archived as Xcode archives it.
    enum Value {
        case source(String), constant(PropertyListValue), function(String)
        /// `$source.<key>` with the key written as a constant string argument of `selector`, not a key path specifier.
        case sourceKey(String, selector: String)
    }

    static func archived(_ value: Value) -> String {
        var objects: [PropertyListValue] = [.string("$null")]
        func add(_ value: PropertyListValue) -> PropertyListValue {
            objects.append(value)
            return .uid(objects.count - 1)
        }
        func named(_ name: String) -> PropertyListValue {
            add(.dictionary(["$classname": .string(name), "$classes": .array([.string(name), .string("NSObject")])]))
        }
        let root: PropertyListValue
        switch value {
        case let .constant(constant):
            let stored = constant.string != nil ? add(constant) : constant
            root = add(
                .dictionary([
                    "NSConstantValue": stored, "NSExpressionType": .integer(0),
                    "$class": named("NSConstantValueExpression"),
                ]))
        case .source, .sourceKey:
            let variable = add(
                .dictionary([
                    "NSVariable": add(.string("source")), "NSExpressionType": .integer(2),
                    "$class": named("NSVariableExpression"),
                ]))
            let argument: PropertyListValue
            var selector = "valueForKeyPath:"
            if case let .sourceKey(key, written) = value {
                selector = written
                argument = add(
                    .dictionary([
                        "NSConstantValue": add(.string(key)), "NSExpressionType": .integer(0),
                        "$class": named("NSConstantValueExpression"),
                    ]))
            } else {
                guard case let .source(key) = value else { preconditionFailure() }
                argument = add(
                    .dictionary([
                        "NSKeyPath": add(.string(key)), "NSExpressionType": .integer(10),
                        "$class": named("NSKeyPathSpecifierExpression"),
                    ]))
            }
            let arguments = add(.dictionary(["NS.objects": .array([argument]), "$class": named("NSMutableArray")]))
            root = add(
                .dictionary([
                    "NSOperand": variable, "NSSelectorName": add(.string(selector)),
                    "NSExpressionType": .integer(4), "NSArguments": arguments, "$class": named("NSKeyPathExpression"),
                ]))
        case let .function(selector):
            let variable = add(
                .dictionary([
                    "NSVariable": add(.string("entityPolicy")), "NSExpressionType": .integer(2),
                    "$class": named("NSVariableExpression"),
                ]))
            let arguments = add(.dictionary(["NS.objects": .array([]), "$class": named("NSMutableArray")]))
            root = add(
                .dictionary([
                    "NSOperand": variable, "NSSelectorName": add(.string(selector)), "NSExpressionType": .integer(4),
                    "NSArguments": arguments, "$class": named("NSFunctionExpression"),
                ]))
        }
        let plist = PropertyListValue.dictionary([
            "$version": .integer(100000), "$archiver": .string("NSKeyedArchiver"), "$top": .dictionary(["root": root]),
            "$objects": .array(objects),
        ])
        return Data(BinaryPropertyListWriter.encode(plist)).base64EncodedString(options: .lineLength76Characters)
    }

    struct EntityMapping {
        var source: String?
        var destination: String
        var policy: String? = nil
        /// Destination attribute names, with what the mapping writes for each (nil: no expression).
        var attributes: [(String, Value?)]
    }

    /// Journal 2 → Journal 3's `xcmapping.xml`, with no embedded models (so it is taken to match the versions).
    func writeMapping(_ mappings: [EntityMapping]) throws {
        var objects: [String] = []
        var next = 100
        func id() -> String {
            next += 1
            return "z\(next)"
        }
        for mapping in mappings {
            let entityID = id()
            var attributeIDs: [String] = []
            for (name, value) in mapping.attributes {
                let attributeID = id()
                attributeIDs.append(attributeID)
                let expression =
                    value.map {
                        "<attribute name=\"valueexpressiondata\" type=\"binary\">\(Self.archived($0))</attribute>"
                    } ?? ""
                objects.append(
                    """
                    <object type="XDDEVATTRIBUTEMAPPING" id="\(attributeID)">\(expression)
                    <attribute name="name" type="string">\(name)</attribute>
                    <relationship name="entitymapping" type="1/1" destination="XDDEVENTITYMAPPING" \
                    idrefs="\(entityID)"></relationship></object>
                    """)
            }
            let source = mapping.source.map { "<attribute name=\"sourcename\" type=\"string\">\($0)</attribute>" }
            let policy = mapping.policy.map {
                "<attribute name=\"migrationpolicyclassname\" type=\"string\">\($0)</attribute>"
            }
            objects.append(
                """
                <object type="XDDEVENTITYMAPPING" id="\(entityID)">\(source ?? "")\(policy ?? "")
                <attribute name="mappingtypename" type="string">Undefined</attribute>
                <attribute name="destinationname" type="string">\(mapping.destination)</attribute>
                <attribute name="autogenerateexpression" type="bool">1</attribute>
                <relationship name="attributemappings" type="0/0" destination="XDDEVATTRIBUTEMAPPING" \
                idrefs="\(attributeIDs.joined(separator: " "))"></relationship></object>
                """)
        }
        let folder = self.folder.appendingPathComponent("Journal/JournalV2toV3.xcmappingmodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" standalone="yes"?>
        <!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">
        <database>
            <object type="XDDEVMAPPINGMODEL" id="z1">
                <attribute name="sourcemodelpath" type="string">Journal.xcdatamodeld/Journal 2.xcdatamodel\
        </attribute>
                <attribute name="destinationmodelpath" type="string">Journal.xcdatamodeld/Journal 3.xcdatamodel\
        </attribute>
            </object>
        \(objects.joined(separator: "\n"))
        </database>
        """.write(to: folder.appendingPathComponent("xcmapping.xml"), atomically: true, encoding: .utf8)
    }

    func analyze(_ lockfile: Lockfile? = nil, upgrades: Bool = false) throws -> Analysis {
        var analyzer = Analyzer(workingDirectory: folder, threads: 2)
        analyzer.buildsUpgrades = upgrades
        return try analyzer.analyze(paths: [], lockfile: lockfile)
    }

    /// Journal 2 written as `before` and locked; Journal 3 written as `after` and made current, with `mappings`.
    func findings(
        before: [String: String], after: [String: String], parents: [String: String] = [:],
        _ mappings: [EntityMapping], upgrades: Bool = false
    ) throws -> (findings: [Finding], analysis: Analysis) {
        let versions = folder.appendingPathComponent(model)
        try contents(before, parents: parents).write(
            to: versions.appendingPathComponent("Journal 2.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        let lockfile = TestSupport.lock(try analyze())
        try contents(after, parents: parents).write(
            to: versions.appendingPathComponent("Journal 3.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        try TestSupport.setCurrentVersion("Journal 3", of: versions)
        try writeMapping(mappings)
        let analysis = try analyze(lockfile, upgrades: upgrades)
        return (analysis.findings, analysis)
    }

    /// Journal (the first version) locked as `before`; Journal 2 as `before` too (an inferable step), Journal 3 as
    /// `after`, made current, with `mappings` for Journal 2 → Journal 3: the store walks version by version.
    func walkedFindings(before: [String: String], after: [String: String], _ mappings: [EntityMapping]) throws
        -> [Finding]
    {
        let versions = folder.appendingPathComponent(model)
        for version in ["Journal", "Journal 2"] {
            try contents(before).write(
                to: versions.appendingPathComponent("\(version).xcdatamodel/contents"), atomically: true,
                encoding: .utf8)
        }
        try TestSupport.setCurrentVersion("Journal", of: versions)
        let lockfile = TestSupport.lock(try analyze())
        try contents(after).write(
            to: versions.appendingPathComponent("Journal 3.xcdatamodel/contents"), atomically: true, encoding: .utf8)
        try TestSupport.setCurrentVersion("Journal 3", of: versions)
        try writeMapping(mappings)
        return try analyze(lockfile).findings
    }

    func lines(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.rule) \($0.severity) \($0.message.text)" }
    }

    let text = "<attribute name=\"title\" attributeType=\"String\" defaultValueString=\"\"/>"

    // MARK: reading

    func testEntityMappingsAreReadWithWhatTheySet() throws {
        try writeMapping([
            EntityMapping(
                source: "Entry", destination: "Entry", policy: "App.EntryPolicy",
                attributes: [
                    ("title", nil), ("code", .source("serial")), ("kind", .constant(.integer(2))),
                    ("label", .constant(.string("draft"))), ("stamp", .function("now")),
                ]),
            EntityMapping(source: nil, destination: "Tag", attributes: [("name", nil)]),
        ])
        let paths = try XCTUnwrap(
            MappingModelReader.modelPaths(
                path: folder.appendingPathComponent("Journal/JournalV2toV3.xcmappingmodel").path))
        let mappings = try XCTUnwrap(paths.entityMappings)
        XCTAssertEqual(mappings.count, 2)
        let entry = try XCTUnwrap(mappings.first { $0.destination == "Entry" })
        XCTAssertEqual(entry.source, "Entry")
        XCTAssertEqual(entry.policy, "App.EntryPolicy")
        XCTAssertTrue(entry.runsCustomCode)
        XCTAssertEqual(entry.displayName, "EntryToEntry")
        XCTAssertEqual(entry.attributes["title"], .unstated)
        XCTAssertEqual(entry.attributes["code"], .source("serial"))
        XCTAssertEqual(entry.attributes["kind"], .constant("2"))
        XCTAssertEqual(entry.attributes["label"], .constant("\"draft\""))
        XCTAssertEqual(entry.attributes["stamp"], .policyFunction("now"))
        let tag = try XCTUnwrap(mappings.first { $0.destination == "Tag" })
        XCTAssertNil(tag.source)
        XCTAssertFalse(tag.runsCustomCode)
    }

    // MARK: uniqueness

    /// A constraint on one attribute the mapping leaves unset: every row gets its default, the same on each.
    func testAConstraintOnAnAttributeTheMappingLeavesEmptyIsAnError() throws {
        let before = ["Entry": text]
        let code = "<attribute name=\"code\" attributeType=\"String\" defaultValueString=\"\"/>"
        let result = try findings(
            before: before, after: ["Entry": text + code + unique("code")],
            [EntityMapping(source: "Entry", destination: "Entry", attributes: [("title", nil), ("code", nil)])],
            upgrades: true)
        let found = result.findings.filter { $0.rule == "unique_constraint_added" }
        XCTAssertEqual(found.map(\.severity), [.error], "\(lines(result.findings))")
        XCTAssertTrue(found[0].message.text.contains("Entry gains a uniqueness constraint"), "\(lines(found))")
        XCTAssertTrue(
            found[0].message.detail.contains(
                "EntryToEntry in Journal/JournalV2toV3.xcmappingmodel sets code: no "
                    + "value"), "\(found[0].message.detail)")
        let row = try XCTUnwrap(result.analysis.upgrades.rows.first { $0.name == "Journal.xcdatamodeld/Journal 2" })
        XCTAssertTrue(row.outcome.deletesData)
        XCTAssertTrue(
            UpgradeReport.describe(row.outcome).joined().contains("fails on a store with two rows of Entry"),
            "\(UpgradeReport.describe(row.outcome))")

        // Optional with no default: every row holds nil there, which SQLite would count as distinct, but the mapped
        // migration's uniqueness check counts as one value: a warning, as it takes two rows.
        try setUpWithError()
        let optional = "<attribute name=\"code\" optional=\"YES\" attributeType=\"String\"/>"
        let left = try findings(
            before: before, after: ["Entry": text + optional + unique("code")],
            [EntityMapping(source: "Entry", destination: "Entry", attributes: [("title", nil), ("code", nil)])])
        let warned = left.findings.filter { $0.rule == "unique_constraint_added" }
        XCTAssertEqual(warned.map(\.severity), [.warning], "\(lines(left.findings))")
        XCTAssertTrue(
            warned.first?.message.text.contains("the store holds at most one row of Entry (the mapping leaves code nil")
                == true, "\(warned.first?.message.text ?? "")")
    }

    /// A compound constraint on an attribute copied from the source, one that was not unique there, and new optional
    /// ones the mapping leaves nil: a warning naming the copied attribute.
    func testAConstraintOnACopiedAttributeAndOnesLeftNilIsAWarning() throws {
        let kind = "<attribute name=\"kind\" attributeType=\"String\" defaultValueString=\"\"/>"
        let owner = "<attribute name=\"owner\" optional=\"YES\" attributeType=\"String\"/>"
        let result = try findings(
            before: ["Entry": text + kind], after: ["Entry": text + kind + owner + unique("owner", "kind")],
            [
                EntityMapping(
                    source: "Entry", destination: "Entry", attributes: [("title", nil), ("kind", nil), ("owner", nil)])
            ])
        let found = result.findings.filter { $0.rule == "unique_constraint_added" }
        XCTAssertEqual(found.map(\.severity), [.warning], "\(lines(result.findings))")
        XCTAssertTrue(
            found.first?.message.text.contains("no two rows of Entry hold the same kind (the mapping leaves owner nil")
                == true, "\(found.first?.message.text ?? "")")
    }

    /// A compound constraint whose attributes are all constants; the control sets one from a source attribute that
    /// was unique already.
    func testACompoundConstraintOfConstantsIsAnErrorAndOneFromAUniqueSourceIsNot() throws {
        let serial = "<attribute name=\"serial\" attributeType=\"String\" defaultValueString=\"\"/>"
        let kind = "<attribute name=\"kind\" attributeType=\"Integer 16\" defaultValueString=\"0\"/>"
        let code = "<attribute name=\"code\" attributeType=\"String\" defaultValueString=\"\"/>"
        let after = ["Entry": text + code + kind + unique("code", "kind")]
        let constants = try findings(
            before: ["Entry": text + serial], after: after,
            [
                EntityMapping(
                    source: "Entry", destination: "Entry",
                    attributes: [("title", nil), ("code", .constant(.string("x"))), ("kind", .constant(.integer(2)))])
            ])
        XCTAssertEqual(
            constants.findings.filter { $0.rule == "unique_constraint_added" }.map(\.severity), [.error],
            "\(lines(constants.findings))")

        try setUpWithError()
        let sourced = try findings(
            before: ["Entry": text + serial + unique("serial")], after: after,
            [
                EntityMapping(
                    source: "Entry", destination: "Entry",
                    attributes: [("title", nil), ("code", .source("serial")), ("kind", .constant(.integer(2)))])
            ])
        XCTAssertEqual(lines(sourced.findings), [])
    }

    /// On a sub-entity, set from a source attribute that was not unique: a warning saying what must hold; the control
    /// copies one that was.
    func testASubEntityConstraintFromANonUniqueSourceAttributeWarns() throws {
        let parents = ["Book": "Item"]
        let item = "<attribute name=\"name\" attributeType=\"String\" defaultValueString=\"\"/>"
        let legacy = "<attribute name=\"legacyISBN\" attributeType=\"String\" defaultValueString=\"\"/>"
        let isbn = "<attribute name=\"isbn\" attributeType=\"String\" defaultValueString=\"\"/>"
        let mapping = EntityMapping(
            source: "Book", destination: "Book", attributes: [("name", nil), ("isbn", .source("legacyISBN"))])
        let warned = try findings(
            before: ["Item": item, "Book": legacy], after: ["Item": item, "Book": isbn + unique("isbn")],
            parents: parents, [mapping])
        let found = warned.findings.filter { $0.rule == "unique_constraint_added" }
        XCTAssertEqual(found.map(\.severity), [.warning], "\(lines(warned.findings))")
        XCTAssertTrue(
            found[0].message.detail.contains("no two rows of Book hold the same legacyISBN"),
            "\(found[0].message.detail)")

        try setUpWithError()
        let silent = try findings(
            before: ["Item": item, "Book": legacy + unique("legacyISBN")],
            after: ["Item": item, "Book": isbn + unique("isbn")], parents: parents, [mapping])
        XCTAssertEqual(lines(silent.findings.filter { $0.rule == "unique_constraint_added" }), [])
    }

    /// A custom policy may set the values: never an error, a warning naming the policy; the control is a
    /// constraint the source entity already had.
    func testACustomPolicyMakesItCannotTell() throws {
        let code = "<attribute name=\"code\" attributeType=\"String\" defaultValueString=\"\"/>"
        let mapping = EntityMapping(
            source: "Entry", destination: "Entry", policy: "Journal.CodeMigrationPolicy",
            attributes: [("title", nil), ("code", nil)])
        let warned = try findings(before: ["Entry": text], after: ["Entry": text + code + unique("code")], [mapping])
        let found = warned.findings.filter { $0.rule == "unique_constraint_added" }
        XCTAssertEqual(found.map(\.severity), [.warning], "\(lines(warned.findings))")
        XCTAssertTrue(
            found[0].message.detail.contains("Journal.CodeMigrationPolicy sets values no two rows share"),
            "\(found[0].message.detail)")

        try setUpWithError()
        let silent = try findings(
            before: ["Entry": text + code + unique("code")], after: ["Entry": text + code + unique("code")], [mapping])
        XCTAssertEqual(lines(silent.findings), [])
    }

    /// The policy's own method computes a constrained value (`FUNCTION($entityPolicy, "codeFor:manager:", …)`, as
    /// ReadingList's `googleBooksId(forGoogleBooksId:manager:)`, which gives nil for an id already migrated): the app's
    /// code decides, a note naming the method. Controls: the same function with no policy class named stays a
    /// warning, and so does a policy whose mapping copies a source attribute that was not unique.
    func testAConstrainedValueThePolicysMethodComputesIsANote() throws {
        let code = "<attribute name=\"code\" attributeType=\"String\" optional=\"YES\"/>"
        let method = EntityMapping(
            source: "Entry", destination: "Entry", policy: "Journal.CodePolicy",
            attributes: [("title", nil), ("code", .function("codeFor:manager:"))])
        let noted = try findings(
            before: ["Entry": text + code], after: ["Entry": text + code + unique("code")], [method])
        let found = noted.findings.filter { $0.rule == "unique_constraint_added" }
        XCTAssertEqual(found.map(\.severity), [.note], "\(lines(noted.findings))")
        XCTAssertEqual(found.first?.message.id, "unique-added-mapped-policy-function")
        XCTAssertTrue(
            found.first?.message.detail.contains("code: FUNCTION(…, \"codeFor:manager:\")") == true,
            "\(lines(found))")

        for control in [
            EntityMapping(
                source: "Entry", destination: "Entry", attributes: [("title", nil), ("code", .function("codeFor:"))]),
            EntityMapping(
                source: "Entry", destination: "Entry", policy: "Journal.CodePolicy",
                attributes: [("title", nil), ("code", nil)]),
        ] {
            try setUpWithError()
            let warned = try findings(
                before: ["Entry": text + code], after: ["Entry": text + code + unique("code")], [control])
            let kept = warned.findings.filter { $0.rule == "unique_constraint_added" }
            XCTAssertEqual(kept.map(\.severity), [.warning], "\(lines(warned.findings))")
        }
    }

    // MARK: required

    /// An attribute added as required with no default that the mapping leaves unset: an error; a constant is the
    /// control.
    func testARequiredAttributeTheMappingLeavesEmptyIsAnError() throws {
        let score = "<attribute name=\"score\" attributeType=\"Integer 32\"/>"
        let failing = try findings(
            before: ["Entry": text], after: ["Entry": text + score],
            [EntityMapping(source: "Entry", destination: "Entry", attributes: [("title", nil), ("score", nil)])])
        let found = failing.findings.filter { $0.rule == "lightweight_unsupported_change" }
        XCTAssertEqual(found.map(\.severity), [.error], "\(lines(failing.findings))")
        XCTAssertTrue(
            found[0].message.text.contains("Entry.score is required with no default and the mapping sets no value"),
            "\(lines(found))")

        try setUpWithError()
        let silent = try findings(
            before: ["Entry": text], after: ["Entry": text + score],
            [
                EntityMapping(
                    source: "Entry", destination: "Entry",
                    attributes: [("title", nil), ("score", .constant(.integer(0)))])
            ])
        XCTAssertEqual(lines(silent.findings), [])
    }

    /// Made required (optional → required) and copied from itself: data-dependent, a warning, as inference says it;
    /// cleared with a constant nil: an error; left to a custom policy or set by a function: cannot tell.
    func testAnAttributeMadeRequiredIsJudgedByWhatTheMappingSets() throws {
        let optional = "<attribute name=\"mood\" optional=\"YES\" attributeType=\"String\"/>"
        let required = "<attribute name=\"mood\" attributeType=\"String\"/>"
        func judged(_ mapping: EntityMapping) throws -> [Finding] {
            try setUpWithError()
            return try findings(before: ["Entry": text + optional], after: ["Entry": text + required], [mapping])
                .findings.filter { $0.rule == "lightweight_unsupported_change" }
        }
        let copied = try judged(
            EntityMapping(source: "Entry", destination: "Entry", attributes: [("title", nil), ("mood", nil)]))
        XCTAssertEqual(copied.map(\.severity), [.warning], "\(lines(copied))")
        XCTAssertTrue(copied[0].message.detail.contains("no row of Entry holds nil in mood"))
        let cleared = try judged(
            EntityMapping(
                source: "Entry", destination: "Entry", attributes: [("title", nil), ("mood", .constant(.null))]))
        XCTAssertEqual(cleared.map(\.severity), [.error], "\(lines(cleared))")
        let policy = try judged(
            EntityMapping(
                source: "Entry", destination: "Entry", policy: "Journal.MoodPolicy",
                attributes: [("title", nil), ("mood", .constant(.null))]))
        XCTAssertEqual(policy.map(\.severity), [.note], "\(lines(policy))")
        XCTAssertTrue(policy[0].message.detail.contains("Journal.MoodPolicy sets it on every row"))
        let function = try judged(
            EntityMapping(
                source: "Entry", destination: "Entry", attributes: [("title", nil), ("mood", .function("moodFor:"))]))
        XCTAssertEqual(function.map(\.severity), [.warning], "\(lines(function))")
        // The policy class's own method (`FUNCTION($entityPolicy, "moodFor:", $source.mood)` where the mapping names
        // the policy, ReadingList's `hasSubtitleForSubtitle:`): the app's code decides, a note naming the method.
        let method = try judged(
            EntityMapping(
                source: "Entry", destination: "Entry", policy: "Journal.MoodPolicy",
                attributes: [("title", nil), ("mood", .function("moodFor:"))]))
        XCTAssertEqual(method.map(\.severity), [.note], "\(lines(method))")
        XCTAssertTrue(
            method[0].message.text.contains("sets it with FUNCTION(…, \"moodFor:\")"), "\(lines(method))")
        XCTAssertTrue(
            method[0].message.detail.contains("Journal.MoodPolicy's moodFor: gives a value on every row"),
            "\(lines(method))")
        // Control: a constant.
        let constant = try judged(
            EntityMapping(
                source: "Entry", destination: "Entry",
                attributes: [("title", nil), ("mood", .constant(.string("calm")))]))
        XCTAssertEqual(lines(constant), [])
    }

    // MARK: a step of a walk

    /// The mapping model covers one step of a version-by-version walk (Journal → Journal 2 inferred, Journal 2 →
    /// Journal 3 mapped): that step is judged, once, in the mapping's words; the control sets a constant.
    func testAMappedStepOfAWalkIsJudgedOnce() throws {
        let optional = "<attribute name=\"mood\" optional=\"YES\" attributeType=\"String\"/>"
        let required = "<attribute name=\"mood\" attributeType=\"String\"/>"
        let score = "<attribute name=\"score\" attributeType=\"Integer 32\"/>"
        let found = try walkedFindings(
            before: ["Entry": text + optional], after: ["Entry": text + required + score],
            [
                EntityMapping(
                    source: "Entry", destination: "Entry", attributes: [("title", nil), ("mood", nil), ("score", nil)])
            ])
        XCTAssertEqual(
            found.map { "\($0.rule) \($0.severity) \($0.message.headline)" }.sorted(),
            [
                "lightweight_unsupported_change error Entry.score is required with no default and the mapping sets no "
                    + "value: users' stores holding Entry rows fail to open (134110)",
                "lightweight_unsupported_change warning Entry.mood became required with no default: a store fails to "
                    + "open (134110) if a migrated row gets nil",
            ])
        XCTAssertTrue(found.allSatisfy { $0.message.detail.contains("Journal 2 → Journal 3 goes through a mapping") })

        try setUpWithError()
        let silent = try walkedFindings(
            before: ["Entry": text + optional], after: ["Entry": text + required + score],
            [
                EntityMapping(
                    source: "Entry", destination: "Entry",
                    attributes: [
                        ("title", nil), ("mood", .constant(.string("calm"))), ("score", .constant(.integer(0))),
                    ])
            ])
        XCTAssertEqual(lines(silent), [])
    }

    // MARK: a key path from the source attribute

    /// A required URI attribute that becomes a required String, set by `$source.link.absoluteString` (Pocket 8.0.6's
    /// `Item.givenURL`): a required attribute holds a URL in every row, and its `absoluteString` is never nil, so
    /// nothing is said. The same for other types and keys that always give a value, and the key path written as a
    /// constant string; an optional source, a key that may give nil (`host`), or `valueForKey:` (which takes the
    /// dotted key as one key) still warn, with a headline that says the type changed.
    func testAKeyPathFromARequiredSourceThatAlwaysGivesAValueIsSilent() throws {
        func judged(_ before: String, _ after: String, _ value: Value) throws -> [Finding] {
            try setUpWithError()
            return try findings(
                before: ["Entry": text + before], after: ["Entry": text + after],
                [EntityMapping(source: "Entry", destination: "Entry", attributes: [("title", nil), ("link", value)])]
            ).findings.filter { $0.rule == "lightweight_unsupported_change" }
        }
        let uri = "<attribute name=\"link\" attributeType=\"URI\"/>"
        let string = "<attribute name=\"link\" attributeType=\"String\"/>"
        let silent: [(String, String, Value)] = [
            (uri, string, .source("link.absoluteString")),
            (uri, string, .sourceKey("link.absoluteString", selector: "valueForKeyPath:")),
            ("<attribute name=\"link\" attributeType=\"UUID\"/>", string, .source("link.UUIDString")),
            ("<attribute name=\"link\" attributeType=\"Integer 32\"/>", string, .source("link.stringValue")),
            (uri, "<attribute name=\"link\" attributeType=\"Integer 64\"/>", .source("link.absoluteString.length")),
        ]
        for (before, after, value) in silent {
            XCTAssertEqual(lines(try judged(before, after, value)), [], "\(value)")
        }

        let optional = try judged(
            "<attribute name=\"link\" optional=\"YES\" attributeType=\"URI\"/>", string,
            .source("link.absoluteString"))
        XCTAssertEqual(optional.map(\.severity), [.warning], "\(lines(optional))")
        XCTAssertEqual(
            optional.first?.message.headline,
            "Entry.link became required with no default: a store fails to open (134110) if a migrated row gets nil")
        XCTAssertTrue(
            optional.first?.message.detail.contains("works only if no row of Entry holds nil in link") == true,
            "\(optional.first?.message.detail ?? "")")
        let host = try judged(uri, string, .source("link.host"))
        XCTAssertEqual(host.map(\.severity), [.warning], "\(lines(host))")
        XCTAssertEqual(
            host.first?.message.headline,
            "Entry.link changed type (URL → String) and is required: a store fails to open (134110) if a migrated row "
                + "gets nil")
        XCTAssertTrue(
            host.first?.message.detail.contains("works only if $source.link.host never gives nil") == true,
            "\(host.first?.message.detail ?? "")")
        let byKey = try judged(uri, string, .sourceKey("link.absoluteString", selector: "valueForKey:"))
        XCTAssertEqual(byKey.map(\.severity), [.warning], "\(lines(byKey))")
    }

    /// Read as a key path from the source attribute, not as an expression schemalint cannot read.
    func testASourceKeyPathIsReadAsOne() throws {
        try writeMapping([
            EntityMapping(
                source: "Entry", destination: "Entry",
                attributes: [
                    ("link", .source("link.absoluteString")),
                    ("code", .sourceKey("serial.stringValue", selector: "valueForKeyPath:")),
                    ("label", .sourceKey("kind.name", selector: "valueForKey:")),
                ])
        ])
        let paths = try XCTUnwrap(
            MappingModelReader.modelPaths(
                path: folder.appendingPathComponent("Journal/JournalV2toV3.xcmappingmodel").path))
        let entry = try XCTUnwrap(paths.entityMappings?.first)
        XCTAssertEqual(entry.attributes["link"], .sourcePath("link", path: ["absoluteString"]))
        XCTAssertEqual(entry.attributes["code"], .sourcePath("serial", path: ["stringValue"]))
        XCTAssertEqual(entry.attributes["label"], .unknown("$source.kind.name"))
    }
}
