import SwiftSyntax

/// How a `guard ... else { ... }` leaves: the `return` ending its body, when everything before it only reports
/// (`print`, a logger's call, `assertionFailure`, the same inside `#if DEBUG`), so the value it returns is the
/// fallback. A body that declares, assigns or branches first is no such exit: what it returns cannot be read whole.
enum GuardExit {
    static func returned(_ guardStatement: GuardStmtSyntax) -> ReturnStmtSyntax? {
        let items = guardStatement.body.statements
        guard let last = items.last?.item.as(ReturnStmtSyntax.self),
            items.dropLast().allSatisfy({ onlyReports($0.item) })
        else { return nil }
        return last
    }

    /// A statement that cannot change the value returned after it: a call (through `try` or `await`) that hands on no
    /// closure and no `inout` argument, a macro (`#warning`), or an `#if` of such.
    static func onlyReports(_ item: CodeBlockItemSyntax.Item) -> Bool {
        if let ifConfig = item.as(IfConfigDeclSyntax.self) {
            return ifConfig.clauses.allSatisfy { clause in
                guard let elements = clause.elements else { return true }
                guard let statements = elements.as(CodeBlockItemListSyntax.self) else { return false }
                return statements.allSatisfy { onlyReports($0.item) }
            }
        }
        var expression = item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        while let inner = expression {
            if let tried = inner.as(TryExprSyntax.self) {
                expression = tried.expression
            } else if let awaited = inner.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else {
                break
            }
        }
        guard let call = expression?.as(FunctionCallExprSyntax.self) else {
            return expression?.is(MacroExpansionExprSyntax.self) == true
        }
        // A closure may run anything in it, and an `inout` argument may change a local the return reads.
        return call.trailingClosure == nil
            && !call.arguments.contains {
                $0.expression.is(ClosureExprSyntax.self) || $0.expression.is(InOutExprSyntax.self)
            }
    }
}
