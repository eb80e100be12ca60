import SchemaLintModel
import SwiftSyntax

/// Converts type syntax and type-like expressions (`SchemaV1.Trip.self`, `FetchDescriptor<T>`) into `TypeExpr`,
/// normalising sugar so that `Optional<T>`, `T?` and `Swift.Optional<T>` are one thing.
enum TypeExprReader {
    static func read(_ type: TypeSyntax) -> TypeExpr {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return .optional(read(optional.wrappedType))
        }
        if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .optional(read(iuo.wrappedType))
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return .array(read(array.element))
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return .dictionary(read(dictionary.key), read(dictionary.value))
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return read(attributed.baseType)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return read(only.type)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return normalise([identifier.name.text], arguments: genericArguments(identifier.genericArgumentClause))
        }
        if let member = type.as(MemberTypeSyntax.self) {
            guard case let .named(basePath, baseArguments) = read(member.baseType), baseArguments.isEmpty else {
                return .other(type.trimmedDescription)
            }
            return normalise(basePath + [member.name.text], arguments: genericArguments(member.genericArgumentClause))
        }
        return .other(type.trimmedDescription)
    }

    static func genericArguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeExpr] {
        guard let clause else { return [] }
        return clause.arguments.map { argument in
            // `argument` is TypeSyntax before swift-syntax 601 and a choice enum after; `as` works on both.
            if let type = argument.argument.as(TypeSyntax.self) { return read(type) }
            return .other(argument.argument.trimmedDescription)
        }
    }

    /// Applies the sugar rules to a nominal name.
    static func normalise(_ rawPath: [String], arguments: [TypeExpr]) -> TypeExpr {
        var path = rawPath.map { $0.unbackticked }
        if path.count == 2, path[0] == "Swift" || path[0] == "Foundation" { path.removeFirst() }
        if path == ["Optional"], arguments.count == 1 { return .optional(arguments[0]) }
        if path == ["Array"], arguments.count == 1 { return .array(arguments[0]) }
        if path == ["Dictionary"], arguments.count == 2 { return .dictionary(arguments[0], arguments[1]) }
        return .named(path, arguments: arguments)
    }

    /// Reads an expression that names a type: `Trip`, `SchemaV1.Trip`, `FetchDescriptor<SchemaV1.Trip>`.
    static func read(expression: ExprSyntax) -> TypeExpr? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return normalise([reference.baseName.text], arguments: [])
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            case let .named(basePath, baseArguments)? = read(expression: base), baseArguments.isEmpty
        {
            return normalise(basePath + [member.declName.baseName.text], arguments: [])
        }
        if let specialised = expression.as(GenericSpecializationExprSyntax.self),
            case let .named(path, _)? = read(expression: specialised.expression)
        {
            return normalise(path, arguments: genericArguments(specialised.genericArgumentClause))
        }
        if let typeExpression = expression.as(TypeExprSyntax.self) {
            return read(typeExpression.type)
        }
        if let optionalChain = expression.as(OptionalChainingExprSyntax.self) {
            return read(expression: optionalChain.expression).map { .optional($0) }
        }
        return nil
    }

    /// `X.self` gives `X`.
    static func readMetatype(_ expression: ExprSyntax) -> TypeExpr? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        else { return nil }
        return read(expression: base)
    }
}
