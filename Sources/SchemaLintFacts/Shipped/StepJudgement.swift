import SchemaLintModel

/// The judgements `check` and `upgrades` share, made in one place so the two never disagree: a state `check` reports
/// as failing is never ✅ in `upgrades`, and a step `upgrades` says fails is a finding (fit-iq, EPGPlayer, BorderLog:
/// a lightweight step adding a required attribute without a default was an error in `check` and "migrates" in
/// `upgrades`).
extension RuleContext {
    /// What lightweight migration cannot infer in a plan step that runs no custom stage (a lightweight stage, or
    /// none): from what shipped (the lockfile's snapshot of a locked version) to the target as it is now.
    public func inferenceBlockers(of step: PlanSteps.Step) -> [AssessedChange] {
        guard step.isLightweight, let old = analysis(of: step.from), let new = analysis(of: step.to) else { return [] }
        return MigrationAssessment.assess(from: startingSnapshot(of: step.from) ?? old.snapshot, to: new.snapshot)
            .filter { $0.blocker != nil }
    }

    /// New required properties in a step a custom stage runs: Core Data migrates the store between `willMigrate` and
    /// `didMigrate` by inference (`NSCustomMigrationStage`), so rows already stored get no value there, and what
    /// `didMigrate` sets comes too late (Ticklist's "This does not work"). None when `willMigrate` deletes every row
    /// of the entity first, or hands its context to code that may.
    public func customStageInferenceBlockers(of step: PlanSteps.Step) -> [AssessedChange] {
        guard !step.stagesUnread, step.stages.count == 1, let stage = step.stages.first, stage.kind == .custom,
            let old = analysis(of: step.from), let new = analysis(of: step.to)
        else { return [] }
        let before = stage.expression.willMigrate
        if let before, !before.contextHandOffs.isEmpty || !before.contextHelpers.isEmpty { return [] }
        if stage.expression.willMigrateReference != nil, before == nil { return [] }
        let emptied = Set(
            (before?.rowDeletions ?? []).filter { $0.kind != .some }.compactMap { $0.model?.path?.last }
                + (before?.deletedModels ?? []).compactMap { $0.path?.last })
        return MigrationAssessment.assess(from: startingSnapshot(of: step.from) ?? old.snapshot, to: new.snapshot)
            .filter { $0.blocker != nil && $0.kind == .propertyAdded && !emptied.contains($0.entity) }
    }

    /// What makes a plan step that runs no custom stage fail on some stores and not others (`AssessedChange.failsIf`):
    /// a property made required, a new uniqueness constraint.
    public func inferenceRisks(of step: PlanSteps.Step) -> [AssessedChange] {
        guard step.isLightweight, let old = analysis(of: step.from), let new = analysis(of: step.to) else { return [] }
        return MigrationAssessment.assess(from: startingSnapshot(of: step.from) ?? old.snapshot, to: new.snapshot)
            .filter { $0.failsIf != nil }
    }

    /// Pairs of a plan's versions with one store checksum (or one version listed twice), earlier first: a plan with
    /// any stops at launch with "Duplicate version checksums", whatever the store holds. Versions whose models list
    /// could not be read take no part.
    public func duplicateChecksums(in plan: MigrationPlan) -> [(earlier: SchemaVersion, later: SchemaVersion)] {
        var firstByChecksum: [String: SchemaVersion] = [:]
        var pairs: [(earlier: SchemaVersion, later: SchemaVersion)] = []
        for version in versions(of: plan) {
            guard let analysis = analysis(of: version), version.models != nil else { continue }
            if let earlier = firstByChecksum[analysis.hashes.checksum] {
                pairs.append((earlier, version))
            } else {
                firstByChecksum[analysis.hashes.checksum] = version
            }
        }
        return pairs
    }

    /// Whether a migration reads `change`'s default value: a step of a plan into `version` whose source version
    /// lacks the property (rows arrive without a value), or `version` being what an app opens now (new rows, and
    /// inference from shipped states). A default on a property every step into a historical version already
    /// carries is read by nothing.
    public func migrationReadsDefault(of change: SchemaChange, into version: SchemaVersion) -> Bool {
        guard let property = change.property else { return true }
        if currentTargets.contains(where: { $0.id == version.id }) { return true }
        for plan in project.plans where steps(of: plan).versions.last?.id == version.id { return true }
        for plan in project.plans {
            for step in steps(of: plan).steps where step.to.id == version.id {
                let source = startingSnapshot(of: step.from) ?? []
                let entity = source.first { $0.name == change.entity }
                if entity?.properties.contains(where: { $0.name == property }) != true { return true }
            }
        }
        return false
    }
}
