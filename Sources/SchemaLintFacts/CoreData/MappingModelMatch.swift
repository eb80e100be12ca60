import Foundation
import SchemaLintModel

/// Whether a mapping model still matches the versions it names. Xcode compiles a mapping model from the source and
/// destination models it embeds (as they were when it was made or last reloaded), and Core Data uses the compiled
/// mapping only for a store and a model whose entity hashes it was compiled with: one made before either version last
/// changed maps nothing (LoopKit added an entity to `Modelv4` without regenerating its `Model` → `Modelv4` mapping).
///
/// The embedded models are compared with the versions as far as `EmbeddedModel` reads them: entities, their abstract
/// flag and hash modifier (when the version's file was read, not taken from the lockfile), and each entity's own
/// attributes and relationships with optionality, hash modifier, attribute type and external storage. What is not
/// read (relationship destinations and counts, parents, uniqueness constraints) is not compared.
package enum MappingModelMatch {
    /// What changed in the versions since the mapping model was made, each line naming its version
    /// (`Modelv4: CgmEvent added`); empty when they match or cannot be compared (no embedded models, a version
    /// missing or unreadable).
    package static func changes(_ mapping: MappingModelFile, in bundle: ModelBundle) -> [String] {
        guard let embedded = mapping.embedded, let sourceName = mapping.source,
            let destinationName = mapping.destination,
            let source = bundle.version(named: sourceName), let destination = bundle.version(named: destinationName),
            let sourceChanges = changes(from: embedded.source, to: source),
            let destinationChanges = changes(from: embedded.destination, to: destination)
        else { return [] }
        return sourceChanges.map { "\(sourceName): \($0)" } + destinationChanges.map { "\(destinationName): \($0)" }
    }

    /// From the embedded model to the version as it is; nil when the version could not be read.
    static func changes(from embedded: EmbeddedModel, to version: ModelBundleVersion) -> [String]? {
        guard version.problem == nil else { return nil }
        let snapshots: [EntitySnapshot]
        if version.isRecorded {
            snapshots = version.entityStates.values.map(\.snapshot)
        } else {
            snapshots = version.schema.entities.map { entity in
                version.entityStates[entity.name]?.snapshot
                    ?? VersionAnalysis.bundleSnapshot(of: entity, details: version.details)
            }
        }
        let then = embedded.entities.map { name, entity in
            EntitySnapshot(
                name: name, superentity: nil,
                properties: entity.properties.map { comparable($0.key, $0.value) }.sorted { $0.name < $1.name },
                unique: nil, indexes: nil)
        }.sorted { $0.name < $1.name }
        let now = ownProperties(snapshots).sorted { $0.name < $1.name }
        var lines = SnapshotDiff.changes(from: then, to: now).map(\.text)
        if !version.isRecorded {
            for entity in version.schema.entities {
                guard let old = embedded.entities[entity.name] else { continue }
                if old.isAbstract != entity.isAbstract {
                    lines.append("\(entity.name) \(entity.isAbstract ? "became" : "is no longer") abstract")
                }
                if old.hashModifier != entity.versionHashModifier {
                    lines.append(
                        "\(entity.name)'s hash modifier changed from \(old.hashModifier ?? "none") to "
                            + "\(entity.versionHashModifier ?? "none")")
                }
            }
        }
        return lines
    }

    /// Each entity with only the properties it declares (a sub-entity's snapshot holds its parent's too, which the
    /// embedded model lists on the parent alone), each as `comparable` words it.
    private static func ownProperties(_ snapshots: [EntitySnapshot]) -> [EntitySnapshot] {
        let byName = Dictionary(snapshots.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return snapshots.map { entity in
            let inherited = Set(entity.superentity.flatMap { byName[$0] }?.properties.map(\.name) ?? [])
            return EntitySnapshot(
                name: entity.name, superentity: nil,
                properties: entity.properties.filter { !inherited.contains($0.name) }.map(comparable),
                unique: nil, indexes: nil)
        }
    }

    /// The placeholder type of a relationship: the embedded model's destination and counts are not read.
    private static let relationship = "relationship"

    /// A property of the embedded model as a snapshot holding only what both sides say.
    private static func comparable(_ name: String, _ property: EmbeddedModel.Property) -> PropertySnapshot {
        PropertySnapshot(
            name: name, kind: property.isRelationship ? .relationship : .attribute,
            type: property.attributeType.map(StandardTypeStorage.typeName) ?? relationship,
            optional: property.isOptional,
            hasDefault: false, options: property.allowsExternalBinaryDataStorage ? ["externalStorage"] : nil,
            hashModifier: property.hashModifier)
    }

    /// A version's property reduced to what the embedded model says: a derived attribute by its result type, a
    /// composite by its type code alone.
    private static func comparable(_ property: PropertySnapshot) -> PropertySnapshot {
        var type = property.type
        if property.kind == .relationship {
            type = relationship
        } else if type.hasPrefix("Composite") {
            type = StandardTypeStorage.typeName(2100)
        } else if type.hasPrefix("Derived "), let end = type.range(of: " = ") {
            type = String(type[type.index(type.startIndex, offsetBy: "Derived ".count)..<end.lowerBound])
        }
        let external = property.options?.contains("externalStorage") == true
        return PropertySnapshot(
            name: property.name, kind: property.kind, type: type, optional: property.optional, hasDefault: false,
            options: external ? ["externalStorage"] : nil, hashModifier: property.hashModifier)
    }
}
