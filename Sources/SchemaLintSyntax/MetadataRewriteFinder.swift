import SchemaLintModel
import SwiftSyntax

/// Finds code that rewrites a store's version metadata: the record SwiftData and Core Data compare with the model to
/// decide whether a store opens. An app that writes it itself (`UPDATE Z_METADATA SET Z_PLIST = ?` through SQLite,
/// `setMetadata(_:for:)` on a coordinator) repairs stores its model no longer matches, and only its own code says
/// which ones.
///
/// Reading SQL is reading a string literal's text, never the Swift source: the table name and the verb that writes it
/// must both be in one literal (a `SELECT` from `Z_METADATA` only reads).
final class MetadataRewriteFinder: SyntaxVisitor {
    private(set) var found: Syntax?

    init() { super.init(viewMode: .sourceAccurate) }

    /// The first rewrite in `node`, not counting nested functions' bodies (they run only when called).
    static func rewrite(in node: some SyntaxProtocol) -> Syntax? {
        let finder = MetadataRewriteFinder()
        finder.walk(node)
        return finder.found
    }

    /// `rewriters(_:)` of every function in `file`.
    static func rewriters(in file: SourceFileSyntax) -> [String: Syntax] {
        let index = FunctionIndex(viewMode: .sourceAccurate)
        index.walk(file)
        return rewriters(index.functions)
    }

    /// Functions of `functions` whose body rewrites, directly or through the others it calls (two calls deep): base
    /// name → the rewrite.
    static func rewriters(_ functions: [String: [FunctionDeclSyntax]]) -> [String: Syntax] {
        var result: [String: Syntax] = [:]
        for (name, declarations) in functions {
            for declaration in declarations {
                guard let body = declaration.body,
                    let rewrite = Self.rewrite(in: body, through: functions, depth: 0)
                else { continue }
                result[name] = rewrite
                break
            }
        }
        return result
    }

    private static func rewrite(
        in body: CodeBlockSyntax, through functions: [String: [FunctionDeclSyntax]], depth: Int
    ) -> Syntax? {
        if let direct = rewrite(in: body) { return direct }
        guard depth < 2 else { return nil }
        for name in calledNames(in: Syntax(body)).map(\.name) {
            for declaration in functions[name] ?? [] where declaration.body.map({ $0.id != body.id }) ?? false {
                if let body = declaration.body, let found = rewrite(in: body, through: functions, depth: depth + 1) {
                    return found
                }
            }
        }
        return nil
    }

    /// The base names of the functions `node` calls, in order, with each call: `repair()`, `self.repair()`,
    /// `service.repairIfNeeded(storeURL:)` (a method of a value the file's types hold: matched by name, which is as
    /// far as a file can tell).
    static func calledNames(in node: Syntax) -> [(name: String, call: FunctionCallExprSyntax)] {
        let calls = CallList(viewMode: .sourceAccurate)
        calls.walk(node)
        return calls.found.compactMap { call in
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return (reference.baseName.text, call)
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                return (member.declName.baseName.text, call)
            }
            return nil
        }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "setMetadata" {
            found = Syntax(node)
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        let text = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined().uppercased()
        if text.contains("Z_METADATA"), ["UPDATE ", "INSERT ", "REPLACE "].contains(where: text.contains) {
            found = Syntax(node)
        }
        return .skipChildren
    }
}

/// Every call in a subtree, in order, not counting nested functions' bodies.
private final class CallList: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}
