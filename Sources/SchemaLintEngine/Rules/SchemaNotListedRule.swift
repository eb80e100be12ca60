import SchemaLintModel

/// A stage's fromVersion and toVersion must both be in the plan's `schemas`.
public struct SchemaNotListedRule: Rule {
    public let id = RuleID.schemaNotListed
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
                        !listed.contains(version)
                    else { continue }
                    let name = context.project.symbols[version].qualifiedName
                    guard seen.insert("\(stage.expression.location)|\(role)").inserted else { continue }
                    findings.append(
                        finding(
                            stage.expression.location,
                            about: .stage(plan: plan.name, stage: stage.displayName),
                            .versionNotListed(
                                kind: stage.kind.rawValue, role: role, version: name,
                                plan: plan.name)))
                }
            }
        }
        return findings
    }
}

extension RuleID {
    public static let schemaNotListed: RuleID = "schema_not_listed"
}

extension Finding.Message {
    static func versionNotListed(kind: String, role: String, version: String, plan: String) -> Self {
        Self(
            id: role,
            "this \(kind) stage's \(role) is \(version), which \(plan).schemas does not list: SwiftData "
                + "cannot match stores of that version and the migration fails. Add \(version).self to schemas in "
                + "version order")
    }
}
