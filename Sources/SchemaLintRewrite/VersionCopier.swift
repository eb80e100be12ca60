import SchemaLintModel
import SwiftSyntax

/// Writes the file of a new version: a copy of the newest version's declaration and its extensions, renamed,
/// with the next `versionIdentifier`, under the imports its files use.
public struct VersionCopier {
    public var sources: [String: String]
    public var oldName: String
    public var newName: String
    public var identifier: VersionNumber
    /// Lines of the doc comment the new declaration gets (the old one describes the old version).
    public var documentation: [String]

    public init(
        sources: [String: String], oldName: String, newName: String, identifier: VersionNumber,
        documentation: [String]
    ) {
        self.sources = sources
        self.oldName = oldName
        self.newName = newName
        self.identifier = identifier
        self.documentation = documentation
    }

    /// The new file's text. `type` is where the version's name is declared, `extensions` where extensions name it.
    public func file(type: SchemaLintModel.SourceLocation, extensions: [SchemaLintModel.SourceLocation]) throws -> String {
        var imports: [String] = []
        func addImports(of locator: SyntaxLocator) {
            for item in locator.tree.statements {
                guard let declaration = item.item.as(ImportDeclSyntax.self) else { continue }
                let text = declaration.trimmedDescription
                if !imports.contains(text) { imports.append(text) }
            }
        }
        let typeLocator = try locator(for: type)
        addImports(of: typeLocator)
        let name = try typeLocator.node(TokenSyntax.self, at: type)
        guard let declaration = name.parent.flatMap({ DeclSyntax($0) }),
            declaration.asProtocol(DeclGroupSyntax.self) != nil
        else {
            throw RewriteRefusal.nothingAt(type, expected: "type declaration")
        }
        guard declaration.parent?.parent?.is(CodeBlockItemListSyntax.self) == true,
            declaration.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        else {
            throw RewriteRefusal("\(type): \(oldName) is declared inside another declaration; bump writes versions "
                + "declared at the top level of a file")
        }
        var pieces = [renamed(declaration).with(\.leadingTrivia, doc)]
        for location in extensions {
            let other = try locator(for: location)
            addImports(of: other)
            let extended = try other.node(TokenSyntax.self, at: location)
            guard let found = other.ancestor(ExtensionDeclSyntax.self, of: extended) else {
                throw RewriteRefusal.nothingAt(location, expected: "extension")
            }
            pieces.append(renamed(DeclSyntax(found)).with(\.leadingTrivia, Trivia(pieces: found.leadingTrivia.pieces
                .drop { if case .newlines = $0 { return true }; return false })))
        }
        var replaced = false
        pieces = pieces.map { piece in
            guard !replaced else { return piece }
            let rewriter = IdentifierRewriter(identifier)
            let result = rewriter.rewrite(piece).cast(DeclSyntax.self)
            replaced = rewriter.replaced
            return result
        }
        guard replaced else {
            throw RewriteRefusal("\(type): \(oldName).versionIdentifier is not written as Schema.Version(x, y, z) "
                + "with three integer literals; bump cannot set the new one")
        }
        let header = imports.isEmpty ? "" : imports.joined(separator: "\n") + "\n\n"
        return header + pieces.map { $0.description.trimmingTrailingWhitespace }.joined(separator: "\n\n") + "\n"
    }

    private var doc: Trivia {
        Trivia(pieces: documentation.flatMap { [TriviaPiece.docLineComment("/// \($0)"), .newlines(1)] })
    }

    private func locator(for location: SourceLocation) throws -> SyntaxLocator {
        guard let text = sources[location.file] else { throw RewriteRefusal("\(location.file) was not read") }
        return SyntaxLocator(path: location.file, text: text)
    }

    private func renamed(_ declaration: DeclSyntax) -> DeclSyntax {
        NameRewriter(from: oldName, to: newName).rewrite(declaration).cast(DeclSyntax.self)
    }
}

/// Renames every identifier token spelled `from`: the version's own name, in its declaration and its references.
final class NameRewriter: SyntaxRewriter {
    let from: String
    let to: String
    init(from: String, to: String) {
        self.from = from
        self.to = to
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        guard case let .identifier(text) = token.tokenKind, text == from else { return token }
        return token.with(\.tokenKind, .identifier(to))
    }
}

/// Sets the three literals of the first `Schema.Version(x, y, z)` / `.init(x, y, z)` inside `versionIdentifier`.
final class IdentifierRewriter: SyntaxRewriter {
    let identifier: VersionNumber
    private(set) var replaced = false
    private var inside = false

    init(_ identifier: VersionNumber) {
        self.identifier = identifier
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
        let names = node.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        guard names.contains("versionIdentifier"), !replaced else { return DeclSyntax(node) }
        inside = true
        defer { inside = false }
        return super.visit(node)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        guard inside, !replaced, node.arguments.count == 3,
            node.arguments.allSatisfy({ $0.label == nil && $0.expression.is(IntegerLiteralExprSyntax.self) })
        else {
            return super.visit(node)
        }
        replaced = true
        let values = [identifier.major, identifier.minor, identifier.patch]
        let arguments = zip(node.arguments, values).map { argument, value in
            let literal = argument.expression.cast(IntegerLiteralExprSyntax.self)
            return argument.with(
                \.expression,
                ExprSyntax(literal.with(\.literal, literal.literal.with(\.tokenKind, .integerLiteral(String(value))))))
        }
        return ExprSyntax(node.with(\.arguments, LabeledExprListSyntax(arguments)))
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var text = self
        while let last = text.last, last == " " || last == "\n" || last == "\t" { text.removeLast() }
        return text
    }
}
