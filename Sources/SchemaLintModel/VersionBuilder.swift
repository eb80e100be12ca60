/// Reads a `VersionedSchema` type: its identifier, its `models` list and the models reachable from them.
public enum VersionBuilder {
    static func version(
        _ symbol: SymbolTable.Symbol, context: ProjectBuilder.Context, entities: [SymbolID: Entity],
        versions: Set<SymbolID>
    ) -> SchemaVersion {
        var version = SchemaVersion(
            id: symbol.id, name: symbol.qualifiedName, location: symbol.location, key: symbol.qualifiedName)
        let evaluator = ModelListEvaluator(
            symbols: context.symbols, entities: entities, values: context.values, isVersion: versions.contains)
        var readModels = false
        for member in symbol.staticProperties {
            switch (member.value.name, member.value.value) {
            case let ("versionIdentifier", .version(number, location)):
                version.identifier = number
                version.identifierLocation = location
            case ("versionIdentifier", _):
                version.identifierLocation = member.value.location
            case ("models", _) where !readModels:
                // However the list is written (a literal, `V1.models + [B.self]`, a constant, a function): one
                // evaluation, and what it cannot read is said, never hashed as an empty list.
                readModels = true
                if case let .list(_, location) = member.value.value {
                    version.modelsLocation = location
                } else {
                    version.modelsLocation = member.value.location
                }
                switch evaluator.models(of: symbol.id, at: member.value.location) {
                case let .value(models):
                    version.models = models
                case let .oneOf(lists):
                    version.modelsUnread = UnknownValue(
                        "it is one of \(lists.count) different lists, depending on a value read at run time",
                        at: version.modelsLocation ?? member.value.location)
                case let .unknown(why):
                    version.modelsUnread = why
                }
            default:
                break
            }
        }
        if !readModels, let given = evaluator.defaultModels(of: symbol.id) {
            // `models` given by a protocol extension: read there, as the version's own would be.
            readModels = true
            version.modelsLocation = given.value.location
            switch evaluator.models(of: symbol.id, at: given.value.location) {
            case let .value(models):
                version.models = models
            case let .oneOf(lists):
                version.modelsUnread = UnknownValue(
                    "it is one of \(lists.count) different lists, depending on a value read at run time",
                    at: given.value.location)
            case let .unknown(why):
                version.modelsUnread = why
            }
        }
        if !readModels {
            version.modelsUnread = UnknownValue("it declares no `models` schemalint can find", at: symbol.location)
        }
        version.reachableOnly = reachable(from: version.listedEntities, entities: entities)
        return version
    }

    /// Models SwiftData pulls in through relationships, inverse key paths and superclasses, in a stable order.
    public static func reachable(from listed: [SymbolID], entities: [SymbolID: Entity]) -> [SymbolID] {
        var seen = Set(listed)
        var queue = listed
        var found: [SymbolID] = []
        while !queue.isEmpty {
            let current = queue.removeFirst()
            guard let entity = entities[current] else { continue }
            var next: [SymbolID] = entity.superclass.map { [$0] } ?? []
            for property in entity.properties {
                guard let relationship = property.relationship else { continue }
                next.append(relationship.destination)
                if let inverse = relationship.inverse?.entity { next.append(inverse) }
            }
            for id in next where !seen.contains(id) && entities[id] != nil {
                seen.insert(id)
                found.append(id)
                queue.append(id)
            }
        }
        return found
    }
}
