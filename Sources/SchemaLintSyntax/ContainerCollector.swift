import SchemaLintModel
import SwiftSyntax

/// Finds `ModelContainer(...)`, `.modelContainer(for: ...)` and `ModelConfiguration(...)` anywhere in a file
/// (property initialisers, function bodies, view modifiers), with the types they name, the lexical scope
/// those names resolve in, and what the code around them says they are for (a `#Preview`, a test, an in-memory
/// store). `let schema = Schema([...])` and `let config = ModelConfiguration(...)` variables are followed
/// within the file.
final class ContainerCollector: SyntaxVisitor {
    let reader: DeclarationReader
    private var schemaVariables = LexicalVariables<ModelSource>()
    /// `let config = ModelConfiguration(...)`: what each such variable's configuration says.
    /// A variable holding something else is recorded as nil: it hides a configuration of its name further out.
    private var configurationVariables = LexicalVariables<ConfigurationFacts?>()
    /// Every variable's value, to read a store's URL through the local variables it is built from.
    private var values = LexicalVariables<ExprSyntax>()
    /// `guard let` bindings, for values (`ValueSourceReader`, Core Data stacks) only: a SwiftData store's URL key is
    /// the text `values` renders, and lockfiles record it, so it does not change with them.
    private var guardValues = LexicalVariables<ExprSyntax>()
    /// Functions of this file that return an array literal, by name: the configurations a container is given by
    /// calling one.
    private var configurationLists = LexicalVariables<ArrayExprSyntax>()
    /// `let url = FileManager.default.temporaryDirectory...`: variables holding a location in the temporary folder.
    private var scratchLocations = LexicalVariables<Bool>()
    private(set) var containers: [ContainerUse] = []
    private(set) var configurations: [ConfigurationUse] = []
    private(set) var callSites: [CallSite] = []
    /// Core Data stacks, with the store files, descriptions and CloudKit options the same type gives them.
    private(set) var coreDataStacks: [CoreDataStackUse] = []
    /// `override class func defaultDirectoryURL()`: the folder a container subclass puts its default file in.
    private(set) var coreDataFolders: [CoreDataFolderOverride] = []
    private(set) var storeCopies: [SourceLocation] = []
    private(set) var storeMoves: [StoreMoveUse] = []
    private(set) var storeMigrators: [SourceLocation] = []
    private(set) var migrationFlags: [CoreDataMigrationFlag] = []
    private var coreData = CoreDataGroups()
    private var pendingContainers:
        [(FunctionCallExprSyntax, [String], ContainerPurpose?, Parameters, ValueSourceReader.Parameters)] = []
    /// The parameters of the function a pending container is read in.
    private var readingDefaults = Parameters()
    /// The parameters of the functions the walk is inside, innermost last, for values read as `ValueSource`s.
    private var valueParameters: [ValueSourceReader.Parameters] = []
    private var readingValueParameters = ValueSourceReader.Parameters()
    /// A file that imports a test framework is test code throughout.
    private let fileIsTest: Bool

    private let sources: ModelSourceReader
    /// Parameters' default values in the functions the walk is inside, innermost last: `plan: P.Type = AppPlan.self`.
    private var parameterDefaults: [Parameters] = []

    /// A function's parameters: a name given as an argument is the parameter (its default value when it has one,
    /// else unknown), never a constant of the same name elsewhere.
    struct Parameters {
        var names: Set<String> = []
        var defaults: [String: ExprSyntax] = [:]
    }

    /// Whether the file names the temporary folder at all: only then are variables looked at for it.
    private let mentionsTemporaryFolder: Bool

    init(reader: DeclarationReader, imports: Set<String>, mentionsTemporaryFolder: Bool = false) {
        self.mentionsTemporaryFolder = mentionsTemporaryFolder
        self.reader = reader
        sources = ModelSourceReader(reader: reader)
        fileIsTest = imports.contains("XCTest") || imports.contains("Testing")
        super.init(viewMode: .sourceAccurate)
    }

    /// Walks the file, then reads the containers once every `Schema(...)` variable is known.
    func collect(_ file: SourceFileSyntax) {
        previewTypes = PreviewCode.typesMadePreview(in: file)
        walk(file)
        for (name, binding) in assignedLater where assignments[name] != nil {
            // Read as the walk reads the function the variable is declared in: its parameters are what callers pass.
            (readingDefaults, readingValueParameters) = Self.parameters(around: binding)
            followAssignments(of: name, declaredAt: binding)
        }
        (readingDefaults, readingValueParameters) = (Parameters(), ValueSourceReader.Parameters())
        for (index, label, expression) in laterConfigurations where index < callSites.count {
            guard let configuration = passedConfiguration(expression) else { continue }
            callSites[index].configurations[label] = configuration
        }
        if !forwardedCalls.isEmpty {
            let labels = FunctionLabels(Set(forwardedCalls.map(\.function)), in: file).found
            callSites += forwardedCalls.compactMap { Self.forwarded($0.site, to: $0.function, labels: labels) }
        }
        coreDataStacks = coreData.assembled()
        containers = pendingContainers.map {
            readingDefaults = $0.3
            readingValueParameters = $0.4
            return container($0.0, scope: $0.1, enclosing: $0.2)
        }
    }

    // MARK: Scope and purpose

    /// The lexical scope at each nesting level; an extension starts from the extended type, not from where it is.
    private var scopes: [[String]] = [[]]
    private var scope: [String] { scopes[scopes.count - 1] }
    /// Preview or test code the walk is inside, innermost last.
    private var purposes: [ContainerPurpose] = []
    /// Types this file makes preview code in an extension (`extension SampleData: PreviewModifier {}`).
    private var previewTypes: Set<String> = []
    private var enclosingPurpose: ContainerPurpose? {
        if fileIsTest { return .test }
        return purposes.last == .app ? nil : purposes.last
    }

    private func enterType(_ name: String, attributes: AttributeListSyntax, inheritance: InheritanceClauseSyntax?)
        -> SyntaxVisitorContinueKind
    {
        scopes.append(scope + [name])
        let inherited = Set(inheritance?.inheritedTypes.compactMap { TypeExprReader.read($0.type).path?.last } ?? [])
        if PreviewCode.conforms(inheritance) || previewTypes.contains(name) {
            purposes.append(.preview)
        } else if inherited.contains("XCTestCase") || Self.names(attributes).contains("Suite") {
            purposes.append(.test)
        } else {
            purposes.append(purposes.last ?? .app)
        }
        return .visitChildren
    }

    private func leaveType() {
        scopes.removeLast()
        purposes.removeLast()
    }

    private static func names(_ attributes: AttributeListSyntax) -> Set<String> {
        Set(
            attributes.compactMap { element in
                element.as(AttributeSyntax.self).flatMap { TypeExprReader.read($0.attributeName).path?.last }
            })
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, attributes: node.attributes, inheritance: node.inheritanceClause)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, attributes: node.attributes, inheritance: node.inheritanceClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, attributes: node.attributes, inheritance: node.inheritanceClause)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, attributes: node.attributes, inheritance: node.inheritanceClause)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = TypeExprReader.read(node.extendedType).path ?? []
        scopes.append(path)
        let preview =
            path.last.map(PreviewCode.protocols.contains) == true || PreviewCode.conforms(node.inheritanceClause)
        purposes.append(preview ? .preview : purposes.last ?? .app)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    /// The functions and initialisers the walk is inside, innermost last, by where they start (`CoreDataGroups`).
    private var functions: [String] = []

    /// Whether a configuration is only asked for its `url`: written as the base of `.url`, or held by a local `let`
    /// every use of which in its block is `.url`.
    static func onlyLocates(_ call: FunctionCallExprSyntax) -> Bool {
        onlyRead(call) { $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "url" }
    }

    /// Whether what `call` makes is only read as `reads` says: `call` used so at once, or held by a local `let`
    /// whose every use is (a configuration asked for its `url`; a Core Data container asked where its own
    /// description's file is, and never loaded). `reads` is given the member access on the value.
    static func onlyRead(_ call: FunctionCallExprSyntax, as reads: (Syntax) -> Bool) -> Bool {
        func isURL(_ member: MemberAccessExprSyntax?) -> Bool { member.map { reads(Syntax($0)) } ?? false }
        var node = Syntax(call)
        if let attempt = node.parent?.as(TryExprSyntax.self) { node = Syntax(attempt) }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            return isURL(member)
        }
        guard let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
            let block = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        var uses = 0
        var located = true
        func visit(_ syntax: Syntax) {
            if let reference = syntax.as(DeclReferenceExprSyntax.self), reference.baseName.text == name,
                reference.position > binding.endPosition
            {
                uses += 1
                let member = reference.parent?.as(MemberAccessExprSyntax.self)
                if !(member?.base?.id == reference.id && isURL(member)) { located = false }
            }
            for child in syntax.children(viewMode: .sourceAccurate) { visit(child) }
        }
        visit(Syntax(block))
        return uses > 0 && located
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body, let returned = ExpressionReader.returnedExpression(body.statements),
            let array = returned.as(ArrayExprSyntax.self)
        {
            // `func diskConfigs() -> [ModelConfiguration] { ...; return [local, cloud] }`: what a container given
            // `configurations: diskConfigs()` opens, read where the function builds it.
            configurationLists.record(node.name.text, array, at: node)
        }
        functions.append("\(node.position.utf8Offset)")
        purposes.append(Self.names(node.attributes).contains("Test") ? .test : purposes.last ?? .app)
        valueParameters.append(Self.parameters(of: node))
        parameterDefaults.append(Self.defaults(node.signature.parameterClause.parameters))
        if let folder = stackReader.defaultFolder(node) {
            coreDataFolders.append(
                CoreDataFolderOverride(scope: scope, folder: folder, location: reader.location(node.name)))
        }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        functions.removeLast()
        purposes.removeLast()
        valueParameters.removeLast()
        parameterDefaults.removeLast()
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append("\(node.position.utf8Offset)")
        // Call sites of an initialiser name the type: `Store(cloudKit: false)`.
        valueParameters.append(
            ValueSourceReader.parameters(of: scope.last ?? "init", node.signature.parameterClause.parameters))
        parameterDefaults.append(Self.defaults(node.signature.parameterClause.parameters))
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) {
        functions.removeLast()
        valueParameters.removeLast()
        parameterDefaults.removeLast()
    }

    /// The parameters of the function or initialiser `node` is in (none outside one), as the walk records them.
    private static func parameters(around node: some SyntaxProtocol) -> (Parameters, ValueSourceReader.Parameters) {
        var current = node.parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                return (defaults(function.signature.parameterClause.parameters), parameters(of: function))
            }
            if let initializer = syntax.as(InitializerDeclSyntax.self) {
                // Call sites of an initialiser name the type.
                var type = initializer.parent
                var name = "init"
                while let outer = type {
                    if let named = outer.asProtocol(NamedDeclSyntax.self) {
                        name = named.name.text
                        break
                    }
                    if let extended = outer.as(ExtensionDeclSyntax.self) {
                        name = TypeExprReader.read(extended.extendedType).path?.last ?? name
                        break
                    }
                    type = outer.parent
                }
                let list = initializer.signature.parameterClause.parameters
                return (defaults(list), ValueSourceReader.parameters(of: name, list))
            }
            // A closure in a function reads its parameters too, as the walk does; a type's members do not.
            if syntax.is(MemberBlockSyntax.self) { break }
            current = syntax.parent
        }
        return (Parameters(), ValueSourceReader.Parameters())
    }

    /// A function's parameters as calls pass them.
    private static func parameters(of function: FunctionDeclSyntax) -> ValueSourceReader.Parameters {
        ValueSourceReader.parameters(of: function.name.text, function.signature.parameterClause.parameters)
    }

    /// `plan: any SchemaMigrationPlan.Type = AppPlan.self`: the value a parameter has when the caller leaves it out.
    private static func defaults(_ parameters: FunctionParameterListSyntax) -> Parameters {
        var result = Parameters()
        for parameter in parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            result.names.insert(name)
            if let value = parameter.defaultValue?.value { result.defaults[name] = value }
        }
        return result
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        purposes.append(node.macroName.text == "Preview" ? .preview : purposes.last ?? .app)
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) { purposes.removeLast() }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        purposes.append(node.macroName.text == "Preview" ? .preview : purposes.last ?? .app)
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) { purposes.removeLast() }

    /// Inside a clause another platform's build does not take (`#if os(macOS)`): values read here are not what every
    /// build uses, so a store's URL or App Group is not read through them.
    private var platformDependent = 0

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let active = IfConfigEvaluator.activeClause(of: node, conditions: reader.conditions)
        if let clause = active, let elements = clause.elements {
            let certain = IfConfigEvaluator.isCertain(clause, of: node, conditions: reader.conditions)
            if !certain { platformDependent += 1 }
            walk(elements)
            if !certain { platformDependent -= 1 }
        }
        // A debug build's clause is not read as code, only searched for containers: see `debugOnlyContainers`.
        for clause in node.clauses where clause.id != active?.id {
            guard let condition = clause.condition, IfConfigEvaluator.mentionsDebug(condition),
                let elements = clause.elements
            else { continue }
            debugOnlyContainers += DebugContainerFinder.locations(in: Syntax(elements), reader: reader)
        }
        return .skipChildren
    }

    /// Where a container is created in a `#if DEBUG` clause (`ParsedFile.debugOnlyContainers`).
    private(set) var debugOnlyContainers: [SourceLocation] = []

    // MARK: Variables

    /// `models.append(Visit.self)`, `models += extras` on a local list of models: the list from there on. A change
    /// not directly in the variable's block (inside an `if`, a loop, a closure), or not one of those, makes it
    /// unreadable from there on: never the shorter list.
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard node.item.is(ExprSyntax.self), !schemaVariables.isEmpty else { return .visitChildren }
        let names = Set(node.tokens(viewMode: .sourceAccurate).lazy.map(\.text).filter(schemaVariables.binds))
        for name in names.sorted() {
            guard let current = schemaVariables.lookup(name, at: node) else { continue }
            var reader = sourcesSeeing(node)
            reader.locals[name] = current
            if schemaVariables.isDirectlyIn(bindingOf: name, node), let (changed, value) = reader.change(node),
                changed == name
            {
                schemaVariables.update(name, value, at: node)
            } else if Self.mayChange(name, in: node) {
                schemaVariables.update(
                    name,
                    .unreadable(
                        "`\(name)` is changed where schemalint does not follow it", reader.reader.location(node)),
                    at: node)
            }
        }
        return .visitChildren
    }

    /// Whether a statement may change the local `name`: it assigns to it, calls a mutating method on it, or passes it
    /// `inout`. Reading it (`Schema(models)`) changes nothing.
    private static func mayChange(_ name: String, in node: CodeBlockItemSyntax) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let next = token.nextToken(viewMode: .sourceAccurate) else { continue }
            if next.tokenKind == .period, let method = next.nextToken(viewMode: .sourceAccurate)?.text,
                mutatingMethods.contains(method) || method.hasPrefix("remove") || method.hasPrefix("form")
            {
                return true
            }
            if next.tokenKind == .equal { return true }
            if case let .binaryOperator(text) = next.tokenKind, text.hasSuffix("=") { return true }
            if token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .prefixAmpersand { return true }
        }
        return false
    }

    /// Array methods that change the array they are called on.
    private static let mutatingMethods: Set<String> = [
        "append", "insert", "replaceSubrange", "sort", "reverse", "shuffle", "swapAt", "popLast", "partition",
    ]

    /// The model-list reader with the local lists visible at `node` (`var models = [Trip.self]`), so `Schema(models)`
    /// reads the list the variable holds there.
    private func sourcesSeeing(_ node: some SyntaxProtocol) -> ModelSourceReader {
        var seeing = sources
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, let known = schemaVariables.lookup(token.text, at: node) else {
                continue
            }
            seeing.locals[token.text] = known
        }
        return seeing
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, node.accessorBlock == nil,
            platformDependent == 0
        {
            if node.initializer == nil {
                // `let configuration: ModelConfiguration`, given its value by the statements after it.
                configurationVariables.record(name, nil, at: node)
            }
            assignedLater.append((name, node))
        }
        // A computed variable: what its getter returns, after the `let`s it declares (a local `var storeURL: URL {
        // let folder = ...; return folder.appendingPathComponent(...) }` in a function, SwiftCal's widget); those
        // `let`s are found from the returned expression, where it is written.
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = node.initializer?.value ?? NamedValueCollector.returnedExpression(node.accessorBlock)
                ?? (node.accessorBlock == nil ? nil : NamedValueCollector.builtValue(node)?.0)
        else { return .visitChildren }
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let type = call.calledExpression.as(ArrayExprSyntax.self), type.elements.count == 1
        {
            // `var models = [any PersistentModel.Type]()`: an empty list the statements after it fill.
            schemaVariables.record(name, sources.typeList([]), at: node)
        } else if let call = value.as(FunctionCallExprSyntax.self), ModelSourceReader.isSchemaCall(call) {
            // `let schema = Schema(models)` of a parameter `models`: what each caller passes (StudyOS).
            let parameters = parameterDefaults.last ?? Parameters()
            schemaVariables.record(
                name, parameterSchema(call, parameters: parameters) ?? sourcesSeeing(call).schemaSource(call), at: node)
        } else if let other = Self.variableName(value), let known = schemaVariables.lookup(other, at: node) {
            // `let schema = schema` (or `Self.schema`): the member it copies, resolved before this binding exists.
            schemaVariables.record(name, known, at: node)
        } else if let facts = branchFacts(value) {
            configurationVariables.record(name, facts, at: node)
        } else if TypeExprReader.readMetatype(value) == nil,
            let named = namedSource(value, parameters: parameterDefaults.last ?? Parameters())
        {
            // `let schema = SchemaDefinition.schema` (or `[A.self]`): what it copies, a constant looked up once the
            // project is known.
            schemaVariables.record(name, named, at: node)
        }
        if branchFacts(value) == nil { configurationVariables.record(name, nil, at: node) }
        if mentionsTemporaryFolder, isScratchLocation(value) { scratchLocations.record(name, true, at: node) }
        if platformDependent == 0 || Self.inFunctionWithinClause(node) { values.record(name, value, at: node) }
        return .visitChildren
    }

    /// Whether `node` is in a function that is itself inside an `#if` clause (`#if os(iOS) private static func
    /// migrateLegacyStore(...) { ... } #endif`): its locals are read only in that function, on the builds that
    /// compile it, so they can be read as any function's are (clip-island copying its old store).
    private static func inFunctionWithinClause(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(IfConfigClauseSyntax.self) { return false }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self) {
                var outer = syntax.parent
                while let above = outer {
                    if above.is(IfConfigClauseSyntax.self) { return true }
                    outer = above.parent
                }
                return false
            }
            current = syntax.parent
        }
        return false
    }

    /// The configuration a value holds: a `ModelConfiguration(...)` call, a variable holding one, or an `if`,
    /// `switch` or ternary whose every branch is one (its store when they all name the same, else one schemalint
    /// cannot tell; in memory as each branch says). Nil for anything else.
    private func branchFacts(_ value: ExprSyntax, depth: Int = 0) -> ConfigurationFacts? {
        guard depth < 8 else { return nil }
        let stripped = value.as(TryExprSyntax.self)?.expression ?? value
        if let call = stripped.as(FunctionCallExprSyntax.self), isConfigurationCall(call) { return facts(call) }
        if let reference = stripped.as(DeclReferenceExprSyntax.self) {
            return configurationVariables.lookup(reference.baseName.text, at: reference) ?? nil
        }
        var branches: [ExprSyntax] = []
        if let ifExpression = stripped.as(IfExprSyntax.self) {
            var current: IfExprSyntax? = ifExpression
            while let clause = current {
                guard let body = ExpressionReader.singleValue(clause.body.statements) else { return nil }
                branches.append(body)
                switch clause.elseBody {
                case let .ifExpr(next)?: current = next
                case let .codeBlock(block)?:
                    guard let last = ExpressionReader.singleValue(block.statements) else { return nil }
                    branches.append(last)
                    current = nil
                case nil: return nil
                }
            }
        } else if let switchExpression = stripped.as(SwitchExprSyntax.self) {
            for item in switchExpression.cases {
                guard let body = item.as(SwitchCaseSyntax.self)?.statements,
                    let single = ExpressionReader.singleValue(body)
                else { return nil }
                branches.append(single)
            }
        } else if let ternary = stripped.as(TernaryExprSyntax.self) {
            branches = [ternary.thenExpression, ternary.elseExpression]
        } else if let sequence = stripped.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let mark = Array(sequence.elements)[1].as(UnresolvedTernaryExprSyntax.self)
        {
            branches = [mark.thenExpression, Array(sequence.elements)[2]]
        } else {
            return nil
        }
        var each: [(ExprSyntax, ConfigurationFacts)] = []
        for branch in branches {
            guard let facts = branchFacts(branch, depth: depth + 1) else { return nil }
            each.append((branch, facts))
        }
        return merged(each, within: Syntax(stripped), at: reader.location(stripped))
    }

    /// The configuration a variable or expression holds when it is one of several (the branches of an `if`, a
    /// `switch`, a ternary; the values assigned to a variable): its store when they all name one, else each store it
    /// may be with the conditions that pick it (`StoreLocation.choices`); in memory as each says.
    private func merged(_ each: [(ExprSyntax, ConfigurationFacts)], within root: Syntax, at location: SourceLocation)
        -> ConfigurationFacts?
    {
        guard let first = each.first?.1 else { return nil }
        let known = each.map(\.1)
        let purposes = Set(known.map { $0.purpose?.rawValue ?? "" })
        let choices = each.map { branch, facts in
            StoreChoice(
                store: facts.store, location: facts.location, inMemory: facts.inMemory,
                conditions: valueReader.conditions(of: branch, within: root))
        }
        var merged = ConfigurationFacts(
            purpose: purposes.count == 1 ? first.purpose : nil, store: .oneOf(choices, at: location),
            location: first.location)
        merged.otherLocations = known.dropFirst().flatMap { [$0.location].compactMap { $0 } + $0.otherLocations }
        merged.otherLocations = merged.otherLocations.filter { $0 != first.location }
        if known.contains(where: { $0.inMemory != nil }) {
            merged.inMemory = .oneOf(known.map { $0.inMemory ?? .bool(false) }, location)
        }
        return merged
    }

    /// Local variables declared in a block (not members), to read the values the statements after them assign
    /// (`followAssignments`) once the walk has seen every binding those values read.
    private var assignedLater: [(String, PatternBindingSyntax)] = []
    /// `name = value` statements, by the name assigned (a bare name: a local variable's, or a member's through
    /// `self`), with the statement each is, in the order they are written.
    private var assignments: [String: [(CodeBlockItemSyntax, ExprSyntax)]] = [:]

    /// `let configuration: ModelConfiguration` given its value later (`if let url = ... { configuration =
    /// ModelConfiguration(url: url) } else { configuration = ModelConfiguration() }`), or a `var` assigned again:
    /// from each assignment on, the configuration is one of the values the variable may then hold (an assignment
    /// directly in the variable's block replaces what it held; one in a branch, a loop or a closure may not run).
    private func followAssignments(of name: String, declaredAt binding: PatternBindingSyntax) {
        guard let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
            let item = declaration.parent?.as(CodeBlockItemSyntax.self),
            let block = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return }
        // Those written after it inside its block, in the order they are written.
        let assignments = (assignments[name] ?? []).filter { statement, _ in
            guard statement.position > item.position else { return false }
            var node = statement.parent
            while let current = node, current.id != block.id { node = current.parent }
            return node != nil
        }
        guard !assignments.isEmpty else { return }
        var current: [(ExprSyntax, ConfigurationFacts?)] =
            binding.initializer.map { [($0.value, branchFacts($0.value))] }
            ?? []
        for (statement, value) in assignments {
            if statement.parent?.id == block.id { current = [] }
            current.append((value, branchFacts(value)))
            var facts: ConfigurationFacts?
            if current.allSatisfy({ $0.1 != nil }) {
                facts = merged(
                    current.map { ($0.0, $0.1!) }, within: Syntax(block), at: reader.location(binding))
            }
            configurationVariables.update(name, facts, at: statement)
        }
    }

    /// `guard let url = container.persistentStoreDescriptions.first?.url else { ... }`: the name holds the value
    /// for the rest of the block, as a `let` does. `if let url = ... { ... }`: in the `if`'s body, for values only
    /// (a URL read as the place it names; a store's key stays the text written).
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard platformDependent == 0, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = node.initializer?.value
        else { return .visitChildren }
        if let branch = node.parent?.parent?.parent?.as(IfExprSyntax.self),
            let first = branch.body.statements.first
        {
            guardValues.record(name, value, at: first)
            return .visitChildren
        }
        guard node.parent?.parent?.parent?.is(GuardStmtSyntax.self) == true else { return .visitChildren }
        guardValues.record(name, value, at: node)
        configurationVariables.record(name, branchFacts(value), at: node)
        return .visitChildren
    }

    /// `schema`, `Self.schema` or `self.schema`: a variable the value copies.
    private static func variableName(_ value: ExprSyntax) -> String? {
        if let reference = value.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = value.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base == "Self" || base == "self"
        else { return nil }
        return member.declName.baseName.text
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ModelSourceReader.isContainerInit(node) {
            pendingContainers.append(
                (
                    node, scope, enclosingPurpose, parameterDefaults.last ?? Parameters(),
                    valueParameters.last ?? ValueSourceReader.Parameters()
                ))
        } else if Self.isModelContainerModifier(node) && node.arguments.contains(where: { $0.label?.text == "for" })
            || Self.documentType(of: node) != nil
        {
            pendingContainers.append(
                (
                    node, scope, enclosingPurpose, parameterDefaults.last ?? Parameters(),
                    valueParameters.last ?? ValueSourceReader.Parameters()
                ))
        } else if isConfigurationCall(node) {
            // Made only to ask SwiftData where its file is (`ModelConfiguration(schema: schema).url`): no store is
            // opened with it, so it syncs nothing.
            if !Self.onlyLocates(node) { configurations.append(configuration(node, scope: scope)) }
        } else if let kind = CoreDataStackReader.stack(node) {
            // Made only to ask where its own file is (`container.persistentStoreDescriptions.first?.url`), never
            // loaded: it opens nothing (LoopCaregiver's check for a store left in the old place).
            if !Self.onlyRead(node, as: CoreDataStackReader.readsOwnFile) {
                var stack = stackReader.stack(node, kind: kind, scope: scope, purpose: enclosingPurpose ?? .app)
                stack.branches = CoreDataStackReader.branches(around: node)
                coreData.add(stack, function: functions.last)
            }
        } else if let type = CoreDataStackReader.subclassConstruction(node)
            ?? CoreDataStackReader.superclassConstruction(node, scope: scope)
        {
            var stack = stackReader.stack(node, kind: .container, scope: scope, purpose: enclosingPurpose ?? .app)
            stack.containerType = type
            coreData.add(stack, function: functions.last)
        } else if let file = stackReader.storeFile(node) {
            coreData.add(file, scope: scope, purpose: enclosingPurpose ?? .app, function: functions.last)
        } else if CoreDataStackReader.copiesStore(node) {
            storeCopies.append(reader.location(node))
            if let (source, destination) = CoreDataStackReader.moved(node) {
                var move = StoreMoveUse(source: valueReader.read(source), scope: scope, location: reader.location(node))
                move.destination = destination.map { valueReader.read($0) }
                let method = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                move.copiesAStore = method == "replacePersistentStore" || method == "migratePersistentStore"
                storeMoves.append(move)
            }
        } else if ModelSourceReader.calleeName(node.calledExpression)?.hasSuffix("NSMigrationManager") == true {
            storeMigrators.append(reader.location(node))
        } else if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            == "loadPersistentStores"
        {
            coreData.loadStores(scope: scope, function: functions.last)
        }
        recordCallSite(node)
        return .visitChildren
    }

    /// `description.url = ...`, `container.persistentStoreDescriptions = [...]`, `cloudKitContainerOptions = ...`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            var statement = node.parent
            while let current = statement, !current.is(CodeBlockItemSyntax.self) { statement = current.parent }
            if let statement = statement?.as(CodeBlockItemSyntax.self) {
                assignments[name, default: []].append((statement, elements[2]))
            }
        }
        // `description.type = inMemory ? NSInMemoryStoreType : NSSQLiteStoreType`: a ternary stays unfolded.
        if elements.count > 3, elements[1].is(AssignmentExprSyntax.self),
            let type = stackReader.storeType(assigning: Array(elements[2...]), to: elements[0])
        {
            coreData.setStoreType(
                type, variable: CoreDataStackReader.typedVariable(elements[0]),
                branches: CoreDataStackReader.branches(around: node), location: reader.location(node),
                scope: scope, function: functions.last)
            return .visitChildren
        }
        // `description.url = storeURL ?? Self.productionStoreURL`: an operator stays unfolded too (heritg).
        if elements.count > 3, elements[1].is(AssignmentExprSyntax.self),
            let file = stackReader.storeFile(assigningUnfolded: Array(elements[2...]), to: elements[0])
        {
            coreData.add(file, scope: scope, purpose: enclosingPurpose ?? .app, function: functions.last)
            return .visitChildren
        }
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let (target, value) = (elements[0], elements[2])
        if let file = stackReader.storeFile(assigning: value, to: target) {
            coreData.add(file, scope: scope, purpose: enclosingPurpose ?? .app, function: functions.last)
        } else if let type = stackReader.storeType(assigning: [value], to: target) {
            coreData.setStoreType(
                type, variable: CoreDataStackReader.typedVariable(target),
                branches: CoreDataStackReader.branches(around: node), location: reader.location(node),
                scope: scope, function: functions.last)
        } else if CoreDataStackReader.replacesDescriptions(target) {
            // `[Self.V3.defaultDescription]`: descriptions built where a name says, maybe in another file.
            let elements = value.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? []
            let references = elements.compactMap { sources.reference($0) }
            coreData.replaceDescriptions(
                scope: scope, function: functions.last, conditional: CoreDataStackReader.mayBeSkipped(node),
                conditionalInBranch: CoreDataStackReader.mayBeSkipped(node, withinBranch: true),
                branches: CoreDataStackReader.branches(around: node),
                at: reader.location(node), references: references.count == elements.count ? references : [])
        } else if let (options, variable) = stackReader.cloudKitOptions(assigning: value, to: target) {
            coreData.setCloudKit(
                options, variable: variable, branches: CoreDataStackReader.branches(around: node),
                at: reader.location(node), scope: scope, function: functions.last)
        } else if let (variable, configuration) = stackReader.configuration(assigning: value, to: target) {
            coreData.setConfiguration(configuration, variable: variable, scope: scope, function: functions.last)
        } else if let flag = CoreDataStackReader.migrationSwitch(target) {
            migrationFlags.append(
                CoreDataMigrationFlag(
                    flag: flag, value: valueReader.read(value), scope: scope, location: reader.location(node)))
        }
        return .visitChildren
    }

    private var stackReader: CoreDataStackReader {
        CoreDataStackReader(reader: reader, values: valueReader) { [values, guardValues] name, use in
            values.lookup(name, at: use) ?? guardValues.lookup(name, at: use)
        }
    }

    /// The labelled arguments of a call, for a parameter that decides a store: what each caller passes.
    private func recordCallSite(_ call: FunctionCallExprSyntax) {
        var function: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            function = member.declName.baseName.text
            // `self.init(inMemory: false)` in a convenience initialiser, `Store.init(...)`: a call of the type's
            // initialiser, which callers name by the type (Goals' `AppContainer`).
            if member.declName.baseName.tokenKind == .keyword(.`init`) {
                let base = member.base?.as(DeclReferenceExprSyntax.self)
                if base?.baseName.tokenKind == .keyword(.self) || base?.baseName.tokenKind == .keyword(.Self) {
                    // Only an initialiser the type declares with these labels (not one it inherits: a container
                    // subclass's `self.init(name:managedObjectModel:)` is Core Data's, read as its stack).
                    guard let type = scope.last, Self.declaresInitialiser(around: call) else { return }
                    function = type
                } else if let named = member.base.flatMap({ TypeExprReader.read(expression: $0)?.path?.last }) {
                    function = named
                } else {
                    return
                }
            }
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            function = reference.baseName.text
        } else {
            return
        }
        var arguments: [String: ValueSource] = [:]
        var models: [String: ModelSource] = [:]
        var configurations: [String: CallSite.Configuration] = [:]
        var types: [String: TypeExpr] = [:]
        let valueReader = valueReader  // made once per call, not once per argument
        var lists: [String: CallSite.ConfigurationListArgument] = [:]
        var order: [String] = []
        for (index, argument) in call.arguments.enumerated() {
            let label = argument.label?.text ?? "#\(index)"
            // `open(storeURL: try groupURL())`, `await`: the value the call gives.
            var expression = argument.expression
            while let inner = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?
                .expression
            {
                expression = inner
            }
            order.append(label)
            if let list = configurationList(expression) { lists[label] = list }
            if let type = TypeExprReader.readMetatype(expression) { types[label] = type }
            if let reference = expression.as(DeclReferenceExprSyntax.self),
                // A parameter of the caller hides a member of its name (read below, as what its callers pass).
                parameterDefaults.last?.names.contains(reference.baseName.text) != true,
                let known = schemaVariables.lookup(reference.baseName.text, at: reference)
            {
                // `open(schema: schema)` where `let schema = Schema(...)` is a local variable of the caller.
                models[label] = known
            }
            let passed = passedConfiguration(expression)
            if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                assignments[name] != nil || passed == nil, assignedLater.contains(where: { $0.0 == name })
            {
                // `let config: ModelConfiguration` given its value in the `if` and `else` after it, or a `var` given
                // another: read once the walk has followed those (Catbird's `Store.makeContainer(configuration:
                // config)`).
                laterConfigurations.append((callSites.count, label, expression))
            }
            if let configuration = passed {
                // `open(config: config)`: the configuration the caller passes, read where the caller is.
                configurations[label] = configuration
                if let named = configuration.reference, expression.is(MemberAccessExprSyntax.self),
                    sources.reference(expression) != nil
                {
                    models[label] = .named(named)
                }
            } else if models[label] == nil,
                expression.is(MemberAccessExprSyntax.self) || expression.is(FunctionCallExprSyntax.self)
                    || expression.is(DeclReferenceExprSyntax.self)
                    // An array of models only (`[A.self, B.self]`): other arrays are not read at every call.
                    || expression.as(ArrayExprSyntax.self).map({
                        $0.elements.first.map { TypeExprReader.readMetatype($0.expression) != nil } ?? false
                    }) == true,
                TypeExprReader.readMetatype(expression) == nil,
                // The caller's own parameter (`open(schema: schema)` in `func migrate(schema: Schema)`): what the
                // caller's callers pass, not a constant of that name.
                let source = namedSource(expression, parameters: parameterDefaults.last ?? Parameters())
            {
                models[label] = source
            }
            // Only the shapes a flag, a database or a store's URL is written in are read (a URL is built by calls:
            // `URL.documentsDirectory.appending(path: "A.store")`, `urls(for:in:)[0]`, `containerURL(...)!`);
            // anything else is a value read at run time.
            let simple =
                expression.is(BooleanLiteralExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self)
                || expression.is(MemberAccessExprSyntax.self) || expression.is(PrefixOperatorExprSyntax.self)
                || expression.is(NilLiteralExprSyntax.self) || expression.is(TernaryExprSyntax.self)
                || expression.is(StringLiteralExprSyntax.self)
                || expression.is(SequenceExprSyntax.self) || expression.is(FunctionCallExprSyntax.self)
                || expression.is(SubscriptCallExprSyntax.self) || expression.is(ForceUnwrapExprSyntax.self)
            arguments[label] =
                simple
                ? valueReader.read(expression)
                : .unreadable("the argument is not a value schemalint can read", reader.location(expression))
        }
        if !arguments.isEmpty || call.arguments.isEmpty {
            var site = CallSite(function: function, scope: scope, arguments: arguments)
            site.models = models
            site.configurations = configurations
            site.configurationLists = lists
            site.argumentOrder = order
            site.types = types
            site.purpose = enclosingPurpose
            site.location = reader.location(call.calledExpression)
            site.caller = valueParameters.last?.function
            callSites.append(site)
            // `containerFactory(schema, plan, [config])` where the parameter's default is a function
            // (`containerFactory: Factory = defaultContainerFactory`): a call of that function too.
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                let given = parameterDefaults.last?.defaults[reference.baseName.text],
                let named = given.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? given.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            {
                forwardedCalls.append((site, named))
            }
        }
    }

    /// Whether the type `call` is written in declares an initialiser taking the call's labels.
    private static func declaresInitialiser(around call: FunctionCallExprSyntax) -> Bool {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        var node = call.parent
        while let current = node {
            let members =
                current.as(ClassDeclSyntax.self)?.memberBlock.members
                ?? current.as(StructDeclSyntax.self)?.memberBlock.members
                ?? current.as(ActorDeclSyntax.self)?.memberBlock.members
            if let members {
                return members.contains { item in
                    guard let initialiser = item.decl.as(InitializerDeclSyntax.self) else { return false }
                    return initialiser.signature.parameterClause.parameters.map(\.firstName.text) == labels
                }
            }
            node = current.parent
        }
        return false
    }

    /// Arguments of the call sites (by index) that name a variable given its configuration later in its block.
    private var laterConfigurations: [(site: Int, label: String, expression: ExprSyntax)] = []

    /// The functions a function-typed parameter's default names, with the calls made through the parameter.
    private var forwardedCalls: [(site: CallSite, function: String)] = []

    /// A call made through a parameter as a call of the function its default names: its arguments, given by
    /// position through the parameter's function type, take that function's labels (`labels`: those of each
    /// function of the file by base name). Nil where the file declares no one function of the name with as many
    /// parameters as the call passes: its parameters are then not read from this call, and say so.
    private static func forwarded(_ site: CallSite, to function: String, labels declared: [String: [[String]]])
        -> CallSite?
    {
        let fitting = (declared[function] ?? []).filter { $0.count == site.argumentOrder.count }
        guard fitting.count == 1, let labels = fitting.first else { return nil }
        func label(_ written: String) -> String {
            guard written.hasPrefix("#"), let index = Int(written.dropFirst()), labels.indices.contains(index)
            else { return written }
            return labels[index]
        }
        func relabelled<Value>(_ values: [String: Value]) -> [String: Value] {
            Dictionary(values.map { (label($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        var call = site
        call.function = function
        call.arguments = relabelled(site.arguments)
        call.models = relabelled(site.models)
        call.configurations = relabelled(site.configurations)
        call.types = relabelled(site.types)
        call.configurationLists = relabelled(site.configurationLists)
        call.argumentOrder = site.argumentOrder.map(label)
        return call
    }

    /// A configuration passed to a function: written there or held by a local variable (`open(config: config)`),
    /// a constant of another type (`open(config: Stores.local)`), or one an extension adds (`open(config: .ledger)`,
    /// if the parameter is one). Nil for anything else.
    private func passedConfiguration(_ expression: ExprSyntax) -> CallSite.Configuration? {
        if let facts = configurationFacts(expression) {
            var configuration = CallSite.Configuration(store: facts.store, inMemory: facts.inMemory)
            configuration.location = facts.location
            return configuration
        }
        let named =
            (expression.is(MemberAccessExprSyntax.self) ? sources.reference(expression) : nil)
            ?? implicitConfiguration(expression)
        guard let named else { return nil }
        var configuration = CallSite.Configuration(store: .unknown(at: named.location), inMemory: nil)
        configuration.reference = named
        return configuration
    }

    /// A list of configurations passed to a function: an array written there whose every element is a
    /// configuration (`make([local, Stores.synced, ModelConfiguration("Cache")])`), a local variable holding one,
    /// or the caller's own `[ModelConfiguration]` parameter passed on. Nil for anything else.
    private func configurationList(_ expression: ExprSyntax) -> CallSite.ConfigurationListArgument? {
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let parameters = valueParameters.last ?? readingValueParameters
            if let label = parameters.labels[name] {
                guard let function = parameters.function, parameters.configurationLists[name] == false else {
                    return nil
                }
                return .forwarded(CallSite.Parameter(function: function, label: label))
            }
            guard let held = values.lookup(name, at: expression), held.is(ArrayExprSyntax.self) else { return nil }
            return configurationList(held)
        }
        guard let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
        var list: [CallSite.Configuration] = []
        for element in array.elements {
            guard let configuration = passedConfiguration(element.expression) else { return nil }
            list.append(configuration)
        }
        return .list(list)
    }

    /// Reads a flag or a database where the walk (or a pending container) is.
    private var valueReader: ValueSourceReader {
        var valueReader = ValueSourceReader(reader: reader)
        valueReader.parameters = valueParameters.last ?? readingValueParameters
        valueReader.locals = { [values, guardValues] name, use in
            values.lookup(name, at: use) ?? guardValues.lookup(name, at: use)
        }
        let declared = assignedLater
        let conditions = reader.conditions
        valueReader.assigned = { name, use in
            Self.assignedValues(of: name, at: use, declared: declared, conditions: conditions)
        }
        return valueReader
    }

    /// The values a local variable has at `use` where its declaration alone does not say: a `let` declared without
    /// one (`let storeURL: URL`) is given one by the statements of its block after it, in each branch of an `if` or
    /// `switch` and each clause of an `#if` a build may take (every platform's the targets build for, so the place is
    /// each one the app's builds may use); a `var` is its first value or one assigned after it (one assigned directly
    /// in its block replaces what it held; one in a branch may not run); a `let` declared once in each clause of an
    /// `#if` before the use is the value of each clause a build may take. Not in a closure or a nested function.
    /// Nil where the name is none of these, or nothing assigns it; empty where it is changed in a way schemalint does
    /// not follow (`url.appendPathComponent(...)`, an assignment in a closure): unreadable.
    private static func assignedValues(
        of name: String, at use: Syntax, declared: [(String, PatternBindingSyntax)], conditions: CompilationConditions
    ) -> [ExprSyntax]? {
        if let elements = loopElements(of: name, at: use) { return elements.isEmpty ? nil : elements }
        if let perClause = perClauseValues(of: name, at: use, conditions: conditions) { return perClause }
        // The nearest declaration before the use whose block holds it.
        guard let binding = UnwrappedFallback.nearestBinding(of: name, before: use, declared: declared),
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
            let item = declaration.parent?.as(CodeBlockItemSyntax.self),
            let block = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        let isVariable = declaration.bindingSpecifier.tokenKind == .keyword(.var)
        // A `let` given its value where it is declared: that value (the file's locals).
        guard isVariable || binding.initializer == nil else { return nil }
        var found: [ExprSyntax] = binding.initializer.map { [$0.value] } ?? []
        var assigned = false
        var unfollowed = false
        // `direct`: the statement runs whenever the code after it does (not in a branch of an `if`, a loop...).
        func visit(_ node: Syntax, direct: Bool) {
            if node.position >= use.position { return }
            if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) {
                // Code that may run at another time: a variable changed there is not followed.
                if isVariable,
                    node.tokens(viewMode: .sourceAccurate).contains(where: {
                        $0.text == name && (Self.mutates($0) || $0.nextToken(viewMode: .sourceAccurate)?.text == "=")
                    })
                {
                    unfollowed = true
                }
                return
            }
            if let ifConfig = node.as(IfConfigDeclSyntax.self) {
                for (clause, certain) in IfConfigEvaluator.possibleClauses(of: ifConfig, conditions: conditions) {
                    if let elements = clause.elements { visit(Syntax(elements), direct: direct && certain) }
                }
                return
            }
            if let sequence = node.as(SequenceExprSyntax.self), case let elements = Array(sequence.elements),
                elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
            {
                if isVariable, direct { found = [] }
                found.append(elements[2])
                assigned = true
                return
            }
            if isVariable, let token = node.as(TokenSyntax.self), token.text == name, Self.mutates(token) {
                unfollowed = true
                return
            }
            let inside =
                direct
                && (node.is(CodeBlockItemListSyntax.self) || node.is(CodeBlockItemSyntax.self)
                    || node.is(IfConfigClauseListSyntax.self) || node.is(IfConfigClauseSyntax.self)
                    || node.is(ExpressionStmtSyntax.self) || node.is(SequenceExprSyntax.self)
                    || node.is(ExprListSyntax.self))
            for child in node.children(viewMode: .sourceAccurate) { visit(child, direct: inside) }
        }
        for statement in block where statement.position > item.position { visit(Syntax(statement), direct: true) }
        if unfollowed { return [] }
        return assigned ? found : nil
    }

    /// Whether a variable's name is changed in place here: a method that mutates it (`url.appendPathComponent(...)`),
    /// a compound assignment (`url += ...`) or `&url`.
    private static func mutates(_ token: TokenSyntax) -> Bool {
        if token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .prefixAmpersand { return true }
        guard let next = token.nextToken(viewMode: .sourceAccurate) else { return false }
        if case let .binaryOperator(text) = next.tokenKind, text.hasSuffix("="), text != "==", text != "!=",
            text != "<=", text != ">=", text != "==="
        {
            return true
        }
        guard next.tokenKind == .period, let method = next.nextToken(viewMode: .sourceAccurate)?.text else {
            return false
        }
        return mutatingMethods.contains(method) || pathMutatingMethods.contains(method)
            || method.hasPrefix("remove") || method.hasPrefix("form")
    }

    /// URL's methods that change the URL they are called on.
    private static let pathMutatingMethods: Set<String> = [
        "appendPathComponent", "appendPathExtension", "deleteLastPathComponent", "deletePathExtension", "standardize",
        "resolveSymlinksInPath",
    ]

    /// `#if os(tvOS) let url = a #elseif os(macOS) let url = b #else let url = c #endif` before `use`, in a block
    /// around it: the value each clause a build may take declares (the clauses `os()` rules out for the platforms
    /// the targets build for left out). Nil where a nearer declaration is not such an `#if`; empty (unreadable)
    /// where a clause a build may take does not declare it (the value may be another declaration's).
    /// `for suffix in ["", "-shm", "-wal"] { ... suffix ... }`: each element of the literal the loop goes over (a
    /// store's files copied one by one); empty where the loop goes over anything else; nil where no loop binds it.
    /// `local`: the value of a local the loop goes over (`for name in possibleFiles`), where the caller reads them.
    static func loopElements(
        of name: String, at use: Syntax, local: (String, Syntax) -> ExprSyntax? = { _, _ in nil }
    ) -> [ExprSyntax]? {
        var enclosing = use.parent
        while let current = enclosing, !current.is(FunctionDeclSyntax.self), !current.is(ClosureExprSyntax.self) {
            if let loop = current.as(ForStmtSyntax.self), use.position >= loop.body.position,
                loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                var sequence = loop.sequence
                if let reference = sequence.as(DeclReferenceExprSyntax.self),
                    let value = local(reference.baseName.text, Syntax(reference))
                {
                    sequence = value
                }
                guard let list = sequence.as(ArrayExprSyntax.self) else { return [] }
                return list.elements.map(\.expression)
            }
            enclosing = current.parent
        }
        return nil
    }

    static func perClauseValues(of name: String, at use: Syntax, conditions: CompilationConditions)
        -> [ExprSyntax]?
    {
        var current = use
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(MemberBlockSyntax.self) { return nil }
            if let block = parent.as(CodeBlockItemListSyntax.self) {
                for statement in block.reversed() where statement.position < current.position {
                    if let declaration = statement.item.as(VariableDeclSyntax.self) {
                        if Self.binding(of: name, in: declaration) != nil { return nil }
                        continue
                    }
                    guard let ifConfig = statement.item.as(IfConfigDeclSyntax.self) else { continue }
                    var found: [ExprSyntax] = []
                    var lacking = false
                    for (clause, _) in IfConfigEvaluator.possibleClauses(of: ifConfig, conditions: conditions) {
                        let bound = clause.elements?.as(CodeBlockItemListSyntax.self).flatMap { statements in
                            statements.compactMap { $0.item.as(VariableDeclSyntax.self) }
                                .compactMap { Self.binding(of: name, in: $0)?.initializer?.value }.last
                        }
                        if let bound { found.append(bound) } else { lacking = true }
                    }
                    if found.isEmpty { continue }
                    return lacking ? [] : found
                }
            }
            current = parent
        }
        return nil
    }

    /// The binding of `name` a declaration makes, if it makes one.
    private static func binding(of name: String, in declaration: VariableDeclSyntax) -> PatternBindingSyntax? {
        declaration.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
    }

    private func container(
        _ call: FunctionCallExprSyntax, scope: [String],
        enclosing: ContainerPurpose?
    ) -> ContainerUse {
        let plan = call.arguments.first { $0.label?.text == "migrationPlan" }
        var purpose = enclosing ?? .app
        if purpose == .app, let kind = throwawayContainer(call) { purpose = kind }
        // `migrationPlan: plan` where a local holds it (`let plan = MigrationPlan.self`, Taster): that type.
        var planType = plan.flatMap { given in
            TypeExprReader.readMetatype(given.expression)
                ?? given.expression.as(DeclReferenceExprSyntax.self).flatMap { reference in
                    readingDefaults.names.contains(reference.baseName.text)
                        ? nil : values.lookup(reference.baseName.text, at: reference)
                }.flatMap { TypeExprReader.readMetatype($0) }
        }
        var planReference: ValueReference?
        var planParameter: CallSite.Parameter?
        if let plan, planType == nil {
            if let name = plan.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                readingDefaults.names.contains(name)
            {
                // A parameter: what each caller passes, its default where one leaves it out.
                let given = readingDefaults.defaults[name]
                planType = given.flatMap { TypeExprReader.readMetatype($0) }
                planReference = planType == nil ? given.flatMap { sources.reference($0) } : nil
                if let function = readingValueParameters.function, let label = readingValueParameters.labels[name] {
                    planParameter = CallSite.Parameter(function: function, label: label)
                }
            } else {
                planReference = sources.reference(plan.expression)
            }
        }
        var use = ContainerUse(
            location: reader.location(call), scope: scope, models: models(of: call),
            migrationPlan: planType,
            hasMigrationPlanArgument: plan != nil && !(plan!.expression.is(NilLiteralExprSyntax.self)),
            purpose: purpose, site: site(of: call))
        use.migrationPlanReference = planReference
        use.migrationPlanParameter = planParameter
        use.function = readingValueParameters.function
        use.requiredLabels = Set(
            readingValueParameters.labels.compactMap { name, label in
                readingValueParameters.defaults[name] == nil ? label : nil
            })
        if use.function != nil { use.functionLabels = Set(readingValueParameters.labels.values) }
        use.isViewModifier = Self.isModelContainerModifier(call)
        if let type = Self.documentType(of: call) {
            use.opensDocuments = true
            use.stores = [StoreLocation(kind: .document, key: "document:" + type)]
            use.inMemoryFlags = [nil]
        }
        use.isFallback = Self.isFallback(call)
        use.fallbackFor = Self.primary(of: call).map { reader.location($0) }
        if readingValueParameters.function != nil, let body = Self.enclosingBody(of: call) {
            use.reachedIf = valueReader.conditions(of: call, within: body).filter(\.source.mentionsParameter)
        }
        use.holder = Self.holder(of: call)
        if purpose == .app, isSalvage(call) { use.purpose = .salvage }
        if let given = givenConfigurations(call), !given.isEmpty {
            let facts = given.map { expression in
                configurationFacts(expression)
                    ?? ConfigurationFacts(purpose: nil, store: .unknown(at: reader.location(expression)), location: nil)
            }
            use.stores = facts.map(\.store)
            let parameters = readingValueParameters
            if given.count == 1, let name = given[0].as(DeclReferenceExprSyntax.self)?.baseName.text,
                let function = parameters.function, let label = parameters.labels[name],
                let isVariadic = parameters.configurationLists[name]
            {
                // `configurations: configurations`, a `[ModelConfiguration]` parameter: each call's list.
                let written = parameters.defaults[name]
                use.configurationListParameter = ConfigurationListParameter(
                    parameter: CallSite.Parameter(function: function, label: label), isVariadic: isVariadic,
                    hasDefault: written != nil, defaultList: written.flatMap { configurationList($0)?.list })
            }
            for (index, expression) in given.enumerated() where facts[index].store.kind == .unknown {
                if let found = UnwrappedFallback.read(expression, declared: assignedLater),
                    let function = parameters.function, let label = parameters.labels[found.name],
                    parameters.defaults[found.name]?.is(NilLiteralExprSyntax.self) == true,
                    let fallback = passedConfiguration(found.fallback)
                {
                    // An optional parameter, or what is written here when a call leaves it out.
                    use.configurationParameters[index] = CallSite.Parameter(function: function, label: label)
                    use.configurationParameterFallbacks[index] = fallback
                    continue
                }
                if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    let function = parameters.function, let label = parameters.labels[name]
                {
                    use.configurationParameters[index] = CallSite.Parameter(function: function, label: label)
                    if parameters.defaults[name]?.is(NilLiteralExprSyntax.self) == true {
                        use.optionalConfigurationParameters.insert(index)
                    }
                    continue
                }
                // A constant, or a function without arguments that returns a configuration; or a local variable
                // copying one (`let config = Self.modelConfig`).
                let copied = expression.as(DeclReferenceExprSyntax.self).flatMap {
                    values.lookup($0.baseName.text, at: $0)
                }
                var given = copied.flatMap { $0.is(DeclReferenceExprSyntax.self) ? nil : $0 } ?? expression
                // `let configuration = try realConfiguration(schema: schema)`: the call the `try` marks.
                if let attempt = given.as(TryExprSyntax.self) { given = attempt.expression }
                let call = given.as(FunctionCallExprSyntax.self)
                // A function with arguments too (`Configs.all(syncing: on)`): the model takes it only where what it
                // returns names stores its parameters do not decide.
                let named =
                    call.map { sources.reference($0.calledExpression) }
                    ?? sources.reference(given) ?? implicitConfiguration(given)
                if let named { use.configurationReferences[index] = named }
                // `createConfiguration(url: url)` passing this function's own parameters: each call's store.
                if let call, let function = parameters.function,
                    call.arguments.contains(where: { argument in
                        argument.expression.as(DeclReferenceExprSyntax.self).map {
                            parameters.labels[$0.baseName.text] != nil && values.lookup($0.baseName.text, at: $0) == nil
                        } ?? false
                    })
                {
                    use.configurationCallPassesParameters = function
                }
            }
            use.configurationLocations = facts.flatMap { [$0.location].compactMap { $0 } + $0.otherLocations }
            use.storeConfigurationLocations = facts.map(\.location)
            use.inMemoryFlags = facts.map(\.inMemory)
        }
        if let inMemory = call.arguments.first(where: { $0.label?.text == "inMemory" }) {
            use.inMemoryFlags = [valueReader.read(inMemory.expression)]
        }
        return use
    }

    /// `DocumentGroup(editing: Trip.self, contentType: .trip)`, `DocumentGroup(editing: .trip, migrationPlan: ...)`,
    /// `viewing:` too: the document type as written (`contentType:`, else the `editing:` or `viewing:` type), for
    /// the scene's stores; nil for any other call.
    static func documentType(of call: FunctionCallExprSyntax) -> String? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DocumentGroup",
            let given = call.arguments.first(where: { ["editing", "viewing"].contains($0.label?.text) })
        else { return nil }
        let type = call.arguments.first { $0.label?.text == "contentType" }?.expression ?? given.expression
        return type.trimmedDescription
    }

    /// `.modelContainer(...)` on a view or scene, or `modelContainer(...)` on `self` in a view's own method (a helper
    /// in `extension View`, a `ViewModifier`).
    static func isModelContainerModifier(_ call: FunctionCallExprSyntax) -> Bool {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == "modelContainer"
        }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "modelContainer"
    }

    /// The variable or function whose code opens the container: the outermost binding (stored or computed) or
    /// function around the call within its type or file (`previewContainer`, not the `let container` inside its
    /// closure); nil inside an initialiser.
    private static func holder(of call: FunctionCallExprSyntax) -> String? {
        var node = call.parent
        var holder: String?
        while let current = node, !current.is(MemberBlockSyntax.self), !current.is(SourceFileSyntax.self) {
            if current.is(InitializerDeclSyntax.self) { return nil }
            if let function = current.as(FunctionDeclSyntax.self) { holder = function.name.text }
            if let binding = current.as(PatternBindingSyntax.self) {
                holder = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            node = current.parent
        }
        return holder
    }

    /// The function, initialiser or accessor whose code opens the container, else the property it initialises.
    private func site(of call: FunctionCallExprSyntax) -> SourceLocation? {
        var node = call.parent
        var property: Syntax?
        while let current = node {
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self)
                || current.is(AccessorDeclSyntax.self)
            {
                return reader.location(current)
            }
            if property == nil, current.is(VariableDeclSyntax.self) { property = current }
            node = current.parent
        }
        return property.map { reader.location($0) }
    }

    private func configuration(_ call: FunctionCallExprSyntax, scope: [String]) -> ConfigurationUse {
        let cloudKit = call.arguments.first { $0.label?.text == "cloudKitDatabase" }.map {
            valueReader.read($0.expression)
        }
        var purpose = enclosingPurpose ?? .app
        if purpose == .app, let kind = throwaway(call) { purpose = kind }
        var use = ConfigurationUse(
            location: reader.location(call), scope: scope, models: models(of: call), cloudKit: cloudKit,
            purpose: purpose)
        use.inMemory = inMemoryFlag(call)
        use.store = withSources(storeReader.location(of: call), call).choicesKept(inMemory: use.inMemory)
        use.readOnly = call.arguments.contains {
            $0.label?.text == "allowsSave" && $0.expression.as(BooleanLiteralExprSyntax.self)?.literal.text == "false"
        }
        return use
    }

    // MARK: Stores

    /// What a `ModelConfiguration` says about the store: whether it is a throwaway, which file it is, where it is
    /// written.
    struct ConfigurationFacts {
        var purpose: ContainerPurpose?
        var store: StoreLocation
        var location: SourceLocation?
        /// `isStoredInMemoryOnly:`, as written; nil when not given.
        var inMemory: ValueSource?
        /// Where the other configurations it may be are written (the branches of an `if` after the first).
        var otherLocations: [SourceLocation] = []
    }

    private var storeReader: StoreLocationReader {
        var storeReader = StoreLocationReader(references: sources) { [values] name, use in
            values.lookup(name, at: use)
        }
        storeReader.parameters = (parameterDefaults.last ?? readingDefaults).names
        storeReader.locate = { [reader] in reader.location($0) }
        let conditionReader = valueReader
        storeReader.conditions = { conditionReader.conditions(of: $0, within: $1) }
        return storeReader
    }

    private func facts(_ call: FunctionCallExprSyntax) -> ConfigurationFacts {
        let inMemory = inMemoryFlag(call)
        return ConfigurationFacts(
            purpose: throwaway(call),
            store: withSources(storeReader.location(of: call), call).choicesKept(
                inMemory: inMemory),
            location: reader.location(call), inMemory: inMemory)
    }

    /// The store with its name and App Group as `ValueSource`s, for what constants do not resolve.
    private func withSources(_ given: StoreLocation, _ call: FunctionCallExprSyntax) -> StoreLocation {
        var store = given
        // `groupContainer: Stores.group`: a name or call, read where it is declared.
        if store.kind != .url, store.choices.isEmpty,
            let argument = call.arguments.first(where: { $0.label?.text == "groupContainer" })?.expression,
            Self.isNamedValue(argument)
        {
            store.groupContainerSource = valueReader.read(argument)
        }
        return withNameSources(store, call)
    }

    /// A name (`group`, `Stores.group`) or a call of a function (`Stores.group()`): not `.identifier(...)`,
    /// `.none` or a ternary written there.
    private static func isNamedValue(_ expression: ExprSyntax) -> Bool {
        if expression.is(DeclReferenceExprSyntax.self) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base != nil }
        if let call = expression.as(FunctionCallExprSyntax.self) { return isNamedValue(call.calledExpression) }
        return false
    }

    private func withNameSources(_ store: StoreLocation, _ call: FunctionCallExprSyntax) -> StoreLocation {
        // A URL given by a parameter is a store schemalint cannot tell by its text (each caller's URL is another
        // store), but what the callers pass may evaluate to a place (`ContainerBuilder`).
        if store.kind == .url || store.kind == .unknown,
            let url = call.arguments.first(where: { $0.label?.text == "url" })
        {
            var store = store
            store.fileSource = .fileName(valueReader.read(url.expression), reader.location(url.expression))
            return store
        }
        guard store.kind == .named, store.key.contains("`") else { return store }
        var store = store
        let (name, group) = StoreLocationReader.nameAndGroup(of: call)
        store.nameSource = name.map { valueReader.read($0) }
        store.groupSource = group.map { valueReader.read($0) }
        return store
    }

    /// The `isStoredInMemoryOnly:` argument, read for `ValueEvaluator`.
    private func inMemoryFlag(_ call: FunctionCallExprSyntax) -> ValueSource? {
        call.arguments.first { $0.label?.text == "isStoredInMemoryOnly" }.map { valueReader.read($0.expression) }
    }

    /// A configuration given to a container: written there (`ModelConfiguration(...)`, or `.init(...)` in the
    /// list), or a variable holding one.
    private func configurationFacts(_ expression: ExprSyntax) -> ConfigurationFacts? {
        if let call = expression.as(FunctionCallExprSyntax.self), isConfigurationCall(call) {
            return facts(call)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            // A parameter hides any variable of its name: what its callers pass
            // (`ContainerUse.configurationParameters`).
            let parameters = valueParameters.last ?? readingValueParameters
            if parameters.labels[reference.baseName.text] != nil { return nil }
            return configurationVariables.lookup(reference.baseName.text, at: reference) ?? nil
        }
        return nil
    }

    /// `.ledger` where a configuration is expected: a member an extension adds to `ModelConfiguration`.
    private func implicitConfiguration(_ expression: ExprSyntax) -> ValueReference? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.argumentNames == nil
        else { return nil }
        return ValueReference(
            base: .named(["ModelConfiguration"], arguments: []), name: member.declName.baseName.text,
            location: reader.location(expression))
    }

    /// The expressions given as `configurations:` (variadic, or one array), or nil when there is no such argument.
    private func givenConfigurations(_ call: FunctionCallExprSyntax) -> [ExprSyntax]? {
        let arguments = Array(call.arguments)
        guard let start = arguments.firstIndex(where: { $0.label?.text == "configurations" }) else { return nil }
        var given = [arguments[start].expression]
        for argument in arguments[(start + 1)...] where argument.label == nil { given.append(argument.expression) }
        if given.count == 1, let array = given[0].as(ArrayExprSyntax.self) ?? configurationArray(given[0]) {
            given = array.elements.map(\.expression)
        }
        if given.count == 1, let call = given[0].as(FunctionCallExprSyntax.self),
            let name = Self.variableName(call.calledExpression),
            let array = configurationLists.lookup(name, at: call)
        {
            given = array.elements.map(\.expression)
        }
        return given
    }

    /// Whether `value` is the initial value of a `let`.
    private static func declaredByLet(_ value: ArrayExprSyntax) -> Bool {
        value.parent?.as(InitializerClauseSyntax.self)?.parent?.parent?.parent?.as(VariableDeclSyntax.self)?
            .bindingSpecifier.tokenKind == .keyword(.let)
    }

    /// The list a variable of this file holds, given by name (`configurations: all`, `Self.all`, `Stores.all`):
    /// `let all = [notes, metrics]` in the function, or a `static let` of a type. Only a list of configurations,
    /// written as `ModelConfiguration(...)` calls or names of them, is taken.
    private func configurationArray(_ expression: ExprSyntax) -> ArrayExprSyntax? {
        let name =
            Self.variableName(expression)
            ?? expression.as(MemberAccessExprSyntax.self).flatMap { member in
                member.base?.is(DeclReferenceExprSyntax.self) == true ? member.declName.baseName.text : nil
            }
        // An empty list is SwiftData's default store, where a `let` holds it (Disclosure's `let config:
        // [ModelConfiguration] = []`); a `var` may be appended to.
        guard let name, let array = values.lookup(name, at: expression)?.as(ArrayExprSyntax.self),
            !array.elements.isEmpty || Self.declaredByLet(array),
            array.elements.allSatisfy({ element in
                if let call = element.expression.as(FunctionCallExprSyntax.self) { return isConfigurationCall(call) }
                return element.expression.is(DeclReferenceExprSyntax.self)
                    || element.expression.as(MemberAccessExprSyntax.self)?.base != nil
            })
        else { return nil }
        return array
    }

    // MARK: Stores that are not the user's

    /// The `url:` a configuration given to a container is built with (written there or held by a local variable).
    private func configurationURL(_ expression: ExprSyntax) -> ExprSyntax? {
        let written =
            expression.as(DeclReferenceExprSyntax.self).flatMap { values.lookup($0.baseName.text, at: $0) }
            ?? expression
        guard let configuration = written.as(FunctionCallExprSyntax.self), isConfigurationCall(configuration) else {
            return nil
        }
        return configuration.arguments.first(where: { $0.label?.text == "url" })?.expression
    }

    /// A container opened with `try?` on the file another configuration or container names (`url: config.url`,
    /// `url: container.configurations.first!.url`): code reading what it can out of a store it did not open itself,
    /// whose failure it shrugs off (a backup before a wipe, an export). No user's store rests in what it opens.
    static func readsAnotherStoreTolerantly(_ call: FunctionCallExprSyntax, urls: [ExprSyntax]) -> Bool {
        guard !urls.isEmpty,
            urls.allSatisfy({ url in
                let stripped = url.as(ForceUnwrapExprSyntax.self)?.expression ?? url
                // Another configuration's (`config.url`), not a type's constant named `url` (`Shared.url`).
                return stripped.as(MemberAccessExprSyntax.self).map {
                    $0.declName.baseName.text == "url" && $0.base != nil
                        && $0.base?.lastToken(viewMode: .sourceAccurate)?.text.first?.isUppercase != true
                }
                    ?? false
            })
        else { return false }
        var node = call.parent
        while let current = node {
            if let attempt = current.as(TryExprSyntax.self) { return attempt.questionOrExclamationMark?.text == "?" }
            if current.is(CodeBlockItemSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// The body of the function, initialiser or accessor `node` is written in; a closure around it first is that
    /// closure where `orClosure` says so, else nil.
    private static func enclosingBody(of node: some SyntaxProtocol, orClosure: Bool = false) -> Syntax? {
        var current = node.parent
        while let syntax = current {
            if syntax.is(CodeBlockSyntax.self),
                syntax.parent?.is(FunctionDeclSyntax.self) == true
                    || syntax.parent?.is(InitializerDeclSyntax.self) == true
                    || syntax.parent?.is(AccessorDeclSyntax.self) == true
            {
                return syntax
            }
            if syntax.is(ClosureExprSyntax.self) { return orClosure ? syntax : nil }
            current = syntax.parent
        }
        return nil
    }

    /// In a `catch` clause of a `do` whose body opens a container with a `migrationPlan:` (not `nil`).
    private static func isFallback(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let clause = current.as(CatchClauseSyntax.self),
                let statement = clause.parent?.parent?.as(DoStmtSyntax.self)
            {
                return opensWithPlan(Syntax(statement.body))
            }
            if current.is(FunctionDeclSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// The container a `do` opens first, where `call` is in one of its `catch` clauses: `call` runs only when that
    /// one failed (Takt's `do { ModelContainer(... url: Takt.sqlite) } catch { ModelContainer(for: schema) }`).
    private static func primary(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var node = call.parent
        while let current = node {
            if let clause = current.as(CatchClauseSyntax.self),
                let statement = clause.parent?.parent?.as(DoStmtSyntax.self)
            {
                final class Finder: SyntaxVisitor {
                    var found: FunctionCallExprSyntax?
                    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                        if found == nil, ModelSourceReader.isContainerInit(node) { found = node }
                        return found == nil ? .visitChildren : .skipChildren
                    }
                }
                let finder = Finder(viewMode: .sourceAccurate)
                finder.walk(statement.body)
                return finder.found
            }
            if current.is(FunctionDeclSyntax.self) || current.is(ClosureExprSyntax.self) { return nil }
            node = current.parent
        }
        return nil
    }

    private static func opensWithPlan(_ body: Syntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if ModelSourceReader.isContainerInit(node),
                    let plan = node.arguments.first(where: { $0.label?.text == "migrationPlan" }),
                    !plan.expression.is(NilLiteralExprSyntax.self)
                {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// Opened on the URL of a store the same function then deletes, replaces or renames aside (`removeItem(at:)`,
    /// `trashItem(at:)`, `replaceItemAt(_:withItemAt:)`, `moveItem(at:to:)`), after the container: a salvage read of
    /// a store on its way out.
    private func isSalvage(_ call: FunctionCallExprSyntax) -> Bool {
        guard let given = givenConfigurations(call), !given.isEmpty else { return false }
        var urls: [String] = []
        for expression in given {
            // Written there, or a local variable holding it (`let legacy = ModelConfiguration(url: url)`).
            let written =
                expression.as(DeclReferenceExprSyntax.self).flatMap { values.lookup($0.baseName.text, at: $0) }
                ?? expression
            guard let configuration = written.as(FunctionCallExprSyntax.self), isConfigurationCall(configuration),
                let url = configuration.arguments.first(where: { $0.label?.text == "url" })
            else { return false }
            urls.append(storeReader.text(of: url.expression))
        }
        if Self.readsAnotherStoreTolerantly(call, urls: given.compactMap(configurationURL)) { return true }
        // The body of the function, accessor or closure it is in.
        guard let body = Self.enclosingBody(of: call, orClosure: true) else { return false }
        final class Removals: SyntaxVisitor {
            /// The URL, and whether it runs after the container: written after it, or in a `defer`.
            var targets: [(ExprSyntax, after: Bool)] = []
            let container: AbsolutePosition
            init(after container: AbsolutePosition) {
                self.container = container
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                // `moveItem(at:to:)`: the file renamed aside (a backup), never opened there again.
                if ["removeItem", "trashItem", "replaceItemAt", "moveItem"].contains(name ?? ""),
                    let first = node.arguments.first, first.label?.text == "at" || name == "replaceItemAt"
                {
                    var deferred = false
                    var parent = node.parent
                    while let current = parent, !deferred {
                        deferred = current.is(DeferStmtSyntax.self)
                        parent = current.parent
                    }
                    targets.append((first.expression, node.position > container || deferred))
                }
                return .visitChildren
            }
        }
        let removals = Removals(after: call.position)
        removals.walk(body)
        let removed = Set(removals.targets.filter(\.after).map { storeReader.text(of: $0.0) })
        return urls.allSatisfy { removed.contains($0) }
    }

    /// Every configuration given is in the temporary folder or at a new file (`.scratch`); in-memory flags and
    /// URLs at `/dev/null` are values the project evaluates (`ValueEvaluator.inMemory`).
    private func throwawayContainer(_ call: FunctionCallExprSyntax) -> ContainerPurpose? {
        let arguments = Array(call.arguments)
        // `inMemory:` is a flag the project evaluates (`ContainerUse.inMemoryFlags`).
        if arguments.contains(where: { $0.label?.text == "inMemory" }) { return nil }
        guard let given = givenConfigurations(call) else { return nil }
        let verdicts = given.map { configurationFacts($0)?.purpose }
        guard !verdicts.isEmpty, verdicts.allSatisfy({ $0 != nil }) else { return nil }
        return .scratch
    }

    /// A store in the temporary folder or at a new `UUID()` name (`.scratch`: a helper reading a copy, or a new file
    /// filled and swapped in, never the user's store as it was).
    private func throwaway(_ call: FunctionCallExprSyntax) -> ContainerPurpose? {
        for argument in call.arguments {
            switch argument.label?.text {
            case "url":
                if mentionsTemporaryFolder, isScratchLocation(argument.expression) { return .scratch }
                // A file named by a new `UUID()`: a brand-new store filled and swapped in, never one that migrates.
                if storeReader.text(of: argument.expression).contains("UUID()") { return .scratch }
            default:
                break
            }
        }
        return nil
    }

    /// `FileManager.default.temporaryDirectory...`, `URL.temporaryDirectory...`, `NSTemporaryDirectory()`, or a
    /// variable holding one. Not a fallback after `??` (`containerURL(forSecurityApplicationGroupIdentifier:) ??
    /// URL(fileURLWithPath: NSTemporaryDirectory())`, rInventory): the store is where the left side says whenever it
    /// is there, and the store locations evaluated per target say where that is.
    private func isScratchLocation(_ expression: ExprSyntax) -> Bool {
        for token in expression.tokens(viewMode: .sourceAccurate) {
            guard case let .identifier(name) = token.tokenKind, !Self.isFallback(token, within: expression) else {
                continue
            }
            if name == "temporaryDirectory" || name == "NSTemporaryDirectory" { return true }
            if scratchLocations.lookup(name, at: token) == true { return true }
        }
        return false
    }

    /// Whether `token` is in the right operand of a `??` inside `expression`.
    private static func isFallback(_ token: TokenSyntax, within expression: ExprSyntax) -> Bool {
        var node = Syntax(token)
        while let parent = node.parent, node.id != expression.id {
            if let list = parent.as(ExprListSyntax.self), let element = node.as(ExprSyntax.self) {
                let elements = Array(list)
                if let index = elements.firstIndex(where: { $0.id == element.id }), index > 0,
                    elements[..<index].contains(where: {
                        $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
                    })
                {
                    return true
                }
            }
            node = parent
        }
        return false
    }

    // MARK: Models

    /// `for: A.self, B.self` (variadic), `for: [A.self]`, `for: schema`, `for: Schema(...)` or `schema: ...`.
    private func models(of call: FunctionCallExprSyntax) -> ModelSource {
        let arguments = Array(call.arguments)
        // A document scene's `editing:` (or `viewing:`) models, where it gives model types and not a document type.
        let labels = Self.documentType(of: call) == nil ? ["for", "schema"] : ["editing", "viewing"]
        guard let start = arguments.firstIndex(where: { labels.contains($0.label?.text ?? "") }) else {
            return .unknown
        }
        if labels[0] == "editing", TypeExprReader.readMetatype(arguments[start].expression) == nil,
            !arguments[start].expression.is(ArrayExprSyntax.self)
        {
            return .unknown
        }
        let first = arguments[start].expression
        // `Schema(models)` of a parameter `models`: its default, as for `for: models`.
        if let call = first.as(FunctionCallExprSyntax.self), ModelSourceReader.isSchemaCall(call),
            let passed = parameterSchema(call, parameters: readingDefaults)
        {
            return passed
        }
        if let reference = first.as(DeclReferenceExprSyntax.self) {
            // A parameter hides any variable or constant of its name.
            if readingDefaults.names.contains(reference.baseName.text) { return namedSource(first) ?? .unknown }
            if let known = schemaVariables.lookup(reference.baseName.text, at: reference) { return known }
        }
        // `Schema(...)`, `[A.self]`, `V.models` or a constant; `A.self, B.self` (variadic) below.
        if TypeExprReader.readMetatype(first) == nil, let named = sourcesSeeing(first).source(of: first) {
            return named
        }
        var expressions = [first]
        for argument in arguments[(start + 1)...] {
            guard argument.label == nil else { break }
            expressions.append(argument.expression)
        }
        return sources.typeList(expressions)
    }

    /// `Schema(models)` or `Schema(versionedSchema: version)` of a parameter of the function it is in: what each
    /// caller passes, its default where one leaves it out (inoutios: `for versionedSchema: VersionedSchema.Type =
    /// SchemaLatest.self`). Nil for any other schema.
    private func parameterSchema(_ call: FunctionCallExprSyntax, parameters: Parameters) -> ModelSource? {
        guard call.arguments.count == 1, let only = call.arguments.first,
            let reference = only.expression.as(DeclReferenceExprSyntax.self),
            parameters.names.contains(reference.baseName.text)
        else { return nil }
        if only.label == nil { return namedSource(only.expression, parameters: parameters) }
        guard only.label?.text == "versionedSchema" else { return nil }
        let name = reference.baseName.text
        let function = valueParameters.last ?? readingValueParameters
        let defaultValue = parameters.defaults[name].flatMap { value in
            TypeExprReader.readMetatype(value).map {
                ModelSource.versionedSchema(TypeUse(type: $0, location: reader.location(value)))
            }
        }
        guard let functionName = function.function, let label = function.labels[name] else { return defaultValue }
        return .parameter(
            function: functionName, label: label, defaultValue: defaultValue, location: reader.location(reference))
    }

    /// A constant given by name (`SchemaDefinition.schema`), or a parameter whose default the function body uses.
    private func namedSource(_ expression: ExprSyntax, parameters: Parameters? = nil) -> ModelSource? {
        let parameters = parameters ?? readingDefaults
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.names.contains(name) {
            let defaultValue = parameters.defaults[name].flatMap { sources.source(of: $0) }
            // What each caller passes, its default where one leaves it out (`ModelListEvaluator`).
            let function = valueParameters.last ?? readingValueParameters
            guard let functionName = function.function, let label = function.labels[name] else { return defaultValue }
            return .parameter(
                function: functionName, label: label, defaultValue: defaultValue,
                location: reader.location(expression))
        }
        return sources.source(of: expression)
    }

    private func isConfigurationCall(_ call: FunctionCallExprSyntax) -> Bool {
        StoreLocationReader.isConfigurationInit(call)
    }
}

/// `ModelContainer(...)` calls and `.modelContainer(for:)` modifiers in a piece of syntax, by location.
private final class DebugContainerFinder: SyntaxVisitor {
    private let reader: DeclarationReader
    private var found: [SourceLocation] = []

    private init(reader: DeclarationReader) {
        self.reader = reader
        super.init(viewMode: .sourceAccurate)
    }

    static func locations(in syntax: Syntax, reader: DeclarationReader) -> [SourceLocation] {
        let finder = DebugContainerFinder(reader: reader)
        finder.walk(syntax)
        return finder.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ModelSourceReader.isContainerInit(node) || ContainerCollector.isModelContainerModifier(node) {
            found.append(reader.location(node))
        }
        return .visitChildren
    }
}
