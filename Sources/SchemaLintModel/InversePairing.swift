/// Decides which relationships are each other's inverse in one version's model.
///
/// Declared inverses (`inverse: \Other.property`) pair both ends. Relationships with no declared inverse are
/// paired the way SwiftData was observed to pair them: when entity A has exactly one unpaired relationship to B
/// and B exactly one unpaired relationship back to A. Anything ambiguous is reported as an uncertainty, because the
/// inverse's name is part of both relationships' version hashes.
struct InversePairing {
    private(set) var inverses: [String: [String: String]] = [:]
    private(set) var inferred: Set<String> = []
    private(set) var uncertainties: [String] = []

    private struct End: Hashable, Comparable {
        var entity: String
        var property: String
        static func < (lhs: End, rhs: End) -> Bool { (lhs.entity, lhs.property) < (rhs.entity, rhs.property) }
    }

    init(project: Project, classes: [String: SymbolID]) {
        var destinations: [End: String] = [:]
        var oneWay: Set<End> = []
        var declared: [(End, End)] = []
        for (name, id) in classes.sorted(by: { $0.key < $1.key }) {
            guard let entity = project.entities[id] else { continue }
            for property in entity.properties {
                guard let relationship = property.relationship else { continue }
                let end = End(entity: name, property: property.name)
                destinations[end] = project.entities[relationship.destination]?.name
                if property.relationshipArguments?.explicitlyNoInverse == true { oneWay.insert(end) }
                if let inverse = relationship.inverse,
                    let target = inverse.entity.flatMap({ project.entities[$0]?.name }),
                    let targetProperty = inverse.property
                {
                    declared.append((end, End(entity: target, property: targetProperty)))
                }
            }
        }
        var partner: [End: End] = [:]
        for (end, other) in declared where destinations[other] != nil {
            if let existing = partner[end], existing != other { continue }
            if let existing = partner[other], existing != end { continue }
            partner[end] = other
            partner[other] = end
        }
        // Inference among the relationships left unpaired.
        var unpaired: [String: [String: [End]]] = [:]
        for (end, destination) in destinations where partner[end] == nil && !oneWay.contains(end) {
            unpaired[end.entity, default: [:]][destination, default: []].append(end)
        }
        for source in unpaired.keys.sorted() {
            for destination in unpaired[source]!.keys.sorted() {
                let forward = unpaired[source]![destination]!.sorted()
                if source == destination {
                    uncertainties.append(
                        "\(source) has \(forward.map(\.property).joined(separator: ", ")) pointing at its own entity "
                            + "with no declared inverse: how SwiftData pairs these is not known; declare `inverse:` "
                            + "to be sure"
                    )
                    continue
                }
                guard source < destination else { continue }
                let backward = (unpaired[destination]?[source] ?? []).sorted()
                if forward.count == 1, backward.count == 1 {
                    partner[forward[0]] = backward[0]
                    partner[backward[0]] = forward[0]
                    inferred.insert("\(forward[0].entity).\(forward[0].property)")
                    inferred.insert("\(backward[0].entity).\(backward[0].property)")
                } else if !backward.isEmpty {
                    let names = (forward + backward).map { "\($0.entity).\($0.property)" }.joined(separator: ", ")
                    uncertainties.append(
                        "\(names) have no declared inverse and could pair in more than one way; declare `inverse:` "
                            + "to be sure"
                    )
                }
            }
        }
        for (end, other) in partner {
            inverses[end.entity, default: [:]][end.property] = other.property
        }
    }
}
