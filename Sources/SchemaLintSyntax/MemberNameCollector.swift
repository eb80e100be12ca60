import SwiftSyntax

/// The member names a migration closure touches: `entry.amountPrefix`, `\.amountPrefix`, `\Entry.amountPrefix`.
/// Names only, not what they belong to: a stage that reads a property a later version drops is taken to carry its
/// values over, which `data_dropped` asks.
final class MemberNameCollector: SyntaxVisitor {
    private(set) var names: Set<String> = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.declName.baseName.text)
        return .visitChildren
    }

    override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.declName.baseName.text)
        return .visitChildren
    }
}
