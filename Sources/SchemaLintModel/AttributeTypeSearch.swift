/// Learns SwiftData's storage for a construct no real store has shown yet, from a store that holds it: each
/// uncertain attribute (a model's own or a composite's element) gets the Core Data types SwiftData could plausibly
/// give it, and every combination is hashed for the entities whose hash differs from the store's. One combination
/// reproducing an entity's hash explains it; none or several are said as they are. Entities hash independently, so
/// the search stays per entity and small.
public enum AttributeTypeSearch {
    /// An attribute whose storage is uncertain, and the Core Data attribute types it may have.
    public struct Candidate: Sendable, Hashable {
        public var entity: String
        /// The attribute, or a composite's element: `compiledTags.flavors`.
        public var property: String
        public var swiftType: String
        public var codes: [Int32]

        /// The property, then the composite elements leading to the attribute.
        var path: [String] { property.split(separator: ".").map(String.init) }
    }

    public enum Outcome: Sendable, Equatable {
        /// Exactly one assignment reproduces the store's entity hash: property → Core Data type code.
        case explained([String: Int32])
        /// Several do: the store cannot tell them apart.
        case several(Int)
        /// None does: the difference is not (only) in the uncertain storages.
        case none
    }

    /// The most combinations tried for one entity.
    static let limit = 4096

    /// Candidate storages for an attribute whose storage no store has shown; empty when it is certain.
    static func codes(for storage: AttributeStorage) -> (swiftType: String, codes: [Int32])? {
        switch storage {
        case let .unknown(swiftType, _):
            let base = swiftType.hasSuffix("?") ? String(swiftType.dropLast()) : swiftType
            let name = StandardTypeStorage.canonicalName(base.split(separator: ".").map(String.init)) ?? base
            switch name {
            case "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Int8": return (swiftType, [100, 200, 300])
            case "CGFloat": return (swiftType, [500, 600, 1000])
            case "Character": return (swiftType, [700, 1000])
            default: return name.hasPrefix("Set<") ? (swiftType, [1800, 1000]) : nil
            }
        case .transformable(let swiftType, .some):
            return (swiftType, [1800, 1000])
        case .encoded(let swiftType, .some):
            return (swiftType, [1000, 1800])
        default:
            return nil
        }
    }

    /// The uncertain attributes of a version's models, top-level or inside composites.
    public static func candidates(in version: SchemaVersion, project: Project) -> [Candidate] {
        version.allEntities.compactMap { project.entity($0) }.flatMap { entity in
            entity.properties.flatMap { property -> [Candidate] in
                guard case let .attribute(storage) = property.kind else { return [] }
                return candidates(storage, at: property.name, entity: entity.name)
            }
        }
    }

    private static func candidates(_ storage: AttributeStorage, at place: String, entity: String) -> [Candidate] {
        if case let .composite(_, elements, _) = storage {
            return elements.flatMap { candidates($0.storage, at: "\(place).\($0.name)", entity: entity) }
        }
        guard let found = codes(for: storage) else { return [] }
        return [Candidate(entity: entity, property: place, swiftType: found.swiftType, codes: found.codes)]
    }

    /// The properties with the attribute at `path` given the type `code`; unchanged when the path leads nowhere.
    static func assigning(
        _ code: Int32, at path: ArraySlice<String>, in properties: [ManagedProperty]
    ) -> [ManagedProperty] {
        guard let name = path.first, let position = properties.firstIndex(where: { $0.name == name }) else {
            return properties
        }
        var properties = properties
        switch properties[position].kind {
        case let .attribute(_, external, preserve) where path.count == 1:
            properties[position].kind = .attribute(
                type: code, allowsExternalBinaryDataStorage: external, preservesValueInHistoryOnDeletion: preserve)
        case let .composite(elements) where path.count > 1:
            properties[position].kind = .composite(elements: assigning(code, at: path.dropFirst(), in: elements))
        default:
            break
        }
        return properties
    }

    /// Which assignment of `candidates` (those of `entity`) gives `entity` the hash `target`.
    public static func search(
        entity name: String, in schema: ManagedModel, candidates: [Candidate], target: [UInt8]
    ) -> Outcome {
        let byName = Dictionary(schema.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let own = candidates.filter { $0.entity == name }
        guard let entity = byName[name], !own.isEmpty,
            own.reduce(1, { $0 * $1.codes.count }) <= limit
        else { return .none }
        var found: [[String: Int32]] = []
        var choice = [Int](repeating: 0, count: own.count)
        while true {
            var trial = entity
            var assignment: [String: Int32] = [:]
            for (index, candidate) in own.enumerated() {
                let code = candidate.codes[choice[index]]
                assignment[candidate.property] = code
                trial.properties = assigning(code, at: candidate.path[...], in: trial.properties)
            }
            if VersionHasher.entityHash(trial, byName: byName, depth: 0) == target { found.append(assignment) }
            // The next combination, like an odometer.
            var digit = 0
            while digit < own.count {
                choice[digit] += 1
                if choice[digit] < own[digit].codes.count { break }
                choice[digit] = 0
                digit += 1
            }
            if digit == own.count { break }
        }
        switch found.count {
        case 0: return .none
        case 1: return .explained(found[0])
        default: return .several(found.count)
        }
    }
}
