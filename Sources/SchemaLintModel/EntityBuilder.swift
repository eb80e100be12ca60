/// Reads a `@Model` class: its stored properties classified as attributes or relationships, with types
/// resolved from the class's own scope, plus `.unique`, `#Unique` and `#Index`.
struct EntityBuilder {
    let context: ProjectBuilder.Context
    var symbols: SymbolTable { context.symbols }

    func entity(for symbol: SymbolTable.Symbol, versions: Set<SymbolID>) -> Entity {
        let superclass = symbol.inherited.lazy.compactMap { inherited -> SymbolID? in
            guard let id = self.symbols.resolveSymbol(inherited.value, scope: inherited.scope, file: inherited.file),
                  self.context.isModel(id) else { return nil }
            return id
        }.first
        var entity = Entity(id: symbol.id, name: symbol.name, qualifiedName: symbol.qualifiedName, location: symbol.location,
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
            let constraints = macro.keyPathGroups.filter { !$0.isEmpty }.map { Constraint(properties: $0, location: macro.location) }
            switch macro.name {
            case "Unique": entity.uniqueness += constraints
            case "Index": entity.indexes += constraints
            default: break
            }
        }
        return entity
    }

    private func property(_ declaration: PropertyDeclaration, in owner: SymbolTable.Symbol) -> Property {
        let written = declaration.type ?? .other("<no type annotation>")
        let (unwrapped, isOptional) = written.unwrappingOptional
        var property = Property(name: declaration.name, location: declaration.location, declaredType: written,
                                isOptional: isOptional, hasDefault: declaration.hasDefault, isLet: declaration.isLet,
                                attribute: declaration.attribute, relationshipArguments: declaration.relationship,
                                kind: .attribute(.unknown(swiftType: written.description,
                                                          reason: "it has no type annotation")),
                                documentation: declaration.documentation)
        guard declaration.type != nil else { return property }
        let resolved = symbols.resolve(unwrapped, scope: owner.id, file: declaration.location.file)
        if let (destination, toMany) = relationshipTarget(resolved) {
            property.kind = .relationship(Relationship(destination: destination, isToMany: toMany,
                                                       inverse: inverse(declaration.relationship?.inverse, owner: owner)))
        } else if declaration.attribute?.options.contains(where: { $0.hasPrefix("transformable") }) == true {
            property.kind = .attribute(.transformable(swiftType: unwrapped.description,
                                                      uncertainty: "`.transformable(by:)` has not been verified against a real store"))
        } else {
            property.kind = .attribute(StorageMapper(symbols: symbols).storage(for: resolved, written: unwrapped, propertyName: declaration.name))
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
            if let entity = symbols.resolveSymbol(.named(typePath, arguments: []), scope: owner.id, file: keyPath.location.file) {
                return Relationship.Inverse(written: keyPath, entity: entity, property: keyPath.properties.dropFirst(split).first)
            }
        }
        return Relationship.Inverse(written: keyPath, entity: nil, property: keyPath.properties.first)
    }
}

/// Maps a resolved Swift type to Core Data storage, following what SwiftData does (see docs/hashing.md).
struct StorageMapper {
    let symbols: SymbolTable

    static let scalarCodes: [String: Int32] = [
        "Int16": 100, "Int32": 200, "Int64": 300, "Int": 300, "Decimal": 400, "Double": 500, "Float": 600,
        "String": 700, "Bool": 800, "Date": 900, "Data": 1000, "UUID": 1100, "URL": 1200,
    ]

    func storage(for resolved: SymbolTable.Resolved, written: TypeExpr, propertyName: String, depth: Int = 0) -> AttributeStorage {
        let swiftType = written.description
        switch resolved {
        case let .optional(inner):
            return storage(for: inner, written: written.unwrappingOptional.type, propertyName: propertyName, depth: depth)
        case let .external(path, arguments) where arguments.isEmpty:
            if path.count == 1, let code = Self.scalarCodes[path[0]] { return .scalar(code: code, swiftType: path[0]) }
            return .unknown(swiftType: swiftType, reason: "'\(swiftType)' is not declared in the analysed sources, so its storage is not known")
        case let .array(element):
            if case let .external(path, _) = element, path.count == 1, Self.scalarCodes[path[0]] != nil {
                return .transformable(swiftType: swiftType, uncertainty: nil)
            }
            return .transformable(swiftType: swiftType,
                                  uncertainty: "'\(swiftType)' has not been verified against a real store (only arrays of plain values are known to be Transformable)")
        case .dictionary:
            return .unknown(swiftType: swiftType, reason: "dictionary attributes have not been verified against a real store")
        case let .symbol(id):
            return compositeStorage(symbols[id], swiftType: swiftType, propertyName: propertyName, depth: depth)
        case .external, .other:
            return .unknown(swiftType: swiftType, reason: "'\(swiftType)' has no known SwiftData storage")
        }
    }

    private func compositeStorage(_ symbol: SymbolTable.Symbol, swiftType: String, propertyName: String, depth: Int) -> AttributeStorage {
        guard depth < 8 else { return .unknown(swiftType: swiftType, reason: "composite nesting is too deep") }
        switch symbol.kind {
        case .struct:
            let elements = symbol.storedProperties.map { field -> CompositeElement in
                let fieldType = field.type ?? .other("<no type annotation>")
                let (unwrapped, isOptional) = fieldType.unwrappingOptional
                let resolved = symbols.resolve(unwrapped, scope: symbol.id, file: field.location.file)
                return CompositeElement(name: field.name, isOptional: isOptional,
                                        storage: field.type == nil
                                            ? .unknown(swiftType: fieldType.description, reason: "field '\(field.name)' has no type annotation")
                                            : storage(for: resolved, written: unwrapped, propertyName: field.name, depth: depth + 1))
            }
            return .composite(swiftType: symbol.qualifiedName, elements: elements)
        case .enum:
            if symbol.enumCases.contains(where: \.hasAssociatedValues) {
                return .unknown(swiftType: swiftType, reason: "enums with associated values have not been verified against a real store")
            }
            if let rawType = rawValueType(of: symbol) {
                return .composite(swiftType: symbol.qualifiedName,
                                  elements: [CompositeElement(name: propertyName, isOptional: false, storage: rawType)],
                                  rawValueEnum: true)
            }
            return .composite(swiftType: symbol.qualifiedName, elements: symbol.enumCases.map {
                CompositeElement(name: $0.name, isOptional: true, storage: .scalar(code: 700, swiftType: "String"))
            })
        default:
            return .unknown(swiftType: swiftType, reason: "'\(swiftType)' is a \(symbol.kind.rawValue), which SwiftData cannot store as an attribute")
        }
    }

    private func rawValueType(of symbol: SymbolTable.Symbol) -> AttributeStorage? {
        for inherited in symbol.inherited {
            if case let .external(path, _) = symbols.resolve(inherited.value, scope: inherited.scope, file: inherited.file),
               path.count == 1, let code = Self.scalarCodes[path[0]] {
                return .scalar(code: code, swiftType: path[0])
            }
        }
        return nil
    }
}
