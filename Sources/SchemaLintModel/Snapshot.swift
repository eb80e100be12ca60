
/// A readable, canonical description of what one version stores: the lockfile keeps it so a later run can say
/// exactly what changed without the old source, and the fingerprint is the SHA-256 of its canonical text.
public struct EntitySnapshot: Codable, Hashable, Sendable {
    public var name: String
    public var superentity: String?
    public var properties: [PropertySnapshot]
    public var unique: [String]?
    public var indexes: [String]?
    /// Store models only (verify-store compares them through snapshots): Core Data's abstract flag and entity hash
    /// modifier, which SwiftData never sets. Neither lockfiles nor the fingerprint hold them.
    public var abstract: Bool? = nil
    public var hashModifier: String? = nil
    /// Core Data only: the entity's renaming identifier (`elementID`), the name migration pairs it by with an entity
    /// of the other version. Recorded only when set, so SwiftData's lockfiles and fingerprints never hold it.
    public var originalName: String? = nil

    public init(
        name: String, superentity: String?, properties: [PropertySnapshot], unique: [String]?,
        indexes: [String]?
    ) {
        self.name = name
        self.superentity = superentity
        self.properties = properties
        self.unique = unique
        self.indexes = indexes
    }

    enum CodingKeys: String, CodingKey { case name, superentity, properties, unique, indexes, originalName }
}

public struct PropertySnapshot: Codable, Hashable, Sendable {
    public var name: String
    public var kind: PropertyKind
    /// Storage: `String`, `Date`, `Transformable([String])`, `Composite(Address){city: String?}`, or for a
    /// relationship its destination entity, `[Category]` for to-many.
    public var type: String
    public var optional: Bool
    public var hasDefault: Bool
    public var options: [String]?
    public var originalName: String?
    public var hashModifier: String?
    public var inverse: String?
    public var deleteRule: String?
    public var minCount: Int?
    public var maxCount: Int?

    public init(
        name: String, kind: PropertyKind, type: String, optional: Bool, hasDefault: Bool, options: [String]? = nil,
        originalName: String? = nil, hashModifier: String? = nil, inverse: String? = nil, deleteRule: String? = nil,
        minCount: Int? = nil, maxCount: Int? = nil
    ) {
        self.name = name
        self.kind = kind
        self.type = type
        self.optional = optional
        self.hasDefault = hasDefault
        self.options = options
        self.originalName = originalName
        self.hashModifier = hashModifier
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.minCount = minCount
        self.maxCount = maxCount
    }
}

/// What a snapshot property is; written as `attribute` / `relationship` in lockfiles and the fingerprint.
public enum PropertyKind: String, Codable, Sendable, Hashable {
    case attribute, relationship
}

/// A relationship's cardinality.
public enum Cardinality: Sendable, Hashable {
    case toOne, toMany
}

extension PropertySnapshot {
    /// A relationship's cardinality: the snapshot writes a to-many destination as `[Entity]`. Nil for attributes.
    public var cardinality: Cardinality? {
        guard kind == .relationship else { return nil }
        return type.hasPrefix("[") ? .toMany : .toOne
    }
}

public enum Fingerprint {
    /// Tag of the canonical form below. Bump it when the form changes, so old lockfiles are recognised as such.
    public static let algorithm = "sl1"

    /// One line per fact, in a fixed order (docs/hashing.md documents it).
    public static func canonicalText(_ entities: [EntitySnapshot]) -> String {
        var lines = ["schemalint-fingerprint \(algorithm)"]
        for entity in entities.sorted(by: { $0.name < $1.name }) {
            lines.append("entity \(entity.name) super=\(entity.superentity ?? "")")
            for constraint in entity.unique ?? [] { lines.append(" unique \(constraint)") }
            for index in entity.indexes ?? [] { lines.append(" index \(index)") }
            for property in entity.properties.sorted(by: { $0.name < $1.name }) {
                var fields = [
                    "kind=\(property.kind.rawValue)", "type=\(property.type)", "optional=\(property.optional)",
                    "default=\(property.hasDefault)", "options=\((property.options ?? []).joined(separator: ","))",
                    "originalName=\(property.originalName ?? "")", "hashModifier=\(property.hashModifier ?? "")",
                ]
                if property.kind == .relationship {
                    fields += [
                        "inverse=\(property.inverse ?? "")", "deleteRule=\(property.deleteRule ?? "")",
                        "min=\(property.minCount.map(String.init) ?? "")",
                        "max=\(property.maxCount.map(String.init) ?? "")",
                    ]
                }
                lines.append(" property \(property.name) \(fields.joined(separator: " "))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func fingerprint(_ entities: [EntitySnapshot]) -> String {
        "\(algorithm):" + Hex.encode(Array(SHA256.hash(data: Array(canonicalText(entities).utf8))))
    }
}

extension AttributeStorage {
    /// The storage as the snapshot writes it.
    var snapshotType: String {
        switch self {
        case let .scalar(_, swiftType): return swiftType
        case let .transformable(swiftType, _): return "Transformable(\(swiftType))"
        case let .encoded(swiftType, _): return "Data(\(swiftType))"
        case let .composite(swiftType, elements, _):
            let name = swiftType.split(separator: ".").last.map(String.init) ?? swiftType
            let fields = elements.sorted { $0.name < $1.name }
                .map { "\($0.name): \($0.storage.snapshotType)\($0.isOptional ? "?" : "")" }
            return "Composite(\(name)){\(fields.joined(separator: ", "))}"
        case let .unknown(swiftType, _): return "Unknown(\(swiftType))"
        }
    }
}
