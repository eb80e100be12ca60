/// Reads a `VersionedSchema` type: its identifier, its `models` list and the models reachable from them.
public enum VersionBuilder {
    static func version(_ symbol: SymbolTable.Symbol, context: ProjectBuilder.Context, entities: [SymbolID: Entity])
        -> SchemaVersion
    {
        var version = SchemaVersion(
            id: symbol.id, name: symbol.qualifiedName, location: symbol.location, key: symbol.qualifiedName)
        for member in symbol.staticProperties {
            switch (member.value.name, member.value.value) {
            case let ("versionIdentifier", .version(number, location)):
                version.identifier = number
                version.identifierLocation = location
            case ("versionIdentifier", _):
                version.identifierLocation = member.value.location
            case let ("models", .list(elements, location)):
                version.modelsLocation = location
                version.models = elements.map { element in
                    switch element {
                    case let .type(type, location):
                        let entity = context.symbols.resolveSymbol(type, scope: member.scope, file: member.file)
                        return ModelReference(
                            written: type, location: location, entity: entity.flatMap { entities[$0] != nil ? $0 : nil }
                        )
                    case let .reference(path, location):
                        return ModelReference(written: .named(path, arguments: []), location: location, entity: nil)
                    case let .stage(stage):
                        return ModelReference(written: .other("stage"), location: stage.location, entity: nil)
                    case let .unreadable(location):
                        return ModelReference(written: .other("?"), location: location, entity: nil)
                    }
                }
            case ("models", _):
                version.modelsLocation = member.value.location
            default:
                break
            }
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
