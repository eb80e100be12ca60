import SwiftSyntax

/// Functions of a file that never return to their caller: declared `-> Never`, or whose body, at its top level,
/// calls `fatalError`, `preconditionFailure`, `exit` or `abort` (`func logCrash(_ error: Error) { save(error);
/// fatalError(...) }`). A `catch` that calls one does not fall through to the code after its `do`.
enum NeverReturningFunctions {
    static func names(in file: SourceFileSyntax) -> [String] {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(file)
        return finder.names.sorted()
    }

    /// The names of the functions a code block calls in its own statements (not in a nested `if`, loop or closure):
    /// calls that run whenever the block does. `logger.fatal(error)` is `fatal`.
    static func unconditionalCalls(in block: CodeBlockSyntax) -> [String] {
        block.statements.compactMap { item -> String? in
            var expression: ExprSyntax?
            if let statement = item.item.as(ExpressionStmtSyntax.self) {
                expression = statement.expression
            } else {
                expression = item.item.as(ExprSyntax.self)
            }
            if let tried = expression?.as(TryExprSyntax.self) { expression = tried.expression }
            guard let call = expression?.as(FunctionCallExprSyntax.self) else { return nil }
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text
            }
            return call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
    }

    private final class Finder: SyntaxVisitor {
        var names = Set<String>()

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let returned = node.signature.returnClause?.type.trimmedDescription
            let stops = { (body: CodeBlockSyntax) in
                !Set(unconditionalCalls(in: body)).isDisjoint(with: SwallowedErrorCollector.stoppers)
            }
            if returned == "Never" || node.body.map(stops) == true {
                names.insert(node.name.text)
            }
            return .visitChildren
        }
    }
}
