import SchemaLintFacts
import SchemaLintModel

/// A plan that lists stages but leaves one step out: SwiftData infers a lightweight migration there, which the step
/// allows, but the plan no longer says what runs where. A note, with the explicit stage as its fix.
///
/// Plans with no stages at all rely on inference on purpose and are not reported; a step lightweight migration
/// cannot do is `lightweight_unsupported_change`'s (one root cause, one finding).
public struct StageMissingRule: Rule {
    public let id = RuleID.stageMissing
    public let defaultSeverity = Severity.note
    public let summary =
        "A plan lists stages for some steps but not this one; SwiftData infers a lightweight migration for it."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let stages = plan.stages, !stages.isEmpty, let list = plan.stagesLocation else { continue }
            let steps = context.steps(of: plan)
            // A listed stage that skips versions (stage_chain_broken) or a declared one left out of the list
            // (stage_not_listed) already accounts for the step.
            let accounted = stages + plan.declaredStages
            for step in steps.steps where step.stages.isEmpty && !accounted.contains(where: { stage in
                stage.from?.version == step.from.id || stage.to?.version == step.to.id
            }) {
                guard let old = context.analysis(of: step.from), let new = context.analysis(of: step.to),
                    !MigrationAssessment.assess(
                        from: context.startingSnapshot(of: step.from) ?? old.snapshot, to: new.snapshot
                    ).contains(where: { $0.blocker != nil })
                else { continue }
                let names = "\(step.from.name) → \(step.to.name)"
                findings.append(
                    finding(
                        list, about: .stage(plan: plan.name, stage: names),
                        .stageMissing(names, plan: plan.name, from: step.from.name, to: step.to.name),
                        fix: PlanEdits.addLightweightStage(
                            from: step.from.name, to: step.to.name, index: steps.index(of: step.from.id), in: plan,
                            steps: steps)))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let stageMissing: RuleID = "stage_missing"
}

extension Finding.Message {
    static func stageMissing(_ names: String, plan: String, from: String, to: String) -> Self {
        Self(
            id: "implicit",
            "no stage for \(names): SwiftData infers a lightweight one, nothing breaks",
            detail: "\(plan).stages lists stages for other steps but not for \(names): SwiftData infers a lightweight "
                + "migration for it, which this step allows",
            fix: "Say so with .lightweight(fromVersion: \(from).self, toVersion: \(to).self) in \(plan).stages "
                + "(schemalint check --fix writes it)")
    }
}
