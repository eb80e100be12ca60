import SchemaLintModel

/// A stage's fromVersion and toVersion must both be in the plan's `schemas`.
public struct SchemaNotListedRule: Rule {
    public let id = "schema_not_listed"
    public let defaultSeverity = Severity.error
    public let summary = "A migration stage goes from or to a version that the plan's schemas list does not contain."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let schemas = plan.schemas else { continue }
            let listed = Set(schemas.compactMap(\.version))
            var seen = Set<String>()
            for stage in (plan.stages ?? []) + plan.declaredStages {
                for (role, reference) in [("fromVersion", stage.from), ("toVersion", stage.to)] {
                    guard let reference, let version = reference.version, context.project.version(version) != nil,
                          !listed.contains(version) else { continue }
                    let name = context.project.symbols[version].qualifiedName
                    guard seen.insert("\(stage.expression.location)|\(role)").inserted else { continue }
                    findings.append(finding(stage.expression.location, "this \(stage.kind.rawValue) stage's \(role) is \(name), which \(plan.name).schemas does not list: SwiftData cannot match stores of that version and the migration fails. Add \(name).self to schemas in version order"))
                }
            }
        }
        return findings
    }
}
