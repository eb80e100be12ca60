import SwiftSyntax

/// Moves a top-level `@Model` class into a version where it stands: the class goes into `extension SchemaV1 { }`
/// in its own file (so `private` helpers beside it still compile) and a typealias at its old name takes its place
/// (so every `Trip`, `Trip.self` and `extension Trip` in the app still means the same class).
enum ClassNester {
    static func nesting(_ declaration: ClassDeclSyntax, into version: String) throws -> String {
        guard declaration.parent?.parent?.parent?.is(SourceFileSyntax.self) == true else {
            throw RewriteRefusal("\(declaration.name.text) is not declared at the top level of its file")
        }
        let name = declaration.name.text
        // What stays above: blank lines before the declaration's comments (or before the declaration itself).
        let pieces = Array(declaration.leadingTrivia.pieces)
        let firstComment = pieces.firstIndex { $0.isComment } ?? pieces.count
        let lastBreak = pieces[..<firstComment].lastIndex { $0.isLineBreak }
        let above = lastBreak.map { Trivia(pieces: pieces[...$0]) } ?? []
        let ownTrivia = Trivia(pieces: lastBreak.map { pieces[($0 + 1)...] } ?? pieces[...])
        let unit: Trivia = declaration.description.contains("\n\t") ? .tab : .spaces(4)
        let body = Reindenter(by: unit).rewrite(declaration.with(\.leadingTrivia, ownTrivia.droppingIndentation))
        let access = declaration.modifiers.first { ["public", "open", "package"].contains($0.name.text) }
            .map { ($0.name.text == "open" ? "public" : $0.name.text) + " " } ?? ""
        return above.description + "\(access)typealias \(name) = \(version).\(name)\n\n"
            + "extension \(version) {\n" + unit.description + body.description.trimmingTrailingWhitespace
            + "\n}"
    }
}

extension Trivia {
    /// Without the spaces and tabs it starts with.
    fileprivate var droppingIndentation: Trivia {
        Trivia(
            pieces: pieces.drop {
                switch $0 {
                case .spaces, .tabs: return true
                default: return false
                }
            })
    }
}

extension TriviaPiece {
    var isComment: Bool {
        switch self {
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
        default: return false
        }
    }

    var isLineBreak: Bool {
        switch self {
        case .newlines, .carriageReturnLineFeeds, .carriageReturns: return true
        default: return false
        }
    }
}
