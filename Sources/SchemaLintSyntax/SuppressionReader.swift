import SchemaLintModel
import SwiftSyntax

/// Collects `// schemalint:` comments from a file's trivia. Comments are trivia to the parser, so this walks the
/// tokens once; it only runs for files whose bytes mention `schemalint:`.
enum SuppressionReader {
    static func read(_ tree: SourceFileSyntax, converter: SourceLocationConverter, path: String) -> [SuppressionComment]
    {
        var found: [SuppressionComment] = []
        func scan(_ trivia: Trivia, startingAt start: AbsolutePosition) {
            var position = start
            for piece in trivia {
                switch piece {
                case let .lineComment(text), let .blockComment(text), let .docLineComment(text),
                    let .docBlockComment(text):
                    let place = converter.location(for: position)
                    if let comment = SuppressionComment.parse(
                        text, location: SourceLocation(file: path, line: place.line, column: place.column))
                    {
                        found.append(comment)
                    }
                default:
                    break
                }
                position += piece.sourceLength
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            scan(token.leadingTrivia, startingAt: token.position)
            scan(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia)
        }
        return found
    }
}
