import SchemaLintModel
import SwiftSyntax

/// Finds files deleted on the path a failed open of a store takes (`StoreDeletionUse`): the `catch` of a `do` that
/// opens a store, the `else` of a `try?` open, `if container == nil` after one, the completion of
/// `loadPersistentStores`, and the code after a `migratePersistentStore` whose `catch` only logs. A delete written
/// there, or in a function of the same file called there (two calls deep at most), with what its URL is built from
/// and what else that path does (a copy first, a container opened after).
///
/// Only the clauses of `#if` that users' build takes are read (`#if DEBUG` is false).
final class StoreDeletionCollector: SyntaxVisitor {
    let reader: DeclarationReader
    private(set) var found: [StoreDeletionUse] = []
    /// Failure paths that may repair the store (`StoreRepairPath`).
    private(set) var repairPaths: [StoreRepairPath] = []
    private let fileIsTest: Bool
    /// The file's functions by base name, for helpers called on a failure path.
    private var functions: [String: [FunctionDeclSyntax]] = [:]
    private var purposes: [ContainerPurpose] = []
    private var previewTypes: Set<String> = []
    /// A delete reached from one open along one path, once (a struct: formatting the three as text cost more
    /// than the search).
    private struct Reached: Hashable {
        let location: SourceLocation
        let open: SourceLocation
        let path: StoreDeletionUse.Path
    }

    private var seen: Set<Reached> = []
    /// Whole-store deletes anywhere in the file (`StoreWipeUse`), before those on failure paths are set apart.
    private var wipeCandidates: [(use: StoreWipeUse, node: Syntax)] = []
    /// Calls of the file's functions by base name, for the occasions a wiping function is run on.
    private var callsByName: [String: [FunctionCallExprSyntax]] = [:]
    /// Whole stores emptied on a path that is no failed open, known after `collect`.
    private(set) var wipes: [StoreWipeUse] = []

    static let deletions: Set<String> = ["removeItem", "trashItem", "destroyPersistentStore"]
    static let copies: Set<String> = [
        "copyItem", "moveItem", "replacePersistentStore", "migratePersistentStore", "replaceItemAt",
    ]
    static let opens: Set<String> = ["loadPersistentStores", "addPersistentStore", "migratePersistentStore"]

    init(reader: DeclarationReader, imports: Set<String>) {
        self.reader = reader
        fileIsTest = imports.contains("XCTest") || imports.contains("Testing")
        super.init(viewMode: .sourceAccurate)
    }

    func collect(_ file: SourceFileSyntax) {
        previewTypes = PreviewCode.typesMadePreview(in: file)
        let index = FunctionIndex(viewMode: .sourceAccurate)
        index.walk(file)
        functions = index.functions
        walk(file)
        wipes = settleWipes()
    }

    private var purpose: ContainerPurpose { fileIsTest ? .test : purposes.last ?? .app }

    // MARK: What code is for

    private func enter(_ name: String?, _ inheritance: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
        let preview = PreviewCode.conforms(inheritance) || name.map(previewTypes.contains) == true
        let inherited = inheritance?.inheritedTypes.compactMap { TypeExprReader.read($0.type).path?.last } ?? []
        purposes.append(preview ? .preview : inherited.contains("XCTestCase") ? .test : purposes.last ?? .app)
        return .visitChildren
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.inheritanceClause)
    }
    override func visitPost(_ node: ClassDeclSyntax) { purposes.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.inheritanceClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { purposes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.inheritanceClause)
    }
    override func visitPost(_ node: EnumDeclSyntax) { purposes.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeExprReader.read(node.extendedType).path?.last, node.inheritanceClause)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { purposes.removeLast() }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        purposes.append(node.macroName.text == "Preview" ? .preview : purposes.last ?? .app)
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) { purposes.removeLast() }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        purposes.append(node.macroName.text == "Preview" ? .preview : purposes.last ?? .app)
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) { purposes.removeLast() }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let elements = IfConfigEvaluator.activeClause(of: node, conditions: reader.conditions)?.elements {
            walk(elements)
        }
        return .skipChildren
    }

    // MARK: Failure paths

    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        guard let open = opening(Syntax(node.body)) else { return .visitChildren }
        // Deleting what a failed `migratePersistentStore` was writing (`to:`) is cleaning up, not losing the store.
        let destinations = Set(
            migrations(Syntax(node.body)).compactMap { call in
                call.arguments.first(where: { $0.label?.text == "to" })?.expression.trimmedDescription
            })
        for clause in node.catchClauses {
            search(
                Syntax(clause.body), path: .failedOpen, open: open, excluding: destinations, opener: Syntax(node.body))
        }
        // Code after `fatalError(...)` never runs (Poli's migrate-and-delete below the load error's `fatalError`).
        if Self.afterStopper(Syntax(node), within: Syntax(node.root)) { return .visitChildren }
        // `migratePersistentStore` whose error is only logged: the code after the `do` runs either way.
        // `do { return try open() } catch { log }`: the code after the `do` runs only when the open failed.
        let catchCalls = node.catchClauses.map { NeverReturningFunctions.unconditionalCalls(in: $0.body) }
        if Self.stops(node.body), !migrates(Syntax(node.body)), !node.catchClauses.isEmpty,
            !node.catchClauses.contains(where: { Self.stops($0.body) }), let following = Self.following(Syntax(node))
        {
            for item in following {
                search(Syntax(item), path: .failedOpen, open: open, opener: Syntax(node.body), catchCalls: catchCalls)
            }
        }
        if migrates(Syntax(node.body)), !node.catchClauses.contains(where: { Self.stops($0.body) }),
            let following = Self.following(Syntax(node))
        {
            // What the migrated store was opened from (`addPersistentStore(at: old)`, `persistentStore(for: url)`):
            // deleting it after the migration failed unseen deletes the only copy.
            var source = Evidence(arguments: [:])
            for call in migrations(Syntax(node.body)) {
                if let store = call.arguments.first?.expression { source.read(store, depth: 0) }
            }
            for item in following {
                search(
                    Syntax(item), path: .swallowedMigration, open: open, opener: Syntax(node.body),
                    migrationSource: source.variables, catchCalls: catchCalls)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if let open = optionalOpen(in: node.conditions) {
            search(Syntax(node.body), path: .failedOptionalOpen, open: open, opener: Syntax(node.conditions))
        } else if let open = nilCheck(node.conditions, at: Syntax(node), whenNil: false) {
            search(Syntax(node.body), path: .failedOptionalOpen, open: open)
        }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if let open = optionalOpen(in: node.conditions), let otherwise = node.elseBody {
            search(Syntax(otherwise), path: .failedOptionalOpen, open: open, opener: Syntax(node.conditions))
        } else if let open = optionalOpen(in: node.conditions), Self.stops(node.body),
            let following = Self.following(Syntax(node))
        {
            // `if let container = try? open() { return container }`: what follows runs when it was nil.
            for item in following {
                search(Syntax(item), path: .failedOptionalOpen, open: open, opener: Syntax(node.conditions))
            }
        } else if let open = nilCheck(node.conditions, at: Syntax(node), whenNil: true) {
            search(Syntax(node.body), path: .failedOptionalOpen, open: open)
        } else if let open = nilCheck(node.conditions, at: Syntax(node), whenNil: false), let otherwise = node.elseBody
        {
            search(Syntax(otherwise), path: .failedOptionalOpen, open: open)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.memberName(node) == "loadPersistentStores" {
            let closure =
                node.trailingClosure
                ?? node.arguments.first(where: { $0.label?.text == "completionHandler" })?.expression
                .as(ClosureExprSyntax.self)
            if let closure {
                search(
                    Syntax(closure.statements), path: .loadError, open: reader.location(node),
                    errorName: Self.errorParameter(of: closure))
            }
        }
        if let name = Self.calledName(node) { callsByName[name, default: []].append(node) }
        if purpose == .app, let kind = wipeKind(node) {
            var use = StoreWipeUse(kind: kind, location: reader.location(node), function: nil)
            use.call = Self.memberName(node) ?? node.calledExpression.trimmedDescription
            use.conditions = Self.conditionWords(Syntax(node))
            if kind == .file, let target = node.arguments.first?.expression {
                var evidence = Evidence(arguments: [:])
                evidence.read(target, depth: 0)
                (use.literals, use.names, use.target) = (evidence.literals, evidence.names, target.trimmedDescription)
            }
            wipeCandidates.append((use, Syntax(node)))
        }
        return .visitChildren
    }

    // MARK: Wipes

    /// What a call empties when it is a whole-store delete: a file, a container's data, a model's rows with no
    /// predicate, or every entity's rows in a loop over the model's entities.
    private func wipeKind(_ call: FunctionCallExprSyntax) -> StoreWipeUse.Kind? {
        let member = Self.memberName(call)
        if let member, Self.deletions.contains(member), !call.arguments.isEmpty { return .file }
        if member == "deleteAllData", call.arguments.isEmpty { return .allData }
        let labels = call.arguments.map { $0.label?.text }
        if member == "delete", labels.first == "model", !labels.contains("where") {
            if let type = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
                type.declName.baseName.text == "self", let base = type.base
            {
                let name = base.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
                return .models([name])
            }
            return Self.inLoopOverEveryEntity(Syntax(call)) ? .everyEntity : nil
        }
        let batch = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSBatchDeleteRequest"
        if batch || (member == "delete" && labels == [nil]), Self.inLoopOverEveryEntity(Syntax(call)) {
            return .everyEntity
        }
        return nil
    }

    /// Inside `for entity in model.entities` (`entitiesByName`, `Schema.models`, `allModels`, `modelTypes`) in the
    /// same function: a list of every entity, not of some.
    private static func inLoopOverEveryEntity(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !isFunction(parent) {
            if let loop = parent.as(ForStmtSyntax.self), node.position >= loop.body.position {
                let last = Array(loop.sequence.tokens(viewMode: .sourceAccurate)).last { token in
                    if case .identifier = token.tokenKind { return true }
                    return false
                }
                let every = ["entities", "entitiesbyname", "allentities", "models", "allmodels", "modeltypes"]
                if every.contains(last?.text.lowercased() ?? "") { return true }
            }
            current = parent.parent
        }
        return false
    }

    private static func isFunction(_ node: Syntax) -> Bool {
        node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self)
    }

    /// The function `node` is written in (`init` for an initializer), nil at the top level or in a property's
    /// initial value.
    private static func enclosingFunction(_ node: Syntax) -> Syntax? {
        var current = node.parent
        while let parent = current {
            if isFunction(parent) || parent.is(PatternBindingSyntax.self) { return parent }
            current = parent.parent
        }
        return nil
    }

    /// `logout`, `init`, `application(_:didFinishLaunchingWithOptions:)` (a delegate method's labels say when it
    /// runs).
    private static func functionName(_ node: Syntax?) -> String? {
        if let function = node?.as(FunctionDeclSyntax.self) {
            guard function.name.text == "application" else { return function.name.text }
            let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
            return "application(\(labels.joined()))"
        }
        if node?.is(InitializerDeclSyntax.self) == true { return "init" }
        return nil
    }

    /// Names and string literals of the `if` and `guard` conditions `node` is written under, in its function.
    private static func conditionWords(_ node: Syntax) -> [String] {
        var words: [String] = []
        var current = node.parent
        while let parent = current, !isFunction(parent) {
            var conditions: ConditionElementListSyntax?
            if let branch = parent.as(IfExprSyntax.self), node.position >= branch.body.position {
                conditions = branch.conditions
            }
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items where item.endPosition <= node.position {
                    if let guarded = item.item.as(GuardStmtSyntax.self) {
                        words += tokens(of: Syntax(guarded.conditions))
                    }
                }
            }
            if let conditions { words += tokens(of: Syntax(conditions)) }
            current = parent.parent
        }
        return words
    }

    private static func tokens(of node: Syntax) -> [String] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            switch token.tokenKind {
            case let .identifier(name): return name
            case let .stringSegment(text): return text
            default: return nil
            }
        }
    }

    /// The name a load's completion gives its error (`{ description, error in ... }`); nil when it names none.
    static func errorParameter(of closure: ClosureExprSyntax) -> String? {
        guard let parameters = closure.signature?.parameterClause else { return nil }
        let names: [String]
        switch parameters {
        case let .simpleInput(list): names = list.map(\.name.text)
        case let .parameterClause(clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
        guard names.count == 2, names[1] != "_" else { return nil }
        return names[1]
    }

    /// Whether `node` runs only behind an `if` in `region` whose condition does not name `error`, and no `if` or
    /// `guard` around it names it: the branch is taken on success as on failure.
    static func gatedApart(_ node: Syntax, from error: String, within region: Syntax) -> Bool {
        var gated = false
        var current = node.parent
        while let parent = current, parent.id != region.id {
            if let branch = parent.as(IfExprSyntax.self), !(node.position >= branch.conditions.position
                && node.endPosition <= branch.conditions.endPosition)
            {
                if names(error, in: Syntax(branch.conditions)) { return false }
                gated = true
            }
            current = parent.parent
        }
        return gated
    }

    private static func names(_ name: String, in node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }

    /// In a `catch`, or in the completion of `loadPersistentStores`: where a failed open or load leads.
    private static func inFailureClause(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !isFunction(parent) {
            if parent.is(CatchClauseSyntax.self) { return true }
            if let closure = parent.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                memberName(call) == "loadPersistentStores"
            {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// Inside an `if` whose condition names a debug switch (`if debugResetStore { ... }`).
    private static func debugOnly(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !isFunction(parent) {
            if let branch = parent.as(IfExprSyntax.self), node.position >= branch.body.position,
                node.endPosition <= branch.body.endPosition, RegionWalker.namesDebug(Syntax(branch.conditions))
            {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// The candidates that are no delete on a failure path: not in a `catch` or a load's completion, not reached
    /// there directly, not behind a debug switch, and in a function the file does not call only from failure paths.
    /// `delete(model:)` calls of one function are one wipe of those models.
    private func settleWipes() -> [StoreWipeUse] {
        let failing = Set(found.filter { $0.location == $0.reachedFrom }.map(\.location))
        let failureCalls = Set(found.map(\.reachedFrom))
        var result: [StoreWipeUse] = []
        var modelWipes: [Syntax: Int] = [:]
        for (candidate, node) in wipeCandidates {
            guard !failing.contains(candidate.location), !Self.inFailureClause(node), !Self.debugOnly(node) else {
                continue
            }
            var use = candidate
            let function = Self.enclosingFunction(node)
            use.function = Self.functionName(function)
            if let name = use.function, name != "init", !name.contains("(") {
                let calls = callsByName[name] ?? []
                let normal = calls.filter { call in
                    !failureCalls.contains(reader.location(call)) && !Self.inFailureClause(Syntax(call))
                }
                if !calls.isEmpty && normal.isEmpty { continue }
                use.callers = Array(Set(normal.compactMap { Self.functionName(Self.enclosingFunction(Syntax($0))) }))
                    .sorted()
            }
            if case let .models(models) = use.kind, let function {
                if let index = modelWipes[function], case let .models(earlier) = result[index].kind {
                    result[index].kind = .models(earlier.union(models))
                    continue
                }
                modelWipes[function] = result.count
            }
            result.append(use)
        }
        return result
    }

    // MARK: Opens

    /// The first call in `node` that opens a store: a container, `loadPersistentStores`, `addPersistentStore`,
    /// `migratePersistentStore`, or a function of this file that does (two calls deep).
    private func opening(_ node: Syntax, depth: Int = 0) -> SourceLocation? {
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(node)
        for call in calls.found {
            if ModelSourceReader.isContainerInit(call) || Self.memberName(call).map(Self.opens.contains) == true {
                return reader.location(call)
            }
        }
        guard depth < 2 else { return nil }
        for call in calls.found {
            guard let name = Self.calledName(call), let declarations = functions[name] else { continue }
            for function in declarations {
                if let body = function.body, opening(Syntax(body), depth: depth + 1) != nil {
                    return reader.location(call)
                }
            }
        }
        return nil
    }

    private func migrates(_ node: Syntax) -> Bool { !migrations(node).isEmpty }

    private func migrations(_ node: Syntax) -> [FunctionCallExprSyntax] {
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(node)
        return calls.found.filter { Self.memberName($0) == "migratePersistentStore" }
    }

    /// `let container = try? ModelContainer(...)` as a condition: the open, when one is there.
    private func optionalOpen(in conditions: ConditionElementListSyntax) -> SourceLocation? {
        for condition in conditions {
            let expression: ExprSyntax?
            switch condition.condition {
            case let .optionalBinding(binding): expression = binding.initializer?.value
            case let .expression(value): expression = value
            default: expression = nil
            }
            guard let expression, let attempt = Self.optionalTry(expression) else { continue }
            if let open = opening(Syntax(attempt)) { return open }
        }
        return nil
    }

    /// `try? X` in an expression (`try? X`, `(try? X)`), its inside.
    private static func optionalTry(_ expression: ExprSyntax) -> ExprSyntax? {
        var current = expression
        while let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            current = only.expression
        }
        guard let attempt = current.as(TryExprSyntax.self), attempt.questionOrExclamationMark?.text == "?" else {
            return nil
        }
        return attempt.expression
    }

    /// `container == nil` (`whenNil`) or `container != nil` / `let container` (not), where the code before assigns
    /// `container` a `try?` open in the same function.
    private func nilCheck(_ conditions: ConditionElementListSyntax, at node: Syntax, whenNil: Bool) -> SourceLocation? {
        for condition in conditions {
            var name: String?
            switch condition.condition {
            case let .optionalBinding(binding) where !whenNil:
                if binding.initializer == nil {
                    name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                } else if let value = binding.initializer?.value {
                    name = Self.variableName(value)
                }
            case let .expression(value):
                guard let sequence = value.as(SequenceExprSyntax.self) else { continue }
                let elements = Array(sequence.elements)
                guard elements.count == 3, let operation = elements[1].as(BinaryOperatorExprSyntax.self),
                    elements[2].is(NilLiteralExprSyntax.self),
                    operation.operator.text == (whenNil ? "==" : "!=")
                else { continue }
                name = Self.variableName(elements[0])
            default:
                continue
            }
            if let name, let open = optionalAssignment(of: name, before: node) { return open }
        }
        return nil
    }

    /// The `try?` open last assigned to `name` before `node` in the code blocks around it.
    private func optionalAssignment(of name: String, before node: Syntax) -> SourceLocation? {
        var child = node
        var parent = node.parent
        while let current = parent {
            if let items = current.as(CodeBlockItemListSyntax.self) {
                for item in items.reversed() where item.position < child.position {
                    if let open = assignedOpen(item, name) { return open }
                }
            }
            if current.is(FunctionDeclSyntax.self) || current.is(ClosureExprSyntax.self)
                || current.is(AccessorDeclSyntax.self) || current.is(InitializerDeclSyntax.self)
            {
                return nil
            }
            child = current
            parent = current.parent
        }
        return nil
    }

    private func assignedOpen(_ item: CodeBlockItemSyntax, _ name: String) -> SourceLocation? {
        var value: ExprSyntax?
        if let declaration = item.item.as(VariableDeclSyntax.self) {
            for binding in declaration.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                value = binding.initializer?.value
            }
        } else if let sequence = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), Self.variableName(elements[0]) == name {
                value = elements[2]
            }
        }
        guard let value, let attempt = Self.optionalTry(value) else { return nil }
        return opening(Syntax(attempt))
    }

    // MARK: Deletes on a path

    private struct Step {
        var call: FunctionCallExprSyntax
        /// Parameter name → the expression the caller gives it, for the helper this step enters.
        var arguments: [String: ExprSyntax]
    }

    /// Looks for deletes in a failure path, directly or in the functions it calls.
    /// `migrationSource`: the declarations the migrated store's URL is built from, after a swallowed migration.
    private func search(
        _ region: Syntax, path: StoreDeletionUse.Path, open: SourceLocation, excluding: Set<String> = [],
        opener: Syntax? = nil, migrationSource: Set<Int> = [], catchCalls: [[String]] = [], errorName: String? = nil
    ) {
        let inMemory = opener.map(inMemoryEvidence) ?? []
        // An in-memory open's containers are no user's store: the repair is matched to app stores only.
        recordRepairPath(region, open: open, opener: opener)
        let walker = RegionWalker(conditions: reader.conditions)
        walker.walk(region)
        var copied = false
        var deletions: [StoreDeletionUse] = []
        for event in walker.events {
            // After `fatalError(...)` in the same block or one around it (Poli: a migrate-and-delete left below the
            // `fatalError` of the load's error branch): never runs.
            if Self.afterStopper(Syntax(event.call), within: region) { continue }
            // A load's completion deleting behind a condition of its own, not the error's (a cache reset when a
            // stored version number is behind): it runs on success too, so it is no handling of a failure.
            if let errorName, [.delete, .call].contains(event.kind),
                Self.gatedApart(Syntax(event.call), from: errorName, within: region)
            {
                continue
            }
            switch event.kind {
            case .copy:
                if event.plainTry { copied = true }
            case .open:
                for index in deletions.indices {
                    deletions[index].recreated.append(reader.location(event.call))
                }
            case .delete:
                if var use = deletion(
                    event.call, path: path, open: open, reachedFrom: nil, arguments: [:],
                    migrationSource: migrationSource)
                {
                    use.keepsCopy = copied
                    use.debugOnly = event.debugOnly
                    deletions.append(use)
                }
            case .call:
                let reached = helperDeletions(event.call, path: path, open: open, depth: 0, copied: copied)
                for var use in reached {
                    use.debugOnly = use.debugOnly || event.debugOnly
                    deletions.append(use)
                }
                if reached.isEmpty, let name = Self.calledName(event.call), let declarations = functions[name],
                    declarations.contains(where: { $0.body.map { opening(Syntax($0)) != nil } ?? false })
                {
                    // A function that opens a container again, after the delete.
                    for index in deletions.indices where deletions[index].reachedFrom != reader.location(event.call) {
                        deletions[index].recreated.append(reader.location(event.call))
                    }
                }
            }
        }
        for var use in deletions where !excluding.contains(use.target) {
            use.inMemoryEvidence = inMemory
            use.catchCalls = catchCalls
            // One delete reached twice from one failed open (directly, and again through a retry that calls the
            // function opening the store) is one store lost, reported where the path first reaches it.
            if seen.insert(Reached(location: use.location, open: use.open, path: use.path)).inserted {
                found.append(use)
            }
        }
    }

    // MARK: Repairs on a path

    /// Whether a statement before the one holding `node`, in its block or a block around it up to `region`, calls
    /// a function that never returns (`fatalError`, `preconditionFailure`, `exit`, `abort`) unconditionally.
    static func afterStopper(_ node: Syntax, within region: Syntax) -> Bool {
        var current = node
        while let parent = current.parent, current.id != region.id {
            // A declaration's body runs when it is called, whatever comes before the declaration.
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(AccessorDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self)
            {
                return false
            }
            if let list = parent.as(CodeBlockItemListSyntax.self), let item = current.as(CodeBlockItemSyntax.self) {
                for earlier in list {
                    if earlier.id == item.id { break }
                    var expression = earlier.item.as(ExpressionStmtSyntax.self)?.expression
                        ?? earlier.item.as(ExprSyntax.self)
                    if let tried = expression?.as(TryExprSyntax.self) { expression = tried.expression }
                    if let called = expression?.as(FunctionCallExprSyntax.self)?.calledExpression
                        .as(DeclReferenceExprSyntax.self)?.baseName.text,
                        SwallowedErrorCollector.stoppers.contains(called)
                    {
                        return true
                    }
                }
            }
            current = parent
        }
        return false
    }

    private func recordRepairPath(_ region: Syntax, open: SourceLocation, opener: Syntax?) {
        let rewrite = MetadataRewriteFinder.rewrite(in: region).map { reader.location($0) }
        var calls: [String: SourceLocation] = [:]
        for (name, call) in MetadataRewriteFinder.calledNames(in: region) where calls[name] == nil {
            calls[name] = reader.location(call)
        }
        guard rewrite != nil || !calls.isEmpty else { return }
        let containers = opener.map { openedContainers($0, depth: 0) } ?? []
        let path = StoreRepairPath(open: open, containers: containers, rewrite: rewrite, calls: calls)
        if !repairPaths.contains(path) { repairPaths.append(path) }
    }

    /// The containers `node` creates, directly or in the file's functions it calls (two calls deep).
    private func openedContainers(_ node: Syntax, depth: Int) -> [SourceLocation] {
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(node)
        var result = calls.found.filter(ModelSourceReader.isContainerInit).map { reader.location($0) }
        guard depth < 2 else { return result }
        for (name, _) in MetadataRewriteFinder.calledNames(in: node) {
            for function in functions[name] ?? [] {
                guard let body = function.body else { continue }
                result += openedContainers(Syntax(body), depth: depth + 1).filter { !result.contains($0) }
            }
        }
        return result
    }

    /// The deletes in the function `call` calls (and the functions it calls, one more level), with the containers it
    /// opens after them.
    private func helperDeletions(
        _ call: FunctionCallExprSyntax, path: StoreDeletionUse.Path, open: SourceLocation, depth: Int, copied: Bool
    ) -> [StoreDeletionUse] {
        guard depth < 2, let name = Self.calledName(call), let declarations = functions[name] else { return [] }
        var result: [StoreDeletionUse] = []
        for function in declarations {
            guard let body = function.body else { continue }
            let arguments = Self.arguments(of: call, to: function)
            let walker = RegionWalker(conditions: reader.conditions)
            walker.walk(Syntax(body))
            var keeps = copied
            var start = result.count
            for event in walker.events {
                switch event.kind {
                case .copy:
                    if event.plainTry { keeps = true }
                case .open:
                    for index in result.indices[start...] {
                        result[index].recreated.append(reader.location(event.call))
                    }
                case .delete:
                    if var use = deletion(
                        event.call, path: path, open: open, reachedFrom: reader.location(call), arguments: arguments)
                    {
                        use.helper = name
                        use.keepsCopy = keeps
                        use.debugOnly = event.debugOnly
                        result.append(use)
                    }
                case .call:
                    for var use in helperDeletions(event.call, path: path, open: open, depth: depth + 1, copied: keeps)
                    {
                        use.reachedFrom = reader.location(call)
                        use.helper = name
                        use.debugOnly = use.debugOnly || event.debugOnly
                        result.append(use)
                    }
                }
            }
            start = result.count
        }
        return result
    }

    /// Parameter names of `function` → what `call` gives them (labels matched in order).
    private static func arguments(of call: FunctionCallExprSyntax, to function: FunctionDeclSyntax) -> [String:
        ExprSyntax]
    {
        var result: [String: ExprSyntax] = [:]
        let parameters = Array(function.signature.parameterClause.parameters)
        var next = 0
        for argument in call.arguments {
            let label = argument.label?.text
            while next < parameters.count {
                let parameter = parameters[next]
                next += 1
                let external = parameter.firstName.text == "_" ? nil : parameter.firstName.text
                if external == label {
                    result[(parameter.secondName ?? parameter.firstName).text] = argument.expression
                    break
                }
                if parameter.defaultValue == nil { break }
            }
        }
        return result
    }

    private func deletion(
        _ call: FunctionCallExprSyntax, path: StoreDeletionUse.Path, open: SourceLocation, reachedFrom: SourceLocation?,
        arguments: [String: ExprSyntax], migrationSource: Set<Int> = []
    ) -> StoreDeletionUse? {
        guard let name = Self.memberName(call), let target = call.arguments.first?.expression else { return nil }
        let location = reader.location(call)
        var use = StoreDeletionUse(
            path: path, call: name, location: location, reachedFrom: reachedFrom ?? location, open: open,
            target: target.trimmedDescription)
        var evidence = Evidence(arguments: arguments)
        evidence.read(target, depth: 0)
        use.literals = evidence.literals
        use.names = evidence.names
        use.appendedExtension = Evidence.appendedExtension(target)
        var values = ValueSourceReader(reader: reader)
        // A store helper's own parameter (`removeItem(at: url)` in `makeContainer(schema:url:)`, popcorn): what its
        // callers pass, as the container it opens reads it.
        values.parameters = Self.enclosingParameters(Syntax(call)) ?? values.parameters
        let locals = Self.localValues(around: Syntax(call))
        // Lexically, as Swift reads it (two loops may each declare their own `dbURL`), else anywhere in the function.
        values.locals = { name, node in Evidence.localValue(of: name, at: node)?.value ?? locals[name] }
        // `for name in ["default.store", "default.store-wal"] { removeItem(at: folder.appending(path: name)) }`.
        values.assigned = { name, use in
            ContainerCollector.loopElements(of: name, at: use) { Evidence.localValue(of: $0, at: $1)?.value }
        }
        use.place = .init(kind: .url, value: values.read(target), location: reader.location(target))
        use.namesOpenedFile = Self.namesOpenedFile(target, around: Syntax(call))
        use.deletesMigrationSource = !evidence.variables.isDisjoint(with: migrationSource)
        use.throwaway = evidence.names.contains { $0 == "temporaryDirectory" || $0 == "NSTemporaryDirectory" }
        use.purpose = purpose
        return use
    }

    // MARK: Helpers

    /// Whether `target` is a bare name the function around `node` gives a store as its file (`url:`, `at:`).
    static func namesOpenedFile(_ target: ExprSyntax, around node: Syntax) -> Bool {
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let function = enclosingFunction(node)
        else { return false }
        return function.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let previous = token.previousToken(viewMode: .sourceAccurate),
                previous.tokenKind == .colon,
                let label = previous.previousToken(viewMode: .sourceAccurate)?.text, ["url", "at"].contains(label),
                let argument = token.parent?.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            else { return false }
            return ["ModelConfiguration", "NSPersistentStoreDescription", "addPersistentStore"].contains(callee)
        }
    }

    /// The parameters of the function or initialiser `node` is in, as `ValueSourceReader` reads them.
    static func enclosingParameters(_ node: Syntax) -> ValueSourceReader.Parameters? {
        var enclosing = node.parent
        while let each = enclosing {
            if let function = each.as(FunctionDeclSyntax.self) {
                return ValueSourceReader.parameters(
                    of: function.name.text, function.signature.parameterClause.parameters)
            }
            if let initialiser = each.as(InitializerDeclSyntax.self) {
                return ValueSourceReader.parameters(
                    of: initialiser.ancestorTypeName ?? "init", initialiser.signature.parameterClause.parameters)
            }
            enclosing = each.parent
        }
        return nil
    }

    /// What the failed open says of keeping its store in memory, as written, for the project to decide
    /// (`ValueEvaluator.keptInMemory`): flags given as `isStoredInMemoryOnly:` or `inMemory:`, store types
    /// (`ofType:`, `type:`, `description.type = ...`) and URLs (`url:`, `at:`, `description.url = ...`), with the
    /// local variables of the function it is in put in.
    func inMemoryEvidence(_ node: Syntax) -> [StoreDeletionUse.InMemoryEvidence] {
        var values = ValueSourceReader(reader: reader)
        // The parameters of the function it is in: what its callers pass, its default where they leave it out.
        values.parameters = Self.enclosingParameters(node) ?? values.parameters
        let locals = Self.localValues(around: node)
        values.locals = { name, _ in locals[name] }
        var found: [StoreDeletionUse.InMemoryEvidence] = []
        func add(_ kind: StoreDeletionUse.InMemoryEvidence.Kind, _ expression: ExprSyntax) {
            found.append(.init(kind: kind, value: values.read(expression), location: reader.location(expression)))
        }
        func visit(_ node: Syntax) {
            if let call = node.as(FunctionCallExprSyntax.self) {
                for argument in call.arguments {
                    switch argument.label?.text {
                    case "isStoredInMemoryOnly", "inMemory": add(.flag, argument.expression)
                    case "ofType", "type": add(.storeType, argument.expression)
                    case "url", "at": add(.url, argument.expression)
                    default: break
                    }
                }
            }
            if let sequence = node.as(SequenceExprSyntax.self), case let elements = Array(sequence.elements),
                elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                let member = elements[0].as(MemberAccessExprSyntax.self)
            {
                let kind: StoreDeletionUse.InMemoryEvidence.Kind? =
                    switch member.declName.baseName.text {
                    case "type": .storeType
                    case "url": .url
                    default: nil
                    }
                if let kind {
                    found.append(
                        .init(
                            kind: kind, value: values.read(unfolded: Array(elements[2...])),
                            location: reader.location(elements[2])))
                }
            }
            for child in node.children(viewMode: .sourceAccurate) { visit(child) }
        }
        visit(node)
        return found
    }

    /// `let name = value` and `var name = value` in the function (or closure, or file) around `node`.
    private static func localValues(around node: Syntax) -> [String: ExprSyntax] {
        var body: Syntax = node
        var current: Syntax? = node
        while let each = current {
            body = each
            let parent = each.parent
            let isBody =
                each.is(CodeBlockSyntax.self)
                && (parent?.is(FunctionDeclSyntax.self) == true || parent?.is(InitializerDeclSyntax.self) == true
                    || parent?.is(AccessorBlockSyntax.self) == true)
            if isBody || each.is(ClosureExprSyntax.self) {
                break
            }
            current = each.parent
        }
        var locals: [String: ExprSyntax] = [:]
        func visit(_ node: Syntax) {
            if let binding = node.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, locals[name] == nil
            {
                locals[name] = value
            }
            // `guard let root = ...` and `if let`: the value bound.
            if let binding = node.as(OptionalBindingConditionSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, locals[name] == nil
            {
                locals[name] = value
            }
            for child in node.children(viewMode: .sourceAccurate) { visit(child) }
        }
        visit(body)
        return locals
    }

    /// `removeItem`, `loadPersistentStores`...: the member a call calls.
    static func memberName(_ call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// `wipeStore()`, `Self.wipeStore()`, `self.wipeStore()`, `self?.wipeStore()`, `Store.wipe()`: the function's base
    /// name. A method of another value (`context.save()`) is not one of the file's functions by its name alone.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        guard var base = member.base else { return member.declName.baseName.text }
        // `self?.wipe()` under `[weak self]`, `self!.wipe()`: still this type's function.
        if let inner = base.as(OptionalChainingExprSyntax.self)?.expression
            ?? base.as(ForceUnwrapExprSyntax.self)?
            .expression
        {
            base = inner
        }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name == "self" || name == "Self" || name.first?.isUppercase == true
        {
            return member.declName.baseName.text
        }
        return nil
    }

    private static func variableName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base == "self" || base == "Self"
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// `throw`, `return` or a call that never returns: what a `catch` does when it does not carry on.
    static func stops(_ body: CodeBlockSyntax) -> Bool {
        let finder = SwallowedErrorCollector.StopFinder(countingReturns: true)
        finder.walk(body)
        return finder.stops
    }

    /// The statements after `node` in its code block.
    private static func following(_ node: Syntax) -> [CodeBlockItemSyntax]? {
        let statement = node.parent?.is(ExpressionStmtSyntax.self) == true ? node.parent : Optional(node)
        guard let item = statement?.parent?.as(CodeBlockItemSyntax.self),
            let items = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        return items.filter { $0.position > item.position }
    }
}

/// What a failure path does, in order: deletes, copies, opens, and calls of other functions.
private final class RegionWalker: SyntaxVisitor {
    enum Kind { case delete, copy, open, call }
    struct Event {
        var kind: Kind
        var call: FunctionCallExprSyntax
        var plainTry = false
        var debugOnly = false
    }
    private(set) var events: [Event] = []
    private let conditions: CompilationConditions
    private var debugDepth = 0

    init(conditions: CompilationConditions) {
        self.conditions = conditions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let elements = IfConfigEvaluator.activeClause(of: node, conditions: conditions)?.elements {
            walk(elements)
        }
        return .skipChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.namesDebug(Syntax(node.conditions)) else { return .visitChildren }
        debugDepth += 1
        walk(node.body)
        debugDepth -= 1
        if let otherwise = node.elseBody { walk(otherwise) }
        return .skipChildren
    }

    /// `guard isDebug else { return }`: the rest of the block runs only in a debug session.
    override func visitPost(_ node: GuardStmtSyntax) {
        if Self.namesDebug(Syntax(node.conditions)) { debugDepth += 1 }
    }

    private var savedDepths: [Int] = []
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        savedDepths.append(debugDepth)
        return .visitChildren
    }
    override func visitPost(_ node: CodeBlockItemListSyntax) { debugDepth = savedDepths.removeLast() }

    /// A nested function is not run here.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let member = StoreDeletionCollector.memberName(node)
        var event: Event?
        if let member, StoreDeletionCollector.deletions.contains(member), !node.arguments.isEmpty {
            event = Event(kind: .delete, call: node)
        } else if let member, StoreDeletionCollector.copies.contains(member) {
            event = Event(kind: .copy, call: node, plainTry: Self.plainTry(node))
        } else if ModelSourceReader.isContainerInit(node) || member == "loadPersistentStores" {
            event = Event(kind: .open, call: node)
        } else if StoreDeletionCollector.calledName(node) != nil {
            event = Event(kind: .call, call: node)
        }
        if var event {
            event.debugOnly = debugDepth > 0
            // Arguments first: `try open(at: copy(...))`.
            let inner = RegionWalker(conditions: conditions)
            inner.debugDepth = debugDepth
            inner.walk(node.arguments)
            events += inner.events
            events.append(event)
            if let trailing = node.trailingClosure { walk(trailing) }
            return .skipChildren
        }
        return .visitChildren
    }

    /// Written `try` (or `try!`): a failure stops the code before what follows.
    private static func plainTry(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let attempt = current.as(TryExprSyntax.self) { return attempt.questionOrExclamationMark?.text != "?" }
            if current.is(CodeBlockItemSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// A condition naming a debug switch: `isDebug`, `debugResetStore`, `Settings.debugWipe`.
    static func namesDebug(_ condition: Syntax) -> Bool {
        // `if !isDebug`: its body is what the release build runs.
        let tokens = Array(condition.tokens(viewMode: .sourceAccurate))
        if tokens.contains(where: { $0.tokenKind == .prefixOperator("!") }) { return false }
        return tokens.contains { token in
            guard case let .identifier(name) = token.tokenKind else { return false }
            return name.lowercased().contains("debug")
        }
    }
}

/// A file's functions by base name.
final class FunctionIndex: SyntaxVisitor {
    var functions: [String: [FunctionDeclSyntax]] = [:]
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions[node.name.text, default: []].append(node)
        return .visitChildren
    }
}

/// Every call in a subtree, in order.
private final class Calls: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}

/// What a deleted URL is built from: its string literals and names, through the local variables, loop variables and
/// parameters it names (three steps deep), and the URL a `coordinate(writingItemAt:)` or `readingItemAt:` hands its
/// closure's parameter.
private struct Evidence {
    var arguments: [String: ExprSyntax]
    var literals: [String] = []
    var names: [String] = []
    /// Where the declarations followed are (a local's binding, an `if let`, a parameter, a loop's pattern), by their
    /// offset in the file: two URLs that share one are built from the same value. (Not `SyntaxIdentifier`: one node
    /// reached through two visitors' nodes may carry two.)
    var variables: Set<Int> = []
    private var followed: Set<String> = []

    init(arguments: [String: ExprSyntax]) { self.arguments = arguments }

    mutating func read(_ expression: ExprSyntax, depth: Int) {
        for token in expression.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case let .stringSegment(text):
                literals.append(text)
            case let .identifier(name):
                names.append(name)
                guard depth < 3, Self.isBase(token) else { continue }
                if let value = arguments[name] {
                    if followed.insert(name).inserted { read(value, depth: depth + 1) }
                } else if let local = Self.localValue(of: name, at: Syntax(token)),
                    variables.insert(local.declaration.positionAfterSkippingLeadingTrivia.utf8Offset).inserted,
                    let value = local.value
                {
                    read(value, depth: depth + 1)
                }
            default:
                break
            }
        }
    }

    /// The extension a URL ends with by `appendingPathExtension("wal")` (through `.path` and locals): that file
    /// is the URL's name with it, `shared.store.wal`, not SQLite's `shared.store-wal`.
    static func appendedExtension(_ expression: ExprSyntax, depth: Int = 0) -> String? {
        guard depth < 3 else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["path", "absoluteURL", "standardizedFileURL"].contains(member.declName.baseName.text)
        {
            return appendedExtension(base, depth: depth + 1)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
            let value = localValue(of: reference.baseName.text, at: Syntax(reference))?.value
        {
            return appendedExtension(value, depth: depth + 1)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "appendingPathExtension",
            let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1, case let .stringSegment(segment)? = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    /// A name that is not a member (`url` in `config.url` is not a variable).
    private static func isBase(_ token: TokenSyntax) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
        if let member = reference.parent?.as(MemberAccessExprSyntax.self) { return member.base?.id == reference.id }
        return true
    }

    /// Where `name` is declared around `node`, and the value it is given there (none for a parameter or a `var`
    /// declared without one): a `let name = value` before the use in the blocks around it, an `if let` or `guard let`
    /// binding it, the list a `for name in` loop walks, the URL a file coordinator hands a closure, or a parameter of
    /// the function it is in.
    static func localValue(of name: String, at node: Syntax) -> (
        declaration: Syntax,
        value: ExprSyntax?
    )? {
        var child = node
        var parent = node.parent
        while let current = parent {
            if let loop = current.as(ForStmtSyntax.self),
                loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, child.id == loop.body.id
            {
                return (Syntax(loop.pattern), loop.sequence)
            }
            if let items = current.as(CodeBlockItemListSyntax.self) {
                for item in items.reversed() where item.position < child.position {
                    if let declaration = item.item.as(VariableDeclSyntax.self) {
                        for binding in declaration.bindings
                        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            return (Syntax(binding), binding.initializer?.value)
                        }
                    }
                    // `guard let url = ... else { return }`: bound for the statements after it.
                    if let guarded = item.item.as(GuardStmtSyntax.self), let bound = binding(name, guarded.conditions) {
                        return bound
                    }
                }
            }
            // `if let url = defaultURL { ... }`: bound in its body.
            if let condition = current.as(IfExprSyntax.self), child.id == condition.body.id,
                let bound = binding(name, condition.conditions)
            {
                return bound
            }
            if let condition = current.as(OptionalBindingConditionSyntax.self),
                condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                return (Syntax(condition), condition.initializer?.value)
            }
            if let closure = current.as(ClosureExprSyntax.self), let coordinated = coordinated(name, by: closure) {
                return coordinated
            }
            if let function = current.as(FunctionDeclSyntax.self) {
                return parameter(name, function.signature.parameterClause.parameters)
            }
            if let initializer = current.as(InitializerDeclSyntax.self) {
                return parameter(name, initializer.signature.parameterClause.parameters)
            }
            child = current
            parent = current.parent
        }
        return nil
    }

    /// The `if let` / `guard let` condition binding `name` with a value of its own (`if let url` alone binds the
    /// same value again: the name is looked for further out).
    private static func binding(_ name: String, _ conditions: ConditionElementListSyntax) -> (
        Syntax,
        ExprSyntax?
    )? {
        for element in conditions {
            guard case let .optionalBinding(binding) = element.condition,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let value = binding.initializer?.value
            else { continue }
            return (Syntax(binding), value)
        }
        return nil
    }

    private static func parameter(_ name: String, _ parameters: FunctionParameterListSyntax) -> (
        Syntax,
        ExprSyntax?
    )? {
        parameters.first { ($0.secondName ?? $0.firstName).text == name }.map { (Syntax($0), nil) }
    }

    /// `coordinator.coordinate(writingItemAt: url, options: .forDeleting, error: nil) { url in ... }`: the closure's
    /// parameter is the URL given (`readingItemAt:` and `writingItemAt:` both given: the first parameter is the one
    /// read, the second the one written).
    private static func coordinated(_ name: String, by closure: ClosureExprSyntax) -> (
        Syntax,
        ExprSyntax?
    )? {
        let parameters: [(Syntax, String)]
        switch closure.signature?.parameterClause {
        case let .simpleInput(list)?: parameters = list.map { (Syntax($0), $0.name.text) }
        case let .parameterClause(clause)?:
            parameters = clause.parameters.map { (Syntax($0), ($0.secondName ?? $0.firstName).text) }
        case nil: return nil
        }
        guard let position = parameters.firstIndex(where: { $0.1 == name }) else { return nil }
        var call: FunctionCallExprSyntax?
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else {
            call = closure.parent?.as(FunctionCallExprSyntax.self)
        }
        guard let call, StoreDeletionCollector.memberName(call) == "coordinate" else { return nil }
        let urls = Array(call.arguments.filter { ["readingItemAt", "writingItemAt"].contains($0.label?.text) })
        guard position < urls.count else { return nil }
        return (parameters[position].0, urls[position].expression)
    }
}

extension InitializerDeclSyntax {
    /// The type an initialiser is declared in (its extension's type): what its callers call.
    fileprivate var ancestorTypeName: String? {
        var node = parent
        while let each = node {
            if let type = each.asProtocol(NamedDeclSyntax.self), !each.is(InitializerDeclSyntax.self) {
                return type.name.text
            }
            if let extended = each.as(ExtensionDeclSyntax.self) {
                return extended.extendedType.trimmedDescription.split(separator: ".").last.map(String.init)
            }
            node = each.parent
        }
        return nil
    }
}
