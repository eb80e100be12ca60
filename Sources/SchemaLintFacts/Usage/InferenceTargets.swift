import SchemaLintModel

/// Where SwiftData takes a store when no migration stage runs: it infers one lightweight migration from the model the
/// store holds straight to the models the app opens now. Shared by the lockfile's shipped states and store fixtures.
public enum InferenceTargets {
    /// Plans whose stages run: a plan with stages, or stages schemalint could not read.
    public static func stagedPlans(in plans: [MigrationPlan]) -> [MigrationPlan] {
        plans.filter { $0.stages?.isEmpty != true && ($0.schemas?.count ?? 0) > 1 }
    }

    /// What the app's containers open now: the implicit versions, the versions app containers without a plan name
    /// (`Schema(versionedSchema: V.self)`, or exactly `V`'s models), and the newest version of each plan with
    /// `stages: []`.
    public static func targets(in project: Project, plans: [MigrationPlan]) -> [SchemaVersion] {
        var targets = project.versions.filter(\.isImplicit)
        for container in project.containers where container.purpose == .app && !container.hasMigrationPlanArgument {
            // `Schema(versionedSchema: V.self)`, or `Schema(SchemaV2.models)`: a version stores exactly these models.
            targets += StoreTopology.opened(by: container, project)
        }
        for plan in plans where plan.stages?.isEmpty == true {
            if let newest = PlanSteps(plan: plan, project: project).newest { targets.append(newest) }
        }
        var seen = Set<String>()
        return targets.filter { seen.insert($0.key).inserted }
    }

    /// The target sharing the most entity names with what a store holds (several apps, or a widget's own container).
    public static func nearest(
        to names: Set<String>, among targets: [SchemaVersion], analyses: (SchemaVersion) -> VersionAnalysis?
    ) -> SchemaVersion? {
        func shared(_ version: SchemaVersion) -> Int {
            names.intersection(analyses(version)?.snapshot.map(\.name) ?? []).count
        }
        guard let best = targets.max(by: { shared($0) < shared($1) }), shared(best) > 0 else { return nil }
        return best
    }
}
