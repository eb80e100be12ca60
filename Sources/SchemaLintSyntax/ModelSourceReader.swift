import SchemaLintModel
import SwiftSyntax

/// Reads what an expression gives a container as its models, wherever it is written: a container's `for:`, a
/// `let schema = ...` variable, a `static let schema = ...` constant.
struct ModelSourceReader {
    let reader: DeclarationReader
    /// The local lists of a body being read (`var list = ...; list.append(X.self)`), by name, as they are at the point
    /// read: set by `built(_:)`.
    var locals: [String: ModelSource] = [:]

    /// `Schema(...)`, `[A.self, B.self]`, `V.models`, the name of a constant (`SchemaDefinition.schema`), a call of a
    /// function without arguments (`AppSchema.allModels()`), `Array(...)` of one of these, `a + b` and `c ? a : b`;
    /// nil for anything else. What these name is evaluated in the model (`ModelListEvaluator`), once every file is
    /// read.
    func source(of expression: ExprSyntax) -> ModelSource? {
        source(of: expression, depth: 0)
    }

    private func source(of expression: ExprSyntax, depth: Int) -> ModelSource? {
        guard depth < 32 else { return .unreadable("a list nested too deep to follow", reader.location(expression)) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return source(of: only.expression, depth: depth + 1)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), Self.isSchemaCall(call) { return schemaSource(call) }
        if let array = expression.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        if let versioned = versionModels(expression) { return versioned }
        if let sum = concatenation(expression, depth: depth) { return sum }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return branches([ternary.thenExpression, ternary.elseExpression], at: expression, depth: depth)
        }
        if let collected = collection(expression, depth: depth) { return collected }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            // `Array(V.models)`, `Array<any PersistentModel.Type>(...)`: the same list.
            if let callee = Self.calleeName(call.calledExpression) ?? genericCallee(call.calledExpression),
                callee == "Array", call.arguments.count == 1, let only = call.arguments.first, only.label == nil
            {
                return source(of: only.expression, depth: depth + 1)
            }
            // A function without arguments: what it returns, read where it is declared.
            if call.arguments.isEmpty, let named = reference(call.calledExpression) { return .named(named) }
            return nil
        }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let local = locals[name] {
            return local
        }
        return reference(expression).map { .named($0) }
    }

    private func genericCallee(_ callee: ExprSyntax) -> String? {
        callee.as(GenericSpecializationExprSyntax.self).flatMap { Self.calleeName($0.expression) }
    }

    /// `a + b + c` and `c ? a : b`, unfolded (`SequenceExprSyntax`) or folded (`InfixOperatorExprSyntax`,
    /// `TernaryExprSyntax`), when every other operator is `+`; nil when the expression is neither. An operand that
    /// is not a list is unreadable, not dropped.
    private func concatenation(_ expression: ExprSyntax, depth: Int) -> ModelSource? {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequenceSource(Array(sequence.elements), whole: expression, depth: depth)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        {
            return sum([infix.leftOperand, infix.rightOperand], at: expression, depth: depth)
        }
        return nil
    }

    /// The elements of an unfolded sequence: a ternary (whose condition is everything before `?`, however written)
    /// gives its two branches; otherwise only `+` between operands is read.
    private func sequenceSource(_ elements: [ExprSyntax], whole: ExprSyntax, depth: Int) -> ModelSource? {
        if let mark = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[mark].as(UnresolvedTernaryExprSyntax.self), mark > 0, mark + 1 < elements.count
        {
            let rest = Array(elements[(mark + 1)...])
            let otherwise =
                rest.count == 1
                ? source(of: rest[0], depth: depth + 1) : sequenceSource(rest, whole: rest[0], depth: depth + 1)
            let then =
                source(of: ternary.thenExpression, depth: depth + 1)
                ?? .unreadable(
                    "`\(Self.cut(ternary.thenExpression))` is not a list schemalint can read",
                    reader.location(ternary.thenExpression))
            return .alternatives(
                [
                    then,
                    otherwise
                        ?? .unreadable(
                            "`\(Self.cut(rest[0]))` is not a list schemalint can read", reader.location(rest[0])),
                ], reader.location(whole))
        }
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var operands: [ExprSyntax] = []
        for (index, element) in elements.enumerated() {
            if index % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
            } else {
                operands.append(element)
            }
        }
        return sum(operands, at: whole, depth: depth)
    }

    private func sum(_ operands: [ExprSyntax], at whole: ExprSyntax, depth: Int) -> ModelSource {
        let parts = operands.map { operand in
            source(of: operand, depth: depth + 1)
                ?? .unreadable("`\(Self.cut(operand))` is not a list schemalint can read", reader.location(operand))
        }
        return .concatenation(parts, reader.location(whole))
    }

    private func branches(_ expressions: [ExprSyntax], at whole: ExprSyntax, depth: Int) -> ModelSource {
        .alternatives(
            expressions.map { branch in
                source(of: branch, depth: depth + 1)
                    ?? .unreadable("`\(Self.cut(branch))` is not a list schemalint can read", reader.location(branch))
            }, reader.location(whole))
    }

    /// An expression as a message shows it: one line, at most 60 characters.
    static func cut(_ expression: ExprSyntax) -> String { ShownText.line(of: expression) }

    /// `A.b`, `Self.b`, `self.b` or `b`: a constant looked up by name. Not `A.self`, not a call.
    func reference(_ expression: ExprSyntax) -> ValueReference? {
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            var reference = ValueReference(base: nil, name: name.baseName.text, location: reader.location(expression))
            reference.extended = Self.extendedType(around: expression)
            return reference
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text != "self"
        else { return nil }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, name == "Self" || name == "self" {
            var reference = ValueReference(
                base: nil, name: member.declName.baseName.text, location: reader.location(expression))
            reference.extended = Self.extendedType(around: expression)
            return reference
        }
        // `FileManager.default.storeURL(...)`: a function an extension of `FileManager` declares, on its one instance.
        var owner = base
        if let shared = base.as(MemberAccessExprSyntax.self), shared.declName.baseName.text == "default",
            let type = shared.base?.as(DeclReferenceExprSyntax.self), type.baseName.text == "FileManager"
        {
            owner = ExprSyntax(type)
        }
        guard let type = TypeExprReader.read(expression: owner) else { return nil }
        return ValueReference(base: type, name: member.declName.baseName.text, location: reader.location(expression))
    }

    /// The type the extension around `node` extends, with the types declared in it around `node`; nil outside one.
    static func extendedType(around node: some SyntaxProtocol) -> [String]? {
        var nested: [String] = []
        var current = node.parent
        while let syntax = current {
            if let (_, name) = TypeBody.membersAndName(syntax) {
                nested.insert(name, at: 0)
            } else if let extensionDecl = syntax.as(ExtensionDeclSyntax.self) {
                return TypeExprReader.read(extensionDecl.extendedType).path.map { $0 + nested }
            }
            current = syntax.parent
        }
        return nil
    }

    func typeList(_ expressions: [ExprSyntax]) -> ModelSource {
        var uses: [TypeUse] = []
        for expression in expressions {
            guard let type = TypeExprReader.readMetatype(expression) else {
                return .unreadable(
                    "`\(Self.cut(expression))` in the list is not a `Model.self`", reader.location(expression))
            }
            uses.append(TypeUse(type: type, location: reader.location(expression)))
        }
        return .models(uses)
    }

    static func isSchemaCall(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = calleeName(call.calledExpression)
        return callee == "Schema" || callee == "SwiftData.Schema"
    }

    /// `Name` or `Base.name` for a callee that is one of those shapes, nil for anything else. Never the text of a
    /// long expression: a view modifier's callee is the whole chain before it, and calls nest.
    /// `ModelContainer(...)`, `SwiftData.ModelContainer(...)`, `ModelContainer.init(...)`, or `.init(...)` where
    /// a `ModelContainer` is expected (`InitialiserCall`).
    static func isContainerInit(_ call: FunctionCallExprSyntax) -> Bool {
        InitialiserCall.builds("ModelContainer", call)
    }

    static func calleeName(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = callee.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return "\(base.baseName.text).\(member.declName.baseName.text)"
    }

    /// `Schema([A.self, B.self])`, `Schema(A.self, B.self)` or `Schema(versionedSchema: V.self)`.
    func schemaSource(_ call: FunctionCallExprSyntax) -> ModelSource {
        if let versioned = call.arguments.first(where: { $0.label?.text == "versionedSchema" }) {
            if let type = TypeExprReader.readMetatype(versioned.expression) {
                return .versionedSchema(TypeUse(type: type, location: reader.location(versioned.expression)))
            }
            // A constant holding the version (`currentSchema`, `Versions.current`): what it holds.
            if let named = reference(versioned.expression) { return .named(named) }
        }
        let unlabeled = call.arguments.filter { $0.label == nil }.map(\.expression)
        if let array = unlabeled.first?.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        // `Schema(V.models)`, `Schema(AppModels.all)`, `Schema(V1.models + [B.self])`: one list, however written.
        if unlabeled.count == 1, TypeExprReader.readMetatype(unlabeled[0]) == nil, let list = source(of: unlabeled[0]) {
            return list
        }
        return unlabeled.isEmpty ? .unknown : typeList(unlabeled)
    }

    /// `CurrentSchema.models`: exactly a version's models, which is what `versionedSchema:` stores too.
    private func versionModels(_ expression: ExprSyntax) -> ModelSource? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "models",
            let base = member.base, let type = TypeExprReader.read(expression: base)
        else { return nil }
        return .versionedSchema(TypeUse(type: type, location: reader.location(base)))
    }
}
