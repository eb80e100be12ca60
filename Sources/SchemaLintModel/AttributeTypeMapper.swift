/// Maps a resolved Swift type to the storage SwiftData gives it (docs/hashing.md has the table and the real store
/// behind each row). This is the source side's view: what the type is. How SwiftData then flags the parts of a
/// composite (which elements become optional) is the store mapping's business (ManagedModelBuilder).
struct AttributeTypeMapper {
    let symbols: SymbolTable

    func storage(
        for resolved: SymbolTable.Resolved, written: TypeExpr, propertyName: String,
        depth: Int = 0
    ) -> AttributeStorage {
        let swiftType = written.description
        switch resolved {
        case let .optional(inner):
            return storage(
                for: inner, written: written.unwrappingOptional.type, propertyName: propertyName,
                depth: depth)
        case let .external(path, arguments):
            return standardStorage(path, arguments: arguments, swiftType: swiftType)
        case let .array(element):
            return arrayStorage(element, swiftType: swiftType, inComposite: depth > 0)
        case let .dictionary(key, value):
            guard scalarName(key) != nil, scalarName(value) != nil else {
                return .encoded(
                    swiftType: swiftType,
                    uncertainty: "'\(swiftType)' has not been verified against a "
                        + "real store (only dictionaries of plain values are known to be stored as data)")
            }
            return .encoded(swiftType: swiftType, uncertainty: nil)
        case let .symbol(id):
            return compositeStorage(symbols[id], swiftType: swiftType, propertyName: propertyName, depth: depth)
        case .other:
            return .unknown(swiftType: swiftType, reason: "'\(swiftType)' has no known SwiftData storage")
        }
    }

    /// A standard type: a scalar, an alias of one (`TimeInterval`), or one whose mapping no store has shown.
    private func standardStorage(
        _ path: [String], arguments: [SymbolTable.Resolved],
        swiftType: String
    ) -> AttributeStorage {
        let name = StandardTypeStorage.canonicalName(path)
        if arguments.isEmpty, let name, let code = StandardTypeStorage.scalarCodes[name] {
            return .scalar(code: code, swiftType: name)
        }
        if arguments.isEmpty, let known = StandardTypeStorage.knownComposite(path) {
            return .composite(swiftType: known.name, elements: known.elements)
        }
        if let name, let reason = StandardTypeStorage.unverified[name] {
            return .unknown(swiftType: swiftType, reason: reason)
        }
        if !arguments.isEmpty {
            return .unknown(swiftType: swiftType, reason: "'\(swiftType)' has no known SwiftData storage")
        }
        return .unknown(
            swiftType: swiftType,
            reason: "'\(swiftType)' is not declared in the analysed sources, so its storage is not known")
    }

    /// `[String]` is Transformable (ladder, vivobody, cheftime stores); `[Remark]` of a Codable struct is encoded
    /// data (ladder-phase4prep.store, and inside a composite MetaCocktailsSwiftData's store); `[Flavor]` of a
    /// raw-value enum is encoded data inside a composite (MetaCocktailsSwiftData's store); anything else is a guess.
    private func arrayStorage(
        _ element: SymbolTable.Resolved, swiftType: String, inComposite: Bool
    ) -> AttributeStorage {
        if scalarName(element) != nil { return .transformable(swiftType: swiftType, uncertainty: nil) }
        if case let .symbol(id) = element, symbols[id].kind == .struct {
            return .encoded(swiftType: swiftType, uncertainty: nil)
        }
        let what: String
        switch element {
        case let .symbol(id) where symbols[id].kind == .enum && symbols.rawValueType(of: id) != nil:
            if inComposite { return .encoded(swiftType: swiftType, uncertainty: nil) }
            return .encoded(
                swiftType: swiftType,
                uncertainty: "'\(swiftType)': a real store shows arrays of raw-value enums inside a composite (as "
                    + "encoded data), but none yet as a model's own attribute")
        case let .symbol(id) where symbols[id].kind == .enum: what = "arrays of enums without raw values"
        case .optional: what = "arrays of optionals"
        case .array, .dictionary: what = "nested collections"
        default:
            return .transformable(
                swiftType: swiftType,
                uncertainty: "'\(swiftType)' has not been verified against "
                    + "a real store (only arrays of plain values and of Codable structs are known)")
        }
        return .encoded(
            swiftType: swiftType,
            uncertainty: "'\(swiftType)': \(what) have not been verified against "
                + "a real store")
    }

    /// The standard scalar a resolved type names, through aliases.
    private func scalarName(_ resolved: SymbolTable.Resolved) -> String? {
        guard case let .external(path, arguments) = resolved, arguments.isEmpty,
            let name = StandardTypeStorage.canonicalName(path), StandardTypeStorage.scalarCodes[name] != nil
        else {
            return nil
        }
        return name
    }

    private func compositeStorage(
        _ symbol: SymbolTable.Symbol, swiftType: String, propertyName: String,
        depth: Int
    ) -> AttributeStorage {
        guard depth < 8 else { return .unknown(swiftType: swiftType, reason: "composite nesting is too deep") }
        switch symbol.kind {
        case .struct:
            let inference = StoredTypeInference(symbols: symbols)
            let elements = symbol.storedProperties.map { field -> CompositeElement in
                switch inference.type(of: field, in: symbol.id) {
                case let .type(fieldType):
                    let (unwrapped, isOptional) = fieldType.unwrappingOptional
                    let resolved = symbols.resolve(unwrapped, scope: symbol.id, file: field.location.file)
                    return CompositeElement(
                        name: field.name, isOptional: isOptional,
                        storage: storage(
                            for: resolved, written: unwrapped,
                            propertyName: field.name, depth: depth + 1),
                        written: unwrapped)
                case let .unknown(reason, _):
                    return CompositeElement(
                        name: field.name, isOptional: false,
                        storage: .unknown(
                            swiftType: StoredTypeInference.noAnnotation,
                            reason: "field '\(field.name)': \(reason)"))
                }
            }
            return .composite(swiftType: symbol.qualifiedName, elements: elements)
        case .enum:
            if symbol.enumCases.contains(where: \.hasAssociatedValues) {
                return .unknown(
                    swiftType: swiftType,
                    reason: "enums with associated values have not been verified against a real store")
            }
            if let raw = symbols.rawValueType(of: symbol.id), case let .external(path, _) = raw,
                let name = StandardTypeStorage.canonicalName(path), let code = StandardTypeStorage.scalarCodes[name]
            {
                return .composite(
                    swiftType: symbol.qualifiedName,
                    elements: [
                        CompositeElement(
                            name: propertyName, isOptional: false,
                            storage: .scalar(code: code, swiftType: name))
                    ],
                    rawValueEnum: true)
            }
            return .composite(
                swiftType: symbol.qualifiedName,
                elements: symbol.enumCases.map {
                    CompositeElement(name: $0.name, isOptional: true, storage: .scalar(code: 700, swiftType: "String"))
                })
        default:
            return .unknown(
                swiftType: swiftType,
                reason: "'\(swiftType)' is a \(symbol.kind.rawValue), which "
                    + "SwiftData cannot store as an attribute")
        }
    }
}
