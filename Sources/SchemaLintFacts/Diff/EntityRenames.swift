import SchemaLintModel

/// Entities that vanish in a step while a same-shaped entity appears: probably a class rename, which drops every row
/// (SwiftData has no `originalName` for entities).
///
/// Entities renamed together usually point at each other (`Trip.stops: [Stop]` becomes `Journey.stops: [Halt]`), so
/// shapes are first compared with relationship destinations among the renamed ones left open, then the pairing is
/// kept only when every such destination maps through it.
package enum EntityRenames {
    package static func likelyRenames(removed: [EntitySnapshot], added: [EntitySnapshot])
        -> [(EntitySnapshot, EntitySnapshot)]
    {
        let removedNames = Set(removed.map(\.name)), addedNames = Set(added.map(\.name))
        var pairs: [(EntitySnapshot, EntitySnapshot)] = []
        for gone in removed {
            let shape = self.shape(gone, openDestinations: removedNames, mapping: nil)
            guard !shape.isEmpty else { continue }
            let twins = added.filter { self.shape($0, openDestinations: addedNames, mapping: nil) == shape }
            if twins.count == 1 { pairs.append((gone, twins[0])) }
        }
        // Each new entity is the twin of at most one old one, and the pairing must explain every open destination.
        let twinCounts = Dictionary(pairs.map { ($0.1.name, 1) }, uniquingKeysWith: +)
        pairs = pairs.filter { twinCounts[$0.1.name] == 1 }
        let mapping = Dictionary(pairs.map { ($0.0.name, $0.1.name) }, uniquingKeysWith: { first, _ in first })
        return pairs.filter { gone, twin in
            shape(gone, openDestinations: [], mapping: mapping) == shape(twin, openDestinations: [], mapping: nil)
        }
    }

    /// A renamed class that also gained properties a lightweight step can add (optional or with a default):
    /// `ProfileV1` gone and `ProfileV2` with its properties and `bio: String?` (fit-iq renamed its profile class at
    /// every version). Only for removed entities `likelyRenames` did not pair, with at least two properties, at most
    /// as many added as kept, and one such twin: a small entity inside a bigger new one is no evidence.
    package static func likelyGrownRenames(
        removed: [EntitySnapshot], added: [EntitySnapshot], paired: Set<String>
    ) -> [(gone: EntitySnapshot, twin: EntitySnapshot, extra: [PropertySnapshot])] {
        let removedNames = Set(removed.map(\.name)), addedNames = Set(added.map(\.name))
        var found: [(gone: EntitySnapshot, twin: EntitySnapshot, extra: [PropertySnapshot])] = []
        for gone in removed where !paired.contains(gone.name) && gone.properties.count >= 2 {
            let kept = shape(gone, openDestinations: removedNames, mapping: nil)
            let candidates = added.filter { twin in
                !paired.contains(twin.name)
                    && kept.isSubset(of: shape(twin, openDestinations: addedNames, mapping: nil))
            }.compactMap { twin -> (EntitySnapshot, EntitySnapshot, [PropertySnapshot])? in
                let keptNames = Set(gone.properties.map(\.name))
                let extra = twin.properties.filter { !keptNames.contains($0.name) }
                guard !extra.isEmpty, extra.count <= gone.properties.count,
                    extra.allSatisfy({ $0.optional || $0.hasDefault })
                else { return nil }
                return (gone, twin, extra)
            }
            if candidates.count == 1 { found.append(candidates[0]) }
        }
        let twinCounts = Dictionary(found.map { ($0.twin.name, 1) }, uniquingKeysWith: +)
        return found.filter { twinCounts[$0.twin.name] == 1 }
    }

    /// `name:type` of every property; a relationship's destination is `?` when open, or renamed through `mapping`.
    private static func shape(
        _ entity: EntitySnapshot, openDestinations: Set<String>, mapping: [String: String]?
    ) -> Set<String> {
        Set(
            entity.properties.map { property in
                guard property.kind == .relationship else { return "\(property.name):\(property.type)" }
                let toMany = property.cardinality == .toMany
                let destination = toMany ? String(property.type.dropFirst().dropLast()) : property.type
                let written =
                    openDestinations.contains(destination) ? "?" : mapping?[destination] ?? destination
                return "\(property.name):\(toMany ? "[\(written)]" : written)"
            })
    }
}
