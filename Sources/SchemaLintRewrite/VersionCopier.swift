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
    public func file(
        type: SchemaLintModel.SourceLocation, extensions: [SchemaLintModel.SourceLocation]
    ) throws -> String {
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
        let enclosing = try Self.enclosingTypes(of: declaration, at: type)
        let indentation = declaration.leadingTrivia.indentation
        var pieces = [renamed(declaration).with(\.leadingTrivia, doc(indentation))]
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
        var body = pieces[0].description.trimmingTrailingWhitespace
        if let enclosing {
            // Declared inside a namespace (`extension JournalSchema { enum SchemaV12 ... }`): so is the copy.
            body = "extension \(enclosing) {\n\(body)\n}"
        }
        let rest = pieces.dropFirst().map { $0.description.trimmingTrailingWhitespace }
        return header + ([body] + rest).joined(separator: "\n\n") + "\n"
    }

    private func doc(_ indentation: Trivia) -> Trivia {
        Trivia(
            pieces: documentation.flatMap {
                indentation.pieces + [TriviaPiece.docLineComment("/// \($0)"), .newlines(1)]
            }
                + indentation.pieces)
    }

    /// nil for a top-level declaration, else the qualified name of the type (or extended type) it sits in.
    private static func enclosingTypes(of declaration: DeclSyntax, at location: SourceLocation) throws -> String? {
        var names: [String] = []
        var current = declaration.parent
        while let node = current {
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
                names.insert(extensionDecl.extendedType.trimmedDescription, at: 0)
            } else if let group = node.asProtocol(NamedDeclSyntax.self), node.asProtocol(DeclGroupSyntax.self) != nil {
                names.insert(group.name.text, at: 0)
            } else if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self)
                || node.is(IfConfigDeclSyntax.self)
            {
                throw RewriteRefusal(
                    "\(location): the version is declared inside a function or #if; bump cannot copy it")
            }
            current = node.parent
        }
        return names.isEmpty ? nil : names.joined(separator: ".")
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
