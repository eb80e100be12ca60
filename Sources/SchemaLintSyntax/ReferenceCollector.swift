import SchemaLintModel
import SwiftSyntax

/// The names a file's code uses as types or values (`Plan.self`, `Plan.migrateV1toV2`, `let p: Plan.Type`), leaving
/// out uses inside the declaration or an extension of a type of that name and same-named typealiases: a plan or
/// model that only names itself is used by nothing. Comments and string literals are trivia or literal tokens, never
/// references.
final class ReferenceCollector: SyntaxVisitor {
    private var enclosing: [String] = []
    /// The types whose declaration encloses the code, innermost last, with the properties each body declares
    /// (extensions declare none here: a bare name there may be another declaration's).
    private var declaring: [(name: String, properties: Set<String>)] = []
    private(set) var propertyReads = PropertyReads()
    private(set) var names: Set<String> = []
    /// Names used outside `#Preview` blocks and `PreviewProvider` types.
    private(set) var outsidePreviews: Set<String> = []
    private var previewDepth = 0
    /// Types declared `public` or `open`: other modules may use them.
    private(set) var publicTypes: Set<String> = []
    /// Names assigned (`flag = x`, `Settings.flag = x`, `flag.toggle()`): a variable of that name is not its initial
    /// value for certain.
    private(set) var assigned: Set<String> = []

    static func collect(_ tree: SourceFileSyntax) -> (
        names: Set<String>, publicTypes: Set<String>, assigned: Set<String>, outsidePreviews: Set<String>,
        propertyReads: PropertyReads
    ) {
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return (
            collector.names, collector.publicTypes, collector.assigned, collector.outsidePreviews,
            collector.propertyReads
        )
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if node.macroName.text == "Preview" { previewDepth -= 1 }
    }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) {
        if node.macroName.text == "Preview" { previewDepth -= 1 }
    }

    /// `target = value` (and `target += value`), unfolded as the parser leaves it: the name assigned.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() where index > 0 {
            let assigns =
                element.is(AssignmentExprSyntax.self)
                || (element.as(BinaryOperatorExprSyntax.self).map {
                    $0.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains($0.operator.text)
                } ?? false)
            guard assigns else { continue }
            let target = elements[index - 1]
            // `self.name = name` in an initialiser gives the instance its first value: Swift's initialisation, not
            // code assigning it later (each instance then holds what its initialiser's caller passed).
            if Self.initialises(target, in: node) { continue }
            if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text {
                assigned.insert(name)
            } else if let member = target.as(MemberAccessExprSyntax.self) {
                assigned.insert(member.declName.baseName.text)
            }
        }
        return .visitChildren
    }

    /// Whether `target` is `self.name`, written in the body of an initialiser itself (not in a closure or function
    /// inside it).
    private static func initialises(_ target: ExprSyntax, in node: SequenceExprSyntax) -> Bool {
        guard let member = target.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return false }
        var current = node.parent
        while let syntax = current {
            if syntax.is(InitializerDeclSyntax.self) { return true }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self)
                || syntax.is(AccessorDeclSyntax.self) || syntax.is(DeinitializerDeclSyntax.self)
            {
                return false
            }
            current = syntax.parent
        }
        return false
    }

    /// `flag.toggle()`.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "toggle",
            let base = member.base
        {
            if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
                assigned.insert(name)
            } else if let inner = base.as(MemberAccessExprSyntax.self) {
                assigned.insert(inner.declName.baseName.text)
            }
        }
        return .visitChildren
    }

    private func use(_ token: TokenSyntax) {
        let name = token.text.unbackticked
        if !enclosing.contains(name) {
            names.insert(name)
            if previewDepth == 0 { outsidePreviews.insert(name) }
        }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        use(node.baseName)
        // A bare name is the innermost declaring type's property when it declares one of that name.
        let name = node.baseName.text.unbackticked
        if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
            if let owner = declaring.last(where: { $0.properties.contains(name) }) {
                propertyReads.ownProperty[name, default: []].insert(owner.name)
            } else {
                propertyReads.bare.insert(name)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        use(node.name)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        use(node.name)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        use(node.declName.baseName)
        propertyReads.asMembers.insert(node.declName.baseName.text.unbackticked)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name, node.memberBlock)
        return enter(node.name, node.modifiers)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    /// A `PreviewProvider` is preview code, as a `#Preview` block is.
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isPreviewProvider(node.inheritanceClause) { previewDepth += 1 }
        declare(node.name, node.memberBlock)
        return enter(node.name, node.modifiers)
    }
    override func visitPost(_ node: StructDeclSyntax) {
        if Self.isPreviewProvider(node.inheritanceClause) { previewDepth -= 1 }
        leave()
    }

    private static func isPreviewProvider(_ clause: InheritanceClauseSyntax?) -> Bool {
        PreviewCode.conforms(clause)
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name, node.memberBlock)
        return enter(node.name, node.modifiers)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name, node.memberBlock)
        return enter(node.name, node.modifiers)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }

    /// A type's declaration begins: the properties its body declares.
    private func declare(_ name: TokenSyntax, _ members: MemberBlockSyntax) {
        var properties: Set<String> = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    properties.insert(identifier.unbackticked)
                }
            }
        }
        declaring.append((name.text.unbackticked, properties))
    }

    private func leave() {
        enclosing.removeLast()
        declaring.removeLast()
    }

    /// `typealias Note = NotesV3.Note` renames a type for the rest of the code; it does not use it. Uses of the alias
    /// are uses of the name.
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let value = node.initializer.value
        let last = value.as(MemberTypeSyntax.self)?.name.text ?? value.as(IdentifierTypeSyntax.self)?.name.text
        return last?.unbackticked == node.name.text.unbackticked ? .skipChildren : .visitChildren
    }

    /// `extension A.Plan` is inside `Plan` for this purpose: its members and the extended name itself.
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let last =
            node.extendedType.as(MemberTypeSyntax.self)?.name.text
            ?? node.extendedType.as(IdentifierTypeSyntax.self)?.name.text ?? ""
        enclosing.append(last.unbackticked)
        declaring.append((last.unbackticked, []))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }

    private func enter(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
        let exported: Set<TokenKind> = [.keyword(.public), .keyword(.open)]
        if modifiers.contains(where: { exported.contains($0.name.tokenKind) }) {
            publicTypes.insert(name.text.unbackticked)
        }
        enclosing.append(name.text.unbackticked)
        return .visitChildren
    }
}
