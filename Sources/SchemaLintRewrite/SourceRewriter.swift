import SchemaLintModel
import SwiftParser
import SwiftSyntax

/// Carries out `SourceEdit`s on file texts with swift-syntax.
///
/// Each edit finds its node by the location it was planned with, builds the replacement from that node (its
/// trivia, its siblings' layout) and splices it into the text. A file's edits run from its end backwards, so the
/// locations of the ones still to run do not move. An edit that leaves a syntax error the file did not have is
/// refused: nothing is written that the compiler would reject for its syntax.
public struct SourceRewriter {
    /// The texts edits read from (`copyClasses` copies declarations out of other files), by path as analysed.
    public var sources: [String: String]

    public init(sources: [String: String]) { self.sources = sources }

    /// The files after `edits`, each edit planned against `sources`; only changed files are returned.
    public func apply(_ edits: [SchemaLintModel.SourceEdit]) throws -> [String: String] {
        var changed: [String: String] = [:]
        for (file, fileEdits) in Dictionary(grouping: edits, by: \.file) {
            guard let original = sources[file] else { throw RewriteRefusal("\(file) was not read") }
            var text = original
            for edit in fileEdits.sorted(by: SourceEdit.applicationOrder) {
                text = try apply(edit, to: text, path: file)
            }
            try Self.requireNoNewSyntaxErrors(text, comparedWith: original, path: file)
            if text != original { changed[file] = text }
        }
        return changed
    }

    /// One edit on one text.
    func apply(_ edit: SourceEdit, to text: String, path: String) throws -> String {
        let locator = SyntaxLocator(path: path, text: text)
        let (node, replacement): (Syntax, String)
        switch edit {
        case let .insertElement(list, position, element, _):
            let array = try locator.node(ArrayExprSyntax.self, at: list)
            let index: Int
            switch position {
            case .first: index = 0
            case .end: index = array.elements.count
            case let .after(location):
                let offset = locator.converter.position(ofLine: location.line, column: location.column)
                guard let found = array.elements.firstIndex(where: { $0.positionAfterSkippingLeadingTrivia == offset })
                else {
                    throw RewriteRefusal.nothingAt(location, expected: "list element")
                }
                index = array.elements.distance(from: array.elements.startIndex, to: found) + 1
            }
            (node, replacement) = (Syntax(array), try ListEditor.inserting(element, at: index, into: array).description)
        case let .retargetTypealias(alias, target):
            let name = try locator.node(TokenSyntax.self, at: alias)
            guard let declaration = locator.ancestor(TypeAliasDeclSyntax.self, of: name) else {
                throw RewriteRefusal.nothingAt(alias, expected: "typealias")
            }
            let value = declaration.initializer.value
            let type = try Self.parseType(target)
                .with(\.leadingTrivia, value.leadingTrivia).with(\.trailingTrivia, value.trailingTrivia)
            (node, replacement) = (Syntax(value), type.description)
        case let .removeArgument(attribute, label):
            let found = try locator.node(AttributeSyntax.self, at: attribute)
            (node, replacement) = (Syntax(found), try ArgumentEditor.removing(label, from: found).description)
        case let .declareStage(sibling, name, call):
            let member = try MemberEditor.item(declaring: sibling, in: locator)
            let declaration = try MemberEditor.stage(like: member, name: name, call: call)
            (node, replacement) = (Syntax(member), member.description + declaration)
        case let .renameReference(reference, from, to):
            let first = try locator.node(TokenSyntax.self, at: reference)
            // `SchemaV3.Trip` or `App.SchemaV3`: the name may come after a qualifier in the same reference.
            var outer = Syntax(first)
            while let parent = outer.parent,
                parent.is(MemberAccessExprSyntax.self) || parent.is(MemberTypeSyntax.self)
                    || parent.is(DeclReferenceExprSyntax.self) || parent.is(IdentifierTypeSyntax.self)
            {
                outer = parent
            }
            guard let token = outer.tokens(viewMode: .sourceAccurate).first(where: { $0.text == from }) else {
                throw RewriteRefusal("\(reference): expected \(from) there; run the check again")
            }
            (node, replacement) = (Syntax(token), token.with(\.tokenKind, .identifier(to)).description)
        case let .copyClasses(into, declarations, comment):
            let copies = try declarations.map { declaration -> ClassDeclSyntax in
                guard let source = sources[declaration.location.file] else {
                    throw RewriteRefusal("\(declaration.location.file) was not read")
                }
                let other = SyntaxLocator(path: declaration.location.file, text: source)
                let name = try other.node(TokenSyntax.self, at: declaration.location)
                guard let found = other.ancestor(ClassDeclSyntax.self, of: name) else {
                    throw RewriteRefusal.nothingAt(declaration.location, expected: "class")
                }
                let clause = Self.inheritance(found, keepsSuperclass: declaration.keepsSuperclass)
                guard clause == nil, found.inheritanceClause != nil else {
                    return found.with(\.inheritanceClause, clause)
                }
                // `final class Item: Identifiable {` → `final class Item {`: the space before `{` stays.
                return found.with(\.inheritanceClause, nil).with(\.name, found.name.with(\.trailingTrivia, .space))
            }
            let name = try locator.node(TokenSyntax.self, at: into)
            guard let group = name.parent?.asProtocol(DeclGroupSyntax.self) else {
                throw RewriteRefusal.nothingAt(into, expected: "type declaration")
            }
            let block = group.memberBlock
            let appended = MemberEditor.appending(copies, to: block, comment: comment)
            (node, replacement) = (Syntax(block), appended.description)
        case let .nestClass(declaration, into):
            let name = try locator.node(TokenSyntax.self, at: declaration)
            guard let found = locator.ancestor(ClassDeclSyntax.self, of: name), found.name == name else {
                throw RewriteRefusal.nothingAt(declaration, expected: "class")
            }
            (node, replacement) = (Syntax(found), try ClassNester.nesting(found, into: into))
        case let .addArgument(call, label, value, after):
            let found = try ArgumentEditor.call(at: call, in: locator)
            let edited = try ArgumentEditor.inserting(label: label, value: value, after: after, into: found)
            (node, replacement) = (Syntax(found), edited.description)
        }
        let utf8 = Array(text.utf8)
        let start = node.position.utf8Offset
        let end = node.endPosition.utf8Offset
        return String(decoding: utf8[..<start], as: UTF8.self) + replacement
            + String(decoding: utf8[end...], as: UTF8.self)
    }

    private static func inheritance(_ declaration: ClassDeclSyntax, keepsSuperclass: Bool) -> InheritanceClauseSyntax? {
        guard keepsSuperclass, let clause = declaration.inheritanceClause, let first = clause.inheritedTypes.first
        else {
            return nil
        }
        return clause.with(\.inheritedTypes, InheritedTypeListSyntax([first.with(\.trailingComma, nil)]))
            .with(\.trailingTrivia, .space)
    }

    static func parseType(_ text: String) throws -> TypeSyntax {
        var parser = Parser(text)
        let type = TypeSyntax.parse(from: &parser)
        guard !type.hasError, type.trimmedDescription == text else { throw RewriteRefusal("cannot write type \(text)") }
        return type
    }

    static func parseExpression(_ text: String) throws -> ExprSyntax {
        var parser = Parser(text)
        let expression = ExprSyntax.parse(from: &parser)
        guard !expression.hasError, expression.trimmedDescription == text else {
            throw RewriteRefusal("cannot write expression \(text)")
        }
        return expression
    }

    /// Refuses a text with more syntax errors than the one it was made from.
    static func requireNoNewSyntaxErrors(_ text: String, comparedWith original: String, path: String) throws {
        if SyntaxErrorCounter.count(text) > SyntaxErrorCounter.count(original) {
            throw RewriteRefusal("\(path): the edit would leave a syntax error; nothing was written")
        }
    }
}
