import SchemaLintModel
import SwiftSyntax

/// Finds the constants a container may be given by name: `static let` / `static var { ... }` members of any type or
/// extension, and global `let`s, whose value is a schema, a list of models, a type (`AppPlan.self`) or another
/// constant. Function bodies are not entered: their variables are local, read where the container is.
final class NamedValueCollector: SyntaxVisitor {
    private let sources: ModelSourceReader
    private let scalars: ValueSourceReader
    /// Reading the functions declared in a function's body (`visit(_: FunctionDeclSyntax)`).
    private var readingLocal = false
    private let reader: DeclarationReader
    private var scopes: [[String]] = [[]]
    private(set) var values: [NamedValue] = []
    /// Stored instance properties declared without a value (`private let storeURL: URL`), read once the file is
    /// walked from what the type's initialisers assign them (`readAssignedProperties`).
    private var unassigned: [Unassigned] = []
    private typealias Unassigned = (
        scope: [String], name: String, isVariable: Bool, location: SourceLocation, type: TypeExpr?
    )
    /// The initialisers written in each type and its extensions in this file, by the type's path.
    private var initialisers: [[String]: [InitializerDeclSyntax]] = [:]

    init(reader: DeclarationReader) {
        self.reader = reader
        sources = ModelSourceReader(reader: reader)
        var scalars = ValueSourceReader(reader: reader)
        // `#if os(iOS) let group = "group.a" #else let group = "TEAM.b" #endif` in a function's body: each clause's.
        let conditions = reader.conditions
        scalars.assigned = { name, use in
            ContainerCollector.perClauseValues(of: name, at: use, conditions: conditions)
        }
        self.scalars = scalars
        super.init(viewMode: .sourceAccurate)
    }

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        scopes.append(scopes[scopes.count - 1] + [name])
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(TypeExprReader.read(node.extendedType).path ?? ["?"])
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    /// `static func allModels() -> [any PersistentModel.Type] { ... }` or a global function like it: a list of models
    /// it returns (its one expression or `return`: a body with local variables is not followed), recorded under its
    /// name as a constant is. Its body is not entered otherwise.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let scope = scopes[scopes.count - 1]
        let isStatic = node.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        let isGlobal = scope.isEmpty && node.parent?.is(CodeBlockItemSyntax.self) == true
        // A function declared in another's body (`func localConfig() -> ModelConfiguration { ... }` inside `make()`)
        // is read as one of the type's, where the calls beside it name it.
        if !readingLocal, let body = node.body {
            readingLocal = true
            for item in body.statements {
                if let local = item.item.as(FunctionDeclSyntax.self) { _ = visit(local) }
            }
            readingLocal = false
        }
        // `extension FileManager { func storeURL(for group: String) -> URL { ... } }`, called on
        // `FileManager.default`: the one instance there is, read as a static function is.
        let onDefaultFileManager = scope == ["FileManager"] && node.parent?.is(MemberBlockItemSyntax.self) == true
            && Self.inExtension(node)
        // `private func storeURL() -> URL { guard let url = ...containerURL(...) else { ... }; return url... }`: an
        // instance method returns what an instance computed property would (Holder); with parameters, what each
        // call passes (TimeLines' `storeURL(for: groupIdentifier, databaseName: "TimeLine")`).
        let methodParameters = node.signature.parameterClause.parameters
        var instanceReader = scalars
        instanceReader.parameters = ValueSourceReader.parameters(of: node.name.text, methodParameters)
        if !isStatic, !isGlobal, !readingLocal, !onDefaultFileManager, !scope.isEmpty,
            node.parent?.is(MemberBlockItemSyntax.self) == true, node.genericParameterClause == nil,
            platformDependent == 0, Self.returnsScalar(node.signature.returnClause?.type), let body = node.body,
            let read = instanceReader.read(body: body.statements), Self.isReadable(read)
        {
            if case .named = read { return .skipChildren }
            var named = NamedValue(
                scope: scope, name: node.name.text, value: .scalar(read), location: reader.location(node.name))
            named.isInstanceMember = true
            named.parameters = methodParameters.map { (label: $0.firstName.text, hasDefault: $0.defaultValue != nil) }
            values.append(named)
            return .skipChildren
        }
        guard isStatic || isGlobal || readingLocal || onDefaultFileManager, node.genericParameterClause == nil,
            let body = node.body
        else {
            return .skipChildren
        }
        let parameters = node.signature.parameterClause.parameters
        // A body that is one `#if` whose clause every build takes (`#if DEBUG ... #else return ModelConfiguration()
        // #endif`, DEBUG set in no Release configuration): that clause's statements (TakeNote's bootstrapper).
        let statements = Self.certainStatements(body.statements, conditions: reader.conditions)
        // Its labels tell it from another function of its name (`storeURL()` beside `storeURL(folder:scope:)`).
        let recorded = values.count
        defer {
            let labels = parameters.map { (label: $0.firstName.text, hasDefault: $0.defaultValue != nil) }
            for index in recorded..<values.count { values[index].parameters = labels }
        }
        if let list = configurationList(
            statements, declaredType: node.signature.returnClause?.type,
            parameters: ValueSourceReader.parameters(of: node.name.text, parameters))
        {
            // `static func all(syncing: Bool) -> [ModelConfiguration] { [synced(syncing), local] }`.
            values.append(
                NamedValue(
                    scope: scope, name: node.name.text, value: .configurations(list),
                    location: reader.location(node.name)))
            return .skipChildren
        }
        if !parameters.isEmpty, let expression = ExpressionReader.singleValue(statements),
            case let .configuration(store, inMemory, at)? = configuration(
                expression, parameters: ValueSourceReader.parameters(of: node.name.text, parameters)),
            !Self.names(store, anyOf: Set(parameters.map { ($0.secondName ?? $0.firstName).text }), in: expression)
        {
            // `static func synced(_ on: Bool) -> ModelConfiguration { ModelConfiguration("Synced", cloudKitDatabase:
            // on ? .private("iCloud.x") : .none) }`: a store its parameters do not name (its CloudKit is read where
            // the call is written, with what callers pass).
            values.append(
                NamedValue(
                    scope: scope, name: node.name.text, value: .configuration(store, inMemory: inMemory, at: at),
                    location: reader.location(node.name)))
            return .skipChildren
        }
        // `static func realConfiguration(schema: Schema) throws -> ModelConfiguration { let url = try
        // AppGroup.storeURL(); return ModelConfiguration(schema: schema, url: url) }`: the `let`s before the one
        // `return` are read as locals (MinhasLentes); a store a parameter names is each caller's, not read here.
        if node.signature.returnClause?.type.trimmedDescription.hasSuffix("ModelConfiguration") == true,
            let (returned, declared) = Self.returnedValue(statements),
            case let expression = Self.followingLocals(returned, declared),
            case let .configuration(store, inMemory, at)? = configuration(
                expression, locals: declared,
                parameters: ValueSourceReader.parameters(of: node.name.text, parameters)),
            !Self.names(
                store, anyOf: Set(parameters.map { ($0.secondName ?? $0.firstName).text }), in: expression,
                locals: declared)
        {
            values.append(
                NamedValue(
                    scope: scope, name: node.name.text, value: .configuration(store, inMemory: inMemory, at: at),
                    location: reader.location(node.name)))
            return .skipChildren
        }
        if parameters.isEmpty, let list = builtModels(statements, declaredType: node.signature.returnClause?.type)
        {
            // `static func allModels() -> [any PersistentModel.Type] { var list = ...; list.append(...); return list }`
            values.append(
                NamedValue(
                    scope: scope, name: node.name.text, value: .models(list), location: reader.location(node.name)))
            return .skipChildren
        }
        guard parameters.isEmpty, statements.count == 1, !ValueSourceReader.endsByThrowing(statements),
            let expression = ExpressionReader.returnedExpression(statements)
        else {
            // `static func storeURL(for group: String, name: String) -> URL { guard let base = ... ; return
            // base.appendingPathComponent("\(name).sqlite") }`: a string or file it returns, its parameters being
            // what each caller passes.
            var returned = scalars
            returned.parameters = ValueSourceReader.parameters(of: node.name.text, parameters)
            if let read = returned.read(body: statements) {
                // What another function or constant returns (`Factory.make(...)`) is no value of this one's own,
                // unless this one is declared to return a path, a name or a flag (`guard let folder = ... else {
                // throw ... }; return try storeURL(folder: folder)`): that is what the other returns for this call.
                if case .named = read, !Self.returnsScalar(node.signature.returnClause?.type) { return .skipChildren }
                if platformDependent == 0, Self.isReadable(read) {
                    values.append(
                        NamedValue(
                            scope: scope, name: node.name.text, value: .scalar(read),
                            location: reader.location(node.name)))
                }
            }
            return .skipChildren
        }
        // `static func allModels() -> [...] { [A.self] }`, `static func storeConfiguration() -> ModelConfiguration
        // { ModelConfiguration(...) }`, `static func syncsWithCloudKit() -> Bool { false }`; a `GroupContainer` is
        // never a list.
        let returnsGroup = node.signature.returnClause?.type.trimmedDescription.hasSuffix("GroupContainer") == true
        guard
            let value = value(
                of: expression, scope: scope, kinds: returnsGroup ? [.scalar] : [.models, .configuration, .scalar])
        else {
            return .skipChildren
        }
        values.append(
            NamedValue(scope: scope, name: node.name.text, value: value, location: reader.location(node.name)))
        return .skipChildren
    }
    /// `statements`, or, where they are one `#if` one of whose clauses every build takes
    /// (`IfConfigEvaluator.takenByEveryBuild`), that clause's statements.
    static func certainStatements(
        _ statements: CodeBlockItemListSyntax, conditions: CompilationConditions
    ) -> CodeBlockItemListSyntax {
        guard statements.count == 1, let ifConfig = statements.first?.item.as(IfConfigDeclSyntax.self),
            case let chosen?? = IfConfigEvaluator.takenByEveryBuild(ifConfig, conditions: conditions)
        else { return statements }
        return chosen
    }

    /// Whether a member is declared in an extension (not in the type's own declaration).
    private static func inExtension(_ node: some SyntaxProtocol) -> Bool {
        node.parent?.parent?.parent?.parent?.is(ExtensionDeclSyntax.self) == true
    }

    /// `URL`, `String`, `Bool`, optional or not: the types a store's place, name or flag is.
    private static func returnsScalar(_ type: TypeSyntax?) -> Bool {
        guard var type else { return false }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = optional.wrappedType }
        return ["URL", "Foundation.URL", "String", "Bool"].contains(type.trimmedDescription)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let scope = scopes[scopes.count - 1]
        if !scope.isEmpty { initialisers[scope, default: []].append(node) }
        return .skipChildren
    }

    override func visitPost(_ node: SourceFileSyntax) { readAssignedProperties() }

    /// `private let storeURL: URL` with `init() { storeURL = URL.applicationSupportDirectory.appending(path: "a") }`:
    /// the value the initialisers give it, when each initialiser that makes an instance (not one handing over to
    /// `self.init`, not one that only traps) assigns it once, all the same value when there are several, and the value
    /// can be read. An initialiser's own locals and parameters are read as it declares them. Anything else is a value
    /// that cannot be told, with the reason; initialisers in other files are not seen (a class's there only hand over).
    private func readAssignedProperties() {
        for property in unassigned {
            let makers = (initialisers[property.scope] ?? []).filter { !Self.handsOver($0) && !Self.onlyTraps($0) }
            // No initialiser here (assigned in one elsewhere, or set later by a method): not read.
            guard !makers.isEmpty else { continue }
            var named = NamedValue(
                scope: property.scope, name: property.name, value: .scalar(value(of: property, in: makers)),
                location: property.location)
            named.isInstanceMember = true
            named.isVariable = property.isVariable
            named.declaredType = property.type
            values.append(named)
        }
    }

    /// Each place an initialiser assigns the property is a value it may hold: a `let` is assigned once on each path,
    /// so assignments in the branches of an `if`, a `guard` or a `switch` (W8Trackr's `newStoreURL`, the App Group's
    /// folder or the old URL) are the set of values it may be; so are different values given by different
    /// initialisers. Each is read with its initialiser's parameters and the locals visible where it is written.
    private func value(
        of property: Unassigned, in makers: [InitializerDeclSyntax]
    ) -> ValueSource {
        let name = property.name
        var assigned: [(ExprSyntax, InitializerDeclSyntax)] = []
        for initialiser in makers {
            guard let body = initialiser.body else { continue }
            let found = Self.assignments(of: name, in: Syntax(body))
            guard !found.isEmpty else {
                let why = "an initialiser of `\(property.scope.joined(separator: "."))` does not assign `\(name)`"
                return .unreadable(why, reader.location(initialiser.initKeyword))
            }
            assigned += found.map { ($0, initialiser) }
        }
        guard let (expression, _) = assigned.first else {
            return .unreadable("`\(name)` is set by no initialiser schemalint reads", property.location)
        }
        if makers.count > 1, assigned.count == makers.count,
            assigned.allSatisfy({ $0.0.trimmedDescription == expression.trimmedDescription })
        {
            // Several initialisers: one value, written the same way in each, that names none of their own.
            let read = scalars.read(expression)
            if Self.isReadable(read) { return read }
        }
        let reads = assigned.map { expression, initialiser -> ValueSource in
            var reading = scalars
            reading.parameters = ValueSourceReader.parameters(
                of: property.scope.last ?? "init", initialiser.signature.parameterClause.parameters)
            if let body = initialiser.body {
                reading.locals = { local, use in Self.visibleLocal(local, at: use, in: Syntax(body)) }
            }
            let read = reading.read(expression)
            return Self.isReadable(read) ? read : .unreadable("`\(name)` cannot be read", reader.location(expression))
        }
        return reads.count == 1 ? reads[0] : .oneOf(reads, reader.location(expression))
    }

    /// The value of the local `name` visible at `use` inside `root` (an initialiser's body): a `let` declared before it
    /// in an enclosing block, a `guard let` before it, or an `if let` whose body holds it; the innermost first.
    static func visibleLocal(_ name: String, at use: Syntax, in root: Syntax) -> ExprSyntax? {
        func bound(_ conditions: ConditionElementListSyntax) -> ExprSyntax? {
            for element in conditions.reversed() {
                guard case let .optionalBinding(binding) = element.condition,
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                else { continue }
                return binding.initializer?.value
            }
            return nil
        }
        var child = use
        var current = use.parent
        while let node = current, node.id != root.parent?.id {
            if let items = node.as(CodeBlockItemListSyntax.self) {
                for item in items.reversed() where item.endPosition <= child.position {
                    if let guarded = item.item.as(GuardStmtSyntax.self), let value = bound(guarded.conditions) {
                        return value
                    }
                    guard let declaration = item.item.as(VariableDeclSyntax.self),
                        declaration.bindingSpecifier.tokenKind == .keyword(.let)
                    else { continue }
                    for binding in declaration.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let value = binding.initializer?.value { return value }
                    }
                }
            } else if let branch = node.as(IfExprSyntax.self), child.id == branch.body.id,
                let value = bound(branch.conditions)
            {
                return value
            }
            if node.id == root.id { break }
            child = node
            current = node.parent
        }
        return nil
    }

    /// `self.init(...)`: the other initialiser sets the properties.
    private static func handsOver(_ initialiser: InitializerDeclSyntax) -> Bool {
        guard let body = initialiser.body else { return true }
        func handsOver(_ node: Syntax) -> Bool {
            if let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            {
                return true
            }
            return node.children(viewMode: .sourceAccurate).contains(where: handsOver)
        }
        return handsOver(Syntax(body))
    }

    /// `required init?(coder: NSCoder) { fatalError("...") }`: never makes an instance.
    private static func onlyTraps(_ initialiser: InitializerDeclSyntax) -> Bool {
        guard let statements = initialiser.body?.statements, statements.count == 1,
            let call = statements.first?.item.as(FunctionCallExprSyntax.self)
                ?? statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
        else { return false }
        let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        return ["fatalError", "preconditionFailure"].contains(callee ?? "")
    }

    /// The values `name = value` and `self.name = value` give, anywhere in `node`.
    private static func assignments(of name: String, in node: Syntax) -> [ExprSyntax] {
        var found: [ExprSyntax] = []
        func visit(_ node: Syntax) {
            if let sequence = node.as(SequenceExprSyntax.self), case let elements = Array(sequence.elements),
                elements.count == 3, elements[1].is(AssignmentExprSyntax.self)
            {
                let target = elements[0]
                let assigns: Bool
                if let reference = target.as(DeclReferenceExprSyntax.self) {
                    assigns = reference.baseName.text == name
                } else if let member = target.as(MemberAccessExprSyntax.self),
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
                {
                    assigns = member.declName.baseName.text == name
                } else {
                    assigns = false
                }
                if assigns { found.append(elements[2]) }
            }
            for child in node.children(viewMode: .sourceAccurate) { visit(child) }
        }
        visit(node)
        return found
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    /// Inside a clause of an `#if` whose condition depends on the build (`#if os(macOS)`): another platform builds
    /// another clause, so a string declared here is not the one every build uses.
    private var platformDependent = 0

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if platformDependent == 0 { values += perClauseValues(node) }
        if let clause = IfConfigEvaluator.activeClause(of: node, conditions: reader.conditions),
            let elements = clause.elements
        {
            let certain = IfConfigEvaluator.isCertain(clause, of: node, conditions: reader.conditions)
            if !certain { platformDependent += 1 }
            walk(elements)
            if !certain { platformDependent -= 1 }
        }
        return .skipChildren
    }

    /// A static or global constant declared once in each clause of an `#if` (`#if os(tvOS) static let store = ...
    /// #else static let store = ... #endif`): each value a clause a build may take gives it (the clauses `os()` rules
    /// out for the platforms the targets build for left out), when every such clause declares it as a string, flag
    /// or URL. One clause a build may take alone is read as the rest of the file is.
    private func perClauseValues(_ node: IfConfigDeclSyntax) -> [NamedValue] {
        let clauses = IfConfigEvaluator.possibleClauses(of: node, conditions: reader.conditions)
        // A clause every build takes is read as the rest of the file is.
        if let active = IfConfigEvaluator.activeClause(of: node, conditions: reader.conditions),
            IfConfigEvaluator.isCertain(active, of: node, conditions: reader.conditions)
        {
            return []
        }
        guard !clauses.isEmpty else { return [] }
        let scope = scopes[scopes.count - 1]
        var declared: [String: [(ValueSource, SourceLocation)]] = [:]
        for (index, (clause, _)) in clauses.enumerated() {
            var declarations: [VariableDeclSyntax] = []
            if let members = clause.elements?.as(MemberBlockItemListSyntax.self) {
                declarations = members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.filter { declaration in
                    declaration.modifiers.contains {
                        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                    }
                }
            } else if scope.isEmpty, node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true,
                let statements = clause.elements?.as(CodeBlockItemListSyntax.self)
            {
                declarations = statements.compactMap { $0.item.as(VariableDeclSyntax.self) }
            }
            for declaration in declarations {
                for binding in declaration.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        declared[name, default: []].count == index, let read = clauseValue(binding, scope: scope)
                    else { continue }
                    declared[name, default: []].append((read, reader.location(binding)))
                }
            }
        }
        return declared.sorted { $0.key < $1.key }.compactMap { name, each in
            guard each.count == clauses.count, let first = each.first,
                each.contains(where: { Self.isReadable($0.0) })
            else { return nil }
            // The one clause the targets' platforms leave: its value, as one declared outside an `#if`.
            if each.count == 1, case let .string(text) = first.0 {
                return NamedValue(scope: scope, name: name, value: .string(text), location: first.1)
            }
            let value: ValueSource = each.count == 1 ? first.0 : .oneOf(each.map(\.0), first.1)
            return NamedValue(scope: scope, name: name, value: .scalar(value), location: first.1)
        }
    }

    /// What one clause's declaration holds, when it is a string, a flag or a URL (read as anywhere else; nil for a
    /// list of models, a type, a configuration or an instance).
    private func clauseValue(_ binding: PatternBindingSyntax, scope: [String]) -> ValueSource? {
        if let expression = binding.initializer?.value ?? Self.returnedExpression(binding.accessorBlock) {
            if TypeExprReader.readMetatype(expression) != nil || Self.instance(expression, in: scope) != nil
                || configuration(expression) != nil || sources.source(of: expression) != nil
            {
                return nil
            }
            if let literal = StoreLocationReader.literal(expression) { return .string(literal) }
            if Self.closureBody(expression) == nil {
                let read = scalars.read(expression)
                if case .named = read { return nil }
                return read
            }
        }
        guard let statements = Self.builtStatements(binding), let read = scalars.read(body: statements) else {
            return nil
        }
        if case .named = read { return nil }
        return read
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let scope = scopes[scopes.count - 1]
        let isStatic = node.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        // A global: at the top level of the file, not inside a statement.
        let isGlobal =
            scope.isEmpty && node.parent?.is(CodeBlockItemSyntax.self) == true
            && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        // An instance member of a type: only a configuration or a flag (`let configuration = ModelConfiguration(...)`),
        // reached through an instance another constant holds.
        let isInstanceMember = !isStatic && !scope.isEmpty && node.parent?.is(MemberBlockItemSyntax.self) == true
        guard isStatic || isGlobal || isInstanceMember else { return .skipChildren }
        for binding in node.bindings {
            if isInstanceMember {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if binding.initializer == nil, binding.accessorBlock == nil, platformDependent == 0,
                    !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) })
                {
                    unassigned.append(
                        (
                            scope, name, node.bindingSpecifier.tokenKind == .keyword(.var),
                            reader.location(binding.pattern), Self.declaredType(binding, in: scope)
                        ))
                    continue
                }
                guard let expression = binding.initializer?.value ?? Self.returnedExpression(binding.accessorBlock),
                    let value = value(of: expression, scope: scope, kinds: [.configuration, .scalar])
                else {
                    // `lazy var storeURL: URL = { ...; return url }()`, `var storeURL: URL { ...; return url }`.
                    if let built = builtScalar(binding) {
                        var named = NamedValue(
                            scope: scope, name: name, value: built, location: reader.location(binding))
                        named.isInstanceMember = true
                        named.declaredType = Self.declaredType(binding, in: scope)
                        values.append(named)
                    }
                    continue
                }
                var named = NamedValue(scope: scope, name: name, value: value, location: reader.location(binding))
                named.isVariable = node.bindingSpecifier.tokenKind == .keyword(.var) && binding.accessorBlock == nil
                named.isInstanceMember = true
                named.declaredType = Self.declaredType(binding, in: scope)
                values.append(named)
                continue
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            // `static var all: [ModelConfiguration] { if iCloud { [synced, local] } else { [offline, local] } }`.
            if let statements = Self.listStatements(binding),
                let list = configurationList(statements, declaredType: binding.typeAnnotation?.type)
            {
                values.append(
                    NamedValue(
                        scope: scope, name: name, value: .configurations(list), location: reader.location(binding)))
                continue
            }
            // `static var group: ModelConfiguration.GroupContainer { hasGroup ? .identifier(id) : .none }`: an App
            // Group's folder or none, never a list.
            if binding.typeAnnotation?.type.trimmedDescription.hasSuffix("GroupContainer") == true,
                platformDependent == 0,
                let expression = binding.initializer?.value ?? Self.returnedExpression(binding.accessorBlock),
                case let read = scalars.read(expression), Self.isReadable(read)
            {
                var named = NamedValue(
                    scope: scope, name: name, value: .scalar(read), location: reader.location(binding))
                named.isVariable = node.bindingSpecifier.tokenKind == .keyword(.var) && binding.accessorBlock == nil
                values.append(named)
                continue
            }
            // `static let shared = Persistence()`, `static var syncs = false`, `static let database: ... = .automatic`.
            guard let expression = binding.initializer?.value ?? Self.returnedExpression(binding.accessorBlock),
                let value = value(of: expression, scope: scope, kinds: ValueKind.allCases)
            else {
                // `static var models: [...] { var list = V1.models; list.append(Tag.self); return list }`.
                if let statements = Self.builtStatements(binding),
                    let list = builtModels(statements, declaredType: binding.typeAnnotation?.type)
                {
                    values.append(
                        NamedValue(scope: scope, name: name, value: .models(list), location: reader.location(binding)))
                    continue
                }
                // `static var configuration: ModelConfiguration { let hasGroup = ...; if hasGroup { return A } else {
                // return B } }`: the configurations its branches return (guttracker's `appModelConfiguration`).
                if let statements = Self.builtStatements(binding),
                    let (returned, declared) = Self.returnedValue(statements) ?? Self.returnedByIf(statements),
                    case let .configuration(store, inMemory, at)? = configuration(
                        Self.followingLocals(returned, declared), locals: declared)
                {
                    values.append(
                        NamedValue(
                            scope: scope, name: name, value: .configuration(store, inMemory: inMemory, at: at),
                            location: reader.location(binding)))
                    continue
                }
                // `static let storeURL: URL = { ...; return url }()`, `static var storeURL: URL { ...; return url }`.
                if let built = builtScalar(binding) {
                    values.append(
                        NamedValue(scope: scope, name: name, value: built, location: reader.location(binding)))
                }
                continue
            }
            var named = NamedValue(scope: scope, name: name, value: value, location: reader.location(binding))
            named.isVariable = node.bindingSpecifier.tokenKind == .keyword(.var) && binding.accessorBlock == nil
            named.declaredType = Self.declaredType(binding, in: scope)
            values.append(named)
        }
        return .skipChildren
    }

    /// What a declaration's one expression holds, tried in this order (a metatype, a shared instance, a model list,
    /// a string, a configuration, a flag or member); `kinds` says which the declaration may hold. A string or flag
    /// read in a platform-dependent `#if` clause is not one every build uses.
    private func value(of expression: ExprSyntax, scope: [String], kinds: [ValueKind]) -> NamedValue.Value? {
        if kinds.contains(.type), let type = TypeExprReader.readMetatype(expression) { return .type(type) }
        if kinds.contains(.instance), let type = Self.instance(expression, in: scope) { return .instance(type) }
        // Before lists of models: a ternary of two configurations is no sum of lists.
        if kinds.contains(.configuration), let configuration = configuration(expression) { return configuration }
        if kinds.contains(.models), let source = sources.source(of: expression) { return .models(source) }
        if kinds.contains(.string), platformDependent == 0, let literal = StoreLocationReader.literal(expression) {
            return .string(literal)
        }
        if kinds.contains(.configuration), let configuration = configuration(expression) { return configuration }
        // `{ ... }()` is read by its statements (`builtStatements`): a list of models it builds before a value.
        if kinds.contains(.scalar), platformDependent == 0, Self.closureBody(expression) == nil,
            case let read = scalars.read(expression), Self.isReadable(read)
        {
            return .scalar(read)
        }
        return nil
    }

    private enum ValueKind: CaseIterable { case type, instance, models, string, configuration, scalar }

    /// `ModelConfiguration(...)` (or `.init(...)` where the type says so): the store it names, its in-memory flag
    /// and where it is written. An `if`, `switch` or ternary whose every branch gives one (its one expression, or the
    /// `return` ending it, with the `let`s before): each store it may be, with the conditions that pick it
    /// (`StoreLocation.choices`).
    private func configuration(
        _ expression: ExprSyntax, locals: [String: ExprSyntax] = [:], depth: Int = 0,
        parameters: ValueSourceReader.Parameters = ValueSourceReader.Parameters()
    ) -> NamedValue.Value? {
        guard depth < 8 else { return nil }
        var values = scalars
        values.locals = { name, _ in locals[name] }
        values.parameters = parameters
        let stripped = expression.as(TryExprSyntax.self)?.expression ?? expression
        if let call = stripped.as(FunctionCallExprSyntax.self), StoreLocationReader.isConfigurationInit(call) {
            var storeReader = StoreLocationReader(references: sources) { _, _ in nil }
            storeReader.locate = { [reader] in reader.location($0) }
            storeReader.conditions = { values.conditions(of: $0, within: $1) }
            let inMemory = call.arguments.first { $0.label?.text == "isStoredInMemoryOnly" }.map {
                values.read($0.expression)
            }
            var store = storeReader.location(of: call).choicesKept(inMemory: inMemory)
            // `url:`, read as the file it names where the constant is declared: its place, once evaluated.
            if store.kind == .url || store.kind == .unknown, store.choices.isEmpty,
                let url = call.arguments.first(where: { $0.label?.text == "url" })?.expression
            {
                store.fileSource = .fileName(values.read(url), reader.location(url))
            }
            return .configuration(store, inMemory: inMemory, at: reader.location(call))
        }
        // Each branch, with the locals declared before its value.
        var branches: [(ExprSyntax, [String: ExprSyntax])] = []
        func body(_ statements: CodeBlockItemListSyntax) -> Bool {
            guard let (value, declared) = Self.returnedValue(statements) else { return false }
            branches.append((value, locals.merging(declared) { $1 }))
            return true
        }
        if let ifExpression = stripped.as(IfExprSyntax.self) {
            var current: IfExprSyntax? = ifExpression
            while let clause = current {
                guard body(clause.body.statements) else { return nil }
                switch clause.elseBody {
                case let .ifExpr(next)?: current = next
                case let .codeBlock(block)?:
                    guard body(block.statements) else { return nil }
                    current = nil
                case nil: return nil
                }
            }
        } else if let switchExpression = stripped.as(SwitchExprSyntax.self) {
            for item in switchExpression.cases {
                guard let statements = item.as(SwitchCaseSyntax.self)?.statements, body(statements) else { return nil }
            }
        } else if let (then, otherwise) = StoreLocationReader.ternaryBranches(stripped) {
            branches = [(then, locals), (otherwise, locals)]
        } else {
            return nil
        }
        var choices: [StoreChoice] = []
        var flags: [ValueSource] = []
        for (branch, declared) in branches {
            guard
                case let .configuration(store, inMemory, at)? = configuration(
                    branch, locals: declared, depth: depth + 1, parameters: parameters)
            else { return nil }
            choices.append(
                StoreChoice(
                    store: store, location: at, inMemory: inMemory,
                    conditions: values.conditions(of: branch, within: stripped)))
            flags.append(inMemory ?? .bool(false))
        }
        guard let first = choices.first, let at = first.location else { return nil }
        let location = reader.location(stripped)
        let inMemory: ValueSource? = choices.contains { $0.inMemory != nil } ? .oneOf(flags, location) : nil
        return .configuration(.oneOf(choices, at: location), inMemory: inMemory, at: at)
    }

    /// The statements a property's value is read from: a getter's, `{ ... }()`'s, or its initial value alone.
    private static func listStatements(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        if let statements = builtStatements(binding) { return statements }
        guard let value = binding.initializer?.value else { return nil }
        return CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(value))])
    }

    /// The value a returned name holds where it is a local (`let configuration = ModelConfiguration(...); return
    /// configuration`), followed through a few copies.
    private static func followingLocals(_ expression: ExprSyntax, _ locals: [String: ExprSyntax]) -> ExprSyntax {
        var current = expression
        for _ in 0..<4 {
            guard let name = current.as(DeclReferenceExprSyntax.self)?.baseName.text, let value = locals[name] else {
                break
            }
            current = value
        }
        return current
    }

    /// Whether the name, URL or App Group of a configuration read from `expression` mentions one of `names` (a
    /// parameter: each caller's store is another).
    private static func names(
        _ store: StoreLocation, anyOf names: Set<String>, in expression: ExprSyntax,
        locals: [String: ExprSyntax] = [:]
    ) -> Bool {
        guard !names.isEmpty else { return false }
        // A local the argument names (`let url = base.appending(path: name)`) is read as what it holds.
        func mentions(_ node: Syntax, depth: Int) -> Bool {
            node.tokens(viewMode: .sourceAccurate).contains { token in
                if names.contains(token.text) { return true }
                guard depth < 4, case let .identifier(text) = token.tokenKind, let value = locals[text] else {
                    return false
                }
                return mentions(Syntax(value), depth: depth + 1)
            }
        }
        var calls: [FunctionCallExprSyntax] = []
        func collect(_ node: Syntax) {
            if let call = node.as(FunctionCallExprSyntax.self), StoreLocationReader.isConfigurationInit(call) {
                calls.append(call)
            }
            for child in node.children(viewMode: .sourceAccurate) { collect(child) }
        }
        collect(Syntax(expression))
        for call in calls {
            for (index, argument) in call.arguments.enumerated()
            where (index == 0 && argument.label == nil)
                || ["name", "url", "groupContainer"].contains(argument.label?.text ?? "")
            {
                if mentions(Syntax(argument.expression), depth: 0) { return true }
            }
        }
        return false
    }

    /// A list of configurations a body returns, where its declared type says it is one (`[ModelConfiguration]`):
    /// each element a `ModelConfiguration(...)`, a name or a call of a function holding one; or an `if`, `switch` or
    /// ternary whose every branch returns such a list (one way each, with the conditions that pick it). Nil for
    /// anything else.
    private func configurationList(
        _ statements: CodeBlockItemListSyntax, declaredType: TypeSyntax?,
        parameters: ValueSourceReader.Parameters = ValueSourceReader.Parameters()
    ) -> ConfigurationList? {
        guard platformDependent == 0, let (expression, locals) = Self.returnedValue(statements) else { return nil }
        if let declaredType {
            guard let type = declaredType.as(ArrayTypeSyntax.self),
                type.element.trimmedDescription.hasSuffix("ModelConfiguration")
            else { return nil }
        } else {
            // `static let all = [ModelConfiguration("a"), b]`: a configuration written in it says what it is.
            guard let array = expression.as(ArrayExprSyntax.self),
                array.elements.contains(where: {
                    $0.expression.as(FunctionCallExprSyntax.self).map(StoreLocationReader.isConfigurationInit) == true
                })
            else { return nil }
        }
        var values = scalars
        values.locals = { name, _ in locals[name] }
        values.parameters = parameters
        let root = expression.as(TryExprSyntax.self)?.expression ?? expression
        var ways: [ConfigurationList.Way] = []
        func add(_ branch: ExprSyntax, _ declared: [String: ExprSyntax], depth: Int) -> Bool {
            guard depth < 8 else { return false }
            let stripped = branch.as(TryExprSyntax.self)?.expression ?? branch
            if let array = stripped.as(ArrayExprSyntax.self) {
                var elements: [ConfigurationList.Element] = []
                for element in array.elements {
                    guard let read = listElement(element.expression, locals: declared, parameters: parameters) else {
                        return false
                    }
                    elements.append(read)
                }
                ways.append(
                    ConfigurationList.Way(elements: elements, conditions: values.conditions(of: branch, within: root)))
                return !elements.isEmpty
            }
            var branches: [(ExprSyntax, [String: ExprSyntax])] = []
            if let ifExpression = stripped.as(IfExprSyntax.self) {
                var current: IfExprSyntax? = ifExpression
                while let clause = current {
                    guard let body = Self.returnedValue(clause.body.statements) else { return false }
                    branches.append((body.0, declared.merging(body.1) { $1 }))
                    switch clause.elseBody {
                    case let .ifExpr(next)?: current = next
                    case let .codeBlock(block)?:
                        guard let last = Self.returnedValue(block.statements) else { return false }
                        branches.append((last.0, declared.merging(last.1) { $1 }))
                        current = nil
                    case nil: return false
                    }
                }
            } else if let switchExpression = stripped.as(SwitchExprSyntax.self) {
                for item in switchExpression.cases {
                    guard let statements = item.as(SwitchCaseSyntax.self)?.statements,
                        let body = Self.returnedValue(statements)
                    else { return false }
                    branches.append((body.0, declared.merging(body.1) { $1 }))
                }
            } else if let (then, otherwise) = StoreLocationReader.ternaryBranches(stripped) {
                branches = [(then, declared), (otherwise, declared)]
            } else {
                return false
            }
            return branches.allSatisfy { add($0.0, $0.1, depth: depth + 1) }
        }
        guard add(expression, locals, depth: 0), !ways.isEmpty else { return nil }
        return ConfigurationList(ways: ways, location: reader.location(root))
    }

    /// One element of a list of configurations: `ModelConfiguration(...)` written there, or the name of a constant or
    /// function holding one (`synced`, `Self.local`, `Configs.synced(on)`).
    private func listElement(
        _ expression: ExprSyntax, locals: [String: ExprSyntax], parameters: ValueSourceReader.Parameters
    ) -> ConfigurationList.Element? {
        if let call = expression.as(FunctionCallExprSyntax.self), StoreLocationReader.isConfigurationInit(call) {
            guard case let .configuration(store, inMemory, at)? = configuration(
                expression, locals: locals, parameters: parameters)
            else { return nil }
            // A store its function's parameter names is each caller's: not one this list holds for certain.
            if Self.names(store, anyOf: Set(parameters.labels.keys), in: expression) { return nil }
            return .written(store, inMemory: inMemory, at: at)
        }
        let named = expression.as(FunctionCallExprSyntax.self).map(\.calledExpression) ?? expression
        // A local or a parameter is no constant of that name.
        if let bare = named.as(DeclReferenceExprSyntax.self)?.baseName.text,
            locals[bare] != nil || parameters.labels[bare] != nil
        {
            return nil
        }
        return sources.reference(named).map { .named($0) }
    }

    /// The type of a stored property, as written (`let settings: StoreSettings`, optional or not) or as its value
    /// makes it (`let settings = StoreSettings()`); nil for a computed one and any other.
    private static func declaredType(_ binding: PatternBindingSyntax, in scope: [String]) -> TypeExpr? {
        if let written = binding.typeAnnotation?.type {
            return TypeExprReader.read(written).unwrappingOptional.type
        }
        guard binding.accessorBlock == nil, let value = binding.initializer?.value else { return nil }
        return instance(value, in: scope)
    }

    /// `Persistence()` (a type's name, capitalised, no unlabelled argument) or `.init()` / `Self()` inside the type:
    /// an instance of it.
    static func instance(_ expression: ExprSyntax, in scope: [String]) -> TypeExpr? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init", !scope.isEmpty
        {
            return .named(scope, arguments: [])
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Self",
            !scope.isEmpty
        {
            return .named(scope, arguments: [])
        }
        // Not a conversion (`Array(V.models)`): an initialiser without unlabelled arguments.
        guard call.arguments.allSatisfy({ $0.label != nil }),
            let type = TypeExprReader.read(expression: call.calledExpression), let last = type.path?.last,
            last.first?.isUppercase == true,
            !["ModelConfiguration", "ModelContainer", "Schema", "Array", "Set", "Dictionary"].contains(last)
        else { return nil }
        return type
    }

    /// A value worth keeping: not one schemalint cannot read at all.
    private static func isReadable(_ source: ValueSource) -> Bool {
        if case .unreadable = source { return false }
        return true
    }

    /// A string or file a property builds in several statements (`builtValue`), when it can be read.
    private func builtScalar(_ binding: PatternBindingSyntax) -> NamedValue.Value? {
        guard platformDependent == 0, let statements = Self.builtStatements(binding),
            let read = scalars.read(body: statements)
        else { return nil }
        // A name copied (`let base = LibraryV1.models; return base`) may be a list of models: not read as a value,
        // unless the property is declared to hold no list (`lazy var storeURL: URL = { Self.url(for: name) }()`).
        if case .named = read {
            let declared = binding.typeAnnotation?.type.trimmedDescription ?? ""
            guard !declared.isEmpty, !declared.contains("Model"), !declared.contains("Schema"),
                !declared.contains("[")
            else { return nil }
        }
        return Self.isReadable(read) ? .scalar(read) : nil
    }

    /// A list of models a body of several statements builds (`ModelSourceReader.built`): only where the declared
    /// type says it is one (a name built with `+` in a `String` getter is a sum too).
    private func builtModels(_ statements: CodeBlockItemListSyntax, declaredType: TypeSyntax?) -> ModelSource? {
        let type = declaredType?.trimmedDescription ?? ""
        guard type.contains("PersistentModel") || type.contains("Schema") else { return nil }
        return sources.built(statements)
    }

    /// The statements of a getter or of `{ ... }()` that builds a property's value.
    static func builtStatements(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        if let value = binding.initializer?.value { return closureBody(value) }
        switch binding.accessorBlock?.accessors {
        case let .getter(body): return body
        case let .accessors(list):
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: return nil
        }
    }

    /// The statements of `{ ... }()`, a closure called at once to build a value.
    static func closureBody(_ expression: ExprSyntax) -> CodeBlockItemListSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let closure = call.calledExpression.as(ClosureExprSyntax.self)
        else { return nil }
        return closure.statements
    }

    /// What a property built in several statements holds: `= { let dir = ...; return dir.appending(...) }()` or a
    /// getter of several statements, with the locals declared before its one `return`.
    /// `nilGuards`: a `guard ... else { return nil }` before it is no other value (a model that fails to load is
    /// none at all).
    static func builtValue(_ binding: PatternBindingSyntax, nilGuards: Bool = false)
        -> (ExprSyntax, [String: ExprSyntax])?
    {
        if let value = binding.initializer?.value {
            return closureBody(value).flatMap { returnedValue($0, nilGuards: nilGuards) }
        }
        switch binding.accessorBlock?.accessors {
        case let .getter(body): return returnedValue(body)
        case let .accessors(list):
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body.flatMap {
                returnedValue($0.statements)
            }
        case nil: return nil
        }
    }

    /// The one value a body of several statements returns: its only `return` (the last statement; a body with
    /// another `return` anywhere, a closure's too, may return something else), with the `let`s and `guard let`s
    /// declared before it, by name.
    static func returnedValue(_ statements: CodeBlockItemListSyntax, nilGuards: Bool = false)
        -> (ExprSyntax, [String: ExprSyntax])?
    {
        if statements.count == 1, let expression = ExpressionReader.returnedExpression(statements) {
            return (expression, [:])
        }
        // `guard let url = ... else { return nil }`, when allowed: one `return` each that gives nothing.
        let fallbacks =
            nilGuards
            ? statements.filter { item in
                guard let guardStatement = item.item.as(GuardStmtSyntax.self),
                    let returned = GuardExit.returned(guardStatement)
                else { return false }
                return returned.expression?.is(NilLiteralExprSyntax.self) == true
            }.count : 0
        guard let last = statements.last?.item.as(ReturnStmtSyntax.self), let expression = last.expression,
            statements.tokens(viewMode: .sourceAccurate).filter({ $0.tokenKind == .keyword(.return) }).count
                == 1 + fallbacks
        else { return nil }
        var locals: [String: ExprSyntax] = [:]
        for item in statements.dropLast() {
            if let declaration = item.item.as(VariableDeclSyntax.self) {
                for binding in declaration.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    {
                        locals[name] = value
                    }
                }
            } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                for condition in guardStatement.conditions {
                    if case let .optionalBinding(binding) = condition.condition,
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    {
                        locals[name] = value
                    }
                }
            }
        }
        // A local given a new value later (`storeURL = storeURL?.appendingPathComponent(...)`) does not hold the one
        // it was declared with: `ValueSourceReader.read(body:)` follows it.
        if ValueSourceReader.assignsElsewhere(Set(locals.keys), in: statements, besides: []) { return nil }
        return (expression, locals)
    }

    /// Statements ending in an `if` / `else` whose every branch ends in its one `return` (`let ok = ...; if ok {
    /// return a } else { return b }`), read as the `if` expression they amount to, with the `let`s before it.
    static func returnedByIf(_ statements: CodeBlockItemListSyntax) -> (ExprSyntax, [String: ExprSyntax])? {
        guard let last = statements.last?.item,
            let ifExpression = last.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                ?? last.as(IfExprSyntax.self)
        else { return nil }
        var branches = 0
        var current: IfExprSyntax? = ifExpression
        while let clause = current {
            guard clause.body.statements.last?.item.is(ReturnStmtSyntax.self) == true else { return nil }
            branches += 1
            switch clause.elseBody {
            case let .ifExpr(next)?: current = next
            case let .codeBlock(block)?:
                guard block.statements.last?.item.is(ReturnStmtSyntax.self) == true else { return nil }
                branches += 1
                current = nil
            case nil: return nil
            }
        }
        let returns = statements.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .keyword(.return) }
        guard returns.count == branches else { return nil }
        var locals: [String: ExprSyntax] = [:]
        for item in statements.dropLast() {
            guard let declaration = item.item.as(VariableDeclSyntax.self) else { return nil }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                else { return nil }
                locals[name] = value
            }
        }
        return (ExprSyntax(ifExpression), locals)
    }

    /// `static var schema: Schema { Schema([...]) }`: the one expression a getter returns; `get { ... }` too.
    static func returnedExpression(_ accessors: AccessorBlockSyntax?) -> ExprSyntax? {
        var statements: CodeBlockItemListSyntax?
        switch accessors?.accessors {
        case let .getter(body): statements = body
        case let .accessors(list):
            statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: break
        }
        guard let body = statements, body.count == 1, let item = body.first?.item else {
            return nil
        }
        if let expression = item.as(ExprSyntax.self) { return expression }
        return item.as(ReturnStmtSyntax.self)?.expression
            ?? item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self)?.expression
    }
}
