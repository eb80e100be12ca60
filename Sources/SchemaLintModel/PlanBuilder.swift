/// Reads a `SchemaMigrationPlan`: its `schemas`, its `stages` list and the stages declared as static members
/// (in the plan's body or any extension of it, in any file).
enum PlanBuilder {
    static func plan(_ symbol: SymbolTable.Symbol, context: ProjectBuilder.Context) -> (MigrationPlan, [(String, SourceLocation)]) {
        let symbols = context.symbols
        func reference(_ type: TypeExpr?, _ location: SourceLocation, scope: SymbolID?, file: String) -> VersionReference? {
            guard let type else { return nil }
            let id = symbols.resolveSymbol(type, scope: scope, file: file)
            return VersionReference(written: type, location: location, version: id)
        }
        func stage(_ expression: StageExpression, name: String?, location: SourceLocation, scope: SymbolID?, file: String) -> Stage {
            Stage(name: name, kind: expression.kind,
                  from: reference(expression.from, expression.location, scope: scope, file: file),
                  to: reference(expression.to, expression.location, scope: scope, file: file),
                  location: location, expression: expression)
        }

        var plan = MigrationPlan(id: symbol.id, name: symbol.qualifiedName, location: symbol.location, declaredStages: [])
        for member in symbol.staticProperties {
            if case let .stage(expression) = member.value.value {
                plan.declaredStages.append(stage(expression, name: member.value.name, location: member.value.location,
                                                 scope: member.scope, file: member.file))
            }
        }
        var unresolved: [(String, SourceLocation)] = []
        for member in symbol.staticProperties {
            switch (member.value.name, member.value.value) {
            case let ("schemas", .list(elements, location)):
                plan.schemasLocation = location
                plan.schemas = elements.compactMap { element in
                    guard case let .type(type, location) = element else { return nil }
                    return reference(type, location, scope: member.scope, file: member.file)
                }
            case ("schemas", _):
                plan.schemasLocation = member.value.location
            case let ("stages", .list(elements, location)):
                plan.stagesLocation = location
                plan.stages = elements.compactMap { element -> Stage? in
                    switch element {
                    case let .stage(expression):
                        return stage(expression, name: nil, location: expression.location, scope: member.scope, file: member.file)
                    case let .reference(path, location):
                        if let declared = lookupDeclaredStage(path, in: plan, symbol: symbol, context: context, scope: member.scope, file: member.file) {
                            var listed = declared
                            listed.location = location
                            return listed
                        }
                        unresolved.append((path.joined(separator: "."), location))
                        return nil
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
        return (plan, unresolved)
    }

    /// `migrateV1toV2`, `Self.migrateV1toV2`, `Plan.migrateV1toV2` or `OtherType.stage`.
    private static func lookupDeclaredStage(_ path: [String], in plan: MigrationPlan, symbol: SymbolTable.Symbol,
                                            context: ProjectBuilder.Context, scope: SymbolID?, file: String) -> Stage? {
        guard let name = path.last else { return nil }
        let owner: SymbolID?
        if path.count == 1 || path.first == "Self" {
            owner = symbol.id
        } else {
            owner = context.symbols.resolveSymbol(.named(Array(path.dropLast()), arguments: []), scope: scope, file: file)
        }
        if owner == symbol.id {
            return plan.declaredStages.first { $0.name == name }
        }
        guard let owner else { return nil }
        let other = context.symbols[owner]
        for member in other.staticProperties where member.value.name == name {
            guard case let .stage(expression) = member.value.value else { continue }
            let from = expression.from.map { VersionReference(written: $0, location: expression.location,
                                                              version: context.symbols.resolveSymbol($0, scope: member.scope, file: member.file)) }
            let to = expression.to.map { VersionReference(written: $0, location: expression.location,
                                                          version: context.symbols.resolveSymbol($0, scope: member.scope, file: member.file)) }
            return Stage(name: name, kind: expression.kind, from: from, to: to, location: member.value.location, expression: expression)
        }
        return nil
    }
}
