import SchemaLintModel

/// A plan's versions in `schemas` order and the steps between neighbours, with the stages that cover each step.
public struct PlanSteps {
    public struct Step {
        public var from: SchemaVersion
        public var to: SchemaVersion
        /// Stages listed in `stages` whose from/to are exactly this step.
        public var stages: [Stage]
        /// The plan's `stages` is written in a way schemalint cannot read: which stage runs here cannot be told (never
        /// "no stage").
        public var stagesUnread = false
        /// Lightweight migration applies when the step has a lightweight stage or no stage at all; not known when the
        /// plan's stages are not read.
        public var isLightweight: Bool {
            !stagesUnread && (stages.isEmpty || stages.contains { $0.kind == .lightweight })
        }
    }

    public var versions: [SchemaVersion]
    public var steps: [Step]
    public var newest: SchemaVersion? { versions.last }

    public init(plan: MigrationPlan, project: Project) {
        versions = (plan.schemas ?? []).compactMap { $0.version.flatMap { project.version($0) } }
        let listed = plan.stages ?? []
        let unread = plan.stages == nil && plan.stagesLocation != nil
        steps = zip(versions, versions.dropFirst()).map { from, to in
            var step = Step(
                from: from, to: to, stages: listed.filter { $0.from?.version == from.id && $0.to?.version == to.id })
            step.stagesUnread = unread
            return step
        }
    }

    /// Index of a version in `schemas`.
    public func index(of id: SymbolID?) -> Int? { versions.firstIndex { $0.id == id } }

    /// Indices of the steps whose fate a finding about the plan already names as the cause, so a consequence (data
    /// dropped) is not said again: every step of a plan whose schemas are out of order (`schemas_out_of_order`: the
    /// steps themselves go the wrong way), a step a declared stage is written for but `stages` leaves out
    /// (`stage_not_listed`), and the steps a listed stage skips or goes back over, or a second stage covers
    /// (`stage_chain_broken`).
    public func stepsWithReportedCause(in plan: MigrationPlan) -> Set<Int> {
        var previous: VersionNumber?
        for version in versions {
            guard let identifier = version.identifier else { continue }
            if let previous, identifier < previous { return Set(steps.indices) }
            previous = identifier
        }
        var stages = plan.stages ?? []
        if let listed = plan.stages {
            let names = Set(listed.compactMap(\.name))
            stages += plan.declaredStages.filter { !names.contains($0.name ?? "") }
        }
        // Two listed stages for one step: stage_chain_broken names the second.
        var reported = Set(steps.indices.filter { steps[$0].stages.count > 1 })
        for stage in stages {
            guard let from = index(of: stage.from?.version), let to = index(of: stage.to?.version) else { continue }
            let listed = plan.stages?.contains { $0.name != nil && $0.name == stage.name } ?? false
            // A listed stage on its own step is the step's stage, not a broken one.
            if listed || stage.name == nil, to == from + 1 { continue }
            reported.formUnion(min(from, to)..<max(from, to))
        }
        return reported
    }
}

extension RuleContext {
    public func steps(of plan: MigrationPlan) -> PlanSteps { PlanSteps(plan: plan, project: project) }

    /// What devices hold for the start of a step: the lockfile's snapshot of a locked (not retired) version, else the
    /// source's. An edit to a shipped version is `shipped_schema_edited`'s; migration checks compare what shipped.
    public func startingSnapshot(of version: SchemaVersion) -> [EntitySnapshot]? {
        let current = analysis(of: version)
        if let locked = lockfile?.versions[version.key], locked.retired == nil {
            guard let current else { return locked.entities }
            // What an earlier release could not map is read as this release maps the same source (MappingUpgrade).
            let now = LockedVersion(analysis: current, type: version.name, versionIdentifier: nil)
            return MappingUpgrade.reconcile(locked, with: now, sourceTypes: current.sourceTypes)
        }
        return current?.snapshot
    }

    /// The class a version uses for an entity name.
    public func entity(named name: String, in version: SchemaVersion) -> Entity? {
        version.allEntities.lazy.compactMap { self.project.entity($0) }.first { $0.name == name }
    }

    /// Where to point for a change: the property in the newer version, else its entity, else the version.
    public func location(entity: String, property: String?, in version: SchemaVersion) -> SourceLocation {
        guard let entity = self.entity(named: entity, in: version) else {
            return version.modelsLocation ?? version.location
        }
        if let property, let declared = entity.properties.first(where: { $0.name == property }) {
            return declared.location
        }
        return entity.location
    }
}
