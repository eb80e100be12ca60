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
    /// The store holding it (`StateAssignment`).
    public var store: StoreTopology.Store

    public enum Fate {
        /// Opened by inference, straight to `target`, the models the store's containers open now.
        case inferred(target: SchemaVersion)
        /// The store's plan runs stages and does not list it: 134504.
        case unknownToPlan(plan: MigrationPlan)
    }
}

extension RuleContext {
    /// Plans whose stages run on some store: a plan with stages (or stages schemalint could not read) that an app
    /// container is given (every such plan, when the stores are pooled).
    public var stagedPlans: [MigrationPlan] {
        var seen = Set<SymbolID>()
        return topology.stores.flatMap { $0.stagedPlans(self) }.filter { seen.insert($0.id).inserted }
    }

    /// Locked states no version their store can open stores, and what happens to them (see `ShippedState`), each
    /// judged with the store that holds it.
    public var shippedStates: [ShippedState] {
        guard let lockfile else { return [] }
        var states: [ShippedState] = []
        var seen = Set<String>()
        for key in lockfile.versionKeys {
            guard let locked = lockfile.versions[key], locked.retired == nil else { continue }
            let holders = StateAssignment.holder(of: key, locked, in: self).stores
            for store in holders {
                guard let state = shippedState(key: key, locked, in: store, onlyHolder: holders.count == 1) else {
                    continue
                }
                // One finding per state and fate: the other files of one container's configurations share them.
                if seen.insert("\(key)|\(state.fateKey)").inserted { states.append(state) }
            }
        }
        return states
    }

    /// What happens to a locked state in one store holding it (`StateAssignment`), or nil when a version the store
    /// opens now stores it, or nothing can be judged. `upgrades` asks it per store; `shippedStates` keeps one per
    /// state and fate.
    public func shippedState(key: String, _ locked: LockedVersion, in store: StoreTopology.Store, onlyHolder: Bool)
        -> ShippedState?
    {
        let staged = store.stagedPlan(self)
        // By inference, the models this store is opened with now; pooled, any the app declares (an App Intent left
        // on the old default store while the app moved to an App Group holds the old state with fewer models: what
        // `upgrades` says it deletes, `check` says too). With stages, only the plan's versions count.
        let present =
            store.stagedChecksums(self)
            ?? (store.isPooled
                ? Set(analyses.values.map(\.hashes.checksum)) : checksums(of: store.inferenceTargets(self)))
        guard !present.contains(locked.checksum) else { return nil }
        // A version whose models could not be read may be this state: cannot tell, so nothing is judged.
        if staged == nil ? !unreadVersions.isEmpty : !store.stagedVersionsRead(self) { return nil }
        // A versioned entry whose type is still declared was edited: shipped_schema_edited reports that. With no
        // stage running, its stores are also migrated by inference, so what inference cannot do is checked.
        if !ImplicitVersionKeys.isImplicit(key), project.version(key: key) != nil, staged != nil { return nil }
        if let plan = staged {
            return ShippedState(key: key, locked: locked, fate: .unknownToPlan(plan: plan), store: store)
        }
        guard let target = inferenceTarget(of: locked, in: store, onlyHolder: onlyHolder) else { return nil }
        return ShippedState(key: key, locked: locked, fate: .inferred(target: target), store: store)
    }

    /// The plan with stages, given to a store holding the version, that lists it: SwiftData then migrates stage by
    /// stage and must recognise the store's checksum, so an edit that moves it fails now. With no plan, or a plan
    /// without stages (`stages: []`), it infers one lightweight migration from the model the store holds, so a moved
    /// checksum does not fail today. A plan whose stages could not be read counts as staged: the error is kept rather
    /// than guessed away. `check` (`shipped_schema_edited`) and `upgrades` ask the same question here.
    public func planRunningStages(on version: SchemaVersion, in stores: [StoreTopology.Store]) -> MigrationPlan? {
        stores.flatMap(\.plans).first { plan in
            plan.stages?.isEmpty != true && steps(of: plan).versions.contains { $0.id == version.id }
        }
    }

    /// Versions whose `models` list could not be read: they have no checksum to compare a state with.
    package var unreadVersions: [SchemaVersion] { project.versions.filter { $0.modelsUnread != nil } }

    /// The checksums of versions, those whose models were read.
    func checksums(of versions: [SchemaVersion]) -> Set<String> {
        Set(versions.compactMap { analysis(of: $0)?.hashes.checksum })
    }

    /// The checksums of a plan's versions.
    public func checksums(of plan: MigrationPlan) -> Set<String> {
        Set(steps(of: plan).versions.compactMap { analysis(of: $0)?.hashes.checksum })
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

    package var currentTargets: [SchemaVersion] { InferenceTargets.targets(in: project, plans: project.plans) }

    /// The models a store holding `locked` is opened with now: the target sharing the most models with it, or, when
    /// it is the only store holding the state, the store's only target even if it shares none (an app that replaced
    /// every model in one release: its store opens with the new ones and drops the old rows, as `data_dropped` says).
    private func inferenceTarget(
        of locked: LockedVersion, in store: StoreTopology.Store, onlyHolder: Bool
    ) -> SchemaVersion? {
        let targets = store.inferenceTargets(self)
        return InferenceTargets.nearest(to: Set(locked.entities.map(\.name)), among: targets) { analysis(of: $0) }
            ?? (onlyHolder && targets.count == 1 ? targets[0] : nil)
    }
}

extension ShippedState {
    /// What becomes of it, as a key: two stores that do the same with a state report it once.
    var fateKey: String {
        switch fate {
        case let .inferred(target): return "inferred:\(target.key)"
        case let .unknownToPlan(plan): return "plan:\(plan.name)"
        }
    }

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
