import SwiftSyntax

/// Source text as a message shows it: on one line (each line's indentation dropped, lines joined by a space) and at
/// most 60 characters (57 and "..."). A node's text is built token by token and the building stops once the line
/// is past 60 characters: an unreadable argument is named in its reason at every call, and an argument holding a
/// closure was printed whole, once for each call inside it too.
enum ShownText {
    private static let limit = 60

    /// `node`'s text without its first leading and last trailing trivia, as `line(_:)` shows it.
    static func line(of node: some SyntaxProtocol) -> String {
        var text = ""
        var trailing = ""
        var first = true
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !first {
                text += trailing
                text += token.leadingTrivia.description
            }
            first = false
            text += token.text
            trailing = token.trailingTrivia.description
            // The shown line of a prefix is a prefix of the whole's: once it is past the limit, so is the whole's.
            if text.utf8.count > limit, case let shown = joined(text), shown.count > limit { return cut(shown) }
        }
        return cut(joined(text))
    }

    static func line(_ text: String) -> String { cut(joined(text)) }

    private static func joined(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }.joined(separator: " ")
    }

    private static func cut(_ line: String) -> String {
        line.count > limit ? String(line.prefix(limit - 3)) + "..." : line
    }
}
