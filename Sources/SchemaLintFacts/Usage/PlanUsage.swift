import SchemaLintModel

/// Which plans and containers matter for migration. Only app containers open stores on users' devices, and a
/// plan with one version and no stages migrates nothing, so rules about a plan's effect on a container look at
/// app containers and plans that can do something.
extension RuleContext {
    /// Containers that open the app's store (not previews, tests or in-memory stores).
    public var appContainers: [ContainerModel] { project.containers.filter { $0.purpose == .app } }

    /// A plan with at most one version and no stages: SwiftData has nothing to migrate with it.
    public func isInert(_ plan: MigrationPlan) -> Bool {
        steps(of: plan).versions.count <= 1 && (plan.stages ?? []).isEmpty
    }

    /// Whether some app container passes this plan as `migrationPlan:`.
    public func isUsedByAppContainer(_ plan: MigrationPlan) -> Bool {
        appContainers.contains { $0.plan == plan.id }
    }

    public func plan(_ id: SymbolID?) -> MigrationPlan? {
        guard let id else { return nil }
        return project.plans.first { $0.id == id }
    }
}
