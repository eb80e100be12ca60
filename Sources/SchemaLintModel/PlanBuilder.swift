/// Reads a `SchemaMigrationPlan`: its `schemas`, its `stages` list and the stages declared as static members
/// (in the plan's body or any extension of it, in any file).
enum PlanBuilder {
    static func plan(_ symbol: SymbolTable.Symbol, context: ProjectBuilder.Context) -> MigrationPlan {
        let symbols = context.symbols
        func stage(
            _ expression: StageExpression, name: String?, location: SourceLocation, scope: SymbolID?, file: String
        ) -> Stage {
            makeStage(expression, name: name, location: location, scope: scope, file: file, symbols: symbols)
        }

        var plan = MigrationPlan(
            id: symbol.id, name: symbol.qualifiedName, location: symbol.location, declaredStages: [])
        for member in symbol.staticProperties {
            if case let .stage(expression) = member.value.value {
                plan.declaredStages.append(
                    stage(
                        expression, name: member.value.name, location: member.value.location,
                        scope: member.scope, file: member.file))
            }
        }
        // `static let migrateV1toV2 = makeStage()`: the stage the helper builds, under the constant's name; the helper
        // is that stage, not another one to list.
        for member in symbol.staticProperties {
            guard case let .call(path, _) = member.value.value,
                let built = lookupDeclaredStage(
                    path, in: plan, symbol: symbol, context: context, scope: member.scope, file: member.file)
            else { continue }
            var named = built
            named.name = member.value.name
            named.location = member.value.location
            plan.declaredStages.removeAll { $0.name == built.name && $0.location == built.location }
            plan.declaredStages.append(named)
        }
        for member in symbol.staticProperties {
            // `stages` or `schemas` given by another member (`{ all }`) or built with `+`: the list it comes to.
            var value = member.value.value
            var (scope, file) = (member.scope, member.file)
            if ["schemas", "stages"].contains(member.value.name),
                let list = flattened(value, symbol: symbol, symbols: symbols, from: &scope, in: &file)
            {
                value = list
            }
            switch (member.value.name, value) {
            case let ("schemas", .list(elements, location)):
                plan.schemasLocation = location
                plan.schemas = schemas(elements, scope: scope, file: file, context: context)
            case ("schemas", _):
                plan.schemasLocation = member.value.location
            case let ("stages", .list(elements, location)):
                plan.stagesLocation = location
                plan.stages = elements.compactMap { element -> Stage? in
                    switch element {
                    case let .stage(expression):
                        return stage(expression, name: nil, location: expression.location, scope: scope, file: file)
                    case let .reference(path, location):
                        if let declared = lookupDeclaredStage(
                            path, in: plan, symbol: symbol, context: context, scope: scope, file: file)
                        {
                            var listed = declared
                            listed.location = location
                            return listed
                        }
                        return nil  // names no stage schemalint can see; the compiler reports unknown names
                    default:
                        return nil
                    }
                }
            case ("stages", _):
                plan.stagesLocation = member.value.location
            default:
                break
            }
        }
        return plan
    }

    /// A list given by a name of another static member of the plan (`Self.all`, `all`, `Plan.all`) or of another
    /// type (`Versions.all`), or built with `+`, as one list literal; nil when a part is anything else (the list stays
    /// unread, as before). `scope` and `file` become those of another type's member the list is written in, where
    /// its names resolve.
    private static func flattened(
        _ value: StaticValue, symbol: SymbolTable.Symbol, symbols: SymbolTable, from scope: inout SymbolID?,
        in file: inout String, depth: Int = 0
    ) -> StaticValue? {
        guard depth < 8 else { return nil }
        switch value {
        case .list: return value
        case let .reference(path, _), let .call(path, _):
            guard let name = path.last else { return nil }
            if path.count == 1 || (path.count == 2 && ["Self", "self", symbol.name].contains(path[0])) {
                guard let member = symbol.staticProperties.first(where: { $0.value.name == name }) else {
                    // A global constant of that name (Bloom's `currentSchemas`), read where it is declared.
                    guard path.count == 1, let global = symbols.globalConstant(name) else { return nil }
                    (scope, file) = (nil, global.file)
                    return flattened(
                        global.value.value, symbol: symbol, symbols: symbols, from: &scope, in: &file,
                        depth: depth + 1)
                }
                guard !["schemas", "stages"].contains(name) || depth > 0 else { return nil }
                return flattened(
                    member.value.value, symbol: symbol, symbols: symbols, from: &scope, in: &file, depth: depth + 1)
            }
            guard
                let owner = symbols.resolveSymbol(
                    .named(Array(path.dropLast()), arguments: []), scope: scope, file: file),
                owner != symbol.id,
                let member = symbols[owner].staticProperties.first(where: { $0.value.name == name })
            else { return nil }
            (scope, file) = (member.scope, member.file)
            return flattened(
                member.value.value, symbol: symbols[owner], symbols: symbols, from: &scope, in: &file,
                depth: depth + 1)
        case let .concatenation(parts, location):
            var elements: [ListElement] = []
            for part in parts {
                guard
                    case let .list(more, _)? = flattened(
                        part, symbol: symbol, symbols: symbols, from: &scope, in: &file, depth: depth + 1)
                else { return nil }
                elements += more
            }
            return .list(elements, location)
        case .version, .stage, .unreadable: return nil
        }
    }

    /// The versions `schemas` lists: `V.self`, or a constant holding one (`MigrateToV2.toVersion`, declared
    /// `static let toVersion: any VersionedSchema.Type = SchemaV2.self`). A list with an element schemalint cannot
    /// read is not read at all: rules that need every version in order would otherwise report the missing one.
    private static func schemas(
        _ elements: [ListElement], scope: SymbolID?, file: String, context: ProjectBuilder.Context
    ) -> [VersionReference]? {
        var references: [VersionReference] = []
        for element in elements {
            switch element {
            case let .type(type, location):
                references.append(
                    VersionReference(
                        written: type, location: location,
                        version: context.symbols.resolveSymbol(type, scope: scope, file: file)))
            case let .reference(path, location):
                guard let name = path.last else { return nil }
                let base: TypeExpr? =
                    path.count > 1 && !["Self", "self"].contains(path[0])
                    ? .named(Array(path.dropLast()), arguments: []) : nil
                let reference = ValueReference(base: base, name: name, location: location)
                guard let version = context.values.type(of: reference, scope: scope, file: file) else { return nil }
                let qualified = context.symbols[version].qualifiedName.split(separator: ".").map(String.init)
                references.append(
                    VersionReference(written: .named(qualified, arguments: []), location: location, version: version))
            case .stage, .unreadable:
                return nil
            }
        }
        return references
    }

    /// `migrateV1toV2`, `Self.migrateV1toV2`, `Plan.migrateV1toV2` or `OtherType.stage`.
    private static func lookupDeclaredStage(
        _ path: [String], in plan: MigrationPlan, symbol: SymbolTable.Symbol,
        context: ProjectBuilder.Context, scope: SymbolID?, file: String
    ) -> Stage? {
        guard let name = path.last else { return nil }
        let owner: SymbolID?
        if path.count == 1 || path.first == "Self" {
            owner = symbol.id
        } else {
            owner = context.symbols.resolveSymbol(
                .named(Array(path.dropLast()), arguments: []), scope: scope, file: file)
        }
        if owner == symbol.id {
            return plan.declaredStages.first { $0.name == name }
        }
        guard let owner else { return stageInMigrationStageExtension(path, context: context) }
        let other = context.symbols[owner]
        for member in other.staticProperties where member.value.name == name {
            guard case let .stage(expression) = member.value.value else { continue }
            return makeStage(
                expression, name: name, location: member.value.location, scope: member.scope, file: member.file,
                symbols: context.symbols)
        }
        return nil
    }

    /// `MigrationStage.migrateV1toV2` (or `.migrateV1toV2()` in the list): a static member of an
    /// `extension MigrationStage`, which names no type of the sources.
    private static func stageInMigrationStageExtension(_ path: [String], context: ProjectBuilder.Context) -> Stage? {
        guard path.count >= 2, path[path.count - 2] == "MigrationStage", let name = path.last else { return nil }
        for extensionDecl in context.symbols.unboundExtensions
        where extensionDecl.extendedType.path?.last == "MigrationStage" {
            for member in extensionDecl.members.staticProperties where member.name == name {
                guard case let .stage(expression) = member.value else { continue }
                return makeStage(
                    expression, name: name, location: member.location, scope: nil, file: member.location.file,
                    symbols: context.symbols)
            }
        }
        return nil
    }

    /// A stage with its from/to versions resolved from where the stage expression is written.
    private static func makeStage(
        _ expression: StageExpression, name: String?, location: SourceLocation,
        scope: SymbolID?, file: String, symbols: SymbolTable
    ) -> Stage {
        func reference(_ type: TypeExpr?) -> VersionReference? {
            type.map {
                VersionReference(
                    written: $0, location: expression.location,
                    version: symbols.resolveSymbol($0, scope: scope, file: file))
            }
        }
        // A closure given by name: the named function's body, when exactly one declaration answers to the name.
        func body(of reference: FunctionReference?) -> ClosureSummary? {
            guard let reference, let function = symbols.migrationFunction(reference.path, scope: scope, file: file)
            else { return nil }
            var summary = function.value.summary
            summary.origin = .function(name: function.value.name, declaredIn: function.scope)
            return summary
        }
        // The objects a helper it hands the context to builds and never keeps are the stage's too (two calls
        // deep), when exactly one function taking a `ModelContext` answers to the name.
        func withHelpers(_ summary: ClosureSummary?) -> ClosureSummary? {
            guard var summary else { return nil }
            // A helper's own helpers are named where it is declared.
            var pending = summary.contextHelpers.map { ($0, scope, file, 1) }
            var seen = Set<SourceLocation>()
            while let (reference, at, inFile, depth) = pending.popLast() {
                guard let function = symbols.migrationFunction(reference.path, scope: at, file: inFile),
                    seen.insert(function.value.location).inserted
                else { continue }
                summary.unkeptObjects += function.value.summary.unkeptObjects
                if depth < 2 {
                    pending += function.value.summary.contextHelpers.map {
                        ($0, function.scope, function.file, depth + 1)
                    }
                }
            }
            return summary
        }
        var expression = expression
        expression.willMigrate = withHelpers(expression.willMigrate ?? body(of: expression.willMigrateReference))
        expression.didMigrate = withHelpers(expression.didMigrate ?? body(of: expression.didMigrateReference))
        return Stage(
            name: name, kind: expression.kind, from: reference(expression.from), to: reference(expression.to),
            location: location, expression: expression, scope: scope)
    }
}
