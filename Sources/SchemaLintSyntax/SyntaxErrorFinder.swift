import SwiftParser
import SwiftSyntax

/// Finds the first syntax error of a file and counts them, in one walk that skips every subtree without errors.
///
/// swift-syntax's `ParseDiagnosticsGenerator` is not used: it computes each diagnostic's indentation by walking back
/// token by token (quadratic on a long line with many errors: 2,000 errors on one line took 18 s), and the fuzz test
/// found inputs on which it stops the process ("A Fix-It must have at least one change"), which no caller can catch.
final class SyntaxErrorFinder {
    private(set) var count = 0
    private(set) var first: (node: Syntax, message: String)?

    /// Depth-first, in source order, entering only subtrees that contain an error.
    func walk(_ node: Syntax) {
        guard node.hasError else { return }
        if let token = node.as(TokenSyntax.self) {
            if token.presence == .missing { record(node, "expected '\(token.text)'\(Self.context(of: token))") }
            return
        }
        if let unexpected = node.as(UnexpectedNodesSyntax.self) {
            let text = unexpected.trimmedDescription
            record(node, "unexpected code '\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'")
            return
        }
        for child in node.children(viewMode: .all) { walk(child) }
    }

    private func record(_ node: Syntax, _ message: String) {
        count += 1
        if first == nil { first = (node, message) }
    }

    /// `to end enum Name` for a missing closing brace of a type body.
    private static func context(of token: TokenSyntax) -> String {
        guard token.tokenKind == .rightBrace, let block = token.parent?.as(MemberBlockSyntax.self),
            let owner = block.parent
        else { return "" }
        if let decl = owner.as(EnumDeclSyntax.self) { return " to end enum \(decl.name.text)" }
        if let decl = owner.as(ClassDeclSyntax.self) { return " to end class \(decl.name.text)" }
        if let decl = owner.as(StructDeclSyntax.self) { return " to end struct \(decl.name.text)" }
        if let decl = owner.as(ExtensionDeclSyntax.self) {
            return " to end extension \(decl.extendedType.trimmedDescription)"
        }
        return ""
    }

    /// The first error (location and message) and the number of errors.
    static func firstError(in tree: SourceFileSyntax, converter: SourceLocationConverter) -> (
        line: Int, column: Int, message: String, count: Int
    )? {
        let finder = SyntaxErrorFinder()
        finder.walk(Syntax(tree))
        guard let (node, message) = finder.first else { return nil }
        let position = node.startLocation(converter: converter)
        return (position.line, position.column, message, finder.count)
    }
}
