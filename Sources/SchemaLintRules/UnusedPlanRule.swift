import SchemaLintFacts
import SchemaLintModel

/// A migration plan that nothing uses migrates no store: the plan rules skip it, and this says so once.
public struct UnusedPlanRule: Rule {
    public let id = RuleID.unusedPlan
    public let defaultSeverity = Severity.note
    public let summary = "A migration plan that no container is given and no code names: it is not checked."

    public func check(_ context: RuleContext) -> [Finding] {
        context.unreferencedPlans.map { plan in
            finding(plan.location, about: .plan(plan.name), .planUnused(plan.name))
        }
    }
}

extension RuleID {
    public static let unusedPlan: RuleID = "unused_plan"
}

extension Finding.Message {
    static func planUnused(_ plan: String) -> Self {
        Self(
            id: "unused",
            "\(plan) is used by nothing, so it migrates no store and schemalint does not check it",
            detail: "No container is given it and no code names it (a container that used it may be commented out)",
            fix: "Pass it as migrationPlan: to the app's container, or delete it")
    }
}
