import SchemaLintModel
import SwiftParser
import SwiftSyntax

/// One file's syntax tree and the way from a model location (line and UTF-8 column) back to its node.
struct SyntaxLocator {
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let path: String

    init(path: String, text: String) {
        self.path = path
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// The outermost node of type `T` that starts (after its leading trivia) exactly at `location`.
    func node<T: SyntaxProtocol>(_ type: T.Type, at location: SourceLocation) throws -> T {
        let position = converter.position(ofLine: location.line, column: location.column)
        guard let token = tree.token(at: position) else { throw RewriteRefusal.nothingAt(location) }
        var found: T?
        var current: Syntax? = Syntax(token)
        while let node = current, node.positionAfterSkippingLeadingTrivia == position {
            if let typed = node.as(T.self) { found = typed }
            current = node.parent
        }
        guard let found else { throw RewriteRefusal.nothingAt(location, expected: "\(T.self)") }
        return found
    }

    /// The first ancestor of `node` of type `T`.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type, of node: some SyntaxProtocol) -> T? {
        var current = node.parent
        while let node = current {
            if let typed = node.as(T.self) { return typed }
            current = node.parent
        }
        return nil
    }
}

/// Why an edit was not made. Nothing is written for a fix any of whose edits is refused.
public struct RewriteRefusal: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    static func nothingAt(_ location: SourceLocation, expected: String? = nil) -> RewriteRefusal {
        RewriteRefusal(
            "\(location): the source no longer has \(expected.map { "a \($0)" } ?? "the declaration") there; "
                + "run the check again")
    }
}

extension Trivia {
    /// The indentation after the last newline (`"\n    "` → four spaces), dropping comments before it.
    var indentation: Trivia {
        var pieces: [TriviaPiece] = []
        for piece in self.pieces.reversed() {
            switch piece {
            case .spaces, .tabs: pieces.insert(piece, at: 0)
            default: return Trivia(pieces: pieces)
            }
        }
        return Trivia(pieces: pieces)
    }

    var hasNewline: Bool {
        pieces.contains {
            switch $0 {
            case .newlines, .carriageReturnLineFeeds, .carriageReturns: return true
            default: return false
            }
        }
    }

    /// A newline and this trivia's indentation: what puts a new line where the node with this leading trivia starts.
    var lineBreakAndIndentation: Trivia { Trivia(pieces: [.newlines(1)] + indentation.pieces) }
}
