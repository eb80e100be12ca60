import SchemaLintModel
import SwiftSyntax

/// Finds `ModelContainer(...)`, `.modelContainer(for: ...)` and `ModelConfiguration(...)` anywhere in a file
/// (property initialisers, function bodies, view modifiers), with the types they name and the lexical scope
/// those names resolve in. `let schema = Schema([...])` variables are followed within the file.
final class ContainerCollector: SyntaxVisitor {
    let reader: DeclarationReader
    private var schemaVariables: [String: ModelSource] = [:]
    private(set) var containers: [ContainerUse] = []
    private(set) var configurations: [ConfigurationUse] = []
    private var pendingContainers: [(FunctionCallExprSyntax, [String])] = []
    private var pendingConfigurations: [(FunctionCallExprSyntax, [String])] = []

    init(reader: DeclarationReader) {
        self.reader = reader
        super.init(viewMode: .sourceAccurate)
    }

    /// Walks the file, then reads the calls once every `Schema(...)` variable is known.
    func collect(_ file: SourceFileSyntax) {
        walk(file)
        containers = pendingContainers.map { container($0.0, scope: $0.1) }
        configurations = pendingConfigurations.map { configuration($0.0, scope: $0.1) }
    }

    // MARK: Scope

    /// The lexical scope at each nesting level; an extension starts from the extended type, not from where it is.
    private var scopes: [[String]] = [[]]
    private var scope: [String] { scopes[scopes.count - 1] }

    private func enter(_ names: [String]) -> SyntaxVisitorContinueKind {
        scopes.append(names)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(scope + [node.name.text]) }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(scope + [node.name.text]) }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(scope + [node.name.text]) }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(scope + [node.name.text]) }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeExprReader.read(node.extendedType).path ?? [])
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let clause = IfConfigEvaluator.activeClause(of: node), let elements = clause.elements {
            walk(elements)
        }
        return .skipChildren
    }

    // MARK: Calls

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let call = node.initializer?.value.as(FunctionCallExprSyntax.self), isSchemaCall(call) {
            schemaVariables[name] = schemaSource(call)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.trimmedDescription
        if callee == "ModelContainer" || callee == "SwiftData.ModelContainer" || callee == "ModelContainer.init" {
            pendingContainers.append((node, scope))
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "modelContainer",
                  node.arguments.contains(where: { $0.label?.text == "for" }) {
            pendingContainers.append((node, scope))
        } else if callee == "ModelConfiguration" || callee == "SwiftData.ModelConfiguration" {
            pendingConfigurations.append((node, scope))
        }
        return .visitChildren
    }

    private func container(_ call: FunctionCallExprSyntax, scope: [String]) -> ContainerUse {
        let plan = call.arguments.first { $0.label?.text == "migrationPlan" }
        return ContainerUse(location: reader.location(call), scope: scope, models: models(of: call),
                            migrationPlan: plan.flatMap { TypeExprReader.readMetatype($0.expression) },
                            hasMigrationPlanArgument: plan != nil && !(plan!.expression.is(NilLiteralExprSyntax.self)))
    }

    private func configuration(_ call: FunctionCallExprSyntax, scope: [String]) -> ConfigurationUse {
        let cloudKit = call.arguments.first { $0.label?.text == "cloudKitDatabase" }?.expression.trimmedDescription
        return ConfigurationUse(location: reader.location(call), scope: scope, models: models(of: call), cloudKitDatabase: cloudKit)
    }

    /// `for: A.self, B.self` (variadic), `for: [A.self]`, `for: schema`, `for: Schema(...)` or `schema: ...`.
    private func models(of call: FunctionCallExprSyntax) -> ModelSource {
        let arguments = Array(call.arguments)
        guard let start = arguments.firstIndex(where: { $0.label?.text == "for" || $0.label?.text == "schema" }) else { return .unknown }
        let first = arguments[start].expression
        if let nested = first.as(FunctionCallExprSyntax.self), isSchemaCall(nested) { return schemaSource(nested) }
        if let reference = first.as(DeclReferenceExprSyntax.self), let known = schemaVariables[reference.baseName.text] { return known }
        if let array = first.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        var expressions = [first]
        for argument in arguments[(start + 1)...] {
            guard argument.label == nil else { break }
            expressions.append(argument.expression)
        }
        return typeList(expressions)
    }

    private func typeList(_ expressions: [ExprSyntax]) -> ModelSource {
        var uses: [TypeUse] = []
        for expression in expressions {
            guard let type = TypeExprReader.readMetatype(expression) else { return .unknown }
            uses.append(TypeUse(type: type, location: reader.location(expression)))
        }
        return .models(uses)
    }

    private func isSchemaCall(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = call.calledExpression.trimmedDescription
        return callee == "Schema" || callee == "SwiftData.Schema"
    }

    /// `Schema([A.self, B.self])`, `Schema(A.self, B.self)` or `Schema(versionedSchema: V.self)`.
    private func schemaSource(_ call: FunctionCallExprSyntax) -> ModelSource {
        if let versioned = call.arguments.first(where: { $0.label?.text == "versionedSchema" }),
           let type = TypeExprReader.readMetatype(versioned.expression) {
            return .versionedSchema(TypeUse(type: type, location: reader.location(versioned.expression)))
        }
        let unlabeled = call.arguments.filter { $0.label == nil }.map(\.expression)
        if let array = unlabeled.first?.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        return unlabeled.isEmpty ? .unknown : typeList(unlabeled)
    }
}
