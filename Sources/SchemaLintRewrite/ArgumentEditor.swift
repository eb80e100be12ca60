import SchemaLintModel
import SwiftSyntax

/// Removes one labelled argument from an attribute: `@Relationship(deleteRule: .cascade, inverse: \X.y)` keeps
/// `deleteRule:`; an attribute left without arguments loses its parentheses (`@Relationship`). Adds one to a call
/// (`migrationPlan:` after `for:`), laid out like its neighbours.
enum ArgumentEditor {
    /// The call starting at `location` whose callee is a name (`ModelContainer(...)`, not a chain ending in one).
    static func call(at location: SchemaLintModel.SourceLocation, in locator: SyntaxLocator) throws
        -> FunctionCallExprSyntax
    {
        let position = locator.converter.position(ofLine: location.line, column: location.column)
        guard let token = locator.tree.token(at: position) else { throw RewriteRefusal.nothingAt(location) }
        var current: Syntax? = Syntax(token)
        while let node = current, node.positionAfterSkippingLeadingTrivia == position {
            if let call = node.as(FunctionCallExprSyntax.self) { return call }
            current = node.parent
        }
        throw RewriteRefusal.nothingAt(location, expected: "call")
    }

    static func inserting(label: String, value: String, after: String, into call: FunctionCallExprSyntax) throws
        -> FunctionCallExprSyntax
    {
        var arguments = Array(call.arguments)
        guard !arguments.contains(where: { $0.label?.text == label }) else {
            throw RewriteRefusal("the call already has a \(label): argument")
        }
        guard var index = arguments.firstIndex(where: { $0.label?.text == after }) else {
            throw RewriteRefusal("the call has no \(after): argument to put \(label): after")
        }
        // Variadic models (`for: Trip.self, Stop.self`): after the last of them.
        while index + 1 < arguments.count, arguments[index + 1].label == nil { index += 1 }
        let expression = try SourceRewriter.parseExpression(value)
        let previous = arguments[index]
        let onOwnLine = previous.leadingTrivia.hasNewline
        var added = LabeledExprSyntax(
            label: .identifier(label), colon: .colonToken(trailingTrivia: .space), expression: expression)
        added = added.with(\.leadingTrivia, onOwnLine ? previous.leadingTrivia.lineBreakAndIndentation : [])
        if let comma = previous.trailingComma {
            // In the middle: the new argument takes a comma like the one before it.
            added = added.with(\.trailingComma, comma)
            arguments[index] = previous.with(\.trailingComma, comma.with(\.trailingTrivia, onOwnLine ? [] : .space))
        } else {
            // The new last argument: the comma goes after the old one, whatever trailed it stays at the end.
            let trailing = previous.trailingTrivia
            arguments[index] = previous.with(\.trailingTrivia, [])
                .with(\.trailingComma, .commaToken(trailingTrivia: onOwnLine ? [] : .space))
            added = added.with(\.trailingTrivia, trailing)
        }
        arguments.insert(added, at: index + 1)
        return call.with(\.arguments, LabeledExprListSyntax(arguments))
    }


    static func removing(_ label: String, from attribute: AttributeSyntax) throws -> AttributeSyntax {
        guard case let .argumentList(arguments) = attribute.arguments,
            let index = arguments.firstIndex(where: { $0.label?.text == label })
        else {
            throw RewriteRefusal("@\(attribute.attributeName.trimmedDescription) has no \(label): argument")
        }
        var kept = Array(arguments)
        let removed = kept.remove(at: arguments.distance(from: arguments.startIndex, to: index))
        if kept.isEmpty {
            let trailing = attribute.rightParen?.trailingTrivia ?? []
            return attribute.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil)
                .with(\.trailingTrivia, trailing)
        }
        if removed.trailingComma == nil {
            // It was the last one: the new last one loses its comma, keeping what followed the removed argument.
            let last = kept[kept.count - 1]
            kept[kept.count - 1] = last.with(\.trailingComma, nil)
                .with(\.trailingTrivia, removed.trailingTrivia)
        } else if let position = kept.indices.first(where: { kept[$0].position > removed.position }) {
            // The one after it takes its place (and its leading trivia: a newline and indentation, or nothing).
            kept[position] = kept[position].with(\.leadingTrivia, removed.leadingTrivia)
        }
        return attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(kept)))
    }
}
