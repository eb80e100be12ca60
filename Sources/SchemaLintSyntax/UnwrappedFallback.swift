import SwiftSyntax

/// A value that is an optional parameter when a call passes one, and a fallback written here when it does not:
/// `configuration ?? ModelConfiguration(url: storeURL)`, `if let configuration { configuration } else { ... }`, or a
/// `let config: ModelConfiguration` given the one in `if let configuration { config = configuration }` and the other
/// in its `else` (Sprung's `makeDirectModelContainer(configuration:)`). Read this way, a call that leaves the
/// parameter out opens the fallback's store, and one that passes a configuration opens that one's.
enum UnwrappedFallback {
    struct Found {
        /// The name the optional value is bound to (a parameter, when the caller checks it is one).
        var name: String
        var fallback: ExprSyntax
    }

    /// `expression` in one of those shapes; `declared`: the file's local bindings, to follow a variable to its
    /// declaration and the `if` that gives it its value.
    static func read(_ expression: ExprSyntax, declared: [(String, PatternBindingSyntax)]) -> Found? {
        let stripped = expression.as(TryExprSyntax.self)?.expression ?? expression
        if let found = coalesced(stripped) ?? unwrappedIf(stripped) { return found }
        guard let reference = stripped.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        guard let binding = nearestBinding(of: name, before: reference, declared: declared) else { return nil }
        if let initial = binding.initializer?.value {
            return coalesced(initial) ?? unwrappedIf(initial)
        }
        return assignedInBranches(name, declaredAt: binding, before: reference)
    }

    /// `name ?? fallback`.
    private static func coalesced(_ expression: ExprSyntax) -> Found? {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let name = infix.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return Found(name: name, fallback: infix.rightOperand)
        }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return Found(name: name, fallback: elements[2])
    }

    /// `if let name { name } else { fallback }`.
    private static func unwrappedIf(_ expression: ExprSyntax) -> Found? {
        guard let branch = expression.as(IfExprSyntax.self), let name = unwrappedName(branch),
            case let .codeBlock(otherwise)? = branch.elseBody,
            let body = ExpressionReader.singleValue(branch.body.statements),
            body.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
            let fallback = ExpressionReader.singleValue(otherwise.statements)
        else { return nil }
        return Found(name: name, fallback: fallback)
    }

    /// `let config: T` then `if let name { config = name } else { config = fallback }` before the use.
    private static func assignedInBranches(
        _ variable: String, declaredAt binding: PatternBindingSyntax, before use: some SyntaxProtocol
    ) -> Found? {
        guard let item = binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.as(CodeBlockItemSyntax.self),
            let block = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        var found: Found?
        for statement in block where statement.position > item.position && statement.endPosition <= use.position {
            if let branch = expression(statement)?.as(IfExprSyntax.self), let name = unwrappedName(branch),
                case let .codeBlock(otherwise)? = branch.elseBody,
                let given = assigned(variable, in: branch.body.statements),
                given.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                let fallback = assigned(variable, in: otherwise.statements)
            {
                guard found == nil else { return nil }
                found = Found(name: name, fallback: fallback)
            } else if statement.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == variable }) {
                // Given or changed another way: not this shape.
                return nil
            }
        }
        return found
    }

    /// The one name an `if let name` (or `if let name = name`) unwraps, as its only condition.
    private static func unwrappedName(_ branch: IfExprSyntax) -> String? {
        guard branch.conditions.count == 1,
            let binding = branch.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        if let value = binding.initializer?.value {
            return value.as(DeclReferenceExprSyntax.self)?.baseName.text == name ? name : nil
        }
        return name
    }

    /// The value of the one `variable = value` written directly in `statements`.
    private static func assigned(_ variable: String, in statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        var value: ExprSyntax?
        for statement in statements {
            guard let sequence = expression(statement)?.as(SequenceExprSyntax.self), sequence.elements.count == 3
            else { continue }
            let elements = Array(sequence.elements)
            guard elements[1].is(AssignmentExprSyntax.self),
                elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == variable
            else { continue }
            guard value == nil else { return nil }
            value = elements[2]
        }
        return value
    }

    private static func expression(_ statement: CodeBlockItemSyntax) -> ExprSyntax? {
        statement.item.as(ExpressionStmtSyntax.self)?.expression ?? statement.item.as(ExprSyntax.self)
    }

    /// The nearest local declaration of `name` before `use` whose block holds the use (also what
    /// `ContainerCollector` follows a variable's later assignments from).
    static func nearestBinding(
        of name: String, before use: some SyntaxProtocol, declared: [(String, PatternBindingSyntax)]
    ) -> PatternBindingSyntax? {
        declared.last { candidate in
            guard candidate.0 == name, candidate.1.position < use.position,
                let block = candidate.1.parent?.parent?.as(VariableDeclSyntax.self)?.parent?
                    .as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)
            else { return false }
            var node = Syntax(use).parent
            while let current = node, current.id != block.id { node = current.parent }
            return node != nil
        }?.1
    }
}
