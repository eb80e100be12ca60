/// A managed object model as Core Data sees it: what SwiftData writes into a store and what the version hashes
/// are computed from. Built from Swift source by `ManagedModelBuilder`; a store's cached model decodes to the same
/// shape.
public struct ManagedModel: Sendable, Hashable {
    public var entities: [ManagedEntity]
    public init(entities: [ManagedEntity]) { self.entities = entities.sorted { $0.name < $1.name } }
}

public struct ManagedEntity: Sendable, Hashable {
    public var name: String
    public var isAbstract: Bool = false
    public var superentity: String?
    public var properties: [ManagedProperty]
    public var versionHashModifier: String?
    /// Uniqueness constraints, each a list of property names.
    public var uniquenessConstraints: [[String]]

    public init(
        name: String, isAbstract: Bool = false, superentity: String? = nil, properties: [ManagedProperty],
        versionHashModifier: String? = nil, uniquenessConstraints: [[String]] = []
    ) {
        self.name = name
        self.isAbstract = isAbstract
        self.superentity = superentity
        self.properties = properties
        self.versionHashModifier = versionHashModifier
        self.uniquenessConstraints = uniquenessConstraints
    }
}

public struct ManagedProperty: Sendable, Hashable {
    public var name: String
    public var isOptional: Bool
    public var isTransient: Bool = false
    public var isReadOnly: Bool = false
    public var versionHashModifier: String?
    public var kind: Kind

    public indirect enum Kind: Sendable, Hashable {
        case attribute(type: Int32, allowsExternalBinaryDataStorage: Bool, preservesValueInHistoryOnDeletion: Bool)
        case composite(elements: [ManagedProperty])
        case relationship(destination: String, inverse: String?, minCount: Int32, maxCount: Int32, isOrdered: Bool)
        /// A Core Data derived attribute (never written by SwiftData): its hash covers only the printed derivation
        /// expression, as `NSExpression.predicateFormat` renders it (one with a filtering predicate is not
        /// recomputed: see `CachedModel.unverifiable`).
        case derived(type: Int32, expression: String?)
    }

    public init(
        name: String, isOptional: Bool, isTransient: Bool = false, isReadOnly: Bool = false,
        versionHashModifier: String? = nil, kind: Kind
    ) {
        self.name = name
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isReadOnly = isReadOnly
        self.versionHashModifier = versionHashModifier
        self.kind = kind
    }
}

extension ManagedModel {
    /// Core Data hashes a subentity over all its properties, inherited ones included. Model files list only an
    /// entity's own properties, and archived models usually list all of them: this fills in the missing ones, so both
    /// hash the same.
    public func inheritingProperties() -> ManagedModel {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func all(_ entity: ManagedEntity, depth: Int) -> [ManagedProperty] {
            guard depth < 64, let parentName = entity.superentity, let parent = byName[parentName] else {
                return entity.properties
            }
            var merged = Dictionary(
                all(parent, depth: depth + 1).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for property in entity.properties { merged[property.name] = property }
            return merged.values.sorted { $0.name < $1.name }
        }
        return ManagedModel(
            entities: entities.map { entity in
                var copy = entity
                copy.properties = all(entity, depth: 0)
                return copy
            })
    }
}
