import SwiftSyntax

/// Which type's initialiser a call runs, as Swift reads it: `T(...)`, `T.init(...)`, `SwiftData.T(...)` and
/// `SwiftData.T.init(...)` by their callee, and the implicit member `.init(...)` by the type its place gives it: a
/// variable declared `let c: T = .init(...)` (or `T!`, `T?`, `[T]` around a list), an assignment to a variable or
/// property declared of type `T` (`container = try! .init(for: ...)` in an initialiser), a `return` (or the only
/// expression) of a function or computed property returning `T`, an immediately called closure given to such a
/// variable, a `configurations:` argument (`ModelConfiguration`) and the container given to `.modelContainer(...)`
/// (`ModelContainer`). Anything else is not known to build `T`.
enum InitialiserCall {
    /// Whether `call` builds a `type` (a simple name: `ModelContainer`, `ModelConfiguration`).
    static func builds(_ type: String, _ call: FunctionCallExprSyntax) -> Bool {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            guard let base = member.base else { return contextualType(of: ExprSyntax(call)) == type }
            callee = base
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == type }
        guard let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == type else {
            return false
        }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftData"
    }

    /// The simple name of the type the place of `expression` expects, when the code says it.
    static func contextualType(of expression: ExprSyntax) -> String? {
        var node = Syntax(expression)
        var inList = false
        while let parent = node.parent {
            if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                node = parent
                continue
            }
            if let tuple = parent.as(LabeledExprSyntax.self), tuple.label == nil,
                let list = tuple.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let parenthesised = list.parent?.as(TupleExprSyntax.self)
            {
                node = Syntax(parenthesised)
                continue
            }
            if parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) {
                node = parent
                continue
            }
            if parent.is(ArrayExprSyntax.self) {
                if inList { return nil }
                inList = true
                node = parent
                continue
            }
            if let argument = parent.as(LabeledExprSyntax.self) {
                // A list is given only as `configurations: [...]`.
                guard inList else { return argumentType(argument) }
                return argument.label?.text == "configurations" ? "ModelConfiguration" : nil
            }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                // `guard let container: ModelContainer = try? .init(...)` (Bubble's widgets): the bound type.
                if let bound = clause.parent?.as(OptionalBindingConditionSyntax.self) {
                    return bound.typeAnnotation.flatMap { name(of: $0.type, inList: inList) }
                }
                guard let binding = clause.parent?.as(PatternBindingSyntax.self) else { return nil }
                return binding.typeAnnotation.flatMap { name(of: $0.type, inList: inList) }
            }
            if inList { return nil }
            if parent.is(ExprListSyntax.self) {
                guard let sequence = parent.parent?.as(SequenceExprSyntax.self) else { return nil }
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id,
                    let target = assignedName(elements[0])
                else { return nil }
                return declaredType(of: target, at: sequence)
            }
            if parent.is(ReturnStmtSyntax.self) { return returnedType(at: parent) }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                // The only expression of a body is what it returns.
                guard let items = item.parent?.as(CodeBlockItemListSyntax.self), items.count == 1 else { return nil }
                return returnedType(at: Syntax(items))
            }
            return nil
        }
        return nil
    }

    /// `configurations:` (and the unlabelled ones after it, variadic) is a `ModelConfiguration`; the one unlabelled
    /// argument of `.modelContainer(...)` a `ModelContainer`.
    private static func argumentType(_ argument: LabeledExprSyntax) -> String? {
        guard let list = argument.parent?.as(LabeledExprListSyntax.self) else { return nil }
        if let label = argument.label?.text { return label == "configurations" ? "ModelConfiguration" : nil }
        let arguments = Array(list)
        guard let index = arguments.firstIndex(where: { $0.id == argument.id }) else { return nil }
        for earlier in arguments[..<index].reversed() {
            guard let label = earlier.label?.text else { continue }
            return label == "configurations" ? "ModelConfiguration" : nil
        }
        if arguments.count == 1, let call = list.parent?.as(FunctionCallExprSyntax.self),
            ContainerCollector.isModelContainerModifier(call)
        {
            return "ModelContainer"
        }
        return nil
    }

    /// `T`, `T!`, `T?`, `SwiftData.T`; with `inList`, the element of `[T]`.
    private static func name(of type: TypeSyntax, inList: Bool) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return name(of: optional.wrappedType, inList: inList) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return name(of: unwrapped.wrappedType, inList: inList)
        }
        if inList {
            guard let array = type.as(ArrayTypeSyntax.self) else { return nil }
            return name(of: array.element, inList: false)
        }
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
            return TypeExprReader.read(type).path?.last
        }
        return nil
    }

    /// `name`, `self.name` or `Self.name`.
    private static func assignedName(_ target: ExprSyntax) -> String? {
        if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = target.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base == "self" || base == "Self"
        else { return nil }
        return member.declName.baseName.text
    }

    /// The type a variable or property is declared with where `use` sees it: a local declared before it in an
    /// enclosing block, else a member of the enclosing type (or, in an extension, of that type as this file
    /// declares it).
    private static func declaredType(of variable: String, at use: SequenceExprSyntax) -> String? {
        var node = use.parent
        while let current = node {
            if let items = current.as(CodeBlockItemListSyntax.self) {
                for item in items where item.position < use.position {
                    if let declaration = item.item.as(VariableDeclSyntax.self),
                        let type = annotation(of: variable, in: declaration)
                    {
                        return type
                    }
                }
            }
            if let members = current.as(MemberBlockSyntax.self) {
                if let type = memberType(of: variable, in: members) { return type }
                if let extended = members.parent?.as(ExtensionDeclSyntax.self),
                    let typeName = TypeExprReader.read(extended.extendedType).path?.last,
                    let file = current.root.as(SourceFileSyntax.self)
                {
                    return declaredMember(variable, ofType: typeName, in: file)
                }
                return nil
            }
            node = current.parent
        }
        return nil
    }

    private static func memberType(of variable: String, in members: MemberBlockSyntax) -> String? {
        for member in members.members {
            if let declaration = member.decl.as(VariableDeclSyntax.self),
                let type = annotation(of: variable, in: declaration)
            {
                return type
            }
        }
        return nil
    }

    /// A member of a type the file declares at its top level (an extension's `init` sets a property the type's
    /// own declaration gives).
    private static func declaredMember(
        _ variable: String, ofType typeName: String, in file: SourceFileSyntax
    ) -> String? {
        for item in file.statements {
            let members: MemberBlockSyntax?
            if let declaration = item.item.as(StructDeclSyntax.self), declaration.name.text == typeName {
                members = declaration.memberBlock
            } else if let declaration = item.item.as(ClassDeclSyntax.self), declaration.name.text == typeName {
                members = declaration.memberBlock
            } else if let declaration = item.item.as(ActorDeclSyntax.self), declaration.name.text == typeName {
                members = declaration.memberBlock
            } else if let declaration = item.item.as(EnumDeclSyntax.self), declaration.name.text == typeName {
                members = declaration.memberBlock
            } else {
                members = nil
            }
            if let members, let type = memberType(of: variable, in: members) { return type }
        }
        return nil
    }

    private static func annotation(of variable: String, in declaration: VariableDeclSyntax) -> String? {
        for binding in declaration.bindings {
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == variable else { continue }
            return binding.typeAnnotation.flatMap { name(of: $0.type, inList: false) }
        }
        return nil
    }

    /// What the function, accessor or computed property around `node` returns; a closure's only when it is called
    /// where it is written (`let c: T = { ... }()`).
    private static func returnedType(at node: Syntax) -> String? {
        var current = node.parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.flatMap { name(of: $0.type, inList: false) }
            }
            if let binding = syntax.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.flatMap { name(of: $0.type, inList: false) }
            }
            if let closure = syntax.as(ClosureExprSyntax.self) {
                guard let call = closure.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.id == closure.id, call.arguments.isEmpty
                else { return nil }
                return contextualType(of: ExprSyntax(call))
            }
            if syntax.is(InitializerDeclSyntax.self) || syntax.is(SubscriptDeclSyntax.self)
                || syntax.is(MemberBlockSyntax.self)
            {
                return nil
            }
            current = syntax.parent
        }
        return nil
    }
}
