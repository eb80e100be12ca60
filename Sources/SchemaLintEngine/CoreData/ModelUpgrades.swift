import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// `upgrades` rows for the Core Data versions a lockfile records: what this build's bundle does with a store in each,
/// judged as `check` judges them (`ShippedModelVersions`, `ModelMigrationStep`).
enum ModelUpgrades {
    static func rows(_ context: RuleContext) -> [UpgradeMatrix.Row] {
        guard let lockfile = context.lockfile, context.project.modelBundlesRead else { return [] }
        let shipped = context.shippedModels
        let adoptions = Dictionary(
            CoreDataAdoption.find(context).filter { !$0.sharedWithCoreData }.map { ($0.bundle, $0) },
            uniquingKeysWith: { first, _ in first })
        let bundles = Dictionary(
            context.project.modelBundles.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [UpgradeMatrix.Row] = []
        let mixed = Lockfile.mixedBundleKeys(lockfile.coreData, bundles: context.project.modelBundles)
        for (bundleKey, locked) in (lockfile.coreData ?? [:]).sorted(by: { $0.key < $1.key })
        where !mixed.contains(bundleKey) {
            let chain = bundles[bundleKey].map { ModelMigrationStep.StepChain($0, context: context) }
            let leftBehind = context.coreDataLeftBehind(bundleKey)
            let partlyLeft = context.coreDataLeftBehind(bundleKey, partly: true)
            // SwiftData opens the bundle's models in another file now: its stores are no longer opened.
            let movedTo = CoreDataAdoption.movedAway(bundleKey, context).map(\.store.location.key)
            for (name, entry) in BundleVersionOrder(locked).sorted(Array(locked.versions), by: \.key)
            where entry.retired == nil {
                let key = "\(bundleKey)/\(name)"
                /// A row saying the files `held` are no longer opened, named beside `opened`.
                func gone(_ held: [String], beside opened: [String]) {
                    let files = CoreDataStoreFiles.displayNames(held, beside: opened)
                    rows.append(
                        UpgradeMatrix.Row(
                            name: key, isStore: false, checksum: entry.checksum, outcome: .storeGone(stores: files),
                            store: files.joined(separator: ", ")))
                }
                let openedNow = context.coreDataStoreFiles.files(of: bundleKey) ?? []
                if let held = leftBehind[name] {
                    gone(held, beside: openedNow)
                    continue
                }
                // Also held in a file the stacks no longer open (moved by an earlier release): stores there stay.
                if let held = partlyLeft[name] { gone(held, beside: openedNow) }
                if !movedTo.isEmpty, let held = entry.heldIn, !held.isEmpty {
                    gone(held, beside: movedTo)
                    continue
                }
                if let adoption = adoptions[bundleKey] {
                    rows.append(
                        UpgradeMatrix.Row(
                            name: key, isStore: false, checksum: entry.checksum,
                            outcome: adopted(name, locked: locked, by: adoption, context: context),
                            store: adoption.store.name))
                    continue
                }
                rows.append(
                    UpgradeMatrix.Row(
                        name: key, isStore: false, checksum: entry.checksum,
                        outcome: outcome(
                            name, entry: entry, locked: locked, bundleKey: bundleKey, bundle: bundles[bundleKey],
                            chain: chain, shipped: shipped, context: context),
                        store: nil))
            }
        }
        return rows
    }

    private static func outcome(
        _ name: String, entry: LockedModelVersion, locked: LockedBundle, bundleKey: String, bundle: ModelBundle?,
        chain: ModelMigrationStep.StepChain?, shipped: ShippedModelVersions, context: RuleContext
    ) -> UpgradeMatrix.Outcome {
        if let removal = shipped.removals.first(where: { $0.bundleKey == bundleKey && $0.name == name }) {
            switch removal.why {
            case .versionDeleted: return .modelMissing(bundle: removal.bundleKey, why: "\(name) was deleted")
            case .bundleDeleted: return .modelGone(bundle: removal.bundleKey, why: "the bundle is gone")
            case .bundleNotCompiled: return .modelGone(bundle: removal.bundleKey, why: "no target compiles the bundle")
            }
        }
        guard let bundle, let current = bundle.currentVersion,
            let now = context.analyses[bundle.key(of: current)]
        else { return .notOpened }
        if shipped.edits.contains(where: { $0.bundle.key == bundle.key && $0.version.name == name }),
            let edited = bundle.version(named: name), let hashes = context.analyses[bundle.key(of: edited)]
        {
            return .modelEdited(bundle: bundle.key, checksum: hashes.hashes.checksum)
        }
        // Same hashes as the current version (or the current one itself): opened without a migration.
        if now.hashes.checksum == entry.checksum { return .opensAsIs(version: bundle.key(of: current)) }
        if let why = ModelMigrationStep.migrationUnseen(context) { return .cannotTell(why: why) }
        let shippedEntities = locked.lockedVersion(name)?.entities ?? []
        /// What the mapping models on the way set where it matters (`MappedStep`): `check`'s judgement, as risks.
        func mappedRisks() -> [String] {
            MappedStep.steps(
                bundle, from: name, shipped: shippedEntities, to: current, now: now.snapshot, chain: chain, context
            ).flatMap { $0.risks() }
        }
        if let mapping = bundle.mappingModels.first(where: { $0.maps(from: name, to: current.name) == true }) {
            return .staged(
                from: "\(bundle.key)/\(name)",
                steps: [.init(.mapped, "mapping model \(mapping.path) to \(current.name)", risks: mappedRisks())])
        }
        if let off = ModelMigrationStep.inferenceOff(context) {
            return .modelInferred(
                target: bundle.key(of: current),
                blockers: [
                    "no mapping model from \(name) to \(current.name), and the app turns Core Data's inferred mapping "
                        + "off (\(off))"
                ], risks: [])
        }
        let from = locked.lockedVersion(name)?.entities ?? []
        let blockers = ModelMigrationStep.inferenceBlockers(from: from, to: now.snapshot).map { change in
            "\(change.text): \(change.blocker ?? "")"
        }
        // An app with mapping models for its hard steps, or a migrator in its code, migrates version by version.
        if !blockers.isEmpty, chain?.covers(from: name, to: current.name, shipped: from) == true {
            let mapped = bundle.mappingModels.filter { $0.source != nil }.count
            return .staged(
                from: "\(bundle.key)/\(name)",
                steps: [
                    .init(
                        .mapped,
                        "version by version to \(current.name), each step inferred or mapped (\(mapped) mapping "
                            + "models)", risks: mappedRisks())
                ])
        }
        let risks = MigrationAssessment.assess(from: from, to: now.snapshot, convertsNumbers: true)
            .compactMap(UpgradeMatrix.risk)
        return .modelInferred(
            target: bundle.key(of: current), blockers: blockers, risks: blockers.isEmpty ? risks : [])
    }

    /// A Core Data state whose store SwiftData opens now: as is, or by inference from the store's cached model.
    private static func adopted(
        _ name: String, locked: LockedBundle, by adoption: CoreDataAdoption, context: RuleContext
    ) -> UpgradeMatrix.Outcome {
        guard let analysis = context.analysis(of: adoption.version) else { return .notOpened }
        let from = locked.lockedVersion(name)
        if from?.entityHashes == analysis.hashes.entityHashes.mapValues(Hex.encode) {
            return .opensAsIs(version: adoption.version.key)
        }
        if let plan = adoption.stagedPlan { return .unknown(plan: plan.name) }
        let unmapped = CoreDataAdoption.unmapped(analysis)
        let blockers = ModelMigrationStep.inferenceBlockers(
            from: from?.entities ?? [], to: CoreDataAdoption.storeSnapshot(analysis)
        ).filter { change in change.property.map { !unmapped.contains("\(change.entity).\($0)") } ?? true }
            .map { "\($0.text): \($0.blocker ?? "")" }
        return .inferred(target: adoption.version.key, blockers: blockers)
    }
}
