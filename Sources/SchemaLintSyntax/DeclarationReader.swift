import SchemaLintModel
import SwiftSyntax

/// Walks a file's declarations (not statements or expressions) and records what schemalint needs.
///
/// It descends through type bodies, extensions and active `#if` clauses only. Comments and string
/// literals are trivia or tokens to the parser, so schema code written inside them is never seen.
struct DeclarationReader {
    let converter: SourceLocationConverter
    let path: String
    /// What the release builds compiling the file set, for its `#if` clauses.
    var conditions: CompilationConditions = .unknown

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let position = node.startLocation(converter: converter)
        return SourceLocation(file: path, line: position.line, column: position.column)
    }

    func read(_ file: SourceFileSyntax, into parsed: inout ParsedFile) {
        var members = Members()
        readStatements(file.statements, into: &members, file: &parsed)
        parsed.members = members
    }

    private func readStatements(_ items: CodeBlockItemListSyntax, into members: inout Members, file: inout ParsedFile) {
        for item in items {
            guard case let .decl(decl) = item.item else { continue }
            readDeclaration(decl, into: &members, file: &file)
        }
    }

    private func readMemberBlock(
        _ items: MemberBlockItemListSyntax, into members: inout Members, file: inout ParsedFile
    ) {
        for item in items {
            readDeclaration(item.decl, into: &members, file: &file)
        }
    }

    private func readDeclaration(_ decl: DeclSyntax, into members: inout Members, file: inout ParsedFile) {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = IfConfigEvaluator.activeClause(of: ifConfig, conditions: conditions),
                let elements = clause.elements
            else {
                return
            }
            switch elements {
            case let .statements(statements): readStatements(statements, into: &members, file: &file)
            case let .decls(memberItems): readMemberBlock(memberItems, into: &members, file: &file)
            default: break
            }
        } else if let classDecl = decl.as(ClassDeclSyntax.self) {
            members.types.append(
                readType(
                    .class, name: classDecl.name, attributes: classDecl.attributes,
                    inheritance: classDecl.inheritanceClause, body: classDecl.memberBlock, file: &file))
        } else if let structDecl = decl.as(StructDeclSyntax.self) {
            members.types.append(
                readType(
                    .struct, name: structDecl.name, attributes: structDecl.attributes,
                    inheritance: structDecl.inheritanceClause, body: structDecl.memberBlock, file: &file))
        } else if let enumDecl = decl.as(EnumDeclSyntax.self) {
            members.types.append(
                readType(
                    .enum, name: enumDecl.name, attributes: enumDecl.attributes,
                    inheritance: enumDecl.inheritanceClause, body: enumDecl.memberBlock, file: &file))
        } else if let actorDecl = decl.as(ActorDeclSyntax.self) {
            members.types.append(
                readType(
                    .actor, name: actorDecl.name, attributes: actorDecl.attributes,
                    inheritance: actorDecl.inheritanceClause, body: actorDecl.memberBlock, file: &file))
        } else if let protocolDecl = decl.as(ProtocolDeclSyntax.self) {
            file.declaredProtocols.insert(protocolDecl.name.text)
            members.types.append(
                readType(
                    .protocol, name: protocolDecl.name, attributes: protocolDecl.attributes,
                    inheritance: protocolDecl.inheritanceClause, body: protocolDecl.memberBlock, file: &file))
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            var body = Members()
            readMemberBlock(extensionDecl.memberBlock.members, into: &body, file: &file)
            file.extensions.append(
                ExtensionDeclaration(
                    extendedType: TypeExprReader.read(extensionDecl.extendedType),
                    location: location(extensionDecl.extendedType),
                    inherited: inheritedTypes(extensionDecl.inheritanceClause),
                    members: body))
        } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
            members.typealiases.append(
                TypeAliasDeclaration(
                    name: alias.name.text, target: TypeExprReader.read(alias.initializer.value),
                    location: location(alias.name)))
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            readVariable(variable, into: &members)
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            if Self.isCodingMember(function.name.text, function.signature, label: "to", protocol: "Encoder") {
                members.codingMembers.insert(.encoder)
            }
            readStageFunction(function, into: &members)
            readMigrationFunction(function, into: &members)
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            members.declaresInitialiser = true
            if !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) }) {
                members.declaresDesignatedInitialiser = true
            }
            if Self.isCodingMember("init", initializer.signature, label: "from", protocol: "Decoder") {
                members.codingMembers.insert(.decoder)
            }
        } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
            for element in enumCase.elements {
                var declared = EnumCaseDeclaration(
                    name: element.name.text.unbackticked,
                    hasAssociatedValues: element.parameterClause != nil)
                declared.rawValue = element.rawValue.map { Self.rawValue($0.value) }
                declared.associatedValues =
                    element.parameterClause?.parameters.map { parameter in
                        let label = parameter.firstName.map { $0.tokenKind == .wildcard ? nil : $0.text.unbackticked }
                        return AssociatedValue(label: label ?? nil, type: TypeExprReader.read(parameter.type))
                    } ?? []
                members.enumCases.append(declared)
            }
        } else if let macro = decl.as(MacroExpansionDeclSyntax.self) {
            members.macros.append(readMacroUse(macro))
        } else if let importDecl = decl.as(ImportDeclSyntax.self), let module = importDecl.path.first {
            file.imports.insert(module.name.text)
        } else if let macroDecl = decl.as(MacroDeclSyntax.self) {
            file.declaredMacros.insert(macroDecl.name.text)
        }
    }

    private func readType(
        _ kind: TypeKind, name: TokenSyntax, attributes: AttributeListSyntax,
        inheritance: InheritanceClauseSyntax?, body: MemberBlockSyntax, file: inout ParsedFile
    ) -> TypeDeclaration {
        var members = Members()
        readMemberBlock(body.members, into: &members, file: &file)
        // The declaration's leading trivia: the first token's, whether an attribute, a modifier or the keyword.
        let declaration = body.parent
        return TypeDeclaration(
            kind: kind, name: name.text.unbackticked, location: location(name),
            inherited: inheritedTypes(inheritance), attributes: attributeNames(attributes), members: members,
            documentation: declaration.flatMap { Self.documentation($0.leadingTrivia) })
    }

    private func inheritedTypes(_ clause: InheritanceClauseSyntax?) -> [TypeExpr] {
        clause?.inheritedTypes.map { TypeExprReader.read($0.type) } ?? []
    }

    private func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            return TypeExprReader.read(attribute.attributeName).path?.last
        }
    }

    // MARK: Properties

    private func readVariable(_ variable: VariableDeclSyntax, into members: inout Members) {
        let isStatic = variable.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
        let names = attributes.map { TypeExprReader.read($0.attributeName).path?.last ?? "" }
        if names.contains("Transient") && !isStatic { return }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)

        // `var a, b: Int` gives both bindings the type written after the last one.
        var pendingTypeless: [PatternBindingSyntax] = []
        var resolved: [(PatternBindingSyntax, TypeExpr?)] = []
        for binding in variable.bindings {
            if let annotation = binding.typeAnnotation {
                let type = TypeExprReader.read(annotation.type)
                resolved += pendingTypeless.map { ($0, type) }
                pendingTypeless = []
                resolved.append((binding, type))
            } else if binding.initializer != nil || binding.accessorBlock != nil {
                resolved += pendingTypeless.map { ($0, nil) }
                pendingTypeless = []
                resolved.append((binding, binding.initializer.flatMap { ExpressionReader.inferType(of: $0.value) }))
            } else {
                pendingTypeless.append(binding)
            }
        }
        resolved += pendingTypeless.map { ($0, nil) }

        // The reader descends through declarations only: a variable in a list of statements is a global one.
        let isGlobal = variable.parent?.is(CodeBlockItemSyntax.self) == true
        for (binding, type) in resolved {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text.unbackticked
            if isStatic || isGlobal { readMigrationClosure(binding, name: name, into: &members) }
            // A global constant is read as a static one is: a plan's `schemas` may return it (Bloom's
            // `currentSchemas`); the symbol table keeps it apart from any type's members.
            if isStatic || isGlobal && isLet {
                let value = staticValue(of: binding)
                members.staticProperties.append(
                    StaticPropertyDeclaration(
                        name: name, declaredType: type, value: value, location: location(pattern)))
                continue
            }
            if isLazy || isComputed(binding) { continue }
            var property = PropertyDeclaration(
                name: name, type: type, hasDefault: binding.initializer != nil,
                isLet: isLet, location: location(pattern))
            property.isTypeWritten = binding.typeAnnotation != nil || type != nil && binding.initializer == nil
            property.defaultIsNil = binding.initializer?.value.is(NilLiteralExprSyntax.self) == true
            if type == nil, let initializer = binding.initializer {
                property.initialValue = ExpressionReader.initialValue(initializer.value)
            }
            property.documentation = Self.documentation(variable.leadingTrivia)
            for attribute in attributes {
                switch TypeExprReader.read(attribute.attributeName).path?.last {
                case "Attribute":
                    property.attribute = ExpressionReader.attributeArguments(
                        attribute, at: location(attribute), reader: self)
                case "Relationship":
                    property.relationship = ExpressionReader.relationshipArguments(
                        attribute, at: location(attribute), reader: self)
                default: break
                }
            }
            members.storedProperties.append(property)
        }
    }

    /// `static func migrateV1toV2() -> MigrationStage { ... return .custom(...) }`: a stage declared as a function,
    /// in the plan, in `extension MigrationStage` or in any type. Recorded like a static property of that name, and
    /// only when its body returns a stage expression.
    private func readStageFunction(_ function: FunctionDeclSyntax, into members: inout Members) {
        let isStatic = function.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        guard isStatic, let statements = function.body?.statements,
            let returned = ExpressionReader.returnedExpression(statements),
            let stage = ExpressionReader.stage(returned, reader: self)
        else { return }
        members.staticProperties.append(
            StaticPropertyDeclaration(
                name: function.name.text.unbackticked, declaredType: nil, value: .stage(stage),
                location: location(function.name)))
    }

    /// `static func fillDefaults(_ context: ModelContext) throws` in a type, or such a global `func`: a function a
    /// custom stage may be given as its closure (`didMigrate: fillDefaults`). Only one parameter of type
    /// `ModelContext` fits where SwiftData expects `(ModelContext) throws -> Void`; an instance method cannot be
    /// named there without an instance.
    private func readMigrationFunction(_ function: FunctionDeclSyntax, into members: inout Members) {
        let isStatic = function.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        // The reader descends through declarations only: a function in a list of statements is a global one.
        let isGlobal = function.parent?.is(CodeBlockItemSyntax.self) == true
        let parameters = function.signature.parameterClause.parameters
        guard isStatic || isGlobal, function.genericParameterClause == nil, parameters.count == 1,
            let parameter = parameters.first, parameter.defaultValue == nil, parameter.ellipsis == nil,
            Self.isModelContext(parameter.type), let body = function.body
        else { return }
        let name = function.name.text.unbackticked
        let contextName = (parameter.secondName ?? parameter.firstName).text
        let location = location(function.name)
        members.migrationFunctions.append(
            MigrationFunction(
                name: name,
                summary: ExpressionReader.functionSummary(
                    body, contextParameter: contextName, at: location, reader: self),
                location: location))
    }

    /// `static let fillDefaults: (ModelContext) throws -> Void = { context in ... }`, or a global one, or
    /// `= { (context: ModelContext) in ... }`: a closure constant a custom stage may be given by name.
    private func readMigrationClosure(
        _ binding: PatternBindingSyntax, name: String, into members: inout Members
    ) {
        guard let closure = binding.initializer?.value.as(ClosureExprSyntax.self) else { return }
        var takesContext = false
        if let annotation = binding.typeAnnotation?.type {
            var type = annotation
            while true {
                if let optional = type.as(OptionalTypeSyntax.self) {
                    type = optional.wrappedType
                } else if let attributed = type.as(AttributedTypeSyntax.self) {
                    type = attributed.baseType
                } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                    let only = tuple.elements.first
                {
                    type = only.type
                } else {
                    break
                }
            }
            if let function = type.as(FunctionTypeSyntax.self), function.parameters.count == 1,
                let only = function.parameters.first
            {
                takesContext = Self.isModelContext(only.type)
            }
        } else if case let .parameterClause(clause)? = closure.signature?.parameterClause,
            clause.parameters.count == 1, let type = clause.parameters.first?.type
        {
            takesContext = Self.isModelContext(type)
        }
        guard takesContext,
            let summary = ExpressionReader.closureSummary(ExprSyntax(closure), reader: self)
        else { return }
        members.migrationFunctions.append(MigrationFunction(name: name, summary: summary, location: summary.location))
    }

    /// `ModelContext` or `SwiftData.ModelContext`.
    private static func isModelContext(_ type: TypeSyntax) -> Bool {
        let path = TypeExprReader.read(type).path ?? []
        return path == ["ModelContext"] || path == ["SwiftData", "ModelContext"]
    }

    /// `init(from decoder: Decoder)` / `func encode(to encoder: any Encoder)`: one parameter with that label, of a type
    /// that names the protocol (`Decoder`, `any Decoder`, `Swift.Decoder`).
    static func isCodingMember(
        _ name: String, _ signature: FunctionSignatureSyntax, label: String, protocol expected: String
    ) -> Bool {
        let parameters = signature.parameterClause.parameters
        guard name == (label == "from" ? "init" : "encode"), parameters.count == 1, let only = parameters.first,
            only.firstName.text == label
        else { return false }
        var type = only.type
        if let some = type.as(SomeOrAnyTypeSyntax.self) { type = some.constraint }
        return TypeExprReader.read(type).path?.last == expected
    }

    /// A raw value's literal: what a row stores for the case.
    static func rawValue(_ expression: ExprSyntax) -> RawValueLiteral {
        var sign = ""
        var value = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = "-"
            value = prefix.expression
        }
        if let integer = value.as(IntegerLiteralExprSyntax.self) { return .integer(sign + integer.literal.text) }
        if let float = value.as(FloatLiteralExprSyntax.self) { return .float(sign + float.literal.text) }
        if sign.isEmpty, let string = value.as(StringLiteralExprSyntax.self), string.openingPounds == nil {
            var text = ""
            for segment in string.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else {
                    return .other(expression.trimmedDescription)
                }
                text += plain.content.text
            }
            // Escapes are rare in raw values; one written here is kept as written, never decoded by guess.
            return text.contains("\\") ? .other(expression.trimmedDescription) : .string(text)
        }
        return .other(expression.trimmedDescription)
    }

    /// The `///` and `/** */` comment text right before a declaration, or nil.
    static func documentation(_ trivia: Trivia) -> String? {
        let lines = trivia.compactMap { piece -> String? in
            switch piece {
            case let .docLineComment(text): return String(text.dropFirst(3))
            case let .docBlockComment(text): return String(text.dropFirst(3).dropLast(2))
            default: return nil
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// A binding with a getter, or `get`/`set` accessors, stores nothing. `willSet`/`didSet` alone still store.
    private func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return false }
        switch accessors {
        case .getter: return true
        case let .accessors(list):
            return list.contains { accessor in
                let kind = accessor.accessorSpecifier.tokenKind
                return kind != .keyword(.willSet) && kind != .keyword(.didSet)
            }
        }
    }

    private func staticValue(of binding: PatternBindingSyntax) -> StaticValue {
        if let initializer = binding.initializer {
            // `static let stages: [MigrationStage] = { var list = ...; return list }()`: what the closure returns.
            if let call = initializer.value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                call.trailingClosure == nil, let closure = call.calledExpression.as(ClosureExprSyntax.self)
            {
                if let built = StaticListBuilder.built(closure.statements, reader: self) { return built }
                if let returned = ExpressionReader.returnedExpression(closure.statements) {
                    return ExpressionReader.staticValue(returned, reader: self)
                }
            }
            return ExpressionReader.staticValue(initializer.value, reader: self)
        }
        if let accessors = binding.accessorBlock?.accessors {
            let statements: CodeBlockItemListSyntax?
            switch accessors {
            case let .getter(items): statements = items
            case let .accessors(list):
                statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
            }
            if let statements, let built = StaticListBuilder.built(statements, reader: self) { return built }
            if let expression = statements.flatMap(ExpressionReader.returnedExpression) {
                return ExpressionReader.staticValue(expression, reader: self)
            }
        }
        return .unreadable(location(binding))
    }

    // MARK: Macros

    private func readMacroUse(_ macro: MacroExpansionDeclSyntax) -> MacroUse {
        let generic = TypeExprReader.genericArguments(macro.genericArgumentClause).first
        var groups: [[String]] = []
        for argument in macro.arguments {
            if let array = argument.expression.as(ArrayExprSyntax.self) {
                groups.append(
                    array.elements.compactMap {
                        ExpressionReader.keyPath($0.expression, reader: self)?.properties.first
                    })
            } else if let keyPath = ExpressionReader.keyPath(argument.expression, reader: self),
                let first = keyPath.properties.first
            {
                groups.append([first])
            }
        }
        return MacroUse(
            name: macro.macroName.text, genericArgument: generic, keyPathGroups: groups, location: location(macro))
    }
}
