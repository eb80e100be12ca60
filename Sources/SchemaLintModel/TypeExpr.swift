/// A Swift type as written in source, already normalised so that spelling never matters:
/// `Optional<T>` and `T!` are `.optional(T)`, `Array<T>` is `.array(T)`, `Dictionary<K, V>` is
/// `.dictionary(K, V)`, and a leading `Swift.` on standard library names is dropped.
public indirect enum TypeExpr: Hashable, Sendable, CustomStringConvertible {
    /// A (possibly qualified) nominal name: `["SchemaV1", "Trip"]`, with generic arguments of the last component.
    case named([String], arguments: [TypeExpr])
    case optional(TypeExpr)
    case array(TypeExpr)
    case dictionary(TypeExpr, TypeExpr)
    /// Anything else (tuples, functions, `some P`, `any P`), kept as its trimmed text.
    case other(String)

    public static func name(_ components: String...) -> TypeExpr { .named(components, arguments: []) }

    public var description: String {
        switch self {
        case let .named(path, arguments):
            let base = path.joined(separator: ".")
            return arguments.isEmpty ? base : "\(base)<\(arguments.map(\.description).joined(separator: ", "))>"
        case let .optional(wrapped): return "\(wrapped)?"
        case let .array(element): return "[\(element)]"
        case let .dictionary(key, value): return "[\(key): \(value)]"
        case let .other(text): return text
        }
    }

    /// The type without one level of optionality, and whether it was optional.
    public var unwrappingOptional: (type: TypeExpr, isOptional: Bool) {
        if case let .optional(wrapped) = self { return (wrapped.unwrappingOptional.type, true) }
        return (self, false)
    }

    /// The name components, when this is a plain nominal type.
    public var path: [String]? {
        if case let .named(path, _) = self { return path }
        return nil
    }
}
