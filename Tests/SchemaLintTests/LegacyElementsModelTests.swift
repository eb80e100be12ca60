import Foundation
import SchemaLintBundles
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Model versions saved before Xcode 4: an `.xcdatamodel` folder holding a binary `elements` keyed archive of Xcode's
/// model classes (and `layout`), no `contents`. The archives here are written by `ElementsArchive`, shaped as the
/// real ones are (root `XDPMModel`, a package of `XDPMEntity`s, settings kept as stereotype properties' defaults).
final class LegacyElementsModelTests: XCTestCase {
    /// A small library app: an abstract `Item` with two kinds, a `Shelf` holding them, and a `Loan` of a book.
    static let library: [ElementsArchive.Entity] = [
        .init(name: "Item", isAbstract: true, properties: [
            .attribute("title", type: 700),
            .attribute("added", type: 900, optional: true),
            .attribute("cachedCover", type: 1000, optional: true, transient: true),
            .relationship("shelf", destination: "Shelf", inverse: "items", optional: true),
        ]),
        .init(name: "Book", parent: "Item", properties: [
            .attribute("pages", type: 200, optional: true, defaultValue: "0"),
            .relationship("loans", destination: "Loan", inverse: "book", toMany: true, optional: true, deleteRule: 2),
        ]),
        .init(name: "Record", parent: "Item", hashModifier: "vinyl", properties: [
            .attribute("speed", type: 600, optional: true, hashModifier: "rpm"),
        ]),
        .init(name: "Shelf", renamingIdentifier: "Case", properties: [
            .attribute("label", type: 700, optional: true, renamingIdentifier: "name"),
            .relationship("items", destination: "Item", inverse: "shelf", toMany: true, optional: true),
        ]),
        .init(name: "Loan", properties: [
            .attribute("due", type: 900),
            .attribute("returned", type: 800, defaultValue: "NO"),
            .relationship("book", destination: "Book", inverse: "loans", optional: false),
        ]),
    ]

    /// The same model as Xcode 4 and later write it.
    static let libraryContents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Xcode 4.1">
            <entity name="Book" parentEntity="Item">
                <attribute name="pages" optional="YES" attributeType="Integer 32" defaultValueString="0"/>
                <relationship name="loans" optional="YES" toMany="YES" deletionRule="Cascade" \
        destinationEntity="Loan" inverseName="book" inverseEntity="Loan"/>
            </entity>
            <entity name="Item" isAbstract="YES">
                <attribute name="added" optional="YES" attributeType="Date"/>
                <attribute name="cachedCover" optional="YES" transient="YES" attributeType="Binary"/>
                <attribute name="title" attributeType="String"/>
                <relationship name="shelf" optional="YES" minCount="1" maxCount="1" deletionRule="Nullify" \
        destinationEntity="Shelf" inverseName="items" inverseEntity="Shelf"/>
            </entity>
            <entity name="Loan">
                <attribute name="due" attributeType="Date"/>
                <attribute name="returned" attributeType="Boolean" defaultValueString="NO"/>
                <relationship name="book" minCount="1" maxCount="1" deletionRule="Nullify" destinationEntity="Book" \
        inverseName="loans" inverseEntity="Book"/>
            </entity>
            <entity name="Record" parentEntity="Item" versionHashModifier="vinyl">
                <attribute name="speed" optional="YES" attributeType="Float" versionHashModifier="rpm"/>
            </entity>
            <entity name="Shelf" elementID="Case">
                <attribute name="label" optional="YES" attributeType="String" elementID="name"/>
                <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" \
        destinationEntity="Item" inverseName="shelf" inverseEntity="Item"/>
            </entity>
        </model>
        """

    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestSupport.temporaryDirectory()
    }

    /// Writes `Library.xcdatamodeld` with one version per (name, model file), the last current unless told.
    @discardableResult
    func bundle(_ versions: [(name: String, file: String, bytes: [UInt8])], current: String?? = nil) throws -> URL {
        let bundle = folder.appendingPathComponent("App/Library.xcdatamodeld")
        for version in versions {
            let directory = bundle.appendingPathComponent("\(version.name).xcdatamodel")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(version.bytes).write(to: directory.appendingPathComponent(version.file))
            if version.file == "elements" { try Data().write(to: directory.appendingPathComponent("layout")) }
        }
        switch current {
        case .none: try TestSupport.setCurrentVersion(versions.last!.name, of: bundle)
        case .some(.none): break
        case let .some(.some(name)): try TestSupport.setCurrentVersion(name, of: bundle)
        }
        return bundle
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        var analyzer = Analyzer(workingDirectory: folder, threads: 2)
        analyzer.lockfileLocation = "schemalint.lock"
        return try analyzer.analyze(paths: [], lockfile: lockfile)
    }

    func elements(_ entities: [ElementsArchive.Entity]) -> [UInt8] { ElementsArchive.write(entities) }

    func checksum(of version: ModelBundleVersion) -> String {
        VersionAnalysis(bundleVersion: version, key: version.name).hashes.checksum
    }

    // MARK: Reading

    /// Every construct that enters a hash (abstract parents, sub-entities, transient attributes, hash modifiers,
    /// defaults, to-one and to-many relationships with inverses and delete rules, renaming identifiers): the archive
    /// and the XML of the same model give the same entity hashes, and the same details.
    func testAnElementsVersionHashesAsTheSameModelWrittenAsContents() throws {
        let old = try XCTUnwrap(
            ModelBundleReader.read(
                path: try writeVersion("elements", elements(Self.library)), display: "Old.xcdatamodel"
            ).versions.first)
        let new = try XCTUnwrap(
            ModelBundleReader.read(
                path: try writeVersion("contents", Array(Self.libraryContents.utf8)), display: "New.xcdatamodel"
            ).versions.first)
        XCTAssertNil(old.problem)
        XCTAssertNil(new.problem)
        XCTAssertEqual(old.location.file, "Old.xcdatamodel/elements")
        let oldHashes = VersionAnalysis(bundleVersion: old, key: "Old").hashes
        let newHashes = VersionAnalysis(bundleVersion: new, key: "New").hashes
        XCTAssertEqual(oldHashes.entityHashes, newHashes.entityHashes)
        XCTAssertEqual(oldHashes.checksum, newHashes.checksum)
        XCTAssertEqual(old.details.renamingIdentifiers, new.details.renamingIdentifiers)
        XCTAssertEqual(old.details.defaults, new.details.defaults)
        XCTAssertEqual(old.details.deleteRules, new.details.deleteRules)
        XCTAssertEqual(old.schema.entities.map { $0.name }, ["Book", "Item", "Loan", "Record", "Shelf"])
        XCTAssertTrue(old.contentsDigest?.hasPrefix("elements-") ?? false)
    }

    /// Each hashed fact read from the archive: changing it in the archive alone moves the hash (so the equality above
    /// is not an accident of reading nothing).
    func testEachHashedSettingOfTheArchiveMovesTheHash() throws {
        let base = checksum(of: LegacyElementsReader.read(elements(Self.library), name: "V", file: "V/elements"))
        var edits: [(String, [ElementsArchive.Entity])] = []
        var optional = Self.library
        optional[0].properties[0].optional = true
        edits.append(("optional", optional))
        var type = Self.library
        type[1].properties[0].type = 300
        edits.append(("attribute type", type))
        var modifier = Self.library
        modifier[3].hashModifier = "v2"
        edits.append(("entity hash modifier", modifier))
        var toOne = Self.library
        toOne[3].properties[1].toMany = false
        edits.append(("to-many", toOne))
        var parent = Self.library
        parent[2].parent = nil
        edits.append(("parent entity", parent))
        var renamed = Self.library
        renamed[4].name = "Lending"
        renamed[1].properties[1].destination = "Lending"
        edits.append(("entity name", renamed))
        for (what, entities) in edits {
            let version = LegacyElementsReader.read(elements(entities), name: "V", file: "V/elements")
            XCTAssertNil(version.problem, what)
            XCTAssertNotEqual(checksum(of: version), base, what)
        }
        // Neither a default, a delete rule nor a renaming identifier is hashed.
        var neutral = Self.library
        neutral[1].properties[0].defaultValue = "12"
        neutral[1].properties[1].deleteRule = 1
        neutral[3].renamingIdentifier = nil
        let same = LegacyElementsReader.read(elements(neutral), name: "V", file: "V/elements")
        XCTAssertEqual(checksum(of: same), base)
    }

    /// An archive that is not Xcode's model (damaged, or an unknown class where an entity should be) is named, never
    /// guessed at; its bytes' digest is kept.
    func testAnArchiveSchemalintDoesNotKnowIsNamedWithItsDigest() throws {
        let damaged = Array("bplist00".utf8) + [UInt8](repeating: 0, count: 8)
        var unknown = Self.library
        unknown[0].className = "XDPMDiagramNote"
        for (what, bytes) in [("damaged", damaged), ("unknown class", elements(unknown))] {
            let version = LegacyElementsReader.read(bytes, name: "V", file: "V/elements")
            XCTAssertTrue(version.isUnsupportedFormat, what)
            XCTAssertTrue(version.problem?.contains("Xcode 3") ?? false, "\(what): \(version.problem ?? "")")
            XCTAssertEqual(version.schema.entities, [], what)
            XCTAssertEqual(version.contentsDigest, LegacyElementsReader.digest(of: bytes), what)
        }
    }

    // MARK: Lock and check

    /// A shipped Xcode 3 version is locked with its hashes; an entity renamed in place (one real app's launch crash)
    /// or an attribute added is `shipped_schema_edited`. Re-saving it with only a default changed is silent.
    func testAnInPlaceEditOfAShippedElementsVersionIsReported() throws {
        try bundle([("Library", "elements", elements(Self.library))])
        let outcome = Locker.plan(try analyze(), existing: nil, request: .init())
        XCTAssertEqual(outcome.recorded, ["Library.xcdatamodeld/Library"])
        XCTAssertEqual(outcome.incomplete.map(\.key), [])
        let lockfile = outcome.lockfile
        XCTAssertEqual(try analyze(lockfile).findings, [])

        var neutral = Self.library
        neutral[4].properties[1].defaultValue = "YES"
        try write(elements(neutral), to: "Library", file: "elements")
        XCTAssertEqual(try analyze(lockfile).findings, [], "a default is not hashed")

        var renamed = Self.library
        renamed[4].name = "Lending"
        renamed[1].properties[1].destination = "Lending"
        var added = Self.library
        added[3].properties.append(.attribute("position", type: 200, optional: true))
        for (what, entities, change) in [
            ("renamed", renamed, "Lending"), ("added", added, "Shelf.position added"),
        ] {
            try write(elements(entities), to: "Library", file: "elements")
            let findings = try analyze(lockfile).findings
            XCTAssertEqual(
                TestSupport.summary(findings),
                ["shipped_schema_edited App/Library.xcdatamodeld/Library.xcdatamodel/elements:1"], what)
            XCTAssertEqual(findings.first?.severity, .error, what)
            XCTAssertTrue(findings.first?.message.text.contains(change) ?? false, "\(what): \(findings)")
        }
    }

    /// A version whose archive cannot be read is locked by its bytes: the lockfile round-trips, nothing is refused,
    /// and a later edit of those bytes is reported (as a warning: what it changed cannot be told).
    func testAnUnreadableElementsVersionIsLockedByItsDigestAndAnEditIsCaught() throws {
        var unknown = Self.library
        unknown[2].className = "XDPMStickyNote"
        try bundle([("Library", "elements", elements(unknown)), ("Library 2", "contents",
                                                                  Array(Self.libraryContents.utf8))])
        // Before any lockfile, `lockfile_missing` asks for a lock, which can be taken.
        XCTAssertTrue(try analyze().findings.map(\.rule).contains(.lockfileMissing))
        let outcome = Locker.plan(try analyze(), existing: nil, request: .init())
        XCTAssertEqual(outcome.incomplete.map(\.key), [])
        XCTAssertEqual(outcome.unreadable.map(\.key), ["Library.xcdatamodeld/Library"])
        XCTAssertEqual(outcome.recorded, ["Library.xcdatamodeld/Library 2"])
        let path = folder.appendingPathComponent("schemalint.lock").path
        try LockfileStore.write(outcome.lockfile, to: path)
        let lockfile = try XCTUnwrap(try LockfileStore.load(path))
        XCTAssertEqual(lockfile, outcome.lockfile)
        XCTAssertEqual(
            lockfile.coreData?["Library.xcdatamodeld"]?.unreadable?["Library"]?.contents,
            LegacyElementsReader.digest(of: elements(unknown)))
        XCTAssertEqual(try analyze(lockfile).findings.map(\.rule), [.syntaxError])
        // Locking again records nothing new.
        XCTAssertFalse(Locker.plan(try analyze(lockfile), existing: lockfile, request: .init()).changed)

        unknown[0].properties.append(.attribute("isbn", type: 700, optional: true))
        try write(elements(unknown), to: "Library", file: "elements")
        let findings = try analyze(lockfile).findings.filter { $0.rule == .shippedSchemaEdited }
        XCTAssertEqual(
            TestSupport.summary(findings),
            ["shipped_schema_edited App/Library.xcdatamodeld/Library.xcdatamodel/elements:1"])
        XCTAssertEqual(findings.first?.severity, .warning)
        XCTAssertEqual(findings.first?.message.id, "model-bytes-edited")
        // `lock` will not overwrite it unless accepted.
        let again = Locker.plan(try analyze(lockfile), existing: lockfile, request: .init())
        XCTAssertEqual(again.conflicts.map(\.key), ["Library.xcdatamodeld/Library"])
        let accepted = Locker.plan(
            try analyze(lockfile), existing: lockfile, request: .init(accept: ["Library"], reason: "re-saved"))
        XCTAssertEqual(accepted.conflicts.map(\.key), [])
        XCTAssertEqual(
            try analyze(accepted.lockfile).findings.filter { $0.rule == .shippedSchemaEdited }, [])
    }

    /// A version locked by its bytes that schemalint reads later: the same bytes are recorded with their hashes;
    /// other bytes are an edit.
    func testAVersionLockedByItsBytesIsRecordedWhenItCanBeRead() throws {
        try bundle([("Library", "elements", elements(Self.library))])
        var lockfile = Locker.plan(try analyze(), existing: nil, request: .init()).lockfile
        // As a release that could not read it wrote it.
        let digest = LegacyElementsReader.digest(of: elements(Self.library))
        lockfile.coreData?["Library.xcdatamodeld"]?.versions = [:]
        lockfile.coreData?["Library.xcdatamodeld"]?.entities = [:]
        lockfile.coreData?["Library.xcdatamodeld"]?.unreadable = ["Library": .init(contents: digest, why: "old")]
        XCTAssertEqual(try analyze(lockfile).findings.filter { $0.rule == .shippedSchemaEdited }, [])
        let outcome = Locker.plan(try analyze(lockfile), existing: lockfile, request: .init())
        XCTAssertEqual(outcome.recorded, ["Library.xcdatamodeld/Library"])
        XCTAssertNil(outcome.lockfile.coreData?["Library.xcdatamodeld"]?.unreadable)

        var edited = Self.library
        edited[0].properties[0].optional = true
        try write(elements(edited), to: "Library", file: "elements")
        XCTAssertEqual(
            try analyze(lockfile).findings.filter { $0.rule == .shippedSchemaEdited }.map(\.message.id),
            ["model-bytes-edited"])
        XCTAssertEqual(
            Locker.plan(try analyze(lockfile), existing: lockfile, request: .init()).conflicts.map(\.key),
            ["Library.xcdatamodeld/Library"])
    }

    // MARK: Bundles as Core Data reads them

    /// A one-version bundle whose `.xccurrentversion` is an empty dictionary, or missing: momc compiles the only
    /// version as current. Neither is an error, and `lock` records it.
    func testAOneVersionBundleWithAnEmptyOrMissingCurrentVersionFileTakesItsOnlyVersion() throws {
        let bundle = try bundle([("Library", "elements", elements(Self.library))], current: .some(nil))
        let emptyDictionary = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict/>
            </plist>
            """
        for (what, file) in [("missing", nil), ("empty dictionary", emptyDictionary)] {
            let path = bundle.appendingPathComponent(".xccurrentversion")
            try? FileManager.default.removeItem(at: path)
            if let file { try Data(file.utf8).write(to: path) }
            let analysis = try analyze()
            XCTAssertEqual(analysis.findings.filter { $0.severity == .error }, [], what)
            XCTAssertFalse(analysis.findings.map(\.rule).contains(.currentModelVersionInvalid), what)
            let outcome = Locker.plan(analysis, existing: nil, request: .init())
            XCTAssertEqual(outcome.incomplete.map(\.key), [], what)
            XCTAssertEqual(outcome.recorded, ["Library.xcdatamodeld/Library"], what)
            XCTAssertEqual(outcome.lockfile.coreData?["Library.xcdatamodeld"]?.current, "Library", what)
        }
    }

    /// Two versions and no `.xccurrentversion`: which is current cannot be told. That bundle is not locked, the
    /// others are (nothing is refused), and `lockfile_missing` does not ask for a lock of it.
    func testABundleWhoseCurrentVersionCannotBeToldDoesNotStopTheOthers() throws {
        try bundle(
            [("Library", "elements", elements(Self.library)),
             ("Library 2", "contents", Array(Self.libraryContents.utf8))], current: .some(nil))
        let other = folder.appendingPathComponent("App/Notes.xcdatamodeld")
        let version = other.appendingPathComponent("Notes.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(elements([Self.library[4], .init(name: "Book", properties: [])]))
            .write(to: version.appendingPathComponent("elements"))
        try TestSupport.setCurrentVersion("Notes", of: other)
        let analysis = try analyze()
        let missing = analysis.findings.filter { $0.rule == .lockfileMissing }
        XCTAssertEqual(missing.count, 1)
        XCTAssertTrue(missing.first?.message.text.contains("Notes.xcdatamodeld") ?? false, "\(missing)")
        let outcome = Locker.plan(analysis, existing: nil, request: .init())
        XCTAssertEqual(outcome.incomplete.map(\.key), [])
        XCTAssertEqual(outcome.bundlesWithoutCurrent.map(\.key), ["Library.xcdatamodeld"])
        XCTAssertEqual(outcome.recorded, ["Notes.xcdatamodeld/Notes"])
        // Alone, it is not asked for.
        try FileManager.default.removeItem(at: other)
        XCTAssertEqual(try analyze().findings.filter { $0.rule == .lockfileMissing }, [])
    }

    // MARK: Helpers

    func writeVersion(_ file: String, _ bytes: [UInt8]) throws -> String {
        let directory = folder.appendingPathComponent(UUID().uuidString + ".xcdatamodel")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent(file))
        return directory.path
    }

    func write(_ bytes: [UInt8], to version: String, file: String) throws {
        try Data(bytes).write(
            to: folder.appendingPathComponent("App/Library.xcdatamodeld/\(version).xcdatamodel/\(file)"))
    }
}

/// Writes an `elements` archive as Xcode 3 saved them: an `NSKeyedArchiver` binary property list whose objects are
/// Xcode's model classes, each setting the value of a stereotype property.
enum ElementsArchive {
    struct Entity {
        var name: String
        var className = "XDPMEntity"
        var isAbstract = false
        var parent: String?
        var hashModifier: String?
        var renamingIdentifier: String?
        var properties: [Property]

        init(
            name: String, isAbstract: Bool = false, parent: String? = nil, hashModifier: String? = nil,
            renamingIdentifier: String? = nil, properties: [Property]
        ) {
            self.name = name
            self.isAbstract = isAbstract
            self.parent = parent
            self.hashModifier = hashModifier
            self.renamingIdentifier = renamingIdentifier
            self.properties = properties
        }
    }

    struct Property {
        var name: String
        var isRelationship: Bool
        var type = 0
        var optional = false
        var transient = false
        var defaultValue: String?
        var hashModifier: String?
        var renamingIdentifier: String?
        var destination = ""
        var inverse: String?
        var toMany = false
        var deleteRule = 1

        static func attribute(
            _ name: String, type: Int, optional: Bool = false, transient: Bool = false, defaultValue: String? = nil,
            hashModifier: String? = nil, renamingIdentifier: String? = nil
        ) -> Property {
            Property(
                name: name, isRelationship: false, type: type, optional: optional, transient: transient,
                defaultValue: defaultValue, hashModifier: hashModifier, renamingIdentifier: renamingIdentifier)
        }

        static func relationship(
            _ name: String, destination: String, inverse: String?, toMany: Bool = false, optional: Bool,
            deleteRule: Int = 1
        ) -> Property {
            Property(
                name: name, isRelationship: true, optional: optional, destination: destination, inverse: inverse,
                toMany: toMany, deleteRule: deleteRule)
        }
    }

    static func write(_ entities: [Entity]) -> [UInt8] {
        let archive = Builder()
        let model = archive.reserve()
        let package = archive.reserve()
        var entityIDs: [String: Int] = [:]
        for entity in entities { entityIDs[entity.name] = archive.reserve() }
        // Relationship objects first reserved, so inverses can point at each other.
        var relationshipIDs: [String: Int] = [:]
        for entity in entities {
            for property in entity.properties where property.isRelationship {
                relationshipIDs["\(entity.name).\(property.name)"] = archive.reserve()
            }
        }
        for entity in entities {
            var properties: [(String, Int)] = []
            for property in entity.properties {
                let id = relationshipIDs["\(entity.name).\(property.name)"] ?? archive.reserve()
                var settings: [(String, Value)] = [
                    ("XD_PPSK_isOptional", .bool(property.optional)),
                    ("XD_PPSK_isTransient", .bool(property.transient)),
                    ("XD_PPSK_isIndexed", .bool(false)),
                    ("XD_PPSK_versionHashModifier", archive.text(property.hashModifier)),
                    ("XD_PPSK_elementID", archive.text(property.renamingIdentifier)),
                ]
                let stereotype: String
                if property.isRelationship {
                    stereotype = "XDDevRelationshipStereotype"
                    let inverse = property.inverse.flatMap { relationshipIDs["\(property.destination).\($0)"] }
                    settings += [
                        ("XD_PRK_destination", entityIDs[property.destination].map(Value.uid) ?? .uid(0)),
                        ("XD_PRK_inverseRelationship", inverse.map(Value.uid) ?? .uid(0)),
                        ("XD_PRK_isToMany", .bool(property.toMany)),
                        ("XD_PRK_minCount", .int(property.toMany ? 0 : 1)),
                        ("XD_PRK_maxCount", .int(property.toMany ? 0 : 1)),
                        ("XD_PRK_deleteRule", .int(property.deleteRule)),
                        ("XD_PRK_ordered", .bool(false)),
                    ]
                } else {
                    stereotype = "XDDevAttributeStereotype"
                    settings += [
                        ("XD_PAttK_attributeType", .int(property.type)),
                        ("XD_PAttK_defaultValueAsString", archive.text(property.defaultValue)),
                        ("XD_PAttK_allowsExternalBinaryDataStorage", .bool(false)),
                    ]
                }
                archive.set(
                    id,
                    archive.object(
                        property.isRelationship ? "XDPMRelationship" : "XDPMAttribute",
                        [
                            ("_name", archive.string(property.name)), ("_owner", .uid(entityIDs[entity.name]!)),
                            ("_isOrdered", .bool(false)),
                            ("XDBucketForStereotypesstorage", archive.stereotypes([(stereotype, settings)])),
                        ]))
                properties.append((property.name, id))
            }
            var fields: [(String, Value)] = [
                ("_name", archive.string(entity.name)), ("_owner", .uid(package)),
                ("_isAbstract", .bool(entity.isAbstract)),
                ("XDBucketForOwnedAttributesstorage", archive.dictionary(properties.map { ($0.0, .uid($0.1)) })),
                ("XDBucketForStereotypesstorage", archive.stereotypes([
                    ("XDDevEntityStereotype", [
                        ("XD_PSK_isAbstract", .bool(entity.isAbstract)),
                        ("XD_PSK_versionHashModifier", archive.text(entity.hashModifier)),
                        ("XD_PSK_elementID", archive.text(entity.renamingIdentifier)),
                        ("XD_PSK_entityClassName", archive.string("NSManagedObject")),
                    ])
                ])),
            ]
            let generalizations = entity.parent.map { parent in
                [archive.add(archive.object("XDUMLGeneralizationImp", [
                    ("_general", .uid(entityIDs[parent]!)), ("_specific", .uid(entityIDs[entity.name]!)),
                ]))]
            } ?? []
            fields.append(("XDBucketForGeneralizationsstorage", archive.array(generalizations.map(Value.uid))))
            archive.set(entityIDs[entity.name]!, archive.object(entity.className, fields))
        }
        archive.set(
            package,
            archive.object("XDModelPackage", [
                ("_name", archive.string("")), ("_xd_owningModel", .uid(model)),
                ("XDBucketForClassesstorage",
                 archive.dictionary(entities.map { ($0.name, .uid(entityIDs[$0.name]!)) })),
                ("XDBucketForPackagesstorage", archive.dictionary([])),
            ]))
        archive.set(
            model,
            archive.object("XDPMModel", [
                ("_xd_rootPackage", .uid(package)), ("_modelVersionIdentifier", archive.string("")),
                ("_configurationsByName", archive.dictionary([])),
                ("_xd_modelName", archive.string("untitled.xcdatamodel")),
            ]))
        return archive.bytes(root: model)
    }

    indirect enum Value {
        case string(String), int(Int), bool(Bool), uid(Int), array([Value]), dictionary([(String, Value)])
    }

    /// The `$objects` of a keyed archive being built: index 0 is `$null`.
    final class Builder {
        var objects: [Value] = [.string("$null")]
        var classes: [String: Int] = [:]

        func reserve() -> Int {
            objects.append(.string("$reserved"))
            return objects.count - 1
        }

        func set(_ index: Int, _ value: Value) { objects[index] = value }

        func add(_ value: Value) -> Int {
            objects.append(value)
            return objects.count - 1
        }

        func string(_ text: String) -> Value { .uid(add(.string(text))) }
        func text(_ text: String?) -> Value { text.map(string) ?? .uid(0) }

        func classReference(_ name: String) -> Value {
            if let known = classes[name] { return .uid(known) }
            let index = add(.dictionary([("$classname", .string(name)), ("$classes", .array([.string(name)]))]))
            classes[name] = index
            return .uid(index)
        }

        func object(_ className: String, _ fields: [(String, Value)]) -> Value {
            .dictionary([("$class", classReference(className))] + fields)
        }

        func dictionary(_ entries: [(String, Value)]) -> Value {
            .uid(add(object("NSMutableDictionary", [
                ("NS.keys", .array(entries.map { string($0.0) })), ("NS.objects", .array(entries.map(\.1))),
            ])))
        }

        func array(_ items: [Value]) -> Value {
            .uid(add(object("NSMutableArray", [("NS.objects", .array(items))])))
        }

        /// Stereotypes by name, each owning one property per setting whose `_default` is the value.
        func stereotypes(_ list: [(String, [(String, Value)])]) -> Value {
            dictionary(list.map { name, settings in
                let owned = dictionary(settings.map { key, value in
                    (key, .uid(add(object("XDUMLPropertyImp", [("_name", string(key)), ("_default", value)]))))
                })
                return (name, .uid(add(object("XDUMLStereotypeImp", [
                    ("_name", string(name)), ("XDBucketForOwnedAttributesstorage", owned),
                ]))))
            })
        }

        func bytes(root: Int) -> [UInt8] {
            let top: Value = .dictionary([
                ("$version", .int(100_000)), ("$archiver", .string("NSKeyedArchiver")),
                ("$top", .dictionary([("root", .uid(root))])), ("$objects", .array(objects)),
            ])
            return BinaryPlistWriter.write(top)
        }
    }
}

/// A minimal `bplist00` writer: every value its own object, references two bytes wide, offsets four.
enum BinaryPlistWriter {
    static func write(_ root: ElementsArchive.Value) -> [UInt8] {
        var encoded: [[UInt8]] = []
        func reference(_ value: ElementsArchive.Value) -> Int {
            let index = encoded.count
            encoded.append([])
            var bytes: [UInt8]
            switch value {
            case let .string(text):
                bytes = header(0x5, Array(text.utf8).count) + Array(text.utf8)
            case let .int(number):
                bytes = [0x13] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(number) >> ($0 * 8)) }
            case let .bool(flag):
                bytes = [flag ? 0x09 : 0x08]
            case let .uid(number):
                bytes = [0x81, UInt8(number >> 8), UInt8(number & 0xFF)]
            case let .array(items):
                let refs = items.map(reference)
                bytes = header(0xA, refs.count) + refs.flatMap(two)
            case let .dictionary(entries):
                let keys = entries.map { reference(.string($0.0)) }
                let values = entries.map { reference($0.1) }
                bytes = header(0xD, entries.count) + keys.flatMap(two) + values.flatMap(two)
            }
            encoded[index] = bytes
            return index
        }
        _ = reference(root)
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in encoded {
            offsets.append(output.count)
            output += object
        }
        let table = output.count
        for offset in offsets { output += four(offset) }
        output += [0, 0, 0, 0, 0, 0, 4, 2]
        output += eight(encoded.count) + eight(0) + eight(table)
        return output
    }

    private static func header(_ kind: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F, 0x12] + four(count)
    }

    private static func two(_ value: Int) -> [UInt8] { big(value, 2) }
    private static func four(_ value: Int) -> [UInt8] { big(value, 4) }
    private static func eight(_ value: Int) -> [UInt8] { big(value, 8) }

    private static func big(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }
}
