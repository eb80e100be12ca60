import SchemaLintModel
import SwiftSyntax

/// Reads what an expression gives a container as its models, wherever it is written: a container's `for:`, a
/// `let schema = ...` variable, a `static let schema = ...` constant.
struct ModelSourceReader {
    let reader: DeclarationReader

    /// `Schema(...)`, `[A.self, B.self]`, `V.models`, or the name of a constant (`SchemaDefinition.schema`); nil for
    /// anything else.
    func source(of expression: ExprSyntax) -> ModelSource? {
        if let call = expression.as(FunctionCallExprSyntax.self), Self.isSchemaCall(call) { return schemaSource(call) }
        if let array = expression.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        if let versioned = versionModels(expression) { return versioned }
        return reference(expression).map { .named($0) }
    }

    /// `A.b`, `Self.b`, `self.b` or `b`: a constant looked up by name. Not `A.self`, not a call.
    func reference(_ expression: ExprSyntax) -> ValueReference? {
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            return ValueReference(base: nil, name: name.baseName.text, location: reader.location(expression))
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text != "self"
        else { return nil }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, name == "Self" || name == "self" {
            return ValueReference(
                base: nil, name: member.declName.baseName.text, location: reader.location(expression))
        }
        guard let type = TypeExprReader.read(expression: base) else { return nil }
        return ValueReference(base: type, name: member.declName.baseName.text, location: reader.location(expression))
    }

    func typeList(_ expressions: [ExprSyntax]) -> ModelSource {
        var uses: [TypeUse] = []
        for expression in expressions {
            guard let type = TypeExprReader.readMetatype(expression) else { return .unknown }
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
    static func calleeName(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = callee.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return "\(base.baseName.text).\(member.declName.baseName.text)"
    }

    /// `Schema([A.self, B.self])`, `Schema(A.self, B.self)` or `Schema(versionedSchema: V.self)`.
    func schemaSource(_ call: FunctionCallExprSyntax) -> ModelSource {
        if let versioned = call.arguments.first(where: { $0.label?.text == "versionedSchema" }),
            let type = TypeExprReader.readMetatype(versioned.expression)
        {
            return .versionedSchema(TypeUse(type: type, location: reader.location(versioned.expression)))
        }
        let unlabeled = call.arguments.filter { $0.label == nil }.map(\.expression)
        if let array = unlabeled.first?.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        if unlabeled.count == 1, let versioned = versionModels(unlabeled[0]) { return versioned }
        if unlabeled.count == 1, let named = reference(unlabeled[0]) { return .named(named) }
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
