import SchemaLintFacts
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
                    version.allEntities.map { ($0, plan) } + [(version.id, plan)]
                }
            }, uniquingKeysWith: { first, _ in first })
        // One finding per store: containers opened again from the same function with the same models (a retry in
        // a `catch`, after deleting the store) are the same mistake, shown as related locations.
        var findings: [Finding] = []
        var firstOfStore: [String: Int] = [:]
        // A store opened again after a failure path deleted its files (`store_deleted_on_failure`) is new and empty:
        // it has no stages to run.
        let recreated = StoreDeletedOnFailureRule.recreatedContainers(project)
        // A fallback in the `catch` of a `do` that opens the store with the plan is the last resort when the plan's
        // container fails, not the way the store is opened.
        for container in context.appContainers
        where !container.hasMigrationPlanArgument && !container.isFallback && !recreated.contains(container.location) {
            let named = (container.models ?? []).compactMap(\.entity) + (container.versionedSchema.map { [$0] } ?? [])
            // Advice to pass a plan that could not open the store would lose data: only a plan that can is named.
            guard let plan = named.lazy.compactMap({ planned[$0] }).first, canOpen(plan, container, context) else {
                continue
            }
            if let site = container.site {
                let store = "\(site)|\(named.map { String($0.raw) }.joined(separator: ","))"
                if let index = firstOfStore[store] {
                    findings[index].notes.append(Finding.Note(container.location, "the same store opened again"))
                    continue
                }
                firstOfStore[store] = findings.count
            }
            findings.append(
                finding(
                    container.location, about: .container(container.subjectName),
                    .containerWithoutPlan(plan: plan.name)))
        }
        return findings
    }

    /// Whether passing the plan would open this container's store: its newest version holds every model the store
    /// holds (else those rows are dropped), and no stage goes from a version to itself (SwiftData refuses the plan).
    private func canOpen(_ plan: MigrationPlan, _ container: ContainerModel, _ context: RuleContext) -> Bool {
        let project = context.project
        if (plan.stages ?? []).contains(where: { $0.from?.version != nil && $0.from?.version == $0.to?.version }) {
            return false
        }
        guard let newest = context.steps(of: plan).newest else { return false }
        let held = Set(newest.allEntities.compactMap { project.entity($0)?.name })
        let listed = (container.models ?? []).compactMap(\.entity)
        let stored = listed + VersionBuilder.reachable(from: listed, entities: project.entities)
        return stored.allSatisfy { project.entity($0).map { held.contains($0.name) } ?? true }
    }
}

extension RuleID {
    public static let containerWithoutMigrationPlan: RuleID = "container_without_migration_plan"
}

extension Finding.Message {
    static func containerWithoutPlan(plan: String) -> Self {
        Self(
            id: "no-plan",
            "This container has no migrationPlan:, so \(plan)'s stages never run and some stores fail to open",
            detail: "It is given models of \(plan)'s versions but no migrationPlan:, so SwiftData never runs the "
                + "plan's stages and only tries an inferred lightweight migration: custom stages are skipped, and a "
                + "store it cannot migrate by inference fails to open",
            fix: "Pass migrationPlan: \(plan).self")
    }
}
