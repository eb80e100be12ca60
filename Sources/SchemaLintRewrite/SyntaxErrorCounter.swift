import SwiftParser
import SwiftSyntax

/// Counts what the parser had to invent or skip: missing tokens and unexpected text.
public enum SyntaxErrorCounter {
    public static func count(_ text: String) -> Int {
        let visitor = Visitor(viewMode: .all)
        visitor.walk(Parser.parse(source: text))
        return visitor.count
    }

    private final class Visitor: SyntaxVisitor {
        var count = 0
        override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
            count += 1
            return .skipChildren
        }
        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if token.presence == .missing { count += 1 }
            return .visitChildren
        }
    }
}
