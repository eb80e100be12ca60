import SchemaLintModel

/// A container built from versioned models without the plan skips every stage.
public struct ContainerWithoutMigrationPlanRule: Rule {
    public let id = RuleID.containerWithoutMigrationPlan
    public let defaultSeverity = Severity.warning
    public let summary =
        "A ModelContainer is created with models or a schema of a plan's versions but without migrationPlan:."

    public func check(_ context: RuleContext) -> [Finding] {
        let project = context.project
        // A plan nothing uses is still the plan these models belong to, but leaving it out only matters when it has
        // custom stages to skip: inference migrates as its lightweight stages would.
        let skipsStages = { (plan: MigrationPlan) in plan.stages?.contains { $0.kind == .custom } == true }
        let plans = (project.plans + context.unreferencedPlans.filter(skipsStages)).filter { !context.isInert($0) }
        let planned = Dictionary(
            plans.flatMap { plan in
                context.steps(of: plan).versions.flatMap { version in
                    version.allEntities.map { ($0, plan.name) } + [(version.id, plan.name)]
                }
            }, uniquingKeysWith: { first, _ in first })
        return context.appContainers.compactMap { container in
            guard !container.hasMigrationPlanArgument else { return nil }
            let named = (container.models ?? []).compactMap(\.entity) + (container.versionedSchema.map { [$0] } ?? [])
            guard let plan = named.lazy.compactMap({ planned[$0] }).first else { return nil }
            return finding(
                container.location, about: .container(container.subjectName),
                .containerWithoutPlan(plan: plan))
        }
    }
}

extension RuleID {
    public static let containerWithoutMigrationPlan: RuleID = "container_without_migration_plan"
}

extension Finding.Message {
    static func containerWithoutPlan(plan: String) -> Self {
        Self(
            id: "no-plan",
            "this container is given models of \(plan)'s versions but no migrationPlan:, so SwiftData "
                + "never runs its stages: custom stages are skipped and a store it cannot migrate by inference fails "
                + "to "
                + "open. Pass migrationPlan: \(plan).self")
    }
}
