import SchemaLintModel
import SwiftSyntax

/// What a migration closure does with the objects it builds and the rows it deletes, for `custom_stage_loses_data`:
/// - objects it builds (`let item = SchemaV8.Item(...)`, `Item(...)` on its own) and keeps nowhere: every use of the
///   variable reads or sets one of its own properties (`item.name = old.name`). Inserting it, appending it, assigning
///   it, putting it in an array literal, returning it, passing it to any function or calling a method on it is
///   keeping it, or could be: nothing is collected then;
/// - its deletions of rows in source order, telling a whole model (`delete(model: T.self)`) and fetched rows deleted
///   one by one in a loop that does nothing else with them from any other `delete`;
/// - the calls the deletions are made of, which are not reads of the rows.
///
/// Names are matched as written across the whole closure: a variable of the same name elsewhere that is inserted
/// counts as the object kept, never the other way round.
final class StageLossCollector: SyntaxVisitor {
    let reader: DeclarationReader
    let contextNames: Set<String>
    private(set) var unkept: [BuiltObject] = []
    private(set) var deletions: [RowDeletion] = []
    /// Calls given the context (`try copyTrips(context)`).
    private(set) var contextHandOffs: [SourceLocation] = []
    /// `ClosureSummary.contextHelpers`.
    private(set) var contextHelpers: [FunctionReference] = []
    /// Fetched rows given to a call (`JSONEncoder().encode(movies)`), by the model fetched.
    private(set) var rowHandOffs: [TypeUse] = []
    /// The calls that make up the deletions (the `delete` calls, the fetches and descriptors their loops read).
    private(set) var deletionCalls: Set<SyntaxIdentifier> = []
    private let references: [String: [DeclReferenceExprSyntax]]
    private let bindings: [String: [PatternBindingSyntax]]

    /// `body`: the closure, or the body of a function given as one.
    init(reader: DeclarationReader, contextNames: Set<String>, body: some SyntaxProtocol) {
        self.reader = reader
        self.contextNames = contextNames
        let names = NameCollector(viewMode: .sourceAccurate)
        names.walk(body)
        references = names.references
        bindings = names.bindings
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Objects built

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.arguments.contains(where: { SwallowedErrorCollector.mentions(contextNames, $0.expression) }) {
            contextHandOffs.append(reader.location(node))
            if let helper = ExpressionReader.functionReference(node.calledExpression, reader: reader) {
                contextHelpers.append(helper)
            }
        }
        for argument in node.arguments {
            if let model = fetchedRows(argument.expression) {
                rowHandOffs.append(TypeUse(type: model, location: reader.location(node)))
            }
        }
        if let (model, calls) = forEachDeletion(node) {
            deletions.append(RowDeletion(kind: .fetchedRows, model: model, location: reader.location(node)))
            deletionCalls.formUnion(calls)
        }
        if !deletionCalls.contains(node.id), let deletion = deletion(node) {
            deletions.append(deletion)
            deletionCalls.insert(node.id)
        }
        guard let type = builtType(node) else { return .visitChildren }
        let labels = node.arguments.map { $0.label?.text }
        switch use(of: node) {
        case .discarded:
            unkept.append(
                BuiltObject(type: type, location: reader.location(node), initialiserLabels: labels, setMembers: []))
        case let .bound(name):
            if let (members, chained) = ownMembersSet(name) {
                var object = BuiltObject(
                    type: type, location: reader.location(node), initialiserLabels: labels, setMembers: members)
                object.chainedMembers = chained
                unkept.append(object)
            }
        case .kept:
            break
        }
        return .visitChildren
    }

    /// `Item(...)`, `SchemaV8.Item(...)`, `Item.init(...)`: a call of a type's initialiser, by the type's name.
    private func builtType(_ call: FunctionCallExprSyntax) -> TypeExpr? {
        var callee = call.calledExpression
        if callee.is(GenericSpecializationExprSyntax.self) { return nil }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base
        {
            callee = base
        }
        guard case let .named(path, arguments)? = TypeExprReader.read(expression: callee), arguments.isEmpty,
            let last = path.last, last.first?.isUppercase == true
        else { return nil }
        return .named(path, arguments: [])
    }

    private enum Use {
        case discarded
        case bound(String)
        case kept
    }

    /// What the closure does with the value of `call`: drops it (a statement of its own, `_ = ...`), binds it to a
    /// variable (`let item = ...`), or anything else (kept, or cannot tell).
    private func use(of call: FunctionCallExprSyntax) -> Use {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            node = parent
        }
        guard let parent = node.parent else { return .kept }
        if let item = parent.as(CodeBlockItemSyntax.self) {
            // The only expression of a closure, an `if` or `switch` branch may be the value it gives.
            guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return .kept }
            let body = list.parent?.as(CodeBlockSyntax.self)?.parent
            let statementBody =
                body?.is(ForStmtSyntax.self) == true || body?.is(WhileStmtSyntax.self) == true
                || body?.is(RepeatStmtSyntax.self) == true || body?.is(DoStmtSyntax.self) == true
            return list.count > 1 || statementBody ? .discarded : .kept
        }
        if let clause = parent.as(InitializerClauseSyntax.self),
            let binding = clause.parent?.as(PatternBindingSyntax.self),
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        {
            return .bound(pattern.identifier.text)
        }
        if let list = parent.as(ExprListSyntax.self), list.count == 3,
            list.first?.is(DiscardAssignmentExprSyntax.self) == true,
            list.dropFirst().first?.is(AssignmentExprSyntax.self) == true, list.last?.id == node.id
        {
            return .discarded
        }
        return .kept
    }

    /// The members set on the variable `name`, and those read through to something else, when every use of it reads
    /// or sets one of its own properties; `nil` when any use may keep it.
    private func ownMembersSet(_ name: String) -> (set: [String], chained: [String])? {
        var set: [String] = []
        var chained: [String] = []
        for reference in references[name] ?? [] {
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id
            else { return nil }
            let memberName = member.declName.baseName.text
            guard let parent = member.parent else { return nil }
            // `item.tags.append(tag)`, `item.owner?.name`: through a member, which the rule tells apart (an
            // attribute's value links nothing). `item.attach(to: trip)`, `item[0]`: may link it to another object.
            if parent.is(MemberAccessExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(ForceUnwrapExprSyntax.self)
            {
                chained.append(memberName)
                continue
            }
            if parent.is(FunctionCallExprSyntax.self) || parent.is(SubscriptCallExprSyntax.self) {
                return nil
            }
            if let list = parent.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == member.id }),
                let next = list[list.index(after: index)...].first, Self.isAssignment(next)
            {
                set.append(memberName)
            } else if let infix = parent.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == member.id,
                Self.isAssignment(infix.operator)
            {
                set.append(memberName)
            }
        }
        return (set, chained)
    }

    private static func isAssignment(_ expression: ExprSyntax) -> Bool {
        if expression.is(AssignmentExprSyntax.self) { return true }
        guard let binary = expression.as(BinaryOperatorExprSyntax.self) else { return false }
        return binary.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(binary.operator.text)
    }

    // MARK: Deletions

    /// `context.delete(model: T.self)` (`where:` deletes some rows); `context.delete(row)`.
    private func deletion(_ call: FunctionCallExprSyntax) -> RowDeletion? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "delete", let base = member.base,
            SwallowedErrorCollector.mentions(contextNames, base)
        else { return nil }
        let location = reader.location(call)
        if let first = call.arguments.first, first.label?.text == "model" {
            let partial = call.arguments.contains {
                $0.label?.text == "where" && !$0.expression.is(NilLiteralExprSyntax.self)
            }
            return RowDeletion(
                kind: partial ? .some : .wholeModel, model: TypeExprReader.readMetatype(first.expression),
                location: location)
        }
        return RowDeletion(kind: .some, model: nil, location: location)
    }

    /// `for row in try context.fetch(FetchDescriptor<T>()) { try context.delete(row) }`, also with the rows or the
    /// descriptor in a variable used nowhere else.
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        guard node.whereClause == nil, let pattern = node.pattern.as(IdentifierPatternSyntax.self),
            let deletes = onlyDeletes(of: pattern.identifier.text, node.body.statements),
            let (model, calls) = fetchedModel(node.sequence)
        else { return .visitChildren }
        deletions.append(RowDeletion(kind: .fetchedRows, model: model, location: reader.location(node)))
        deletionCalls.formUnion(calls)
        deletionCalls.formUnion(deletes)
        return .visitChildren
    }

    /// `try context.fetch(FetchDescriptor<T>()).forEach { context.delete($0) }` (or `{ row in ... }`): the model and
    /// the calls it is made of.
    private func forEachDeletion(_ call: FunctionCallExprSyntax) -> (TypeExpr, [SyntaxIdentifier])? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "forEach", let base = member.base,
            let closure = call.trailingClosure
                ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1
        else { return nil }
        var row = "$0"
        if let parameters = closure.signature?.parameterClause {
            switch parameters {
            case let .simpleInput(names) where names.count == 1: row = names.first!.name.text
            case let .parameterClause(clause) where clause.parameters.count == 1:
                row = clause.parameters.first!.firstName.text
            default: return nil
            }
        }
        guard let deletes = onlyDeletes(of: row, closure.statements), let (model, calls) = fetchedModel(base)
        else { return nil }
        return (model, [call.id] + calls + deletes)
    }

    /// The `delete` calls of a loop body made only of `[try] context.delete(row)`.
    private func onlyDeletes(of row: String, _ statements: CodeBlockItemListSyntax) -> [SyntaxIdentifier]? {
        guard !statements.isEmpty else { return nil }
        var calls: [SyntaxIdentifier] = []
        for statement in statements {
            guard var expression = statement.item.as(ExprSyntax.self) else { return nil }
            if let tried = expression.as(TryExprSyntax.self), tried.questionOrExclamationMark == nil {
                expression = tried.expression
            }
            guard let call = expression.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "delete", let base = member.base,
                SwallowedErrorCollector.mentions(contextNames, base), call.arguments.count == 1,
                call.arguments.first?.label == nil,
                call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == row
            else { return nil }
            calls.append(call.id)
        }
        return calls
    }

    /// `T` of `[try] context.fetch(FetchDescriptor<T>(...))`, or of a variable bound to it (or to the descriptor)
    /// and used only here, with the calls that read it.
    private func fetchedModel(_ expression: ExprSyntax) -> (TypeExpr, [SyntaxIdentifier])? {
        var expression = expression
        if let tried = expression.as(TryExprSyntax.self), tried.questionOrExclamationMark == nil {
            expression = tried.expression
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let value = singleUseValue(name) { return fetchedModel(value) }
            // Rows read for more too (kept for `didMigrate`, SwiftDataSugar): every row still goes, but the fetch is
            // a read of them, so it is no part of the deletion.
            guard let found = bindings[name], found.count == 1, let value = found[0].initializer?.value,
                let (model, _) = fetchedModel(value)
            else { return nil }
            return (model, [])
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "fetch", let base = member.base,
            SwallowedErrorCollector.mentions(contextNames, base), let argument = call.arguments.first
        else { return nil }
        var descriptor = argument.expression
        if let reference = descriptor.as(DeclReferenceExprSyntax.self) {
            guard let value = singleUseValue(reference.baseName.text) else { return nil }
            descriptor = value
        }
        guard let made = descriptor.as(FunctionCallExprSyntax.self),
            let specialised = made.calledExpression.as(GenericSpecializationExprSyntax.self),
            specialised.expression.trimmedDescription == "FetchDescriptor",
            let type = specialised.genericArgumentClause.arguments.first?.argument.as(TypeSyntax.self),
            // A predicate fetches some rows, not every one.
            !made.arguments.contains(where: {
                $0.label?.text == "predicate" && !$0.expression.is(NilLiteralExprSyntax.self)
            })
        else { return nil }
        return (TypeExprReader.read(type), [call.id, made.id])
    }

    /// `T` of `[try] context.fetch(FetchDescriptor<T>(...))`, or of a name bound once to it, however often it is read.
    private func fetchedRows(_ expression: ExprSyntax) -> TypeExpr? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard let found = bindings[reference.baseName.text], found.count == 1,
                let value = found[0].initializer?.value
            else { return nil }
            return fetchedModel(value)?.0
        }
        return fetchedModel(expression)?.0
    }

    /// The value of `let name = value` when the closure binds `name` once and reads it once.
    private func singleUseValue(_ name: String) -> ExprSyntax? {
        guard let found = bindings[name], found.count == 1, references[name]?.count == 1,
            let value = found[0].initializer?.value
        else { return nil }
        return value
    }
}

/// Every reference to a plain name in a closure (not a member's name), and every `let`/`var` binding of one.
private final class NameCollector: SyntaxVisitor {
    var references: [String: [DeclReferenceExprSyntax]] = [:]
    var bindings: [String: [PatternBindingSyntax]] = [:]

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .visitChildren
        }
        references[node.baseName.text, default: []].append(node)
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let pattern = node.pattern.as(IdentifierPatternSyntax.self) {
            bindings[pattern.identifier.text, default: []].append(node)
        }
        return .visitChildren
    }
}
