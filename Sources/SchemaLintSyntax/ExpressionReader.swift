import SchemaLintModel
import SwiftSyntax

/// Reads the handful of expression shapes schema code uses: version numbers, `[X.self]` lists,
/// migration stages, `@Attribute` / `@Relationship` arguments and key paths.
enum ExpressionReader {
    /// The expression a getter body yields: its single expression or its `return` value.
    static func returnedExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        for item in statements.reversed() {
            switch item.item {
            case let .stmt(statement):
                if let returned = statement.as(ReturnStmtSyntax.self)?.expression { return returned }
                if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
                    return expressionStatement.expression
                }
            case let .expr(expression):
                return expression
            default:
                continue
            }
        }
        return nil
    }

    /// The one expression a branch of an `if` or `switch` expression is (`{ a }`, `case x: a`); nil when it is more
    /// than one statement.
    static func singleValue(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        statements.count == 1 ? returnedExpression(statements) : nil
    }

    /// A type inferred from an initial value, the way Swift would for the common cases.
    static func inferType(of expression: ExprSyntax) -> TypeExpr? {
        if expression.is(StringLiteralExprSyntax.self) { return .name("String") }
        if expression.is(IntegerLiteralExprSyntax.self) { return .name("Int") }
        if expression.is(FloatLiteralExprSyntax.self) { return .name("Double") }
        if expression.is(BooleanLiteralExprSyntax.self) { return .name("Bool") }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return inferType(of: prefix.expression)
        }
        // `[Coin]()` and `[String: Int]()`: the called expression is an array or dictionary literal of types.
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
                let element = TypeExprReader.read(expression: array.elements.first!.expression)
            {
                return .array(element)
            }
            if let dictionary = call.calledExpression.as(DictionaryExprSyntax.self),
                case let .elements(elements) = dictionary.content, elements.count == 1,
                let key = TypeExprReader.read(expression: elements.first!.key),
                let value = TypeExprReader.read(expression: elements.first!.value)
            {
                return .dictionary(key, value)
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let type = TypeExprReader.read(expression: call.calledExpression),
            let last = type.path?.last, last.first?.isUppercase == true
        {
            return type
        }
        // `Date.init()`, `UUID.init()`: an initialiser named explicitly.
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base, let type = TypeExprReader.read(expression: base)
        {
            return type
        }
        if let array = expression.as(ArrayExprSyntax.self), let element = literalElementType(array) {
            return .array(element)
        }
        if let optional = optionalCase(expression) { return optional }
        return nil
    }

    /// `[Photo]?.some(...)`, `Optional<Note>.some(...)`, `Int?.none`: a case of `Optional` written on the optional
    /// type is that type, whatever the value inside (`.some(.empty)` needs no reading).
    private static func optionalCase(_ expression: ExprSyntax) -> TypeExpr? {
        let member =
            expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
            ?? expression.as(MemberAccessExprSyntax.self)
        guard let member, let base = member.base,
            member.declName.baseName.text == (expression.is(FunctionCallExprSyntax.self) ? "some" : "none"),
            case let .optional(wrapped)? = typeNamed(by: base)
        else { return nil }
        return .optional(wrapped)
    }

    /// An expression that names a type, written as Swift allows in expressions: `Note`, `Notes.Note`, `[Note]`,
    /// `Note?`, `[Note]?`, `Optional<Note>`; a name not starting with a capital is a value, not a type.
    private static func typeNamed(by expression: ExprSyntax) -> TypeExpr? {
        if let chained = expression.as(OptionalChainingExprSyntax.self) {
            return typeNamed(by: chained.expression).map { .optional($0) }
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            guard array.elements.count == 1, let element = typeNamed(by: array.elements.first!.expression) else {
                return nil
            }
            return .array(element)
        }
        guard let type = TypeExprReader.read(expression: expression) else { return nil }
        if case let .named(path, _) = type, path.last?.first?.isUppercase != true { return nil }
        return type
    }

    /// `["a", "b"]` is `[String]`, `[1, 2.5]` is `[Double]`: the type Swift gives a literal list of literals.
    private static func literalElementType(_ array: ArrayExprSyntax) -> TypeExpr? {
        let types = Set(array.elements.map { inferType(of: $0.expression)?.description ?? "?" })
        guard !types.isEmpty, !types.contains("?") else { return nil }
        if types.count == 1 { return .name(types.first!) }
        return types == ["Int", "Double"] ? .name("Double") : nil
    }

    /// The shape of an initial value whose type the syntax alone does not give: dotted names (`Status.active`,
    /// `Kind.chest.rawValue`) for the model to resolve, else the expression as written.
    static func initialValue(_ expression: ExprSyntax) -> InitialValue {
        if expression.is(MemberAccessExprSyntax.self), let path = TypeExprReader.read(expression: expression)?.path,
            path.count > 1
        {
            return .memberChain(path)
        }
        return .expression(expression.trimmedDescription)
    }

    static func staticValue(_ expression: ExprSyntax, reader: DeclarationReader) -> StaticValue {
        if let array = expression.as(ArrayExprSyntax.self) {
            return .list(array.elements.map { listElement($0.expression, reader: reader) }, reader.location(array))
        }
        if let version = versionNumber(expression) {
            return .version(version, reader.location(expression))
        }
        if let stage = stage(expression, reader: reader) {
            return .stage(stage)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let path = TypeExprReader.read(expression: call.calledExpression)?.path
        {
            return .call(path, reader.location(expression))
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3 {
            // `[a, b] + Self.later`: each operand, when every operator is `+`.
            let elements = Array(sequence.elements)
            let operators = stride(from: 1, to: elements.count, by: 2).map {
                elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text
            }
            if elements.count % 2 == 1, operators.allSatisfy({ $0 == "+" }) {
                let operands = stride(from: 0, to: elements.count, by: 2).map {
                    staticValue(elements[$0], reader: reader)
                }
                return .concatenation(operands, reader.location(expression))
            }
        }
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
            let path = TypeExprReader.read(expression: expression)?.path
        {
            return .reference(path, reader.location(expression))
        }
        return .unreadable(reader.location(expression))
    }

    static func listElement(_ expression: ExprSyntax, reader: DeclarationReader) -> ListElement {
        if let type = TypeExprReader.readMetatype(expression) {
            return .type(type, reader.location(expression))
        }
        if let stage = stage(expression, reader: reader) {
            return .stage(stage)
        }
        if let path = stageReference(expression) {
            return .reference(path, reader.location(expression))
        }
        return .unreadable(reader.location(expression))
    }

    /// `migrateV1toV2`, `Self.migrateV1toV2`, `Plan.migrateV1toV2()`, or the implicit member `.migrateV1toV2()`: in a
    /// `[MigrationStage]` literal the latter is `MigrationStage.migrateV1toV2()`, a member of an
    /// `extension MigrationStage`.
    private static func stageReference(_ expression: ExprSyntax) -> [String]? {
        var callee = expression
        if let call = expression.as(FunctionCallExprSyntax.self) { callee = call.calledExpression }
        if let member = callee.as(MemberAccessExprSyntax.self), member.base == nil {
            return ["MigrationStage", member.declName.baseName.text]
        }
        return TypeExprReader.read(expression: callee)?.path
    }

    /// `Schema.Version(1, 0, 0)`, `Version(1, 0, 0)`, `.init(1, 0, 0)`.
    static func versionNumber(_ expression: ExprSyntax) -> VersionNumber? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        guard callee == ".init" || callee.hasSuffix("Version") || callee.hasSuffix("Version.init") else { return nil }
        let numbers = call.arguments.compactMap {
            Int($0.expression.as(IntegerLiteralExprSyntax.self)?.literal.text.filter { $0 != "_" } ?? "")
        }
        guard numbers.count == 3, call.arguments.count == 3 else { return nil }
        return VersionNumber(numbers[0], numbers[1], numbers[2])
    }

    /// `.lightweight(fromVersion:toVersion:)` or `.custom(fromVersion:toVersion:willMigrate:didMigrate:)`, also
    /// written `MigrationStage.custom(...)`, with closures as arguments or trailing closures.
    static func stage(_ expression: ExprSyntax, reader: DeclarationReader) -> StageExpression? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        if let base = member.base, base.trimmedDescription != "MigrationStage",
            base.trimmedDescription != "SwiftData.MigrationStage"
        {
            return nil
        }
        let kind: StageKind
        switch member.declName.baseName.text {
        case "lightweight": kind = .lightweight
        case "custom": kind = .custom
        default: return nil
        }
        var stage = StageExpression(kind: kind, from: nil, to: nil, location: reader.location(call))
        var closures: [String: ExprSyntax] = [:]
        for argument in call.arguments {
            switch argument.label?.text {
            case "fromVersion": stage.from = TypeExprReader.readMetatype(argument.expression)
            case "toVersion": stage.to = TypeExprReader.readMetatype(argument.expression)
            case "willMigrate": closures["willMigrate"] = argument.expression
            case "didMigrate": closures["didMigrate"] = argument.expression
            default: break
            }
        }
        if let trailing = call.trailingClosure {
            let slot = closures["willMigrate"] == nil ? "willMigrate" : "didMigrate"
            closures[slot] = ExprSyntax(trailing)
        }
        for extra in call.additionalTrailingClosures {
            closures[extra.label.text] = ExprSyntax(extra.closure)
        }
        // A function named instead of a closure is summarised where it is declared, once names are resolved.
        if let reference = closures["willMigrate"].flatMap({ functionReference($0, reader: reader) }) {
            stage.willMigrateReference = reference
        } else {
            stage.willMigrate = closures["willMigrate"].flatMap { closureSummary($0, reader: reader) }
        }
        if let reference = closures["didMigrate"].flatMap({ functionReference($0, reader: reader) }) {
            stage.didMigrateReference = reference
        } else {
            stage.didMigrate = closures["didMigrate"].flatMap { closureSummary($0, reader: reader) }
        }
        return stage
    }

    /// `migrateV1`, `Self.fillDefaults`, `Migrations.v1ToV2` (`v1ToV2(_:)` too): a name where a closure is expected.
    static func functionReference(_ expression: ExprSyntax, reader: DeclarationReader) -> FunctionReference? {
        var path: [String] = []
        var node = expression
        while let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
            path.insert(member.declName.baseName.text.unbackticked, at: 0)
            node = base
        }
        guard let first = node.as(DeclReferenceExprSyntax.self) else { return nil }
        path.insert(first.baseName.text.unbackticked, at: 0)
        return FunctionReference(path: path, location: reader.location(expression))
    }

    static func closureSummary(_ expression: ExprSyntax, reader: DeclarationReader) -> ClosureSummary? {
        if expression.is(NilLiteralExprSyntax.self) { return nil }
        return summary(of: expression, at: reader.location(expression), reader: reader) {
            SwallowedErrorCollector(reader: reader, closure: expression)
        }
    }

    /// The body of `static func migrateV1(_ context: ModelContext) throws`, read as the closure it stands for.
    static func functionSummary(
        _ body: CodeBlockSyntax, contextParameter: String, at location: SourceLocation, reader: DeclarationReader
    ) -> ClosureSummary {
        summary(of: body, at: location, reader: reader) {
            SwallowedErrorCollector(reader: reader, parameterNames: [contextParameter])
        }
    }

    /// What the rules read in a migration closure, or in the body of a function given as one.
    private static func summary(
        of node: some SyntaxProtocol, at location: SourceLocation, reader: DeclarationReader,
        errors: () -> SwallowedErrorCollector
    ) -> ClosureSummary {
        let collector = TypeUseCollector(reader: reader)
        collector.walk(node)
        let swallowed = errors()
        swallowed.walk(node)
        let deletions = WholesaleDeletions(collector: swallowed)
        deletions.walk(node)
        // One walk for both: every `delete(model:)` left out is a change too.
        let changesMore = DataChangeDetector.changesData(node, ignoring: deletions.calls)
        var summary = ClosureSummary(
            location: location, typeUses: collector.uses,
            swallowedErrors: swallowed.found, changesData: changesMore || !deletions.calls.isEmpty)
        summary.deletedModels = deletions.models
        summary.changesMoreThanDeletedModels = deletions.more || changesMore
        let members = MemberNameCollector(viewMode: .sourceAccurate)
        members.walk(node)
        summary.memberNames = members.names
        let losses = StageLossCollector(reader: reader, contextNames: swallowed.contextNames, body: node)
        losses.walk(node)
        summary.unkeptObjects = losses.unkept
        summary.rowDeletions = losses.deletions
        summary.contextHandOffs = losses.contextHandOffs
        summary.contextHelpers = losses.contextHelpers
        summary.rowHandOffs = losses.rowHandOffs
        let outside = TypeUseCollector(reader: reader, ignoring: losses.deletionCalls)
        outside.walk(node)
        summary.typeUsesOutsideDeletions = outside.uses
        return summary
    }

    // MARK: Attributes

    static func attributeArguments(_ attribute: AttributeSyntax, at location: SourceLocation, reader: DeclarationReader)
        -> AttributeArguments
    {
        var arguments = AttributeArguments(location: location)
        for argument in labeledArguments(attribute) {
            switch argument.label?.text {
            case "originalName": arguments.originalName = stringLiteral(argument.expression)
            case "hashModifier": arguments.hashModifier = stringLiteral(argument.expression)
            case nil: arguments.options.append(option(argument.expression))
            default: break
            }
        }
        return arguments
    }

    static func relationshipArguments(
        _ attribute: AttributeSyntax, at location: SourceLocation, reader: DeclarationReader
    ) -> RelationshipArguments {
        var arguments = RelationshipArguments(location: location)
        for argument in labeledArguments(attribute) {
            switch argument.label?.text {
            case "deleteRule": arguments.deleteRule = DeleteRule(rawValue: option(argument.expression))
            case "minimumModelCount": arguments.minimumModelCount = integer(argument.expression)
            case "maximumModelCount": arguments.maximumModelCount = integer(argument.expression)
            case "originalName": arguments.originalName = stringLiteral(argument.expression)
            case "hashModifier": arguments.hashModifier = stringLiteral(argument.expression)
            case "inverse":
                if argument.expression.is(NilLiteralExprSyntax.self) {
                    arguments.explicitlyNoInverse = true
                } else {
                    arguments.inverse = keyPath(argument.expression, reader: reader)
                }
            case nil: arguments.options.append(option(argument.expression))
            default: break
            }
        }
        return arguments
    }

    private static func labeledArguments(_ attribute: AttributeSyntax) -> LabeledExprListSyntax {
        if case let .argumentList(list)? = attribute.arguments { return list }
        return LabeledExprListSyntax([])
    }

    /// `.unique` gives `unique`; `.transformable(by: X.self)` gives `transformable(by: X.self)`.
    private static func option(_ expression: ExprSyntax) -> String {
        var text = expression.trimmedDescription
        if text.hasPrefix(".") { text.removeFirst() }
        for prefix in [
            "Schema.Attribute.Option.", "Schema.Relationship.DeleteRule.", "Schema.Attribute.", "Schema.Relationship.",
        ] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        return text
    }

    private static func integer(_ expression: ExprSyntax) -> Int? {
        expression.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text.filter { $0 != "_" }) }
    }

    static func stringLiteral(_ expression: ExprSyntax) -> String? {
        expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// `\Root.a.b` or `\.a`.
    static func keyPath(_ expression: ExprSyntax, reader: DeclarationReader) -> KeyPathReference? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self) else { return nil }
        let properties = keyPath.components.compactMap { component -> String? in
            guard case let .property(property) = component.component else { return nil }
            return property.declName.baseName.text.unbackticked
        }
        return KeyPathReference(
            root: keyPath.root.map { TypeExprReader.read($0) }, properties: properties,
            location: reader.location(keyPath))
    }
}

/// Collects the types a migration closure uses: generic arguments (`FetchDescriptor<T>`, `#Predicate<T>`),
/// initialiser calls (`T(...)`), metatypes (`T.self`), casts and annotations.
final class TypeUseCollector: SyntaxVisitor {
    let reader: DeclarationReader
    var uses: [TypeUse] = []
    /// Calls whose types are not collected (a stage's deletions, which read no rows).
    let ignored: Set<SyntaxIdentifier>

    init(reader: DeclarationReader, ignoring ignored: Set<SyntaxIdentifier> = []) {
        self.reader = reader
        self.ignored = ignored
        super.init(viewMode: .sourceAccurate)
    }

    private func record(_ type: TypeExpr, _ node: some SyntaxProtocol) {
        uses.append(TypeUse(type: type, location: reader.location(node)))
    }

    override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind {
        for argument in node.arguments {
            if let type = argument.argument.as(TypeSyntax.self) { record(TypeExprReader.read(type), argument) }
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ignored.contains(node.id) { return .skipChildren }
        if let type = TypeExprReader.read(expression: node.calledExpression), let last = type.path?.last,
            last.first?.isUppercase == true, !node.calledExpression.is(GenericSpecializationExprSyntax.self)
        {
            record(type, node.calledExpression)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let type = TypeExprReader.readMetatype(ExprSyntax(node)) {
            record(type, node)
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        record(TypeExprReader.read(node.type), node.type)
        return .visitChildren
    }

    override func visit(_ node: IsExprSyntax) -> SyntaxVisitorContinueKind {
        record(TypeExprReader.read(node.type), node.type)
        return .visitChildren
    }

    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind {
        record(TypeExprReader.read(node.type), node.type)
        return .skipChildren
    }
}
