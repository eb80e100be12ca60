/// Reads a `@Model` class: its stored properties classified as attributes or relationships, with types
/// resolved from the class's own scope, plus `.unique`, `#Unique` and `#Index`.
struct EntityBuilder {
    let context: ProjectBuilder.Context
    var symbols: SymbolTable { context.symbols }

    func entity(for symbol: SymbolTable.Symbol, versions: Set<SymbolID>) -> Entity {
        let superclass = symbol.inherited.lazy.compactMap { inherited -> SymbolID? in
            guard let id = self.symbols.resolveSymbol(inherited.value, scope: inherited.scope, file: inherited.file),
                self.context.isModel(id)
            else { return nil }
            return id
        }.first
        var entity = Entity(
            id: symbol.id, name: symbol.name, qualifiedName: symbol.qualifiedName, location: symbol.location,
            superclass: superclass, properties: [], uniqueness: [], indexes: [],
            enclosingVersion: symbols.ancestors(of: symbol.id).dropFirst().first { versions.contains($0) })
        for declaration in symbol.storedProperties {
            let property = self.property(declaration, in: symbol)
            if property.options.contains("unique") {
                entity.uniqueness.append(Constraint(properties: [property.name], location: property.location))
            }
            entity.properties.append(property)
        }
        for macro in symbol.macros {
            let constraints = macro.keyPathGroups.filter { !$0.isEmpty }.map {
                Constraint(properties: $0, location: macro.location)
            }
            switch macro.name {
            case "Unique": entity.uniqueness += constraints
            case "Index": entity.indexes += constraints
            default: break
            }
        }
        return entity
    }

    private func property(_ declaration: PropertyDeclaration, in owner: SymbolTable.Symbol) -> Property {
        let written: TypeExpr
        switch StoredTypeInference(symbols: symbols).type(of: declaration, in: owner.id) {
        case let .type(type):
            written = type
        case let .unknown(reason, hint):
            return Property(
                name: declaration.name, location: declaration.location,
                declaredType: hint ?? .other(StoredTypeInference.noAnnotation),
                isOptional: false, hasDefault: declaration.hasDefault, isLet: declaration.isLet,
                attribute: declaration.attribute, relationshipArguments: declaration.relationship,
                kind: .attribute(.unknown(swiftType: StoredTypeInference.noAnnotation, reason: reason)),
                documentation: declaration.documentation, isTypeWritten: false)
        }
        let (unwrapped, isOptional) = written.unwrappingOptional
        var property = Property(
            name: declaration.name, location: declaration.location, declaredType: written,
            isOptional: isOptional, hasDefault: declaration.hasDefault, isLet: declaration.isLet,
            attribute: declaration.attribute, relationshipArguments: declaration.relationship,
            kind: .attribute(.unknown(swiftType: written.description, reason: "")),
            documentation: declaration.documentation,
            isTypeWritten: declaration.isTypeWritten)
        property.defaultIsNil = declaration.defaultIsNil
        let resolved = symbols.resolve(unwrapped, scope: owner.id, file: declaration.location.file)
        if let (destination, toMany) = relationshipTarget(resolved) {
            property.kind = .relationship(
                Relationship(
                    destination: destination, isToMany: toMany,
                    inverse: inverse(declaration.relationship?.inverse, owner: owner)))
        } else if declaration.attribute?.options.contains(where: { $0.hasPrefix("transformable") }) == true {
            property.kind = .attribute(
                .transformable(
                    swiftType: unwrapped.description,
                    uncertainty: "`.transformable(by:)` has not been verified against a real store"))
        } else {
            property.kind = .attribute(
                AttributeTypeMapper(symbols: symbols).storage(
                    for: resolved, written: unwrapped, propertyName: declaration.name))
        }
        return property
    }

    private func relationshipTarget(_ resolved: SymbolTable.Resolved) -> (SymbolID, Bool)? {
        switch resolved {
        case let .symbol(id) where context.isModel(id): return (id, false)
        case let .array(.symbol(id)) where context.isModel(id): return (id, true)
        case let .optional(inner): return relationshipTarget(inner)
        default: return nil
        }
    }

    /// `\SchemaV2.Category.expenses` reaches the parser as root `SchemaV2` and components `Category.expenses`:
    /// the longest prefix that names a type is the root, the next component is the property.
    private func inverse(_ keyPath: KeyPathReference?, owner: SymbolTable.Symbol) -> Relationship.Inverse? {
        guard let keyPath else { return nil }
        guard let root = keyPath.root?.path else {
            return Relationship.Inverse(written: keyPath, entity: nil, property: keyPath.properties.first)
        }
        for split in stride(from: keyPath.properties.count - 1, through: 0, by: -1) {
            let typePath = root + keyPath.properties.prefix(split)
            if let entity = symbols.resolveSymbol(
                .named(typePath, arguments: []), scope: owner.id, file: keyPath.location.file)
            {
                return Relationship.Inverse(
                    written: keyPath, entity: entity, property: keyPath.properties.dropFirst(split).first)
            }
        }
        return Relationship.Inverse(written: keyPath, entity: nil, property: keyPath.properties.first)
    }
}
