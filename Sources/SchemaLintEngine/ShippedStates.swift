import SchemaLintModel

/// What becomes of each store a user can hold: every state the lockfile records (a locked version, or an unversioned
/// app's implicit state) whose checksum no version in the sources has any more.
///
/// - With a plan that runs stages, SwiftData migrates stage by stage and must recognise the store's checksum among
///   the plan's versions: a state it does not know fails with 134504 (`shipped_version_not_in_plan`).
/// - With no plan, or a plan with `stages: []`, SwiftData infers one lightweight migration from the model the store
///   holds straight to the models the app opens now: the state is compared with that target, and what inference cannot
///   do is `lightweight_unsupported_change`, a rename without `originalName` is `rename_without_original_name`.
///
/// A state some current version still stores (the same checksum, whatever its type is called now) needs nothing.
public struct ShippedState {
    public var key: String
    public var locked: LockedVersion
    public var fate: Fate

    public enum Fate {
        /// Opened by inference, straight to `target`, the models the app opens now.
        case inferred(target: SchemaVersion)
        /// A plan with stages does not list it: 134504.
        case unknownToPlan(plan: MigrationPlan)
    }
}

extension RuleContext {
    /// Plans whose stages run: a plan with stages (or stages schemalint could not read) that is used.
    public var stagedPlans: [MigrationPlan] {
        InferenceTargets.stagedPlans(in: project.plans).filter { !isInert($0) }
    }

    /// Locked states no current version stores, and what happens to their stores (see `ShippedState`).
    public var shippedStates: [ShippedState] {
        guard let lockfile else { return [] }
        let staged = stagedPlans
        // With stages, only the plan's versions count; by inference, any model the app still declares.
        let present = staged.isEmpty ? Set(analyses.values.map(\.hashes.checksum)) : stagedChecksums
        let targets = currentTargets
        return lockfile.versions.keys.sorted().compactMap { key -> ShippedState? in
            guard let locked = lockfile.versions[key], locked.retired == nil, !present.contains(locked.checksum)
            else { return nil }
            // A versioned entry whose type is still declared was edited: shipped_schema_edited reports that. With
            // no stage running, its stores are also migrated by inference, so what inference cannot do is checked.
            if !ImplicitVersionKeys.isImplicit(key), project.version(key: key) != nil, !staged.isEmpty { return nil }
            if let plan = staged.first {
                return ShippedState(key: key, locked: locked, fate: .unknownToPlan(plan: plan))
            }
            guard let target = nearest(to: locked, among: targets) else { return nil }
            return ShippedState(key: key, locked: locked, fate: .inferred(target: target))
        }
    }

    /// What a shipped state's stores hold, read as this release maps the same source (`MappingUpgrade`): a
    /// property an earlier release could not map takes the inference target's form when its Swift type is the same,
    /// so upgrading schemalint never reads as a change lightweight migration cannot do.
    public func shippedEntities(of state: ShippedState) -> [EntitySnapshot] {
        guard case let .inferred(target) = state.fate, let now = analysis(of: target) else {
            return state.locked.entities
        }
        let current = LockedVersion(analysis: now, type: target.name, versionIdentifier: nil)
        return MappingUpgrade.reconcile(state.locked, with: current, sourceTypes: now.sourceTypes)
    }

    /// The checksums of every version of the plans that run stages.
    public var stagedChecksums: Set<String> {
        Set(stagedPlans.flatMap { steps(of: $0).versions.compactMap { analysis(of: $0)?.hashes.checksum } })
    }

    var currentTargets: [SchemaVersion] { InferenceTargets.targets(in: project, plans: project.plans) }

    private func nearest(to locked: LockedVersion, among targets: [SchemaVersion]) -> SchemaVersion? {
        InferenceTargets.nearest(to: Set(locked.entities.map(\.name)), among: targets) { analysis(of: $0) }
    }
}

extension ShippedState {
    /// How findings name the state: `the unversioned state locked as Unversioned@4IIuZabG`, `SchemaV1 (locked)`.
    public var displayName: String {
        ImplicitVersionKeys.isImplicit(key)
            ? "the unversioned state locked as \(key)"
            : "\(locked.type) (\(locked.versionIdentifier ?? "no identifier")) as it was locked"
    }
}

extension SchemaVersion {
    /// How findings name a version: its type, or for the implicit one, the models its container opens.
    public var displayName: String {
        isImplicit ? "the models the app container opens (\(location))" : name
    }
}
