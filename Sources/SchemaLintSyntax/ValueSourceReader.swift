import SchemaLintModel
import SwiftSyntax

/// Reads an expression that decides a store (a flag, a CloudKit database, a name) as a `ValueSource`, for
/// `ValueEvaluator` to evaluate once every file is known: literals, `nil`, implicit members (`.automatic`,
/// `.private("x")`), `!`, ternaries (folded or not), the enclosing function's parameters, the file's local variables,
/// and names of constants or functions without arguments declared anywhere. What it does not follow is unreadable,
/// with the place.
struct ValueSourceReader {
    /// The parameters of the function the expression is in: a name given as an argument is the parameter.
    struct Parameters {
        var function: String?
        var labels: [String: String] = [:]
        var defaults: [String: ExprSyntax] = [:]
        /// Parameters that are lists of configurations, by name: whether each is variadic (`ModelConfiguration...`)
        /// rather than an array (`[ModelConfiguration]`).
        var configurationLists: [String: Bool] = [:]
        /// Each parameter's written type, by internal name (`scope: Scope`): a property read through it is that
        /// type's.
        var types: [String: TypeExpr] = [:]
    }

    let reader: DeclarationReader
    let references: ModelSourceReader
    var parameters = Parameters()
    /// The value of a local variable visible at a use.
    var locals: (String, Syntax) -> ExprSyntax? = { _, _ in nil }
    /// Whether an `if let`/`guard let` binding any system folder is taken as never nil, not only an entitled App
    /// Group's: where the value read is one folder (a Core Data container's `defaultDirectoryURL()`), not a store
    /// picked among several, whose fallback branch stays one of them.
    var bindsFolders = false
    /// The values a local `let` declared without one is given by the statements after it (`let url: URL; if let g =
    /// ... { url = ... } else { url = ... }`), one per assignment a build may run, a `var` assigned again, a `let`
    /// declared once per `#if` clause; nil for any other name, empty for one changed in a way not followed.
    var assigned: (String, Syntax) -> [ExprSyntax]? = { _, _ in nil }

    init(reader: DeclarationReader) {
        self.reader = reader
        references = ModelSourceReader(reader: reader)
    }

    func read(_ expression: ExprSyntax) -> ValueSource { read(expression, depth: 0) }

    /// A value built in statements (`NamedValueCollector.returnedValue`): its returned expression, with the locals
    /// declared before it.
    func reading(_ built: (ExprSyntax, [String: ExprSyntax])) -> ValueSource {
        var reader = self
        let (expression, locals) = built
        reader.locals = { name, _ in locals[name] }
        return reader.read(expression)
    }

    /// The right of an assignment in an unfolded sequence (`x.type = flag ? a : b`): its elements after the `=`.
    func read(unfolded elements: [ExprSyntax]) -> ValueSource {
        guard let first = elements.first else {
            return .unreadable("no value", SourceLocation(file: "", line: 1, column: 1))
        }
        let location = reader.location(first)
        if elements.count == 1 { return read(first) }
        return unfolded(elements, depth: 0, at: location)
            ?? .unreadable("an expression with an operator schemalint does not follow", location)
    }

    /// An unfolded sequence: `condition ? then : otherwise` (the ternary binds loosest, and to the right: the first
    /// `?` splits the condition from the rest), else `&&` and `||` between flags. Nil for any other operator.
    private func unfolded(_ elements: [ExprSyntax], depth: Int, at location: SourceLocation) -> ValueSource? {
        if elements.count == 1 { return read(elements[0], depth: depth + 1) }
        // `{ ... }() as NSURL?`, `path as String`: a bridging cast gives the same URL or string.
        if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark == nil, let type = elements[2].as(TypeExprSyntax.self),
            Self.bridgesValue(type.type)
        {
            return read(elements[0], depth: depth + 1)
        }
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), index % 2 == 1,
            let mark = elements[index].as(UnresolvedTernaryExprSyntax.self),
            let condition = unfolded(Array(elements[..<index]), depth: depth + 1, at: location),
            let otherwise = unfolded(Array(elements[(index + 1)...]), depth: depth + 1, at: location)
        {
            return .conditional(
                condition, then: read(mark.thenExpression, depth: depth + 1), otherwise: otherwise, location)
        }
        // `storeURL ?? Self.productionStoreURL`: the first where it is not nil, else the rest (`??` groups to the
        // right and binds tighter than a ternary, looser than `+`).
        if elements.count >= 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let fallback = unfolded(Array(elements[2...]), depth: depth + 1, at: location)
        {
            let value = checkingGroup(read(elements[0], depth: depth + 1), location)
            return .coalescing(value, fallback: fallback, location)
        }
        return logical(elements, depth: depth, at: location)
    }

    /// `a && b || c` unfolded (operands at even places, operators between): `&&` binds tighter than `||`. Nil when
    /// an operator is anything else, or a ternary is part of it.
    private func logical(_ elements: [ExprSyntax], depth: Int, at location: SourceLocation) -> ValueSource? {
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var terms: [[ValueSource]] = [[]]
        for (index, element) in elements.enumerated() {
            if index % 2 == 0 {
                terms[terms.count - 1].append(read(element, depth: depth + 1))
                continue
            }
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
            switch op {
            case "&&": continue
            case "||": terms.append([])
            default: return nil
            }
        }
        let conjunctions = terms.map { $0.count == 1 ? $0[0] : .logical(all: true, $0, location) }
        return conjunctions.count == 1 ? conjunctions[0] : .logical(all: false, conjunctions, location)
    }

    private func read(_ expression: ExprSyntax, depth: Int) -> ValueSource {
        let location = reader.location(expression)
        guard depth < 16 else { return .unreadable("a value nested too deep to follow", location) }
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil,
            Self.bridgesValue(cast.type)
        {
            return read(cast.expression, depth: depth + 1)
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(literal.literal.tokenKind == .keyword(.true))
        }
        if let url = configurationURL(expression, depth: depth) { return url }
        if let string = StoreLocationReader.literal(expression) { return .string(string) }
        // A decimal integer (`static let generation = 2`), as a string interpolating it writes it: what a store's
        // folder or name is built from (`"v\(generation)"`). Valid Swift never takes one for a flag or a name.
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            let digits = integer.literal.text.filter { $0 != "_" }
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                return .string(String(Int(digits).map(String.init) ?? digits))
            }
        }
        if expression.is(NilLiteralExprSyntax.self) { return .member("none") }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return read(only.expression, depth: depth + 1)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), Self.impliedOrSDKBase(member) {
            return .member(member.declName.baseName.text)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), Self.impliedOrSDKBase(member),
            member.declName.baseName.text == "identifier", call.arguments.count == 1,
            let group = call.arguments.first?.expression
        {
            // `.identifier("group.x")`, a `groupContainer:`: the App Group's folder.
            return .appGroup(read(group, depth: depth + 1), location)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), Self.impliedOrSDKBase(member)
        {
            // `.private("iCloud.x")`: the member, by name.
            return .member(member.declName.baseName.text)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return .not(read(prefix.expression, depth: depth + 1), location)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return .conditional(
                read(ternary.condition, depth: depth + 1), then: read(ternary.thenExpression, depth: depth + 1),
                otherwise: read(ternary.elseExpression, depth: depth + 1), location)
        }
        if let ifExpression = expression.as(IfExprSyntax.self) { return branches(of: ifExpression, depth: depth) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            // Each case's one expression: which case runs is read at run time.
            let values = switchExpression.cases.map { item -> ValueSource in
                guard let body = item.as(SwitchCaseSyntax.self)?.statements, body.count == 1,
                    let value = ExpressionReader.returnedExpression(body) ?? body.first?.item.as(ExprSyntax.self)
                else { return .unreadable("a case of the `switch` is not one value", location) }
                return read(value, depth: depth + 1)
            }
            let patterns = casePatterns(of: switchExpression, depth: depth)
            return .switchOver(
                read(switchExpression.subject, depth: depth + 1), patterns: patterns, values: values, location)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // The parser leaves operators unfolded: `flag ? .automatic : .none` is [flag, `? .automatic :`, .none].
            return unfolded(Array(sequence.elements), depth: depth, at: location)
                ?? pathValue(expression, depth: depth) ?? unreadable(expression)
        }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // In a branch of `if flag` or `if !flag`: what the branch says it is (MyAnimeList's `if !inMemory {
            // ... } else { ModelConfiguration(isStoredInMemoryOnly: inMemory) }` is in memory).
            if let known = Self.decidedByBranch(name, at: Syntax(expression)) { return .bool(known) }
            // A parameter hides any variable or constant of its name.
            if let given = parameter(name, at: location, depth: depth) { return given }
            // A variable assigned after its declaration, or declared once per `#if` clause: each value it may have.
            if let given = assigned(name, Syntax(expression)) {
                guard !given.isEmpty else {
                    return .unreadable("`\(name)` is changed where schemalint does not follow it", location)
                }
                let read = given.map { self.read($0, depth: depth + 1) }
                return read.count == 1 ? read[0] : .oneOf(read, location)
            }
            if let value = locals(name, Syntax(expression)), value.id != expression.id {
                return read(value, depth: depth + 1)
            }
        }
        if let property = parameterProperty(expression, depth: depth) { return property }
        if let path = pathValue(expression, depth: depth) { return path }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let closure = call.calledExpression.as(ClosureExprSyntax.self)
        {
            return immediatelyCalled(closure, depth: depth)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // A function: what it returns, read where it is declared (its parameters are what each caller passes).
            if call.trailingClosure == nil, var named = references.reference(call.calledExpression) {
                named.argumentLabels = call.arguments.map { $0.label?.text ?? "_" }
                return .named(named)
            }
            return unreadable(expression)
        }
        if let named = instanceMember(expression, depth: depth) ?? references.reference(expression) {
            return .named(named)
        }
        return unreadable(expression)
    }

    /// `scope.directoryName` or `kind.rawValue` where `scope: Scope` is a parameter of a type of the app's: that
    /// property of the value each caller passes. Nil for anything else (a system type's: `url.path` is a path).
    private func parameterProperty(_ expression: ExprSyntax, depth: Int) -> ValueSource? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self), parameters.function != nil,
            parameters.labels[base.baseName.text] != nil, let type = parameters.types[base.baseName.text],
            let name = type.path?.last, name.first?.isUppercase == true, !Self.systemTypes.contains(name),
            !StandardTypeStorage.standardNames.contains(name), !["NS", "UI", "CK"].contains(where: name.hasPrefix)
        else { return nil }
        return .property(
            read(ExprSyntax(base), depth: depth + 1), of: type, name: member.declName.baseName.text,
            reader.location(expression))
    }

    /// `StoreSettings().storeURL`, or `settings.storeURL` where the code around it has `let settings =
    /// StoreSettings()`: a property of an instance of a type, read where the type declares it. Nil for anything
    /// else (a parameter's member: what each caller passes is an instance of any subclass).
    private func instanceMember(_ expression: ExprSyntax, depth: Int) -> ValueReference? {
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let type = instanceType(base, depth: depth)
        else { return nil }
        return ValueReference(base: type, name: member.declName.baseName.text, location: reader.location(expression))
    }

    /// The type an expression makes an instance of: `StoreSettings()` (a type's name, capitalised, no unlabelled
    /// argument, none of the system's), a method of the type the code is in that is declared to return one (`try
    /// self.paths()` with `func paths() throws -> StorePaths`), or a local variable holding one.
    private func instanceType(_ expression: ExprSyntax, depth: Int) -> TypeExpr? {
        guard depth < 16 else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard parameters.labels[name] == nil, let value = locals(name, Syntax(reference)),
                value.id != expression.id
            else { return nil }
            return instanceType(value, depth: depth + 1)
        }
        if let attempt = expression.as(TryExprSyntax.self) { return instanceType(attempt.expression, depth: depth + 1) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            return instanceType(unwrapped.expression, depth: depth + 1)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let type = Self.returnType(ofOwnMethod: call), let name = type.path?.last,
            name.first?.isUppercase == true, !Self.systemTypes.contains(name),
            !StandardTypeStorage.standardNames.contains(name),
            !["NS", "UI", "CK"].contains(where: { name.hasPrefix($0) })
        {
            return type
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.calledExpression.is(DeclReferenceExprSyntax.self),
            let type = NamedValueCollector.instance(expression, in: []), let name = type.path?.last,
            !Self.systemTypes.contains(name), !StandardTypeStorage.standardNames.contains(name),
            !["NS", "UI", "CK"].contains(where: { name.hasPrefix($0) })
        else { return nil }
        return type
    }

    /// `f()`, `self.f()`, `Self.f()` or `Owner.f()` calling a function the type around the call declares (`Owner`
    /// being its name), with its arguments' labels: the type it is declared to return (`T`, `T?`, `T!`). Nil for
    /// anything else, or when the type declares more than one such function.
    private static func returnType(ofOwnMethod call: FunctionCallExprSyntax) -> TypeExpr? {
        let name: String
        var written: String?
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            name = member.declName.baseName.text
            written = base.baseName.text
        } else {
            return nil
        }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        var current = call.parent
        while let syntax = current {
            if let (members, typeName) = TypeBody.membersAndName(syntax) {
                guard written == nil || written == "self" || written == "Self" || written == typeName else {
                    return nil
                }
                let found = members.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter { function in
                    function.name.text == name
                        && function.signature.parameterClause.parameters.map { $0.firstName.text } == labels
                }
                guard found.count == 1, let returned = found[0].signature.returnClause?.type else { return nil }
                var type = TypeSyntax(returned)
                if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
                if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = optional.wrappedType }
                guard case let .named(path, arguments) = TypeExprReader.read(type), arguments.isEmpty else {
                    return nil
                }
                return .named(path, arguments: [])
            }
            current = syntax.parent
        }
        return nil
    }

    /// The system's types whose instances are made with labelled arguments: their members are no app's.
    private static let systemTypes: Set<String> = [
        "URL", "Bundle", "FileManager", "UserDefaults", "ProcessInfo", "URLComponents", "Date", "Data", "String",
    ]

    /// `{ ... }()`: what the closure returns, read as the code around it is (its parameters, its locals).
    private func immediatelyCalled(_ closure: ClosureExprSyntax, depth: Int) -> ValueSource {
        read(body: closure.statements, depth: depth + 1)
            ?? .unreadable("a closure that does not return one value", reader.location(closure))
    }

    /// The branches of an `if` (and its `else if`s) that each end by returning one value, when its final `else`, if
    /// any, never completes: what each returns, with the locals it declares. Nil for any other `if`.
    private static func returningChain(_ first: IfExprSyntax)
        -> [(IfExprSyntax, ExprSyntax, [String: ExprSyntax])]?
    {
        var chain: [(IfExprSyntax, ExprSyntax, [String: ExprSyntax])] = []
        var current: IfExprSyntax? = first
        while let branch = current {
            guard branch.body.statements.last?.item.is(ReturnStmtSyntax.self) == true,
                let (value, inner) = NamedValueCollector.returnedValue(branch.body.statements)
            else { return nil }
            chain.append((branch, value, inner))
            switch branch.elseBody {
            case nil: current = nil
            case let .ifExpr(next)?: current = next
            case let .codeBlock(block)?:
                guard neverCompletes(block.statements) else { return nil }
                current = nil
            }
        }
        return chain
    }

    /// An `if` ending a body whose every branch, down to its `else`, ends by returning one value: the body's value.
    private static func finalReturningIf(_ item: CodeBlockItemSyntax?) -> IfExprSyntax? {
        guard let first = item?.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? item?.item.as(IfExprSyntax.self)
        else { return nil }
        var current: IfExprSyntax? = first
        while let branch = current {
            guard branch.body.statements.last?.item.as(ReturnStmtSyntax.self)?.expression != nil else { return nil }
            switch branch.elseBody {
            case nil: return nil
            case let .ifExpr(next)?: current = next
            case let .codeBlock(block)?:
                guard block.statements.last?.item.as(ReturnStmtSyntax.self)?.expression != nil else { return nil }
                current = nil
            }
        }
        return first
    }

    /// What a body of statements returns (a getter, a function, `{ ... }()`): its one `return` with the locals
    /// declared before it; a body that is one `if` or `switch` each branch of which returns one value (`switch
    /// storeType { case .sqlite: return url; case .inMemory: return nil }`); or, after `guard let folder = ... else
    /// { return fallback }`, the value returned at the end or the fallback, picked by whether the guarded value is
    /// nil. Nil for any other body.
    func read(body statements: CodeBlockItemListSyntax) -> ValueSource? { read(body: statements, depth: 0) }

    private func read(body statements: CodeBlockItemListSyntax, depth: Int) -> ValueSource? {
        // `guard let group = ... else { fatalError() }; #if DEBUG return debug #else return group #endif`: read with
        // the clause every build takes in place of the `#if` (Snaplists' `defaultDirectoryURL()`).
        let items = IfConfigEvaluator.certainItems(statements, conditions: reader.conditions)
        let unchanged = items.count == statements.count && zip(items, statements).allSatisfy { $0.id == $1.id }
        return read(items: items, statements: unchanged ? statements : nil, depth: depth)
    }

    /// Like `read(body:)`, for statements some of which may stand in for an `#if` (`IfConfigEvaluator
    /// .certainItems`); `statements`: the list they are, when none does.
    private func read(items: [CodeBlockItemSyntax], statements: CodeBlockItemListSyntax?, depth: Int) -> ValueSource? {
        let throwsAtEnd = Self.endsByThrowing(last: items.last)
        if !throwsAtEnd, let statements, statements.count == 1,
            let only = ExpressionReader.returnedExpression(statements)
        {
            return read(only, depth: depth + 1)
        }
        if !throwsAtEnd, items.count == 1, let only = items.first?.item.as(ReturnStmtSyntax.self)?.expression {
            return read(only, depth: depth + 1)
        }
        // `#if os(tvOS) return a #else return b #endif`: what each clause a build may take returns (the clauses
        // `os()` rules out for the platforms the targets build for left out).
        if items.count == 1, let ifConfig = items.first?.item.as(IfConfigDeclSyntax.self), depth < 16 {
            let clauses = IfConfigEvaluator.possibleClauses(of: ifConfig, conditions: reader.conditions)
            guard !clauses.isEmpty else { return nil }
            let location = reader.location(ifConfig)
            let each = clauses.map { clause, _ -> ValueSource in
                guard let body = clause.elements?.as(CodeBlockItemListSyntax.self),
                    let value = read(body: body, depth: depth + 1)
                else { return .unreadable("a clause of the `#if` does not return one value", location) }
                return value
            }
            return each.count == 1 ? each[0] : .oneOf(each, location)
        }
        // Each `guard ... else { return fallback }`: the fallback with the locals declared before it. Each `if ...
        // { return early }` without `else`: the early value where its condition holds (`if let base = ... { return
        // base.appendingPathComponent("a") }; return fallback`), with the names it binds.
        var exits: [(ExprSyntax, [String: ExprSyntax], ConditionElementListSyntax, SourceLocation, isGuard: Bool)] = []
        var declared: [String: ExprSyntax] = [:]
        var body = items
        if let last = body.last, last.item.is(ReturnStmtSyntax.self) { body.removeLast() }
        if let last = body.last, last.item.is(ThrowStmtSyntax.self) || Self.callsStopper(last) { body.removeLast() }
        // A local `var` given a new value by a statement of its own (`storeURL = storeURL?.appendingPathComponent(
        // "Countdown.sqlite")`): each use reads the value last given before it. One assigned anywhere else (in an
        // `if`, a loop) is not followed.
        var timeline: [String: [(end: AbsolutePosition, value: ExprSyntax)]] = [:]
        // `var url = super.defaultDirectoryURL(); if let group = ... { url = group }; return url` (GuessWho,
        // MemCoo): after every exit and the local's last plain assignment, the value where the condition holds, else
        // the one before.
        var reassigned: (name: String, value: ExprSyntax, conditions: ConditionElementListSyntax, SourceLocation)?
        // `do { try FileManager.default.createDirectory(...) } catch { return nil }`: a failure's way out, not one
        // of the values the function gives (clip-island's shared store URL).
        var failureReturns = 0
        for item in body {
            if let attempt = item.item.as(DoStmtSyntax.self), Self.isFailureExit(attempt) {
                failureReturns += attempt.tokens(viewMode: .sourceAccurate).filter {
                    $0.tokenKind == .keyword(.return)
                }.count
                continue
            }
            if let (name, value, conditions) = Self.conditionalAssignment(item),
                declared[name] != nil || timeline[name] != nil
            {
                guard reassigned == nil else { return nil }
                reassigned = (name, value, conditions, reader.location(item))
                continue
            }
            if reassigned != nil,
                Self.assignment(item) != nil || item.item.is(GuardStmtSyntax.self) || item.item.is(IfExprSyntax.self)
                    || item.item.as(ExpressionStmtSyntax.self)?.expression.is(IfExprSyntax.self) == true
            {
                return nil
            }
            if let (name, value) = Self.assignment(item) {
                guard declared[name] != nil || timeline[name] != nil else { continue }
                if timeline[name] == nil, let first = declared[name] { timeline[name] = [(first.endPosition, first)] }
                timeline[name, default: []].append((item.endPosition, value))
                continue
            }
            if let declaration = item.item.as(VariableDeclSyntax.self) {
                for binding in declaration.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    {
                        declared[name] = value
                    }
                }
            } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                if let fallback = GuardExit.returned(guardStatement)?.expression {
                    exits.append(
                        (fallback, declared, guardStatement.conditions, reader.location(guardStatement), true))
                }
                declared.merge(Self.bound(in: guardStatement.conditions)) { $1 }
            } else if let first = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                ?? item.item.as(IfExprSyntax.self),
                let chain = Self.returningChain(first)
            {
                // `if a { return x } else if b { return y }`: each branch's value where its condition holds.
                for (early, value, inner) in chain {
                    let names = declared.merging(Self.bound(in: early.conditions)) { $1 }
                    exits.append((value, names.merging(inner) { $1 }, early.conditions, reader.location(early), false))
                }
            }
        }
        let returns = items.flatMap { $0.tokens(viewMode: .sourceAccurate) }.filter {
            $0.tokenKind == .keyword(.return)
        }.count
        var expression: ExprSyntax
        if throwsAtEnd {
            // The last early return is the value where the others are not taken: no other path returns.
            guard returns == exits.count + failureReturns, let (last, names, _, _, isGuard) = exits.popLast(),
                !isGuard
            else {
                return nil
            }
            expression = last
            declared.merge(names) { $1 }
        } else if let final = Self.finalReturningIf(items.last) {
            // `if #available(iOS 16, *) { return dir.appending(path: name) } else { return dir
            // .appendingPathComponent(name) }` at the end: what each branch returns (Trabits' store URL).
            let inFinal = final.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .keyword(.return) }.count
            guard returns == inFinal + exits.count + failureReturns else { return nil }
            expression = ExprSyntax(final)
        } else {
            guard let last = items.last?.item.as(ReturnStmtSyntax.self), let returned = last.expression,
                returns == 1 + exits.count + failureReturns
            else { return nil }
            expression = returned
        }
        // Assigned again where it is not followed: not read from the value it was declared with.
        var followed = Set(timeline.values.flatMap { $0.map(\.value.id) })
        if let reassigned { followed.insert(reassigned.value.id) }
        if items.contains(where: { Self.assignsElsewhere(Set(declared.keys), in: Syntax($0), besides: followed) }) {
            return nil
        }
        let outer = locals
        func given(_ name: String, _ node: Syntax) -> ExprSyntax? {
            timeline[name]?.last { $0.end <= node.position }?.value
        }
        func reading(_ expression: ExprSyntax, _ names: [String: ExprSyntax]) -> ValueSource {
            var inner = self
            inner.locals = { name, node in given(name, node) ?? names[name] ?? outer(name, node) }
            return inner.read(expression, depth: depth + 1)
        }
        var value = reading(expression, declared)
        if let (name, given, conditions, location) = reassigned {
            var inner = self
            let names = declared.merging(Self.bound(in: conditions)) { $1 }
            inner.locals = { local, node in local == name ? given : names[local] ?? outer(local, node) }
            let condition = inner.condition(conditions, holds: true)
            value = .conditional(
                condition.source, then: inner.read(expression, depth: depth + 1), otherwise: value, location)
        }
        // The exits from the last: a guard's fallback where its condition fails, else what follows it; an `if`'s
        // value where its condition holds, else what follows it.
        for (exit, names, conditions, location, isGuard) in exits.reversed() {
            var inner = self
            inner.locals = { name, node in given(name, node) ?? names[name] ?? outer(name, node) }
            let condition = inner.condition(conditions, holds: true)
            value =
                isGuard
                ? .conditional(condition.source, then: value, otherwise: reading(exit, names), location)
                : .conditional(condition.source, then: reading(exit, names), otherwise: value, location)
        }
        return value
    }

    /// The parameter `name` of the function being read (what each caller passes, its default where one leaves it
    /// out), or nil where the function has none of that name.
    private func parameter(_ name: String, at location: SourceLocation, depth: Int = 0) -> ValueSource? {
        guard let function = parameters.function, let label = parameters.labels[name] else { return nil }
        return .parameter(
            function: function, label: label,
            defaultValue: parameters.defaults[name].map { read($0, depth: depth + 1) }, location: location)
    }

    /// A `do` whose body only calls (`try FileManager.default.createDirectory(...)`, a logger) and whose every `catch`
    /// reports at most and then leaves with `return`.
    static func isFailureExit(_ attempt: DoStmtSyntax) -> Bool {
        guard !attempt.catchClauses.isEmpty, !attempt.body.statements.isEmpty,
            attempt.body.statements.allSatisfy({ GuardExit.onlyReports($0.item) })
        else { return false }
        return attempt.catchClauses.allSatisfy { clause in
            let items = clause.body.statements
            guard items.last?.item.is(ReturnStmtSyntax.self) == true else { return false }
            return items.dropLast().allSatisfy { GuardExit.onlyReports($0.item) }
        }
    }

    /// The value a Bool `name` has at `node` where an `if name` or `if !name` around it (in the same function)
    /// decides it: its branch's. Nil anywhere else, and where the branch assigns `name`.
    static func decidedByBranch(_ name: String, at node: Syntax) -> Bool? {
        var child = node
        var current = node.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self)
                || syntax.is(InitializerDeclSyntax.self) || syntax.is(AccessorDeclSyntax.self)
            {
                return nil
            }
            if let ifExpr = syntax.as(IfExprSyntax.self), child.id != Syntax(ifExpr.conditions).id,
                ifExpr.conditions.count == 1, case let .expression(condition)? = ifExpr.conditions.first?.condition
            {
                var negated = false
                var tested = condition
                if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                    negated = true
                    tested = prefix.expression
                }
                if tested.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
                    let branch = child.id == Syntax(ifExpr.body).id
                    guard branch || child.id == ifExpr.elseBody.map(Syntax.init)?.id,
                        !assignsElsewhere([name], in: CodeBlockItemListSyntax([CodeBlockItemSyntax(
                            item: .expr(ExprSyntax(ifExpr)))]), besides: [])
                    else { return nil }
                    return branch != negated
                }
            }
            child = syntax
            current = syntax.parent
        }
        return nil
    }

    /// A body that ends by throwing (`if let group = ... { return group... } else { log(); throw ... }`, or `throw`
    /// after the `if`s): it gives a value only at its early returns.
    static func endsByThrowing(_ statements: CodeBlockItemListSyntax) -> Bool { endsByThrowing(last: statements.last) }

    static func endsByThrowing(last: CodeBlockItemSyntax?) -> Bool {
        guard let last else { return false }
        if last.item.is(ThrowStmtSyntax.self) || callsStopper(last) { return true }
        guard let ifExpr = last.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? last.item.as(IfExprSyntax.self), case let .codeBlock(otherwise)? = ifExpr.elseBody
        else { return false }
        return neverCompletes(otherwise.statements)
    }

    /// Statements that end by throwing or stopping the app (`throw`, `fatalError(...)`), returning nothing: an `if`
    /// whose branches all do.
    static func neverCompletes(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard let last = statements.last,
            !statements.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.return) })
        else { return false }
        if last.item.is(ThrowStmtSyntax.self) || callsStopper(last) { return true }
        guard let ifExpr = last.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? last.item.as(IfExprSyntax.self), neverCompletes(ifExpr.body.statements)
        else { return false }
        switch ifExpr.elseBody {
        case let .codeBlock(block)?: return neverCompletes(block.statements)
        case let .ifExpr(next)?: return neverCompletes(CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(
            ExprSyntax(next)))]))
        case nil: return false
        }
    }

    /// `fatalError(...)`, `preconditionFailure(...)` and the like, as a statement.
    private static func callsStopper(_ item: CodeBlockItemSyntax) -> Bool {
        let expression = item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
        guard let call = expression?.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        return SwallowedErrorCollector.stoppers.contains(name)
    }

    /// `ModelConfiguration(schema: schema).url`, or the `url` of a local holding a configuration: the file it names
    /// (`url:`), else the one SwiftData gives it, `<name>.store` (`default.store` unnamed) in Application Support: an
    /// App Group's `Library/Application Support` where `groupContainer:` names it, the target's own App Group's where
    /// it is left at `.automatic` (CodeAgentsMobile found its old store this way, and copied it from the wrong
    /// folder once its target was entitled to a group). Nil for anything else.
    private func configurationURL(_ expression: ExprSyntax, depth: Int) -> ValueSource? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "url",
            var base = member.base
        else { return nil }
        let location = reader.location(expression)
        if let reference = base.as(DeclReferenceExprSyntax.self),
            let value = locals(reference.baseName.text, Syntax(reference)), value.id != base.id
        {
            base = value
        }
        if let attempt = base.as(TryExprSyntax.self) { base = attempt.expression }
        // `description.url` of `let description = NSPersistentStoreDescription(url: old)` (SideStore's move): `old`.
        if let call = base.as(FunctionCallExprSyntax.self),
            ModelSourceReader.calleeName(call.calledExpression)?.hasSuffix("NSPersistentStoreDescription") == true,
            let url = call.arguments.first(where: { $0.label?.text == "url" })
        {
            return read(url.expression, depth: depth + 1)
        }
        guard let call = base.as(FunctionCallExprSyntax.self), StoreLocationReader.isConfigurationInit(call) else {
            return nil
        }
        if let url = call.arguments.first(where: { $0.label?.text == "url" }) {
            return read(url.expression, depth: depth + 1)
        }
        let (name, group) = StoreLocationReader.nameAndGroup(of: call)
        let file: ValueSource =
            name.map { .concatenation([read($0, depth: depth + 1), .string(".store")], location) }
            ?? .string("default.store")
        let folder: ValueSource
        if let group {
            folder = .appendingPath(
                .appGroup(read(group, depth: depth + 1), location),
                [.string("Library"), .string("Application Support")], location)
        } else if let given = call.arguments.first(where: { $0.label?.text == "groupContainer" })?.expression {
            switch given.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
            case "none": folder = .directory("applicationSupportDirectory", location)
            case "automatic": folder = .directory(StorePath.automaticFolderName, location)
            default: return .unreadable("a `groupContainer:` schemalint cannot read", location)
            }
        } else {
            folder = .directory(StorePath.automaticFolderName, location)
        }
        return .appendingPath(folder, [file], location)
    }

    /// `if <conditions> { name = value }`, with no `else`: the local, its value and the conditions.
    static func conditionalAssignment(
        _ item: CodeBlockItemSyntax
    ) -> (String, ExprSyntax, ConditionElementListSyntax)? {
        guard let ifExpr = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? item.item.as(IfExprSyntax.self), ifExpr.elseBody == nil, ifExpr.body.statements.count == 1,
            let only = ifExpr.body.statements.first, let (name, value) = assignment(only)
        else { return nil }
        return (name, value, ifExpr.conditions)
    }

    /// The names `if let` / `guard let` conditions bind, with what they bind.
    static func bound(in conditions: ConditionElementListSyntax) -> [String: ExprSyntax] {
        var names: [String: ExprSyntax] = [:]
        for condition in conditions {
            if case let .optionalBinding(binding) = condition.condition,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            {
                names[name] = value
            }
        }
        return names
    }

    /// `name = value` as a statement of its own.
    static func assignment(_ item: CodeBlockItemSyntax) -> (String, ExprSyntax)? {
        let expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let sequence = expression?.as(SequenceExprSyntax.self), case let elements = Array(sequence.elements),
            elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return (name, elements[2])
    }

    /// Whether `statements` assign one of `names` anywhere but in the assignments whose values are `besides`.
    static func assignsElsewhere(
        _ names: Set<String>, in statements: CodeBlockItemListSyntax, besides: Set<SyntaxIdentifier>
    ) -> Bool {
        assignsElsewhere(names, in: Syntax(statements), besides: besides)
    }

    static func assignsElsewhere(_ names: Set<String>, in statements: Syntax, besides: Set<SyntaxIdentifier>) -> Bool {
        guard !names.isEmpty else { return false }
        func visit(_ node: Syntax) -> Bool {
            if let sequence = node.as(SequenceExprSyntax.self), case let elements = Array(sequence.elements),
                elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text, names.contains(name),
                !besides.contains(elements[2].id)
            {
                return true
            }
            return node.children(viewMode: .sourceAccurate).contains(where: visit)
        }
        return visit(statements)
    }

    /// A string built from parts, or a URL read as the file it names (a store's file is all a URL decides here):
    /// `"\(name).sqlite"`, `a + b`, `base.appendingPathComponent("Model.sqlite")`, `.appending(path:)`,
    /// `.appendingPathExtension("sqlite")`, `URL(fileURLWithPath: path)`, `url.path`, `url!`. Nil for anything else.
    private func pathValue(_ expression: ExprSyntax, depth: Int) -> ValueSource? {
        let location = reader.location(expression)
        if let folder = systemFolder(expression, depth: depth) { return folder }
        if let string = expression.as(StringLiteralExprSyntax.self),
            string.segments.count > 1
                || string.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) })
        {
            var parts: [ValueSource] = []
            for segment in string.segments {
                if let text = segment.as(StringSegmentSyntax.self) {
                    parts.append(.string(text.content.text))
                } else if let interpolated = segment.as(ExpressionSegmentSyntax.self),
                    interpolated.expressions.count == 1, let only = interpolated.expressions.first,
                    only.label == nil
                {
                    parts.append(read(only.expression, depth: depth + 1))
                } else {
                    return .unreadable("a string interpolation schemalint cannot read", location)
                }
            }
            return .concatenation(parts, location)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
            Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            // `name ?? folderName`: the first where it is not nil, else the rest (`??` groups to the right).
            let elements = Array(sequence.elements)
            let rest = Array(elements[2...])
            let fallback =
                rest.count == 1
                ? read(rest[0], depth: depth + 1)
                : pathValue(SequenceExprSyntax(elements: ExprListSyntax(rest)).cast(ExprSyntax.self), depth: depth + 1)
                    ?? .unreadable("an expression with an operator schemalint does not follow", location)
            let value = checkingGroup(read(elements[0], depth: depth + 1), location)
            return .coalescing(value, fallback: fallback, location)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3 {
            let elements = Array(sequence.elements)
            let operators = stride(from: 1, to: elements.count, by: 2).map {
                elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text
            }
            guard operators.allSatisfy({ $0 == "+" }) else { return nil }
            let operands = stride(from: 0, to: elements.count, by: 2).map { read(elements[$0], depth: depth + 1) }
            return .concatenation(operands, location)
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            return read(unwrapped.expression, depth: depth + 1)
        }
        if let attempt = expression.as(TryExprSyntax.self) { return read(attempt.expression, depth: depth + 1) }
        if let chained = expression.as(OptionalChainingExprSyntax.self) {
            return read(chained.expression, depth: depth + 1)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["path", "absoluteString", "relativePath", "absoluteURL", "standardizedFileURL"]
                .contains(member.declName.baseName.text)
        {
            return read(base, depth: depth + 1)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "url",
            let base = member.base, Self.namesOpenedStores(base) || Self.isOpenedStoreElement(base)
        {
            // `container.persistentStoreDescriptions.first?.url`, or `description.url` in `for description in
            // persistentStoreDescriptions`: the file a stack already opens, whichever it is.
            return .member(CoreDataStackUse.openedStore)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "lastPathComponent"
        {
            // The file's name alone, wherever its folder is.
            return .fileName(read(base, depth: depth + 1), location)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = ModelSourceReader.calleeName(call.calledExpression)
        let first = call.arguments.first
        if ["URL", "NSURL", "Foundation.URL"].contains(callee), let first,
            ["fileURLWithPath", "filePath", "string"].contains(first.label?.text ?? "")
        {
            // The path itself (`URL(fileURLWithPath: path)`), under `relativeTo:` when given one.
            let path = read(first.expression, depth: depth + 1)
            if let relative = call.arguments.first(where: { $0.label?.text == "relativeTo" }) {
                return .appendingPath(folder(relative.expression, depth: depth), [path], location)
            }
            return path
        }
        // `url.deletingLastPathComponent()`: the folder holding it, as `url/..` (`StorePath` takes `..` back).
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "deletingLastPathComponent", call.arguments.isEmpty
        {
            return .appendingPath(folder(base, depth: depth), [.string("..")], location)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, let first
        else { return nil }
        switch (member.declName.baseName.text, first.label?.text) {
        case ("appendingPathComponent", nil), ("appending", "path"), ("appending", "component"),
            ("appending", "components"):
            // `appending(components: "Stores", "Model.sqlite")`: each one a folder, the last the file. Whether it is
            // a folder (`isDirectory: true`, `directoryHint: .isDirectory`) is no component.
            var components: [ValueSource] = []
            for argument in call.arguments where !Self.folderMarks.contains(argument.label?.text ?? "") {
                components.append(read(argument.expression, depth: depth + 1))
            }
            // `conformingTo: .directory` marks a folder; another type adds its own extension to a name without one.
            if let type = call.arguments.first(where: { $0.label?.text == "conformingTo" })?.expression,
                !components.isEmpty
            {
                let member = type.as(MemberAccessExprSyntax.self)
                if member?.base != nil || !["directory", "folder"].contains(member?.declName.baseName.text ?? "") {
                    components[components.count - 1] = .unreadable(
                        "a name given an extension by its type (`conformingTo:`)", reader.location(type))
                }
            }
            return .appendingPath(folder(base, depth: depth), components, location)
        case ("appending", nil) where call.arguments.count == 1:
            // `name.appending(".sqlite")`: a string's `appending(_:)` (a URL's are all labelled).
            return .concatenation([read(base, depth: depth + 1), read(first.expression, depth: depth + 1)], location)
        case ("appendingPathExtension", nil):
            return .concatenation(
                [read(base, depth: depth + 1), .string("."), read(first.expression, depth: depth + 1)], location)
        case ("resolvingSymlinksInPath", _), ("standardized", _):
            return read(base, depth: depth + 1)
        default:
            return nil
        }
    }

    /// An expression naming the stores a stack opens: `persistentStoreDescriptions`, `persistentStores`.
    /// A type a value is cast to with `as` that keeps the URL or string it is (`NSURL?`, `String`).
    private static func bridgesValue(_ type: TypeSyntax) -> Bool {
        var text = type.trimmedDescription.filter { !$0.isWhitespace }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("Foundation.") { text.removeFirst("Foundation.".count) }
        return ["URL", "NSURL", "String", "NSString", "Substring"].contains(text)
    }

    /// A member written with its type implied (`.none`) or named in full by SwiftData's own types
    /// (`ModelConfiguration.CloudKitDatabase.none`, `ModelConfiguration.GroupContainer.identifier("group.x")`):
    /// the same value either way.
    private static func impliedOrSDKBase(_ member: MemberAccessExprSyntax) -> Bool {
        guard let base = member.base else { return true }
        return sdkMemberOwners.contains(base.trimmedDescription.filter { !$0.isWhitespace })
    }

    private static let sdkMemberOwners: Set<String> = [
        "ModelConfiguration.CloudKitDatabase", "CloudKitDatabase", "ModelConfiguration.GroupContainer",
        "GroupContainer", "SwiftData.ModelConfiguration.CloudKitDatabase",
        "SwiftData.ModelConfiguration.GroupContainer",
    ]

    private static func namesOpenedStores(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains(where: {
            ["persistentStoreDescriptions", "persistentStores"].contains($0.text)
        })
    }

    /// `description` in `for description in container.persistentStoreDescriptions { ... description ... }`: one of
    /// the stores a stack opens.
    private static func isOpenedStoreElement(_ expression: ExprSyntax) -> Bool {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var node = Syntax(expression).parent
        while let current = node {
            if let loop = current.as(ForStmtSyntax.self), loop.body.position <= expression.position {
                // The innermost loop binding the name decides; another name: the loops around it.
                if loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return loop.whereClause == nil && namesOpenedStores(loop.sequence)
                }
            }
            // A closure or function binds its own names.
            if current.is(FunctionDeclSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// The labels saying whether a component is a folder (`appendingPathComponent("Stores", conformingTo:
    /// .directory)`): no component of the path.
    private static let folderMarks: Set<String> = ["isDirectory", "directoryHint", "conformingTo"]

    /// A URL's base: a system folder written as an implicit member (`.applicationSupportDirectory.appending(...)`)
    /// or anything `read` reads.
    private func folder(_ expression: ExprSyntax, depth: Int) -> ValueSource {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
            StorePath.base(named: member.declName.baseName.text) != nil
        {
            return .directory(member.declName.baseName.text, reader.location(expression))
        }
        return read(expression, depth: depth + 1)
    }

    /// The folders the system gives an app, however they are asked for: `URL.documentsDirectory`,
    /// `FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first` (or `[0]`, `.last`),
    /// `try FileManager.default.url(for: .cachesDirectory, in: ...)`,
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`, `NSPersistentContainer.defaultDirectoryURL()`,
    /// `NSTemporaryDirectory()`, `NSHomeDirectory()`; and `a ?? b` whose
    /// first is one of these (a system folder is never nil where an app runs; an App Group's is not when the target
    /// is entitled to it). Nil for anything else.
    /// The call a folder list is taken from (`urls(for:in:)[0]`), written there or held by a local
    /// (`let paths = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask); return paths[0]`).
    private func searchCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        if let call = expression.as(FunctionCallExprSyntax.self) { return call }
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
            let value = locals(reference.baseName.text, Syntax(reference)), value.id != expression.id
        else { return nil }
        return value.as(FunctionCallExprSyntax.self)
    }

    private func systemFolder(_ expression: ExprSyntax, depth: Int) -> ValueSource? {
        let location = reader.location(expression)
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if ["URL", "Foundation.URL", "NSURL"].contains(base.trimmedDescription),
                StorePath.base(named: name) != nil
            {
                return .directory(name, location)
            }
            if ["first", "last"].contains(name), let call = searchCall(base) {
                return searchPath(call, location)
            }
            // `FileManager.default.temporaryDirectory`, `homeDirectoryForCurrentUser` (macOS).
            if ["FileManager.default", "Foundation.FileManager.default"].contains(base.trimmedDescription) {
                switch name {
                case "temporaryDirectory": return .directory(name, location)
                case "homeDirectoryForCurrentUser": return .directory("homeDirectory", location)
                default: break
                }
            }
        }
        if let subscripted = expression.as(SubscriptCallExprSyntax.self),
            let call = searchCall(subscripted.calledExpression)
        {
            return searchPath(call, location)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let op = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "??"
        {
            let elements = Array(sequence.elements)
            if let first = systemFolder(elements[0], depth: depth + 1) { return first }
            if let unwrapped = elements[0].as(ForceUnwrapExprSyntax.self)?.expression
                ?? elements[0]
                .as(OptionalChainingExprSyntax.self)?.expression,
                let first = systemFolder(unwrapped, depth: depth + 1)
            {
                return first
            }
            // `shared ?? fallback` where `shared` holds an App Group's folder (or a file under it), and
            // `containerURL(...)?.appendingPathComponent("Model.sqlite") ?? fallback`: the first, as above.
            let read = read(elements[0], depth: depth + 1)
            return Self.isRootedInSystemFolder(read) ? read : nil
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = ModelSourceReader.calleeName(call.calledExpression)
        if callee == "NSTemporaryDirectory", call.arguments.isEmpty {
            return .directory("temporaryDirectory", location)
        }
        if callee == "NSHomeDirectory", call.arguments.isEmpty { return .directory("homeDirectory", location) }
        if callee == "containerURL", Self.isInFileManagerExtension(call),
            let identifier = call.arguments.first(where: { $0.label?.text == "forSecurityApplicationGroupIdentifier" })
        {
            // `containerURL(forSecurityApplicationGroupIdentifier:)` called on `self` in `extension FileManager`.
            return .appGroup(read(identifier.expression, depth: depth + 1), location)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        switch member.declName.baseName.text {
        case "defaultDirectoryURL" where call.arguments.isEmpty:
            // Core Data's default folder: Application Support. A subclass may override it (an App Group's folder,
            // often): its own function is read instead, like any other.
            // `super.defaultDirectoryURL()` in a container subclass's own override: Core Data's folder.
            guard let base = member.base?.trimmedDescription,
                ["NSPersistentContainer", "NSPersistentCloudKitContainer", "super"].contains(
                    base.split(separator: ".").last.map(String.init) ?? base)
            else { return nil }
            return .directory("applicationSupportDirectory", location)
        case "containerURL":
            guard
                let identifier = call.arguments.first(where: {
                    $0.label?.text == "forSecurityApplicationGroupIdentifier"
                })
            else { return nil }
            return .appGroup(read(identifier.expression, depth: depth + 1), location)
        case "url":
            return searchPath(call, location)
        default:
            return nil
        }
    }

    /// Whether a node is written in `extension FileManager { ... }`, where a bare call is one of FileManager's.
    private static func isInFileManagerExtension(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if let extended = parent.as(ExtensionDeclSyntax.self) {
                let name = extended.extendedType.trimmedDescription
                return name == "FileManager" || name == "Foundation.FileManager"
            }
            if parent.is(ClassDeclSyntax.self) || parent.is(StructDeclSyntax.self) || parent.is(EnumDeclSyntax.self)
                || parent.is(ActorDeclSyntax.self)
            {
                return false
            }
            current = parent.parent
        }
        return false
    }

    /// A folder the system gives the app, or a path under one.
    /// The App Groups the targets compiling the file are entitled to, where that decides whether `containerURL`
    /// gives nil: nil where their entitlements are not known, or where a Mac build may run the code (a Mac is
    /// given a URL for any group).
    private var entitledGroups: Set<String>? {
        guard let groups = reader.conditions.appGroups, reader.conditions.platforms?.contains("macOS") != true
        else { return nil }
        return groups
    }

    /// `value` where `value ?? fallback` reads it: nil where it is an App Group's folder the targets are known not
    /// to be entitled to.
    private func checkingGroup(_ value: ValueSource, _ location: SourceLocation) -> ValueSource {
        guard let groups = entitledGroups else { return value }
        return .groupChecked(value, appGroups: groups, location)
    }

    private static func isRootedInSystemFolder(_ source: ValueSource) -> Bool {
        switch source {
        case .directory, .appGroup: return true
        case let .appendingPath(base, _, _): return isRootedInSystemFolder(base)
        default: return false
        }
    }

    /// `urls(for: .documentDirectory, in: .userDomainMask)` or `url(for: .cachesDirectory, in: ...)`: the folder.
    private func searchPath(_ call: FunctionCallExprSyntax, _ location: SourceLocation) -> ValueSource? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["urls", "url"].contains(member.declName.baseName.text),
            let directory = call.arguments.first(where: { $0.label?.text == "for" }),
            // `.documentDirectory`, or a local holding it (`let location: FileManager.SearchPathDirectory = ...`).
            let name = (directory.expression.as(DeclReferenceExprSyntax.self).flatMap {
                locals($0.baseName.text, Syntax($0))
            } ?? directory.expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            StorePath.base(named: name) != nil,
            call.arguments.contains(where: { $0.label?.text == "in" })
        else { return nil }
        return .directory(name, location)
    }

    /// `if condition { a } else { b }` (an `else if` is another `if`): the branch the condition picks.
    private func branches(of ifExpression: IfExprSyntax, depth: Int) -> ValueSource {
        let location = reader.location(ifExpression)
        // `if let folder = shared { ... }`: in the first branch, `folder` is what it unwraps.
        var bound: [String: ExprSyntax] = [:]
        for element in ifExpression.conditions {
            if case let .optionalBinding(binding) = element.condition,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            {
                bound[name] = value
            }
        }
        func single(_ block: CodeBlockSyntax, binding: Bool = false) -> ValueSource {
            var inner = self
            if binding, !bound.isEmpty {
                let outer = locals
                inner.locals = { name, node in bound[name] ?? outer(name, node) }
            }
            guard block.statements.count == 1,
                let value = ExpressionReader.returnedExpression(block.statements)
                    ?? block.statements.first?.item.as(ExprSyntax.self)
            else {
                // `let documents = ...; return documents.appendingPathComponent("a")`: a body of its own.
                return inner.read(body: block.statements, depth: depth + 1)
                    ?? .unreadable("a branch of the `if` is not one value", location)
            }
            return inner.read(value, depth: depth + 1)
        }
        let otherwise: ValueSource
        switch ifExpression.elseBody {
        case let .ifExpr(next)?: otherwise = branches(of: next, depth: depth + 1)
        case let .codeBlock(block)?: otherwise = single(block)
        case nil: return .unreadable("an `if` without `else` is not a value", location)
        }
        let condition: ValueSource
        if ifExpression.conditions.count == 1,
            case let .expression(expression)? = ifExpression.conditions.first?.condition
        {
            condition = read(expression, depth: depth + 1)
        } else {
            condition = .unreadable("the condition of the `if` is not one flag", location)
        }
        return .conditional(
            condition, then: single(ifExpression.body, binding: true), otherwise: otherwise, location)
    }

    /// The conditions the code tests on its way from `root` down to `node` (the `if`s and ternaries it is a branch
    /// of), each with the value it has there: what picks a store among several (`StoreChoice`). A condition that is
    /// not a flag (`if let url = ...`) is kept, unreadable, for what it says.
    func conditions(of node: some SyntaxProtocol, within root: some SyntaxProtocol) -> [StoreChoice.Condition] {
        var found: [StoreChoice.Condition] = []
        var current = Syntax(node)
        while current.id != root.id, let parent = current.parent {
            if let branch = parent.as(IfExprSyntax.self), !current.is(ConditionElementListSyntax.self) {
                found.append(condition(branch.conditions, holds: current.id == branch.body.id))
            } else if let ternary = parent.as(TernaryExprSyntax.self), current.id != ternary.condition.id {
                found.append(
                    StoreChoice.Condition(
                        source: read(ternary.condition), written: "`\(Self.cut(ternary.condition.trimmedDescription))`",
                        holds: current.id == ternary.thenExpression.id))
            } else if let mark = parent.as(UnresolvedTernaryExprSyntax.self),
                let list = mark.parent?.as(ExprListSyntax.self)
            {
                found += unfoldedCondition(list, before: mark, holds: true)
            } else if current.is(SwitchCaseSyntax.self), let cases = parent.as(SwitchCaseListSyntax.self),
                let switchExpression = cases.parent?.as(SwitchExprSyntax.self),
                let taken = Array(cases).firstIndex(where: { $0.id == current.id })
            {
                // The case taken: a flag true for it alone, decided when the subject is known at build time.
                found.append(
                    StoreChoice.Condition(
                        source: .switchOver(
                            read(switchExpression.subject), patterns: casePatterns(of: switchExpression, depth: 0),
                            values: cases.indices.map {
                                .bool(cases.distance(from: cases.startIndex, to: $0) == taken)
                            },
                            reader.location(switchExpression)),
                        written: "`\(Self.cut(switchExpression.subject.trimmedDescription))`", holds: true))
            } else if let list = parent.as(ExprListSyntax.self), let index = list.index(of: current),
                index > list.startIndex, let mark = list[list.index(before: index)].as(UnresolvedTernaryExprSyntax.self)
            {
                found += unfoldedCondition(list, before: mark, holds: false)
            }
            current = parent
        }
        return found.reversed()
    }

    /// Each case's patterns, for a subject known at build time (`switch Build.channel`); nil for `default`.
    private func casePatterns(of switchExpression: SwitchExprSyntax, depth: Int) -> [[ValueSource]?] {
        let location = reader.location(switchExpression)
        return switchExpression.cases.map { item -> [ValueSource]? in
            guard let label = item.as(SwitchCaseSyntax.self)?.label else {
                return [.unreadable("a `case` under `#if`", location)]
            }
            guard case let .case(caseLabel) = label else { return nil }
            return caseLabel.caseItems.map { caseItem in
                guard caseItem.whereClause == nil,
                    let pattern = caseItem.pattern.as(ExpressionPatternSyntax.self)
                else { return .unreadable("a `case` pattern that is not a value", location) }
                return read(pattern.expression, depth: depth + 1)
            }
        }
    }

    /// The condition of an unfolded `condition ? a : b`: the elements before its `?`.
    private func unfoldedCondition(_ list: ExprListSyntax, before mark: UnresolvedTernaryExprSyntax, holds: Bool)
        -> [StoreChoice.Condition]
    {
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == mark.id }), index > 0 else { return [] }
        let condition = Array(elements[..<index])
        let written = condition.map(\.trimmedDescription).joined(separator: " ")
        return [
            StoreChoice.Condition(
                source: read(unfolded: condition), written: "`\(Self.cut(written))`", holds: holds)
        ]
    }

    /// An `if`'s conditions as one flag (`a, b` is `a && b`); one that is not a flag is unreadable, said as written.
    private func condition(_ list: ConditionElementListSyntax, holds: Bool) -> StoreChoice.Condition {
        let location = reader.location(list)
        var sources: [ValueSource] = []
        var written: [String] = []
        for element in list {
            switch element.condition {
            case let .expression(expression):
                sources.append(read(expression))
                written.append("`\(Self.cut(expression.trimmedDescription))`")
            case let .optionalBinding(binding):
                // A folder the system gives is never nil, as for `??`: an App Group's where the targets are
                // entitled to it or nothing says they are not (`if let url = FileManager.default.containerURL(...)
                // { group's store } else { another }` opens the group's alone, `ValueSource.groupBound`), and any
                // where a folder is all the value may be (`bindsFolders`: `guard let url = ... else { return super
                // .defaultDirectoryURL() }`).
                // `if let storeURL` alone unwraps the name: a parameter is whether the caller passes one (a call
                // leaving it at its `nil` default never does: SwiftDataSugar's app beside its tests), a local is
                // whether its value is nil (`let storeURL = sharedStoreURL()`).
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                let unwrapped: ValueSource? =
                    binding.initializer.map { read($0.value) }
                    ?? name.flatMap { parameter($0, at: location) ?? locals($0, Syntax(binding)).map(read) }
                if let unwrapped {
                    sources.append(
                        bindsFolders && Self.isRootedInSystemFolder(unwrapped)
                            ? .bool(true) : .groupBound(unwrapped, appGroups: entitledGroups, location))
                } else {
                    sources.append(.unreadable("whether a value is nil is read at run time", location))
                }
                written.append(
                    binding.initializer.map { "whether `\(Self.cut($0.value.trimmedDescription))` is nil" }
                        ?? "`\(Self.cut(binding.trimmedDescription))`")
            default:
                sources.append(.unreadable("a condition that is not a flag", location))
                written.append("`\(Self.cut(element.trimmedDescription))`")
            }
        }
        let source = sources.count == 1 ? sources[0] : ValueSource.logical(all: true, sources, location)
        return StoreChoice.Condition(source: source, written: written.joined(separator: ", "), holds: holds)
    }

    /// Text on one line (a line that goes on with `.member` or `?.` joined without a space), cut to 60 characters.
    private static func cut(_ text: String) -> String {
        var line = ""
        for part in text.split(whereSeparator: \.isNewline).map({ $0.drop(while: \.isWhitespace) }) {
            line += line.isEmpty || part.hasPrefix(".") || part.hasPrefix("?.") ? part : " " + part
        }
        return line.count > 60 ? String(line.prefix(57)) + "..." : line
    }

    private func unreadable(_ expression: ExprSyntax) -> ValueSource {
        .unreadable(
            "`\(ModelSourceReader.cut(expression))` is not a value schemalint can read", reader.location(expression))
    }

    /// A function's or initialiser's parameters: each internal name's label (the name when unlabelled with `_`,
    /// positional: never matched by label) and default.
    static func parameters(of function: String, _ list: FunctionParameterListSyntax) -> Parameters {
        var result = Parameters(function: function)
        for (index, parameter) in list.enumerated() {
            let name = (parameter.secondName ?? parameter.firstName).text
            // An unlabelled parameter is matched by position.
            result.labels[name] = parameter.firstName.tokenKind == .wildcard ? "#\(index)" : parameter.firstName.text
            if let value = parameter.defaultValue?.value { result.defaults[name] = value }
            if parameter.ellipsis == nil { result.types[name] = TypeExprReader.read(parameter.type) }
            let isVariadic = parameter.ellipsis != nil
            let element = isVariadic ? parameter.type : parameter.type.as(ArrayTypeSyntax.self)?.element
            if let element, TypeExprReader.read(element).path?.last == "ModelConfiguration" {
                result.configurationLists[name] = isVariadic
            }
        }
        return result
    }
}
