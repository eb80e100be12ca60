import Foundation
import SchemaLintModel

/// Reads the data models an `.xcmappingmodel` embeds (`xcmapping.xml`'s `sourcemodeldata` and `destinationmodeldata`):
/// base64 of a binary keyed archive of Xcode's own model classes, not of `NSManagedObjectModel`. The model
/// (`XDPMModel`) has a root package whose classes are the entities (`XDPMEntity`), each with its own properties
/// (`XDPMAttribute`, `XDPMRelationship`, as LoopKit's and BookPlayer's mapping models show them); what Xcode's
/// inspector shows of each (optional, transient, attribute type, hash modifier) is kept as the default values of
/// "stereotype" properties (`XD_PPSK_isOptional`, `XD_PAttK_attributeType`, ...). Only what `EmbeddedModel` holds is
/// read; anything else in the archive is left alone, and an archive not shaped this way is refused, never guessed at.
public enum ArchivedDataModel {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// How many embedded models this process has decoded (or tried to): the benchmark checks that a run with a
    /// lockfile that vouches for every mapping model decodes none.
    public static var decodedCount: Int { decodes.value }
    private static let decodes = DecodeCounter()

    private final class DecodeCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
        func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }
    }

    /// The model a base64 text (as `xcmapping.xml` holds it, line breaks and all) stands for.
    public static func decode(base64 text: String) throws -> EmbeddedModel {
        decodes.increment()
        // Line breaks and indentation are skipped with anything else outside the alphabet (filtering a megabyte of
        // text first costs more than the rest): what is not the archive is refused as a property list below.
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !data.isEmpty else {
            throw Failure(description: "its embedded model is not base64")
        }
        return try decode([UInt8](data))
    }

    public static func decode(_ bytes: [UInt8]) throws -> EmbeddedModel {
        let archive: KeyedArchive
        do {
            archive = try KeyedArchive(try BinaryPropertyList.decode(bytes))
        } catch {
            throw Failure(description: "its embedded model is not a keyed archive (\(error))")
        }
        guard let model = archive.root, model.className == "XDPMModel",
            let package = model.object("_xd_rootPackage"), let classes = package.object("XDBucketForClassesstorage")
        else {
            throw Failure(description: "its embedded model is not an Xcode data model archive schemalint knows")
        }
        var entities: [String: EmbeddedModel.Entity] = [:]
        for entity in classes.dictionaryValues() where entity.className == "XDPMEntity" {
            guard let name = entity.string("_name"), !name.isEmpty else {
                throw Failure(description: "its embedded model has an entity without a name")
            }
            let traits = entity.stereotypeValues()
            var properties: [String: EmbeddedModel.Property] = [:]
            guard let owned = entity.object("XDBucketForOwnedAttributesstorage") else {
                throw Failure(description: "its embedded model's entity \(name) lists no properties")
            }
            for property in owned.dictionaryValues() {
                guard let propertyName = property.string("_name"), let kind = property.className else { continue }
                let isAttribute = kind == "XDPMAttribute"
                // Fetched properties (and anything else that is not stored) are not part of what a store holds.
                guard isAttribute || kind.contains("Relationship") else { continue }
                let values = property.stereotypeValues()
                if values["XD_PPSK_isTransient"]?.isTrue == true { continue }
                var type: Int32?
                if isAttribute {
                    guard let code = values["XD_PAttK_attributeType"]?.integer, let code32 = Int32(exactly: code) else {
                        throw Failure(
                            description: "its embedded model gives \(name).\(propertyName) no attribute type")
                    }
                    type = code32
                }
                properties[propertyName] = EmbeddedModel.Property(
                    isRelationship: !isAttribute, isOptional: values["XD_PPSK_isOptional"]?.isTrue ?? false,
                    hashModifier: values["XD_PPSK_versionHashModifier"]?.string.flatMap { $0.isEmpty ? nil : $0 },
                    attributeType: type,
                    allowsExternalBinaryDataStorage:
                        values["XD_PAttK_allowsExternalBinaryDataStorage"]?.isTrue ?? false)
            }
            entities[name] = EmbeddedModel.Entity(
                isAbstract: traits["XD_PSK_isAbstract"]?.isTrue ?? entity.bool("_isAbstract"),
                hashModifier: traits["XD_PSK_versionHashModifier"]?.string.flatMap { $0.isEmpty ? nil : $0 },
                properties: properties)
        }
        return EmbeddedModel(entities: entities)
    }
}

extension ArchivedObject {
    /// The values of an archived dictionary (`NS.keys`, `NS.objects`), as objects.
    public func dictionaryValues() -> [ArchivedObject] {
        (fields["NS.objects"]?.array ?? []).compactMap(archive.object)
    }

    /// An element's stereotype settings by key: each stereotype's owned properties' default values, merged.
    public func stereotypeValues() -> [String: PropertyListValue] {
        stereotypeSettings().compactMapValues { $0.value("_default") }
    }

    /// An element's stereotype settings by key, as the archived settings (`XDUMLPropertyImp`) whose `_default` holds
    /// the value: an object value (a relationship's destination entity) is read from them with `object("_default")`.
    public func stereotypeSettings() -> [String: ArchivedObject] {
        var settings: [String: ArchivedObject] = [:]
        guard let stereotypes = object("XDBucketForStereotypesstorage") else { return settings }
        for stereotype in stereotypes.dictionaryValues() {
            guard let owned = stereotype.object("XDBucketForOwnedAttributesstorage") else { continue }
            let keys = owned.fields["NS.keys"]?.array ?? []
            let objects = owned.fields["NS.objects"]?.array ?? []
            for (key, object) in zip(keys, objects) {
                guard let name = archive.resolve(key)?.string, let setting = archive.object(object) else { continue }
                settings[name] = setting
            }
        }
        return settings
    }
}

extension PropertyListValue {
    /// A flag as archives keep them: a boolean, or a number.
    public var isTrue: Bool? {
        switch self {
        case let .bool(flag): return flag
        case let .integer(number): return number != 0
        default: return nil
        }
    }
}
