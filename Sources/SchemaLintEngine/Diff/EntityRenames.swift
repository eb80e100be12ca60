import SchemaLintModel

/// Entities that vanish in a step while a same-shaped entity appears: probably a class rename, which drops every row
/// (SwiftData has no `originalName` for entities).
///
/// Entities renamed together usually point at each other (`Trip.stops: [Stop]` becomes `Journey.stops: [Halt]`), so
/// shapes are first compared with relationship destinations among the renamed ones left open, then the pairing is
/// kept only when every such destination maps through it.
enum EntityRenames {
    static func likelyRenames(removed: [EntitySnapshot], added: [EntitySnapshot])
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
