import SwiftSyntax

/// Picks the `#if` clause that counts as code.
///
/// schemalint does not know the build settings, so it treats a condition as true unless it is plainly false
/// (`#if false`, `#if 0`, `!canImport(SwiftData)`), and takes the first clause that may be active: that keeps
/// dead code (`#if false`) out while still reading `#if os(iOS)` or `#if canImport(SwiftData)` schemas.
///
/// `DEBUG` is false: users run the release build, so the stores that matter are the ones it writes. An app that opens
/// an unversioned container under `#if DEBUG` and its plan under `#else` (a public gym app did) is checked as it
/// ships, not as the developer's debug build.
enum IfConfigEvaluator {
    enum Truth { case yes, no, unknown }

    static func activeClause(of ifConfig: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        for clause in ifConfig.clauses {
            guard let condition = clause.condition else { return clause }
            if evaluate(condition) != .no { return clause }
        }
        return nil
    }

    /// Whether every build takes this clause: its condition is true, or it is the `#else` after conditions that are
    /// all false.
    static func isCertain(_ clause: IfConfigClauseSyntax, of ifConfig: IfConfigDeclSyntax) -> Bool {
        for other in ifConfig.clauses {
            guard other.id != clause.id else { return clause.condition.map { evaluate($0) == .yes } ?? true }
            guard let condition = other.condition, evaluate(condition) == .no else { return false }
        }
        return false
    }

    /// Whether a condition names `DEBUG` (`#if DEBUG`, `#if DEBUG && os(iOS)`): its clause is a debug build's.
    static func mentionsDebug(_ condition: ExprSyntax) -> Bool {
        condition.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("DEBUG") }
    }

    static func evaluate(_ expression: ExprSyntax) -> Truth {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true) ? .yes : .no
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return integer.literal.text == "0" ? .no : .yes
        }
        if let name = expression.as(DeclReferenceExprSyntax.self), name.baseName.text == "DEBUG" {
            return .no
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch evaluate(prefix.expression) {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == "canImport"
        {
            return .yes
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements))
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return combine(evaluate(infix.leftOperand), infix.operator.trimmedDescription, evaluate(infix.rightOperand))
        }
        return .unknown
    }

    /// Unfolded `a && b || c`: `&&` binds tighter than `||`.
    private static func evaluate(sequence elements: [ExprSyntax]) -> Truth {
        var orTerms: [Truth] = []
        var current: Truth? = nil
        var index = 0
        while index < elements.count {
            let value = evaluate(elements[index])
            current = current.map { combine($0, "&&", value) } ?? value
            let op = index + 1 < elements.count ? elements[index + 1].trimmedDescription : nil
            if op != "&&" {
                orTerms.append(current ?? .unknown)
                current = nil
            }
            index += 2
        }
        return orTerms.dropFirst().reduce(orTerms.first ?? .unknown) { combine($0, "||", $1) }
    }

    private static func combine(_ lhs: Truth, _ op: String, _ rhs: Truth) -> Truth {
        switch op {
        case "&&":
            if lhs == .no || rhs == .no { return .no }
            return lhs == .yes && rhs == .yes ? .yes : .unknown
        case "||":
            if lhs == .yes || rhs == .yes { return .yes }
            return lhs == .no && rhs == .no ? .no : .unknown
        default:
            return .unknown
        }
    }
}
