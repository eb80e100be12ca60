import SchemaLintModel
import SchemaLintStore

/// Reads a model version saved before Xcode 4: an `.xcdatamodel` folder holding a binary `elements` file (and the
/// diagram's `layout`) instead of `contents` XML. `momc` still compiles it, so apps ship it.
///
/// `elements` is an `NSKeyedArchiver` archive of Xcode's own model classes, the ones a mapping model embeds (see
/// `ArchivedDataModel`), as OpenEmu's `OEDatabase`, Apple's Recipes and CoreDataBooks samples save them: the root
/// `XDPMModel` has a package (`XDModelPackage`) whose `XDBucketForClassesstorage` holds the entities (`XDPMEntity`),
/// each with its parent through a generalization (`XDUMLGeneralizationImp._general`) and its properties
/// (`XDPMAttribute`, `XDPMRelationship`) in `XDBucketForOwnedAttributesstorage`. What the inspector shows of each is
/// kept as stereotype settings: `XD_PSK_isAbstract`, `XD_PSK_versionHashModifier`, `XD_PSK_elementID` (renaming
/// identifier) for entities; `XD_PPSK_isOptional`, `XD_PPSK_isTransient`, `XD_PPSK_versionHashModifier`,
/// `XD_PPSK_elementID` for properties; `XD_PAttK_attributeType` (Core Data's type code),
/// `XD_PAttK_defaultValueAsString`, `XD_PAttK_allowsExternalBinaryDataStorage` for attributes; `XD_PRK_destination`
/// and `XD_PRK_inverseRelationship` (objects), `XD_PRK_minCount`, `XD_PRK_maxCount`, `XD_PRK_isToMany`,
/// `XD_PRK_ordered` and `XD_PRK_deleteRule` (Core Data's `NSDeleteRule`) for relationships.
///
/// The version is read into the same `ManagedModel` and `ModelDetails` as `contents` (`ModelContentsReader`), so it
/// is hashed, locked and diffed like any other; OpenEmu's last `elements` and the `contents` it was converted to
/// next give the same entity hashes. An archive not shaped this way (damaged, a class schemalint does not know) is
/// never guessed at: the version gets a `problem` and `isUnsupportedFormat`, and `lock` records its bytes' digest.
public enum LegacyElementsReader {
    /// Which reading of `elements` files this is, written into their digests (`digest(of:)`): raise it whenever a
    /// release reads the same bytes into other hashes.
    public static let readingRevision = 1

    /// The digest of an `elements` file's bytes, recorded as a version's `contents` digest: it names the format, so
    /// it never equals a `contents` digest.
    public static func digest(of bytes: [UInt8]) -> String {
        "elements-\(readingRevision)/" + ContentsDigest.of(bytes)
    }

    struct Failure: Error {
        var reason: String
    }

    /// `file`: the `elements` file as output shows it. Every location points to its first line (a binary file has
    /// no other).
    public static func read(_ bytes: [UInt8], name: String, file: String) -> ModelBundleVersion {
        let location = SourceLocation(file: file, line: 1, column: 1)
        var version: ModelBundleVersion
        do {
            version = try decode(bytes, name: name, location: location)
        } catch let failure as Failure {
            version = unreadable(name: name, location: location, reason: failure.reason)
        } catch {
            version = unreadable(name: name, location: location, reason: "cannot be read (\(error))")
        }
        version.contentsDigest = digest(of: bytes)
        return version
    }

    /// A version whose `elements` file is there but cannot be read.
    static func unreadable(name: String, location: SourceLocation, reason: String) -> ModelBundleVersion {
        var version = ModelBundleVersion(
            name: name, location: location, identifier: nil, schema: ManagedModel(entities: []),
            details: ModelDetails(), uncertainties: [],
            problem: "is an Xcode 3 model (a binary `elements` file, no `contents`) that schemalint cannot read: "
                + reason)
        version.isUnsupportedFormat = true
        return version
    }

    private static func decode(_ bytes: [UInt8], name: String, location: SourceLocation) throws -> ModelBundleVersion {
        let archive: KeyedArchive
        do {
            archive = try KeyedArchive(try BinaryPropertyList.decode(bytes))
        } catch {
            throw Failure(reason: "it is not a keyed archive (\(error))")
        }
        guard let model = archive.root, model.className == "XDPMModel" else {
            throw Failure(reason: "its root is not an Xcode data model (XDPMModel)")
        }
        guard let package = model.object("_xd_rootPackage"), package.className == "XDModelPackage",
            let classes = package.object("XDBucketForClassesstorage")
        else {
            throw Failure(reason: "its model has no package of entities")
        }
        if let packages = package.object("XDBucketForPackagesstorage"), !packages.dictionaryValues().isEmpty {
            throw Failure(reason: "its model nests packages, which schemalint does not read")
        }
        var details = ModelDetails()
        var entities: [ManagedEntity] = []
        for entity in classes.dictionaryValues() {
            entities.append(try read(entity: entity, details: &details))
        }
        if let problem = ModelContentsReader.inheritanceProblem(entities, lines: details.entityLines) {
            throw Failure(reason: problem.reason)
        }
        let identifier = model.string("_modelVersionIdentifier").flatMap { $0.isEmpty ? nil : $0 }
        return ModelBundleVersion(
            name: name, location: location, identifier: identifier,
            schema: ManagedModel(entities: entities).inheritingProperties(),
            details: ModelContentsReader.inheritingDetails(details, entities: entities), uncertainties: [])
    }

    private static func read(entity: ArchivedObject, details: inout ModelDetails) throws -> ManagedEntity {
        guard entity.className == "XDPMEntity" else {
            throw Failure(reason: "its model holds a \(entity.className ?? "object of no class") among its entities")
        }
        guard let name = entity.string("_name"), !name.isEmpty else {
            throw Failure(reason: "an entity has no name")
        }
        guard details.entityLines[name] == nil else { throw Failure(reason: "entity \(name) is there twice") }
        details.entityLines[name] = 1
        let settings = entity.stereotypeSettings()
        if let renaming = text(settings["XD_PSK_elementID"]) { details.renamingIdentifiers[name] = renaming }
        let parents = entity.objects("XDBucketForGeneralizationsstorage").map { $0.object("_general") }
        guard parents.count <= 1 else { throw Failure(reason: "entity \(name) has more than one parent entity") }
        var superentity: String?
        if let parent = parents.first {
            guard let parentName = parent?.string("_name"), !parentName.isEmpty else {
                throw Failure(reason: "entity \(name)'s parent entity has no name")
            }
            superentity = parentName
        }
        var properties: [ManagedProperty] = []
        for property in entity.object("XDBucketForOwnedAttributesstorage")?.dictionaryValues() ?? [] {
            if let read = try read(property: property, entity: name, details: &details) { properties.append(read) }
        }
        return ManagedEntity(
            name: name,
            isAbstract: settings["XD_PSK_isAbstract"]?.value("_default")?.isTrue ?? entity.bool("_isAbstract"),
            superentity: superentity, properties: properties.sorted { $0.name < $1.name },
            versionHashModifier: text(settings["XD_PSK_versionHashModifier"]), uniquenessConstraints: [])
    }

    /// nil for what a store does not hold: transient properties and fetched properties.
    private static func read(property: ArchivedObject, entity: String, details: inout ModelDetails) throws
        -> ManagedProperty?
    {
        guard let name = property.string("_name"), !name.isEmpty else {
            throw Failure(reason: "a property of entity \(entity) has no name")
        }
        let kind = property.className ?? ""
        if kind.contains("FetchedProperty") { return nil }
        guard kind == "XDPMAttribute" || kind == "XDPMRelationship" else {
            throw Failure(reason: "\(entity).\(name) is a \(kind.isEmpty ? "property of no class" : kind), "
                + "which schemalint does not know")
        }
        let settings = property.stereotypeSettings()
        func flag(_ key: String) -> Bool { settings[key]?.value("_default")?.isTrue ?? false }
        func number(_ key: String) -> Int64? { settings[key]?.value("_default")?.integer }
        if flag("XD_PPSK_isTransient") { return nil }
        let key = "\(entity).\(name)"
        details.propertyLines[key] = 1
        if let renaming = text(settings["XD_PPSK_elementID"]) { details.renamingIdentifiers[key] = renaming }
        let optional = flag("XD_PPSK_isOptional")
        let modifier = text(settings["XD_PPSK_versionHashModifier"])
        if kind == "XDPMAttribute" {
            guard let code = number("XD_PAttK_attributeType"), let type = Int32(exactly: code),
                ModelContentsReader.attributeTypes.values.contains(type), type != 2100
            else {
                throw Failure(reason: "\(key) has an attribute type schemalint does not know")
            }
            if settings["XD_PAttK_defaultValueAsString"]?.value("_default")?.string != nil {
                details.defaults.insert(key)
            }
            return ManagedProperty(
                name: name, isOptional: optional, versionHashModifier: modifier,
                kind: .attribute(
                    type: type, allowsExternalBinaryDataStorage: flag("XD_PAttK_allowsExternalBinaryDataStorage"),
                    preservesValueInHistoryOnDeletion: false))
        }
        guard let destination = settings["XD_PRK_destination"]?.object("_default")?.string("_name"),
            !destination.isEmpty
        else {
            throw Failure(reason: "relationship \(key) has no destination entity")
        }
        let toMany = flag("XD_PRK_isToMany")
        let rules = ["No Action", "Nullify", "Cascade", "Deny"]
        let rule = number("XD_PRK_deleteRule").flatMap { Int(exactly: $0) }
        details.deleteRules[key] = rule.flatMap { rules.indices.contains($0) ? rules[$0] : nil } ?? "Nullify"
        let minCount = number("XD_PRK_minCount").flatMap { Int32(exactly: $0) } ?? 0
        let maxCount = number("XD_PRK_maxCount").flatMap { Int32(exactly: $0) } ?? (toMany ? 0 : 1)
        var inverse = settings["XD_PRK_inverseRelationship"]?.object("_default")?.string("_name")
            .flatMap { $0.isEmpty ? nil : $0 }
        // A relationship that is its own inverse is hashed without one (as `ModelContentsReader` does).
        if inverse == name, destination == entity { inverse = nil }
        return ManagedProperty(
            name: name, isOptional: optional, versionHashModifier: modifier,
            kind: .relationship(
                destination: destination, inverse: inverse, minCount: minCount, maxCount: maxCount,
                isOrdered: flag("XD_PRK_ordered")))
    }

    /// A setting's text, nil when unset or empty.
    private static func text(_ setting: ArchivedObject?) -> String? {
        setting?.string("_default").flatMap { $0.isEmpty ? nil : $0 }
    }
}
