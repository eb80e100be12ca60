import SwiftSyntax

/// Whether a migration closure changes stored data: sets a property (`trip.name = ...`, `trip.count += 1`),
/// inserts or deletes. Printing, fetching and saving alone change nothing another device would have to merge.
final class DataChangeDetector: SyntaxVisitor {
    private(set) var changesData = false
    /// Calls not counted (`WholesaleDeletions`' own).
    private let ignored: Set<SyntaxIdentifier>

    init(ignoring ignored: Set<SyntaxIdentifier> = []) {
        self.ignored = ignored
        super.init(viewMode: .sourceAccurate)
    }

    static func changesData(_ node: some SyntaxProtocol, ignoring ignored: Set<SyntaxIdentifier> = []) -> Bool {
        let detector = DataChangeDetector(ignoring: ignored)
        detector.walk(node)
        return detector.changesData
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() where index > 0 {
            if Self.isAssignment(element), Self.isPropertyReference(elements[index - 1]) { changesData = true }
        }
        return changesData ? .skipChildren : .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isAssignment(node.operator), Self.isPropertyReference(node.leftOperand) { changesData = true }
        return changesData ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ignored.contains(node.id) { return .skipChildren }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            ["insert", "delete", "append", "remove", "removeAll"].contains(member.declName.baseName.text)
        {
            changesData = true
        }
        return changesData ? .skipChildren : .visitChildren
    }

    private static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&&=", "||="]

    /// `=` or a compound assignment such as `+=`.
    private static func isAssignment(_ operator: ExprSyntax) -> Bool {
        if `operator`.is(AssignmentExprSyntax.self) { return true }
        guard let binary = `operator`.as(BinaryOperatorExprSyntax.self) else { return false }
        return compoundAssignments.contains(binary.operator.text)
    }

    /// `a.b` or `a.b.c`, possibly behind `?`/`!`: a stored property, unlike a local variable.
    private static func isPropertyReference(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        while true {
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression; continue }
            if let optional = expression.as(OptionalChainingExprSyntax.self) {
                expression = optional.expression
                continue
            }
            break
        }
        return expression.is(MemberAccessExprSyntax.self) || expression.is(SubscriptCallExprSyntax.self)
    }
}
