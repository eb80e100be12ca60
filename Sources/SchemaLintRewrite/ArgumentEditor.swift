import SwiftSyntax

/// Removes one labelled argument from an attribute: `@Relationship(deleteRule: .cascade, inverse: \X.y)` keeps
/// `deleteRule:`; an attribute left without arguments loses its parentheses (`@Relationship`).
enum ArgumentEditor {
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
