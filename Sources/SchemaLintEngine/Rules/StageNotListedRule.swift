import SchemaLintModel

/// A stage declared on a plan but left out of `stages` never runs.
public struct StageNotListedRule: Rule {
    public let id = "stage_not_listed"
    public let defaultSeverity = Severity.error
    public let summary = "A migration stage declared in a plan is missing from its stages list, so it never runs."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let stages = plan.stages else { continue }
            let listed = Set(stages.compactMap(\.name))
            for stage in plan.declaredStages where !listed.contains(stage.name ?? "") {
                let step = [stage.from?.written.description, stage.to?.written.description].compactMap { $0 }.joined(separator: " → ")
                findings.append(finding(stage.location, "\(plan.name).\(stage.name ?? "stage") (\(stage.kind.rawValue)\(step.isEmpty ? "" : ", \(step)")) is declared but not listed in \(plan.name).stages, so SwiftData never runs it. Add \(stage.name ?? "it") to stages"))
            }
        }
        return findings
    }
}
