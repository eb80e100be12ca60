import SwiftSyntax

/// Inserts an element into an array literal the way its elements are already laid out: one per line (with the
/// indentation of its neighbours and their trailing-comma habit) or inline after `, `.
enum ListEditor {
    static func inserting(_ text: String, at index: Int, into array: ArrayExprSyntax) throws -> ArrayExprSyntax {
        var elements = Array(array.elements)
        let position = min(max(index, 0), elements.count)
        let expression = try SourceRewriter.parseExpression(text)
        guard !elements.isEmpty else {
            // `[]`, or `[` and `]` on separate lines.
            if array.rightSquare.leadingTrivia.hasNewline {
                let indentation = array.rightSquare.leadingTrivia.indentation.pieces + [.spaces(4)]
                let element = ArrayElementSyntax(
                    leadingTrivia: Trivia(pieces: [.newlines(1)] + indentation),
                    expression: expression, trailingComma: .commaToken())
                return array.with(\.elements, ArrayElementListSyntax([element]))
            }
            return array.with(\.elements, ArrayElementListSyntax([ArrayElementSyntax(expression: expression)]))
        }
        let lastHasComma = elements[elements.count - 1].trailingComma != nil
        var element = ArrayElementSyntax(expression: expression)
        if position == elements.count {
            let last = elements[elements.count - 1]
            // The comma goes straight after the old last element; a comment after it stays after it.
            if last.trailingComma == nil {
                let trailing = last.expression.trailingTrivia
                elements[elements.count - 1] = last
                    .with(\.expression, last.expression.with(\.trailingTrivia, []))
                    .with(\.trailingComma, TokenSyntax.commaToken(trailingTrivia: trailing))
            }
            // One per line when the last one has its own line, else inline.
            let leading = last.leadingTrivia.hasNewline ? last.leadingTrivia.lineBreakAndIndentation : Trivia.space
            element = element.with(\.leadingTrivia, leading)
            if lastHasComma { element = element.with(\.trailingComma, .commaToken()) }
            elements.append(element)
        } else {
            let next = elements[position]
            if next.leadingTrivia.hasNewline {
                element = element.with(\.leadingTrivia, next.leadingTrivia.lineBreakAndIndentation)
            } else {
                element = element.with(\.leadingTrivia, next.leadingTrivia)
                elements[position] = next.with(\.leadingTrivia, .space)
            }
            elements.insert(element.with(\.trailingComma, .commaToken()), at: position)
        }
        return array.with(\.elements, ArrayElementListSyntax(elements))
    }
}
