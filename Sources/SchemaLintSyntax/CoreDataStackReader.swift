import SchemaLintModel
import SwiftSyntax

/// Reads the Core Data calls that decide which store file a stack opens and with which model, for
/// `ContainerCollector` to gather by type: `NSPersistentContainer(name:managedObjectModel:)` (and the CloudKit one,
/// and a coordinator), a description's URL (`NSPersistentStoreDescription(url:)`, `description.url = ...`),
/// `addPersistentStore(ofType:configurationName:at:options:)`, descriptions replaced, CloudKit options, and calls that
/// carry a store's rows to another file. Values are read as `ValueSource`s, so a file's name given by a parameter's
/// default, a constant of another type or a function in another file is evaluated once every file is known.
struct CoreDataStackReader {
    enum Stack { case container, cloudKitContainer, coordinator }

    let reader: DeclarationReader
    /// Reads a value where the call is (its function's parameters, the file's local variables).
    let values: ValueSourceReader
    /// The value of a local variable visible at a use.
    let lookup: (String, Syntax) -> ExprSyntax?

    /// `NSPersistentContainer(...)`, `NSPersistentCloudKitContainer(...)`, `NSPersistentStoreCoordinator(...)`, also
    /// module-qualified.
    static func stack(_ call: FunctionCallExprSyntax) -> Stack? {
        guard let callee = ModelSourceReader.calleeName(call.calledExpression) else { return nil }
        switch callee.split(separator: ".").last.map(String.init) {
        case "NSPersistentContainer": return .container
        case "NSPersistentCloudKitContainer": return .cloudKitContainer
        case "NSPersistentStoreCoordinator": return .coordinator
        default: return nil
        }
    }

    /// `container.persistentStoreDescriptions` read, not set (`.first?.url`, `[0].url`, `guard let description =
    /// container.persistentStoreDescriptions.first`): where the container's own description's file is. `member` is
    /// the access on the container.
    static func readsOwnFile(_ member: Syntax) -> Bool {
        guard member.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "persistentStoreDescriptions"
        else { return false }
        var node = member
        while let parent = node.parent,
            parent.is(MemberAccessExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(ForceUnwrapExprSyntax.self) || parent.is(SubscriptCallExprSyntax.self)
        {
            node = parent
        }
        // Not the left side of `=`.
        if let sequence = node.parent?.as(ExprListSyntax.self),
            let index = sequence.firstIndex(where: { $0.id == node.id }),
            sequence.index(after: index) != sequence.endIndex,
            sequence[sequence.index(after: index)].is(AssignmentExprSyntax.self)
        {
            return false
        }
        return true
    }

    /// The stored property of a type whose initial value `call` is, written directly (`let storeDescription =
    /// NSPersistentStoreDescription(url: url)`).
    static func memberProperty(holding call: FunctionCallExprSyntax) -> String? {
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
            variable.parent?.parent?.is(MemberBlockItemListSyntax.self) == true
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The instance `lazy var` whose initial value (directly or in the closure it calls) makes `call`; nil when a
    /// function, initialiser or accessor makes it, or the property is `static`.
    static func lazyProperty(making call: FunctionCallExprSyntax) -> String? {
        var current = call.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self)
                || syntax.is(AccessorDeclSyntax.self)
            {
                return nil
            }
            // The member the closure's locals (`let container = ...`) are in.
            if let variable = syntax.as(VariableDeclSyntax.self),
                variable.parent?.parent?.is(MemberBlockItemListSyntax.self) == true
            {
                let modifiers = variable.modifiers.map(\.name.tokenKind)
                guard modifiers.contains(.keyword(.lazy)), !modifiers.contains(.keyword(.static)),
                    !modifiers.contains(.keyword(.class)), !modifiers.contains(.keyword(.dynamic)),
                    variable.bindings.count == 1, !Self.exposedToObjectiveC(variable)
                else { return nil }
                return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            current = syntax.parent
        }
        return nil
    }

    /// Whether Objective-C code, which schemalint does not read, may read the property: it or its type is marked
    /// `@objc`, `@objcMembers` or `@NSManaged`.
    private static func exposedToObjectiveC(_ variable: VariableDeclSyntax) -> Bool {
        let marks: Set<String> = ["objc", "objcMembers", "NSManaged", "IBOutlet"]
        func marked(_ attributes: AttributeListSyntax?) -> Bool {
            (attributes ?? []).contains { element in
                element.as(AttributeSyntax.self).map { marks.contains($0.attributeName.trimmedDescription) } ?? false
            }
        }
        if marked(variable.attributes) { return true }
        var current = variable.parent
        while let syntax = current {
            if let type = syntax.as(ClassDeclSyntax.self) { return marked(type.attributes) }
            if let type = syntax.as(ExtensionDeclSyntax.self) { return marked(type.attributes) }
            current = syntax.parent
        }
        return false
    }

    /// `SharedContainer(name: "Model")` or `SharedContainer(name:managedObjectModel:)`: another type made with
    /// `NSPersistentContainer`'s initialisers, which may be a subclass of it (the project tells, `containerType`).
    /// `super.init(...)`, `.init(...)`, a lowercase callee and any other set of labels are not.
    static func subclassConstruction(_ call: FunctionCallExprSyntax) -> TypeExpr? {
        let labels = call.arguments.map { $0.label?.text }
        guard labels == ["name"] || labels == ["name", "managedObjectModel"], call.trailingClosure == nil,
            case let .named(path, arguments)? = TypeExprReader.read(expression: call.calledExpression),
            arguments.isEmpty, let last = path.last, last.first?.isUppercase == true,
            last != "Self"
        else { return nil }
        return .named(path, arguments: [])
    }

    /// `super.init(name: "Model", managedObjectModel: model)` (or `self.init(name:)` in a convenience initialiser)
    /// in an initialiser of a type of the app's (`scope`), one
    /// callers do not reach with those labels (those calls are stacks where they are written): the type's stack, a
    /// stack when the project finds the type to be a subclass of `NSPersistentContainer` (`containerType`).
    static func superclassConstruction(_ call: FunctionCallExprSyntax, scope: [String]) -> TypeExpr? {
        let labels = call.arguments.map { $0.label?.text }
        guard !scope.isEmpty, labels == ["name"] || labels == ["name", "managedObjectModel"],
            call.trailingClosure == nil, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.`init`),
            // `super.init(name:)`, or `self.init(name:)` in a convenience initialiser (the one the type inherits).
            member.base?.is(SuperExprSyntax.self) == true
                || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        var current = call.parent
        while let syntax = current, !syntax.is(InitializerDeclSyntax.self) {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self) { return nil }
            current = syntax.parent
        }
        guard let initialiser = current?.as(InitializerDeclSyntax.self) else { return nil }
        let own = initialiser.signature.parameterClause.parameters.map { ($0.firstName.text) }
        guard own != ["name"], own != ["name", "managedObjectModel"] else { return nil }
        return .named(scope, arguments: [])
    }

    /// `override class func defaultDirectoryURL() -> URL { ... }`: the folder it returns, read where it is written
    /// (its one expression, or its one `return` after `let`s and `guard let`s); nil for any other function.
    func defaultFolder(_ function: FunctionDeclSyntax) -> ValueSource? {
        guard function.name.text == "defaultDirectoryURL", function.signature.parameterClause.parameters.isEmpty,
            function.modifiers.contains(where: {
                $0.name.tokenKind == .keyword(.class) || $0.name.tokenKind == .keyword(.static)
            }),
            let body = function.body
        else { return nil }
        if let built = NamedValueCollector.returnedValue(body.statements) { return values.reading(built) }
        // `guard let url = storeURL else { return super.defaultDirectoryURL() }; return url...`: the folder returned
        // at the end, or Core Data's own where the guard fails (countdown's App Group folder).
        var folders = values
        folders.bindsFolders = true
        if let read = folders.read(body: body.statements) { return read }
        return .unreadable("a `defaultDirectoryURL()` schemalint cannot read", reader.location(function.name))
    }

    /// The stack a container or coordinator call opens, without its store files (the type's other calls give those).
    func stack(_ call: FunctionCallExprSyntax, kind: Stack, scope: [String], purpose: ContainerPurpose)
        -> CoreDataStackUse
    {
        var use = CoreDataStackUse(location: reader.location(call), scope: scope, purpose: purpose)
        use.syncs = kind == .cloudKitContainer
        use.lazyProperty = Self.lazyProperty(making: call)
        for argument in call.arguments {
            switch argument.label?.text {
            case "name": use.name = values.read(argument.expression)
            case "managedObjectModel":
                if let call = argument.expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                    ModelSourceReader.calleeName(call.calledExpression)?.hasSuffix("NSManagedObjectModel") == true
                {
                    // `NSManagedObjectModel()`: an empty model, used to open or destroy a file whatever it holds.
                    use.model = .string(CoreDataStackUse.emptyModel)
                } else if isStoresOwnModel(argument.expression, depth: 0) {
                    // The model the file's own metadata names: the store opens as it is, whatever version it holds.
                    use.model = .string(CoreDataStackUse.emptyModel)
                } else if let resource = modelResource(
                    argument.expression, locals: [:], depth: 0, unwrappedBy: &use.modelUnwrappedBy)
                {
                    use.model = values.read(resource)
                } else {
                    use.modelUnread = true
                }
            default: break
            }
        }
        return use
    }

    /// A model read from a store's own metadata (`NSManagedObjectModel.compatibleModelForStoreMetadata(_:)`,
    /// `mergedModel(from:forStoreMetadata:)`), directly, unwrapped or through a local (`guard let`, `if let`): a
    /// coordinator made with it opens a file as the file is, to checkpoint, inspect or copy it, and migrates nothing.
    private func isStoresOwnModel(_ expression: ExprSyntax, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            return isStoresOwnModel(unwrapped.expression, depth: depth + 1)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard let value = lookup(reference.baseName.text, Syntax(reference)), value.id != expression.id else {
                return false
            }
            return isStoresOwnModel(value, depth: depth + 1)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return false }
        let labels = call.arguments.map { $0.label?.text }
        return (name == "compatibleModelForStoreMetadata" && labels.count == 1)
            || (name == "mergedModel" && labels.contains("forStoreMetadata"))
    }

    /// The resource name a model is loaded from: `NSManagedObjectModel(contentsOf: Bundle.main.url(forResource:
    /// "Model", withExtension: "momd")!)`, through local variables and a static property of the enclosing type built
    /// where it is declared (`static var model = { guard let url = ... else { fatalError() }; ... }()`). A method
    /// called on an optional with no arguments (`.require()`) is read as `!` and named in `unwrappedBy`: the project
    /// takes the model only where the files read declare that method as an unwrap. Nil for a merged model or one built
    /// in code.
    private func modelResource(
        _ expression: ExprSyntax, locals: [String: ExprSyntax], depth: Int, unwrappedBy: inout [String]
    ) -> ExprSyntax? {
        guard depth < 8 else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let value = locals[name] ?? lookup(name, Syntax(reference)), value.id != expression.id {
                return modelResource(value, locals: locals, depth: depth + 1, unwrappedBy: &unwrappedBy)
            }
        }
        if let (value, declared) = Self.staticProperty(expression) {
            return modelResource(value, locals: declared, depth: depth + 1, unwrappedBy: &unwrappedBy)
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            return modelResource(unwrapped.expression, locals: locals, depth: depth + 1, unwrappedBy: &unwrappedBy)
        }
        // `{ let url = ...; guard ... else { return nil }; return NSManagedObjectModel(contentsOf: url) }()`: a
        // property built where it is declared.
        if let body = NamedValueCollector.closureBody(expression),
            let (value, declared) = NamedValueCollector.returnedValue(body, nilGuards: true)
        {
            return modelResource(value, locals: declared, depth: depth + 1, unwrappedBy: &unwrappedBy)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        if call.arguments.isEmpty, call.trailingClosure == nil,
            let method = call.calledExpression.as(MemberAccessExprSyntax.self), let base = method.base
        {
            unwrappedBy.append(method.declName.baseName.text)
            return modelResource(base, locals: locals, depth: depth + 1, unwrappedBy: &unwrappedBy)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "url",
            let resource = call.arguments.first(where: { $0.label?.text == "forResource" })
        {
            // `let name = encrypted ? Names.sealed : Names.plain` before it, in the property's closure.
            var named = resource.expression
            for _ in 0..<4 {
                guard let local = named.as(DeclReferenceExprSyntax.self)?.baseName.text, let value = locals[local],
                    value.id != named.id
                else { break }
                named = value
            }
            return named
        }
        guard ModelSourceReader.calleeName(call.calledExpression)?.hasSuffix("NSManagedObjectModel") == true,
            let contents = call.arguments.first(where: { $0.label?.text == "contentsOf" })
        else { return nil }
        return modelResource(contents.expression, locals: locals, depth: depth + 1, unwrappedBy: &unwrappedBy)
    }

    /// `Self.model`, `model` or `Stack.model` naming a static property of the type the expression is written in: the
    /// value it is built as (its one expression or `return`, with the locals before it, a `guard ... else { return
    /// nil }` among them). Also `model` or `self.model` naming an instance `let` or `lazy var` built where it is
    /// declared (`lazy var model: NSManagedObjectModel? = { ... }()`), which nothing assigns again.
    private static func staticProperty(_ expression: ExprSyntax) -> (ExprSyntax, [String: ExprSyntax])? {
        let name: String
        var written: String?
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            name = member.declName.baseName.text
            written = base.baseName.text
        } else {
            return nil
        }
        var current = expression.parent
        while let syntax = current {
            if var (members, typeName) = TypeBody.membersAndName(syntax) {
                if let written, written != "Self", written != "self", written != typeName {
                    // `Bundle.modelURL`: a static member another type (or an extension of it) in this file declares.
                    guard let other = Self.declaredType(named: written, around: syntax) else { return nil }
                    (members, typeName) = (other, written)
                }
                for item in members.members {
                    guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                    let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
                    // A computed `var` with only a getter builds the same value each time it is read.
                    let isComputed = variable.bindings.allSatisfy { binding in
                        binding.initializer == nil && binding.accessorBlock.map { block in
                            if case let .accessors(list) = block.accessors {
                                return list.allSatisfy { $0.accessorSpecifier.tokenKind == .keyword(.get) }
                            }
                            return true
                        } == true
                    }
                    let isFixed =
                        variable.bindingSpecifier.tokenKind == .keyword(.let) || isComputed
                        || variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
                    guard isStatic ? written != "self" : (written == nil || written == "self") && isFixed else {
                        continue
                    }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if !isStatic, binding.initializer == nil, !isComputed { return nil }
                        if let built = NamedValueCollector.builtValue(binding, nilGuards: true) { return built }
                        if let value = binding.initializer?.value { return (value, [:]) }
                        return NamedValueCollector.returnedExpression(binding.accessorBlock).map { ($0, [:]) }
                    }
                }
                return nil
            }
            current = syntax.parent
        }
        return nil
    }

    /// The members of a type or extension named `name` declared at the top of the file `node` is in.
    private static func declaredType(named name: String, around node: Syntax) -> MemberBlockSyntax? {
        guard let file = node.root.as(SourceFileSyntax.self) else { return nil }
        for statement in file.statements {
            if let (members, typeName) = TypeBody.membersAndName(Syntax(statement.item)), typeName == name {
                return members
            }
            if let extended = statement.item.as(ExtensionDeclSyntax.self),
                TypeExprReader.read(extended.extendedType).path?.last == name
            {
                return extended.memberBlock
            }
        }
        return nil
    }

    /// The methods an `extension Optional` here declares that return the wrapped value or stop the app: callable with
    /// no arguments, their body `guard let value = self else { ...; fatalError(...) }; return value`, `if let value =
    /// self { return value }; fatalError(...)` or `return self!` (`preconditionFailure` as `fatalError`).
    public static func optionalUnwrappers(_ tree: SourceFileSyntax) -> [String] {
        var found: [String] = []
        for statement in tree.statements {
            guard let extensionDecl = statement.item.as(ExtensionDeclSyntax.self),
                let path = TypeExprReader.read(extensionDecl.extendedType).path,
                path == ["Optional"] || path == ["Swift", "Optional"]
            else { continue }
            for item in extensionDecl.memberBlock.members {
                guard let function = item.decl.as(FunctionDeclSyntax.self), unwraps(function) else { continue }
                found.append(function.name.text)
            }
        }
        return found
    }

    private static func unwraps(_ function: FunctionDeclSyntax) -> Bool {
        guard function.signature.parameterClause.parameters.allSatisfy({ $0.defaultValue != nil }),
            !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
            function.signature.effectSpecifiers?.throwsClause == nil,
            let statements = function.body?.statements, let last = statements.last
        else { return false }
        func isSelf(_ expression: ExprSyntax?) -> Bool {
            expression?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
        func stops(_ item: CodeBlockItemSyntax?) -> Bool {
            let expression = item?.item.as(ExprSyntax.self)
                ?? item?.item.as(ExpressionStmtSyntax.self)?.expression
            guard let call = expression?.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            return callee == "fatalError" || callee == "preconditionFailure"
        }
        func returned(_ item: CodeBlockItemSyntax?) -> ExprSyntax? {
            if let statement = item?.item.as(ReturnStmtSyntax.self) { return statement.expression }
            return statements.count == 1 ? item?.item.as(ExprSyntax.self) : nil
        }
        func bound(_ conditions: ConditionElementListSyntax) -> String? {
            guard conditions.count == 1, case let .optionalBinding(binding)? = conditions.first?.condition,
                isSelf(binding.initializer?.value),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { return nil }
            return name
        }
        // `return self!`, `self!`
        if statements.count == 1, let value = returned(last)?.as(ForceUnwrapExprSyntax.self) {
            return isSelf(value.expression)
        }
        guard statements.count == 2, let first = statements.first else { return false }
        // `guard let value = self else { ...; fatalError() }; return value`
        if let guardStatement = first.item.as(GuardStmtSyntax.self), let name = bound(guardStatement.conditions),
            stops(guardStatement.body.statements.last),
            returned(last)?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        {
            return true
        }
        // `if let value = self { return value }; fatalError()`
        let condition = first.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            ?? first.item.as(ExprSyntax.self)?.as(IfExprSyntax.self)
        if let ifExpr = condition, ifExpr.elseBody == nil, let name = bound(ifExpr.conditions),
            ifExpr.body.statements.count == 1,
            returned(ifExpr.body.statements.first)?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
            stops(last)
        {
            return true
        }
        return false
    }

    /// A store file a call gives: `NSPersistentStoreDescription(url:)` or `addPersistentStore(... at: url ...)`.
    func storeFile(_ call: FunctionCallExprSyntax) -> CoreDataStackUse.StoreFile? {
        let callee = ModelSourceReader.calleeName(call.calledExpression)?.split(separator: ".").last.map(String.init)
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        if callee == "NSPersistentStoreDescription",
            let url = call.arguments.first(where: { $0.label?.text == "url" })
        {
            // `let old = NSPersistentStoreDescription(url: oldURL)`, never given a container: it opens nothing.
            if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                Self.onlyMembersUsed(name, madeBy: ExprSyntax(call))
            {
                return nil
            }
            var file = file(url.expression)
            file.description = Self.variable(holding: call)
            file.madeFresh = true
            file.heldBy = Self.memberProperty(holding: call)
            return file
        }
        guard member == "addPersistentStore" || callee == "addPersistentStore",
            let url = call.arguments.first(where: { $0.label?.text == "at" })
        else { return nil }
        let type = call.arguments.first { $0.label?.text == "ofType" || $0.label?.text == "type" }
        var file = file(url.expression)
        file.storeType = type.map { values.read($0.expression) }
        file.configuration = call.arguments.first { $0.label?.text == "configurationName" }.map {
            values.read($0.expression)
        }
        file.added = true
        return file
    }

    /// The local variable a description is made for: `let local = NSPersistentStoreDescription(url: ...)`, also
    /// through `try`, and through an `if` or `switch` expression whose branches each end in one (`let synced:
    /// NSPersistentStoreDescription = if inMemory { ... } else { ... }`). Nil anywhere else (an array's element).
    static func variable(holding call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call)
        for _ in 0..<12 {
            guard let parent = node.parent else { return nil }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                return clause.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?
                    .identifier.text
            }
            if parent.is(TryExprSyntax.self) || parent.is(ExpressionStmtSyntax.self) {
                node = parent
                continue
            }
            // The last statement of a branch of an `if` or `switch` expression: the value the branch gives.
            if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
                list.last?.id == item.id
            {
                if let block = list.parent?.as(CodeBlockSyntax.self), var branch = block.parent?.as(IfExprSyntax.self) {
                    while let outer = branch.parent?.as(IfExprSyntax.self) { branch = outer }
                    node = Syntax(branch)
                    continue
                }
                if let switchCase = list.parent?.as(SwitchCaseSyntax.self),
                    let expression = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
                {
                    node = Syntax(expression)
                    continue
                }
            }
            return nil
        }
        return nil
    }

    /// `local.configuration = "Local"`: the description's variable and the configuration as written.
    func configuration(assigning value: ExprSyntax, to target: ExprSyntax) -> (String, ValueSource)? {
        guard let member = target.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "configuration",
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return (base, values.read(value))
    }

    /// `description.url = url` (a description by its name: `description`, `storeDescription`, `desc`), or
    /// `container.persistentStoreDescriptions.first?.url = url`.
    func storeFile(assigning value: ExprSyntax, to target: ExprSyntax) -> CoreDataStackUse.StoreFile? {
        storeFile(assigningUnfolded: [value], to: target)
    }

    /// `description.url = a ?? b` and the like, left unfolded by the parser: the file the elements after the `=`
    /// give, placed at the first of them.
    func storeFile(assigningUnfolded value: [ExprSyntax], to target: ExprSyntax) -> CoreDataStackUse.StoreFile? {
        guard let first = value.first, let member = target.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "url", let base = member.base,
            isDescription(base), !Self.neverGiven(base, lookup: lookup)
        else { return nil }
        var file = file(at: first, values.read(unfolded: value))
        file.ownDescriptionOnSomePaths = ownDescriptionSetOnSomePaths(base, at: target)
        // `local.url = ...` on `let local = NSPersistentStoreDescription()`: the description made here, whose
        // configuration and CloudKit options are set through `local` (Bussr's local store syncs nothing).
        if let local = localMadeAsDescription(base) {
            file.description = local
            file.madeFresh = true
        }
        return file
    }

    /// Whether `base` is a local `let description = NSPersistentStoreDescription(...)` the code only sets members of
    /// (`description.url = oldURL`) and never gives a container: no store is opened with it (HabitTracker's widget,
    /// which then gives the container another description).
    static func neverGiven(_ base: ExprSyntax, lookup: (String, Syntax) -> ExprSyntax?) -> Bool {
        guard let reference = base.as(DeclReferenceExprSyntax.self),
            let value = lookup(reference.baseName.text, Syntax(reference)),
            let made = value.as(FunctionCallExprSyntax.self),
            made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSPersistentStoreDescription"
        else { return false }
        return onlyMembersUsed(reference.baseName.text, madeBy: value)
    }

    /// Whether the local `name` that `value` is given to is used only through its members in the body it is
    /// declared in.
    private static func onlyMembersUsed(_ name: String, madeBy value: ExprSyntax) -> Bool {
        var node = Syntax(value).parent
        while let current = node, !current.is(CodeBlockSyntax.self), !current.is(ClosureExprSyntax.self) {
            node = current.parent
        }
        guard let body = node else { return false }
        for token in body.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            if token.parent?.is(IdentifierPatternSyntax.self) == true { continue }
            // `description.url = ...`, `description.setOption(...)`: a member of it, set or called. A member read
            // (`addPersistentStore(..., at: description.url)`, SideStore's migration) uses it.
            guard let use = token.parent?.as(DeclReferenceExprSyntax.self),
                let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id,
                Self.isSetOrCalled(member)
            else { return false }
        }
        return true
    }

    /// `x.member = value` (the left of an assignment) or `x.method(...)`.
    private static func isSetOrCalled(_ member: MemberAccessExprSyntax) -> Bool {
        if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
            return true
        }
        guard let list = member.parent?.as(ExprListSyntax.self),
            let index = list.firstIndex(where: { $0.id == member.id }), list.index(after: index) != list.endIndex
        else { return false }
        return list[list.index(after: index)].is(AssignmentExprSyntax.self)
    }

    /// Whether a description is the container's own (`container.persistentStoreDescriptions.first!`, or a local
    /// holding it) and the statement at `node` setting it runs on some paths only: the default file is opened on
    /// the others.
    private func ownDescriptionSetOnSomePaths(_ base: ExprSyntax, at node: ExprSyntax) -> Bool {
        var description = base
        while let inner = description.as(OptionalChainingExprSyntax.self)?.expression
            ?? description.as(ForceUnwrapExprSyntax.self)?.expression
        {
            description = inner
        }
        var local: String?
        if let reference = description.as(DeclReferenceExprSyntax.self),
            let value = lookup(reference.baseName.text, Syntax(reference))
        {
            (local, description) = (reference.baseName.text, value)
        }
        let own = description.tokens(viewMode: .sourceAccurate).contains {
            $0.tokenKind == .identifier("persistentStoreDescriptions")
        }
        return own && Self.mayBeSkipped(node, bindingsHold: true, settingThrough: local)
    }

    /// The description variable a type is set on (`description` in `description.type = ...`), when named alone.
    static func typedVariable(_ target: ExprSyntax) -> String? {
        target.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// `description.type = ...` (a description by its name, as for its URL): the store type, read as written
    /// (`value`: the elements after the `=`, a ternary among them).
    func storeType(assigning value: [ExprSyntax], to target: ExprSyntax) -> ValueSource? {
        guard let member = target.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "type",
            let base = member.base, isDescription(base)
        else { return nil }
        return values.read(unfolded: value)
    }

    /// Whether `base` is a store description: one of the container's (`persistentStoreDescriptions.first`), a name
    /// holding one made here (`let store = NSPersistentStoreDescription()`, whatever it is called: Bussr's `local`
    /// and `cloud`), or, made elsewhere, a name that says it is one (`description`, `storeDesc`).
    func isDescription(_ base: ExprSyntax) -> Bool {
        if base.trimmedDescription.lowercased().contains("desc") || localMadeAsDescription(base) != nil { return true }
        guard let reference = base.as(DeclReferenceExprSyntax.self),
            let value = lookup(reference.baseName.text, Syntax(reference))
        else { return false }
        return value.trimmedDescription.contains("persistentStoreDescriptions")
    }

    /// The name of the local `base` is, when it holds a description made here (`let local =
    /// NSPersistentStoreDescription()`).
    private func localMadeAsDescription(_ base: ExprSyntax) -> String? {
        guard let reference = base.as(DeclReferenceExprSyntax.self),
            let made = lookup(reference.baseName.text, Syntax(reference))?.as(FunctionCallExprSyntax.self),
            ["NSPersistentStoreDescription", "NSPersistentStoreDescription.init"].contains(
                made.calledExpression.trimmedDescription)
        else { return nil }
        return reference.baseName.text
    }

    private func file(_ url: ExprSyntax) -> CoreDataStackUse.StoreFile { file(at: url, values.read(url)) }

    /// The file a URL read as `url` names, given at `node`: where, under which branches, in which member.
    private func file(at node: ExprSyntax, _ url: ValueSource) -> CoreDataStackUse.StoreFile {
        let location = reader.location(node)
        var file = CoreDataStackUse.StoreFile(location: location, file: .fileName(url, location))
        file.condition = branchCondition(node)
        file.branches = Self.branches(around: node)
        file.declaredIn = Self.declaringMember(of: node)
        return file
    }

    /// The property (its first binding's name) or function a node is written in, up to the type around it.
    static func declaringMember(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) { return function.name.text }
            // A member or global, not a local of a body on the way.
            if let variable = syntax.as(VariableDeclSyntax.self),
                syntax.parent?.is(MemberBlockItemSyntax.self) == true
                    || syntax.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
            {
                return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            // A closure called at once (`static let description = { ... }()`) is the property's value.
            let calledAtOnce =
                syntax.is(ClosureExprSyntax.self)
                && syntax.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == syntax.id
            if syntax.is(InitializerDeclSyntax.self) || syntax.is(MemberBlockSyntax.self)
                || (syntax.is(ClosureExprSyntax.self) && !calledAtOnce)
            {
                return nil
            }
            current = syntax.parent
        }
        return nil
    }

    /// The branches of the `if`s and `switch`es around `node`, up to its function, initialiser, accessor or closure
    /// (`StoreFile.branches`): an `if`'s body is 0, its `else` 1; a `switch`'s cases by their order.
    static func branches(around node: some SyntaxProtocol) -> [CoreDataStackUse.StoreFile.Branch] {
        var found: [CoreDataStackUse.StoreFile.Branch] = []
        for (child, syntax) in enclosing(node) {
            if let ifExpr = syntax.as(IfExprSyntax.self) {
                let statement = ifExpr.position.utf8Offset
                if child.id == ifExpr.body.id {
                    found.append(.init(statement: statement, index: 0))
                } else if child.id == ifExpr.elseBody?.id {
                    found.append(.init(statement: statement, index: 1))
                }
            } else if let item = syntax.as(SwitchCaseSyntax.self),
                let cases = item.parent?.as(SwitchCaseListSyntax.self),
                let index = cases.firstIndex(where: { $0.id == item.id })
            {
                let offset = cases.distance(from: cases.startIndex, to: index)
                found.append(.init(statement: cases.position.utf8Offset, index: offset))
            }
        }
        return found
    }

    /// The nodes around `node` up to its function, initialiser, accessor or closure (that one left out), innermost
    /// first, each with the child it is reached from: where the `if`s and `switch`es that pick it are.
    static func enclosing(_ node: some SyntaxProtocol) -> [(child: Syntax, parent: Syntax)] {
        var found: [(Syntax, Syntax)] = []
        var child = Syntax(node)
        var current = node.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self)
                || syntax.is(AccessorDeclSyntax.self) || syntax.is(ClosureExprSyntax.self)
            {
                break
            }
            found.append((child, syntax))
            child = syntax
            current = syntax.parent
        }
        return found
    }

    /// The flags the `if` branches around `node` test, up to its function, initialiser, accessor or closure: the
    /// condition of each `if` whose body holds it, negated for an `else`, joined by `&&`. An `if` testing more than
    /// one clause, or a clause that is no plain expression (`if let`, `#available`), is not read: its branches may
    /// both run for all schemalint tells (nil).
    func branchCondition(_ node: some SyntaxProtocol) -> ValueSource? {
        var flags: [ValueSource] = []
        for (child, syntax) in Self.enclosing(node) {
            if let ifExpr = syntax.as(IfExprSyntax.self), ifExpr.conditions.count == 1,
                case let .expression(test)? = ifExpr.conditions.first?.condition
            {
                let location = reader.location(ifExpr.ifKeyword)
                if child.id == ifExpr.body.id {
                    flags.append(values.read(test))
                } else if child.id == ifExpr.elseBody?.id {
                    flags.append(.not(values.read(test), location))
                }
            }
        }
        guard let first = flags.first else { return nil }
        return flags.count == 1 ? first : .logical(all: true, flags, reader.location(node))
    }

    /// `container.persistentStoreDescriptions = [...]`: the container's default file is not opened.
    static func replacesDescriptions(_ target: ExprSyntax) -> Bool {
        target.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "persistentStoreDescriptions"
            || target.as(DeclReferenceExprSyntax.self)?.baseName.text == "persistentStoreDescriptions"
    }

    /// Whether a statement runs only on some paths of its function (or closure): inside an `if` (or a `switch`) some
    /// branch of which leaves the descriptions alone, a `guard`'s `else` or a loop. `if oldURL == nil {
    /// container.persistentStoreDescriptions = [shared] }` keeps the container's own description where it is not met;
    /// a branch that sets them otherwise (`else { persistentStoreDescriptions.forEach { $0.type = ... } }`) does not.
    /// `bindingsHold`: an `if` binding what is always there is taken (`bindsWhatIsThere`); `settingThrough`: a
    /// local holding a description, a branch setting it sets the descriptions.
    /// `withinBranch`: only the conditions inside the innermost `if` branch or `switch` case around it count (a
    /// container made in the same case is replaced on every path it is made on).
    static func mayBeSkipped(
        _ node: some SyntaxProtocol, bindingsHold: Bool = false, settingThrough local: String? = nil,
        withinBranch: Bool = false
    ) -> Bool {
        var current = node.parent
        var child = Syntax(node)
        while let syntax = current {
            defer { child = syntax }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self)
                || syntax.is(AccessorDeclSyntax.self) || syntax.is(ClosureExprSyntax.self)
            {
                return false
            }
            if withinBranch, syntax.is(SwitchCaseSyntax.self) { return false }
            if withinBranch, let ifExpr = syntax.as(IfExprSyntax.self),
                ifExpr.body.id == child.id || ifExpr.elseBody?.id == child.id
            {
                return false
            }
            if let ifExpr = syntax.as(IfExprSyntax.self) {
                let taken = bindingsHold && ifExpr.body.id == child.id && bindsWhatIsThere(ifExpr.conditions)
                if !taken, !everyBranchSetsDescriptions(ifExpr, through: local) { return true }
            } else if let switchExpr = syntax.as(SwitchExprSyntax.self) {
                if !switchExpr.cases.allSatisfy({ setsDescriptions(in: Syntax($0), through: local) }) { return true }
            } else if syntax.is(GuardStmtSyntax.self) || syntax.is(ForStmtSyntax.self)
                || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// Conditions that only bind what a container always has (`let description = container
    /// .persistentStoreDescriptions.first`) or an App Group folder the targets are entitled to (`let group =
    /// FileManager.default.containerURL(...)`, taken as present as `??` takes it).
    private static func bindsWhatIsThere(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.allSatisfy { element in
            guard case let .optionalBinding(binding) = element.condition, let value = binding.initializer?.value
            else { return false }
            return value.tokens(viewMode: .sourceAccurate).contains {
                $0.tokenKind == .identifier("persistentStoreDescriptions")
                    || $0.tokenKind == .identifier("forSecurityApplicationGroupIdentifier")
            }
        }
    }

    /// An `if` whose every branch (an `else` at the end of the chain included) sets the descriptions.
    private static func everyBranchSetsDescriptions(_ ifExpr: IfExprSyntax, through local: String? = nil) -> Bool {
        guard setsDescriptions(in: Syntax(ifExpr.body), through: local), let otherwise = ifExpr.elseBody else {
            return false
        }
        switch otherwise {
        case let .ifExpr(next): return everyBranchSetsDescriptions(next, through: local)
        case let .codeBlock(block): return setsDescriptions(in: Syntax(block), through: local)
        }
    }

    /// Whether `syntax` names `persistentStoreDescriptions` (replaces them, or sets what they hold), or the local
    /// holding one of them.
    private static func setsDescriptions(in syntax: Syntax, through local: String? = nil) -> Bool {
        syntax.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .identifier("persistentStoreDescriptions")
                || local.map { token.tokenKind == .identifier($0) } == true
        }
    }

    /// `description.cloudKitContainerOptions = ...`: the options as written, for the project to evaluate (`nil` turns
    /// a CloudKit container's sync off).
    /// The description's variable (`synced.cloudKitContainerOptions = ...`) comes with them; nil for any other
    /// description (`container.persistentStoreDescriptions.first?`, `$0`).
    func cloudKitOptions(assigning value: ExprSyntax, to target: ExprSyntax) -> (ValueSource, String?)? {
        guard let member = target.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "cloudKitContainerOptions"
        else {
            return nil
        }
        return (values.read(value), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text)
    }

    /// `description.shouldMigrateStoreAutomatically = ...`: off, the app migrates the store itself, or not at all;
    /// `shouldInferMappingModelAutomatically = ...`: off, Core Data migrates only through a mapping model from the
    /// store's version straight to the current one (kiwix-apple 1.9 turned inference off, migration on).
    static func migrationSwitch(_ target: ExprSyntax) -> CoreDataMigrationFlag.Switch? {
        switch target.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
        case "shouldMigrateStoreAutomatically": return .migratesAutomatically
        case "shouldInferMappingModelAutomatically": return .infersMapping
        default: return nil
        }
    }

    /// `migratePersistentStore(...)`, `replacePersistentStore(...)`, a file copied or moved: a store's rows may be
    /// carried to another file.
    static func copiesStore(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
            return false
        }
        return ["migratePersistentStore", "replacePersistentStore", "copyItem", "moveItem", "replaceItemAt"]
            .contains(name)
    }

    /// The file a move or copy takes away and where it goes: `moveItem(at:to:)` and `copyItem(atPath:toPath:)`'s
    /// arguments, `replaceItemAt(_:withItemAt:)`'s second and first, `replacePersistentStore(at:...
    /// withPersistentStoreFrom:...)`'s source and target. Nil for any other call, or one without its source.
    static func moved(_ call: FunctionCallExprSyntax) -> (source: ExprSyntax, destination: ExprSyntax?)? {
        guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
            return nil
        }
        let labelled = { (label: String) in call.arguments.first { $0.label?.text == label }?.expression }
        let source: ExprSyntax?, destination: ExprSyntax?
        switch name {
        case "moveItem", "copyItem":
            (source, destination) = (labelled("at") ?? labelled("atPath"), labelled("to") ?? labelled("toPath"))
        case "replaceItemAt":
            let first = call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
            (source, destination) = (labelled("withItemAt"), first)
        case "replacePersistentStore": (source, destination) = (labelled("withPersistentStoreFrom"), labelled("at"))
        default: return nil
        }
        return source.map { ($0, destination) }
    }
}

/// A file's Core Data calls gathered by where they are: a container and the store files the same function gives it
/// are one stack; files given in a function with no container of its own (descriptions built in `init`, handed to
/// a container made elsewhere in the type) belong to the stacks of the same type (its outermost type; the file's top
/// level is one type) whose functions give them none.
struct CoreDataGroups {
    private struct Item<Value> {
        var value: Value
        var type: String
        var function: String?
    }

    private var stacks: [Item<CoreDataStackUse>] = []
    private var files: [Item<CoreDataStackUse.StoreFile>] = []
    private var filePurposes: [ContainerPurpose] = []
    /// `persistentStoreDescriptions = ...`: in which type and function, and whether only on some paths.
    private struct Replacement {
        var type: String
        var function: String?
        var conditional: Bool
        /// On some paths only of the innermost branch it is in (`mayBeSkipped(withinBranch:)`).
        var conditionalInBranch: Bool
        var branches: [CoreDataStackUse.StoreFile.Branch]
        var location: SourceLocation
        /// The names the descriptions are given by (`[Self.V3.defaultDescription]`), when each element is one.
        var references: [ValueReference] = []
    }
    private var replacements: [Replacement] = []
    private var cloudKit: [String: Branched] = [:]
    /// What is set through a description's variable in a function (nil: a property's closure) of a type.
    private struct DescriptionSite: Hashable {
        var type: String
        var function: String?
        var variable: String
    }
    private var configurations: [DescriptionSite: ValueSource] = [:]
    private var describedCloudKit: [DescriptionSite: Branched] = [:]
    private var types: [Item<CoreDataStackUse.StoreFile>] = []
    private struct LoadSite: Hashable {
        var type: String
        var function: String?
    }
    private var loads: Set<LoadSite> = []

    mutating func add(_ stack: CoreDataStackUse, function: String?) {
        stacks.append(Item(value: stack, type: stack.scope.first ?? "", function: function))
    }
    mutating func add(
        _ file: CoreDataStackUse.StoreFile, scope: [String], purpose: ContainerPurpose, function: String?
    ) {
        var file = file
        file.scope = scope
        files.append(Item(value: file, type: scope.first ?? "", function: function))
        filePurposes.append(purpose)
    }
    /// `persistentStoreDescriptions = ...` in a function (nil: a property's closure) of a type; `conditional`: on
    /// some of its paths only.
    mutating func replaceDescriptions(
        scope: [String], function: String?, conditional: Bool, conditionalInBranch: Bool,
        branches: [CoreDataStackUse.StoreFile.Branch], at location: SourceLocation, references: [ValueReference] = []
    ) {
        replacements.append(
            Replacement(
                type: scope.first ?? "", function: function, conditional: conditional,
                conditionalInBranch: conditionalInBranch, branches: branches, location: location,
                references: references))
    }
    /// `loadPersistentStores(...)` in a function (or a property's closure: nil) of a type.
    mutating func loadStores(scope: [String], function: String?) {
        loads.insert(LoadSite(type: scope.first ?? "", function: function))
    }
    /// Set in branches of one `if` or `switch` that exclude each other (`if sync { options = ... } else { options =
    /// nil }`), the options are each value a branch gives; set again otherwise, the last.
    mutating func setCloudKit(
        _ options: ValueSource, variable: String?, branches: [CoreDataStackUse.StoreFile.Branch] = [],
        at location: SourceLocation, scope: [String], function: String?
    ) {
        let set = Branched(value: options, branches: branches, location: location)
        let type = scope.first ?? ""
        cloudKit[type] = set.after(cloudKit[type])
        if let variable {
            let site = DescriptionSite(type: type, function: function, variable: variable)
            describedCloudKit[site] = set.after(describedCloudKit[site])
        }
    }

    /// A value set in the branches of `if`s and `switch`es (`StoreFile.branches`).
    private struct Branched {
        var value: ValueSource
        var branches: [CoreDataStackUse.StoreFile.Branch]
        var location: SourceLocation

        /// This value set after `earlier`: both where their branches exclude each other, else this one alone.
        func after(_ earlier: Branched?) -> Branched {
            guard let earlier,
                let apart = branches.first(where: { mine in
                    earlier.branches.contains { $0.statement == mine.statement && $0.index != mine.index }
                })
            else { return self }
            let values: [ValueSource] =
                if case let .oneOf(several, _) = earlier.value { several + [value] } else { [earlier.value, value] }
            // The branches both are in stay: those around the statement that sets them apart (innermost first).
            let shared = Array(branches.drop { $0.statement != apart.statement }.dropFirst())
            return Branched(value: .oneOf(values, earlier.location), branches: shared, location: earlier.location)
        }
    }
    /// `local.configuration = ...` in a function of a type.
    mutating func setConfiguration(_ value: ValueSource, variable: String, scope: [String], function: String?) {
        configurations[DescriptionSite(type: scope.first ?? "", function: function, variable: variable)] = value
    }
    /// `description.type = ...`: the type of the descriptions the same function gives (or, giving none, of the
    /// container's own description).
    mutating func setStoreType(
        _ type: ValueSource, variable: String? = nil, branches: [CoreDataStackUse.StoreFile.Branch] = [],
        location: SourceLocation, scope: [String], function: String?
    ) {
        var typed = CoreDataStackUse.StoreFile(
            location: location, file: .unreadable("the container's own description", location), storeType: type)
        typed.typeOnly = true
        typed.description = variable
        typed.branches = branches
        types.append(Item(value: typed, type: scope.first ?? "", function: function))
    }

    /// Each stack with its files; files no stack takes are a stack of their own (a coordinator given elsewhere),
    /// with no model named.
    func assembled() -> [CoreDataStackUse] {
        // A container of another type (`containerType`) may be no container: it takes the files its function or
        // type gives as a stack does, but leaves them to the others too (the project drops it, or them, once it
        // knows).
        let stackFunctions = Set(stacks.filter { $0.value.containerType == nil }.compactMap(\.function))
        let everyStackFunction = Set(stacks.compactMap(\.function))
        var taken = Set<Int>()
        var result: [CoreDataStackUse] = []
        for item in stacks {
            // A file given in another case of a `switch` (or branch of an `if`) the stack is made in is another's.
            let made = item.value.branches
            var own = files.indices.filter { index in
                files[index].function != nil && files[index].function == item.function
                    && !CoreDataStackUse.StoreFile.Branch.apart(files[index].value.branches, made)
            }
            var addedElsewhere = false
            if own.isEmpty {
                // Files of the same type given where no stack is made.
                own = files.indices.filter { index in
                    files[index].type == item.type
                        && (files[index].function.map { !stackFunctions.contains($0) } ?? true)
                }
                // `addPersistentStore(at:)` in another function (a store migrated from an old place) adds a store
                // beside the one a container loads where it is made.
                addedElsewhere =
                    !own.isEmpty && own.allSatisfy { files[$0].value.added && files[$0].function != item.function }
            }
            if item.value.containerType == nil { taken.formUnion(own) }
            var stack = item.value
            stack.stores = own.map { index in
                // The configuration and CloudKit options set through the description's variable where it is made.
                var file = files[index].value
                // A container a property makes is set up in its type's initialiser.
                file.givenWhereMade = files[index].function == item.function || item.function == nil
                if let variable = file.description {
                    let site = DescriptionSite(
                        type: files[index].type, function: files[index].function, variable: variable)
                    file.configuration = file.configuration ?? configurations[site]
                    file.cloudKitOptions = describedCloudKit[site]?.value
                }
                return file
            }
            stack.cloudKitByDescription = stack.stores.contains { $0.cloudKitOptions != nil }
            // A description's type set where its file is given (same function) is that file's type; set where none
            // is, the container's own description's.
            for typed in types where typed.type == item.type && (typed.function == item.function
                || own.contains { files[$0].function == typed.function })
            {
                // The stores `own` gave: a type set twice where no file is given (SQLite, then in memory in an
                // `if`) appends a second store past them.
                // Another description's type (`description.type = NSInMemoryStoreType` on the one an `if` makes,
                // beside `privateDescription` given a file in its `else`) is not this file's.
                let described = own.indices.filter { index in
                    files[own[index]].function == typed.function && stack.stores[index].storeType == nil
                        && (typed.value.description == nil || stack.stores[index].description == nil
                            || typed.value.description == stack.stores[index].description)
                        && !typed.value.excludes(stack.stores[index])
                }
                if described.isEmpty {
                    stack.stores.append(typed.value)
                } else {
                    for index in described { stack.stores[index].storeType = typed.value.storeType }
                }
            }
            // Descriptions replaced where the stack is made, or in its type where no stack is (`init` setting up
            // a container a property makes); another function's container is not this one (BeeSwift: a test's
            // in-memory container beside the app's, both made by the type's static functions).
            // Made and replaced in different cases of one `switch` (or branches of one `if`): another container's.
            let replacing = replacements.filter { replacement in
                replacement.type == item.type
                    && (replacement.function == item.function
                        || !(replacement.function.map(everyStackFunction.contains) ?? false))
                    && !CoreDataStackUse.StoreFile.Branch.apart(replacement.branches, made)
            }
            // Replaced in the branch the container is made in: on every path it is made on, unless skipped there.
            stack.descriptionsReplaced = replacing.contains { replacement in
                let sameBranch =
                    replacement.function == item.function
                    && replacement.branches.first.map(made.contains) == true
                return !(sameBranch ? replacement.conditionalInBranch : replacement.conditional)
            }
            stack.descriptionsMayBeKept = !stack.descriptionsReplaced && !replacing.isEmpty
            // Replaced where the container is made with descriptions no code of its type gives a file to (Iron's
            // `init(storeDescription:)` passing its parameter on): which file they open cannot be told here.
            // A description made here with only its type set (an in-memory one) is read as that type.
            let typedHere = types.contains { $0.type == item.type && $0.function == item.function }
            // A container a property makes, replaced in its type's `init`: that replacement. A file given only under
            // a condition (Apple's template: `if inMemory { ...first!.url = /dev/null }`) leaves them the stack's
            // on the other paths (Trabits, field test 34 A-D2).
            if own.allSatisfy({ files[$0].value.ownDescriptionOnSomePaths }), !typedHere,
                let elsewhere = replacing.first(where: { $0.function == item.function })
                    ?? (item.function == nil ? replacing.first(where: { !$0.conditional }) : nil)
            {
                var given = CoreDataStackUse.StoreFile(
                    location: elsewhere.location,
                    file: .unreadable("descriptions given from outside the type", elsewhere.location))
                given.describedBy = elsewhere.references
                stack.stores.append(given)
            }
            // Loaded where no store is added (where the container is made, its type's `init`): its own file too.
            let adding = Set(own.map { files[$0].function })
            stack.loadsOwnFile =
                addedElsewhere && loads.contains { $0.type == item.type && !adding.contains($0.function) }
            // Options set to `nil` turn a CloudKit container's sync off (the project evaluates them).
            stack.cloudKitOptions = cloudKit[item.type]?.value
            result.append(stack)
        }
        for index in files.indices where !taken.contains(index) {
            let file = files[index]
            var stack = CoreDataStackUse(
                location: file.value.location, scope: [file.type], purpose: filePurposes[index])
            stack.stores = [file.value]
            stack.filesOnly = true
            result.append(stack)
        }
        return result
    }
}
