import SchemaLintFacts
import SchemaLintModel

/// A stage declared on a plan but left out of `stages` never runs.
public struct StageNotListedRule: Rule {
    public let id = RuleID.stageNotListed
    public let defaultSeverity = Severity.error
    public let summary = "A migration stage declared in a plan is missing from its stages list, so it never runs."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let stages = plan.stages else { continue }
            let listed = Set(stages.compactMap(\.name))
            for stage in plan.declaredStages where !listed.contains(stage.name ?? "") {
                // Towards a version neither listed nor opened yet: unfinished work, which listing would break.
                if SchemaNotListedRule.isFutureWork(stage, plan, context) { continue }
                let step = [stage.from?.written.description, stage.to?.written.description].compactMap { $0 }.joined(
                    separator: " → ")
                findings.append(
                    finding(
                        stage.location, about: .stage(plan: plan.name, stage: stage.displayName),
                        .stageNotListed(
                            plan: plan.name, stage: stage.name, kind: stage.kind.rawValue,
                            step: step),
                        fix: PlanEdits.listStage(stage, in: plan, context: context)))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let stageNotListed: RuleID = "stage_not_listed"
}

extension Finding.Message {
    static func stageNotListed(plan: String, stage: String?, kind: String, step: String) -> Self {
        let what = kind == StageKind.custom.rawValue ? "its migration code" : "it"
        return Self(
            id: "not-listed",
            "\(plan).\(stage ?? "stage") is not listed in stages: SwiftData never runs \(what)",
            detail: "It is a \(kind) stage\(step.isEmpty ? "" : " (\(step))") declared on \(plan), and SwiftData "
                + "runs only the stages \(plan).stages lists"
                + (kind == StageKind.custom.rawValue && !step.isEmpty
                    ? ": stores then go \(step) by lightweight inference, and whatever its code copies or fixes is "
                        + "lost" : ""),
            fix: "Add \(stage ?? "it") to \(plan).stages, in version order")
    }
}
