import SchemaLintModel
import SwiftSyntax

/// Finds where a migration closure hides the failure of a context operation (fetch, save, insert, delete, a helper
/// given the context): `try?` / `try!` around one, or a `do` holding one whose `catch` neither rethrows nor stops
/// (empty, or only logging).
///
/// A `try?` around work that touches no context (decoding one row's JSON field, reading a file) leaves the store as
/// consistent as the closure's logic makes it, so it is not collected.
final class SwallowedErrorCollector: SyntaxVisitor {
    let reader: DeclarationReader
    /// The closure's context parameter (`{ context in`), plus the names apps commonly give a context.
    let contextNames: Set<String>
    var found: [SwallowedError] = []

    static let operations: Set<String> = [
        "fetch", "fetchCount", "fetchIdentifiers", "enumerate", "save", "insert", "delete", "transaction",
    ]
    static let stoppers: Set<String> = ["fatalError", "preconditionFailure", "exit", "abort"]

    /// `parameterNames`: the context parameter's names (a function's, given by name as a stage's closure).
    init(reader: DeclarationReader, parameterNames: [String]) {
        self.reader = reader
        var names: Set<String> = ["context", "modelContext"]
        names.formUnion(parameterNames)
        names.remove("_")
        contextNames = names
        super.init(viewMode: .sourceAccurate)
    }

    convenience init(reader: DeclarationReader, closure: ExprSyntax) {
        var names: [String] = []
        if let signature = closure.as(ClosureExprSyntax.self)?.signature?.parameterClause {
            switch signature {
            case let .simpleInput(parameters): names = parameters.map(\.name.text)
            case let .parameterClause(clause): names = clause.parameters.map(\.firstName.text)
            }
        } else {
            // `{ try backfill($0) }`: a stage's closure takes one argument, the context.
            names = ["$0"]
        }
        self.init(reader: reader, parameterNames: names)
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if let mark = node.questionOrExclamationMark, let operation = contextOperation(in: Syntax(node.expression)) {
            var swallowed = SwallowedError(
                construct: "try\(mark.text)", location: reader.location(node), operation: operation)
            if let call = node.expression.as(FunctionCallExprSyntax.self) {
                swallowed.deletedModel = deletedModel(call)
                swallowed.isSave = contextMethod(call) == "save"
            }
            found.append(swallowed)
        }
        return .visitChildren
    }

    /// `delete`, `save`...: the context method `call` calls, if it calls one.
    func contextMethod(_ call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self), contextNames.contains(base.baseName.text)
        else { return nil }
        return member.declName.baseName.text
    }

    /// `T` of `context.delete(model: T.self)` (with or without `where:`): rows of that model deleted.
    func deletedModel(_ call: FunctionCallExprSyntax) -> TypeExpr? {
        guard contextMethod(call) == "delete", let argument = call.arguments.first, argument.label?.text == "model"
        else { return nil }
        return TypeExprReader.readMetatype(argument.expression)
    }

    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        guard let operation = contextOperation(in: Syntax(node.body)) else { return .visitChildren }
        for clause in node.catchClauses where !stops(clause.body) {
            let construct = clause.body.statements.isEmpty ? "empty catch" : "catch"
            found.append(SwallowedError(construct: construct, location: reader.location(clause), operation: operation))
        }
        return .visitChildren
    }

    /// The first context operation in a subtree, as written: a call of a context method, or a call that is given
    /// the context.
    private func contextOperation(in node: Syntax) -> String? {
        let finder = OperationFinder(contextNames: contextNames)
        finder.walk(node)
        return finder.found.map(Self.shortened)
    }

    /// `throw`, `fatalError(...)` and the like: the failure is not hidden.
    private func stops(_ body: CodeBlockSyntax) -> Bool {
        let finder = StopFinder()
        finder.walk(body)
        return finder.stops
    }

    /// `context` or `self.context`: one of the names a migration closure's context goes by.
    static func mentions(_ contextNames: Set<String>, _ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return contextNames.contains(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return contextNames.contains(member.declName.baseName.text)
        }
        return false
    }

    private static func shortened(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.count > 60 || line != text ? String(line.prefix(57)) + "..." : line
    }

    private final class OperationFinder: SyntaxVisitor {
        let contextNames: Set<String>
        var found: String?

        init(contextNames: Set<String>) {
            self.contextNames = contextNames
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                SwallowedErrorCollector.operations.contains(member.declName.baseName.text),
                let base = member.base, mentionsContext(base)
            {
                found = node.trimmedDescription
            } else if node.arguments.contains(where: { mentionsContext($0.expression) }) {
                found = node.trimmedDescription
            }
            return found == nil ? .visitChildren : .skipChildren
        }

        private func mentionsContext(_ expression: ExprSyntax) -> Bool {
            SwallowedErrorCollector.mentions(contextNames, expression)
        }
    }

    /// Whether code stops: `throw`, a call that never returns, and with `countingReturns` a `return`.
    final class StopFinder: SyntaxVisitor {
        var stops = false
        private let countsReturns: Bool

        init(countingReturns: Bool = false) {
            countsReturns = countingReturns
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
            stops = true
            return .skipChildren
        }

        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            guard countsReturns else { return .visitChildren }
            stops = true
            return .skipChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                SwallowedErrorCollector.stoppers.contains(name)
            {
                stops = true
            }
            return .visitChildren
        }

        /// A nested closure's `throw` is not this catch's.
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

/// The `context.delete(model: T.self)` calls of a migration closure, and whether it hands the context to a helper
/// (which may change any data).
final class WholesaleDeletions: SyntaxVisitor {
    let collector: SwallowedErrorCollector
    private(set) var models: [TypeExpr] = []
    private(set) var calls: Set<SyntaxIdentifier> = []
    private(set) var more = false

    init(collector: SwallowedErrorCollector) {
        self.collector = collector
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let model = collector.deletedModel(node) {
            models.append(model)
            calls.insert(node.id)
            return .skipChildren
        }
        // Deleting single rows is a change `DataChangeDetector` sees; a helper given the context is not.
        if node.arguments.contains(where: { SwallowedErrorCollector.mentions(collector.contextNames, $0.expression) }) {
            more = true
        }
        return .visitChildren
    }
}
