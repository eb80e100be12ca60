import SchemaLintModel
import SwiftSyntax

/// Adds members to a type body the way its members are written.
enum MemberEditor {
    /// The member-block item of the static property whose name is at `location`.
    static func item(declaring location: SourceLocation, in locator: SyntaxLocator) throws -> MemberBlockItemSyntax {
        let name = try locator.node(TokenSyntax.self, at: location)
        guard let item = locator.ancestor(MemberBlockItemSyntax.self, of: name),
            item.decl.is(VariableDeclSyntax.self)
        else {
            throw RewriteRefusal.nothingAt(location, expected: "static property")
        }
        return item
    }

    /// `static let name = MigrationStage.call`, with the sibling's modifiers, binding keyword and (when it has
    /// one) type annotation, on a new line at its indentation.
    static func stage(like sibling: MemberBlockItemSyntax, name: String, call: String) throws -> String {
        guard let variable = sibling.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first else {
            throw RewriteRefusal("cannot declare a stage next to this member")
        }
        let modifiers = variable.modifiers.map(\.trimmedDescription).joined(separator: " ")
        let keyword = variable.bindingSpecifier.text
        let annotation = binding.typeAnnotation.map { ": \($0.type.trimmedDescription)" }
        // `= .lightweight(...)` where the sibling writes its type, `= MigrationStage.lightweight(...)` otherwise.
        let value = annotation == nil ? "MigrationStage.\(call)" : ".\(call)"
        let head = modifiers.isEmpty ? keyword : "\(modifiers) \(keyword)"
        let declaration = "\(head) \(name)\(annotation ?? "") = \(value)"
        _ = try SourceRewriter.parseExpression(value)
        // A blank line before it when its sibling has one.
        let blank = sibling.leadingTrivia.pieces.contains {
            if case let .newlines(count) = $0 { return count > 1 }
            return false
        }
        return (blank ? "\n" : "") + sibling.leadingTrivia.lineBreakAndIndentation.description + declaration
    }

    /// The block with `classes` appended as members, re-indented to the block's member indentation.
    static func appending(
        _ classes: [ClassDeclSyntax], to block: MemberBlockSyntax, comment: String
    ) -> MemberBlockSyntax {
        let indentation = block.members.first?.leadingTrivia.indentation
            ?? Trivia(pieces: block.rightBrace.leadingTrivia.indentation.pieces + [.spaces(4)])
        var items = Array(block.members)
        for (index, declaration) in classes.enumerated() {
            let shifted = Reindenter(by: indentation).rewrite(declaration.with(\.leadingTrivia, []))
                .cast(ClassDeclSyntax.self)
            let lines = index == 0 ? comment.split(separator: "\n").map { "// \($0)" } : []
            var leading: [TriviaPiece] = [.newlines(items.isEmpty ? 1 : 2)]
            for line in lines { leading += indentation.pieces + [.lineComment(line), .newlines(1)] }
            leading += indentation.pieces
            let placed = shifted.with(\.leadingTrivia, Trivia(pieces: leading))
            items.append(MemberBlockItemSyntax(decl: DeclSyntax(placed)))
        }
        var rightBrace = block.rightBrace
        if !rightBrace.leadingTrivia.hasNewline {
            rightBrace = rightBrace.with(\.leadingTrivia, Trivia(pieces: [.newlines(1)]))
        }
        return block.with(\.members, MemberBlockItemListSyntax(items)).with(\.rightBrace, rightBrace)
    }
}

/// Adds indentation after every line break inside a declaration (the trivia of its tokens).
final class Reindenter: SyntaxRewriter {
    let indentation: Trivia
    init(by indentation: Trivia) {
        self.indentation = indentation
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        token.with(\.leadingTrivia, shifted(token.leadingTrivia)).with(\.trailingTrivia, shifted(token.trailingTrivia))
    }

    /// Indentation after each line break, except where the line is blank (no trailing whitespace is added).
    private func shifted(_ trivia: Trivia) -> Trivia {
        let original = Array(trivia.pieces)
        var pieces: [TriviaPiece] = []
        for (index, piece) in original.enumerated() {
            pieces.append(piece)
            guard Self.isLineBreak(piece) else { continue }
            let rest = original[(index + 1)...].drop { if case .spaces = $0 { return true }; return $0.isTab }
            if let next = rest.first, Self.isLineBreak(next) { continue }
            pieces += indentation.pieces
        }
        return Trivia(pieces: pieces)
    }

    private static func isLineBreak(_ piece: TriviaPiece) -> Bool {
        switch piece {
        case .newlines, .carriageReturnLineFeeds, .carriageReturns: return true
        default: return false
        }
    }
}

extension TriviaPiece {
    fileprivate var isTab: Bool { if case .tabs = self { return true } else { return false } }
}
