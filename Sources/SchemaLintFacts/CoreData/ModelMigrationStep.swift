import SchemaLintModel

/// The migration every user's store makes next: from the version current in the last locked build to the bundle's
/// current version now. Core Data infers it (lightweight) unless a mapping model covers the pair; a change inference
/// cannot make, with no mapping model for it, fails on every device that updates (134140 "missing mapping model").
///
/// Apps that migrate version by version (an iterative migrator with a mapping model per hard step) are covered when
/// every step from the locked current to the new one is either inferable or mapped.
package struct ModelMigrationStep {
    package var bundle: ModelBundle
    package var from: String
    package var to: ModelBundleVersion
    /// Changes inference cannot make, each at its line in the new version's model file.
    package var blocked: [(change: AssessedChange, location: SourceLocation)]
    /// Mapping models whose versions schemalint cannot read: one of them may cover the step.
    package var unreadableMappings: [String]
    /// The app turns inferred mapping off (`inferenceOff(_:)`): every change is blocked, not only those inference
    /// cannot make.
    package var inferenceOff = false

    /// A bundle whose current version moved past the locked one: the migration every user's store makes next.
    package struct Move {
        package var bundle: ModelBundle
        package var from: String
        package var shipped: LockedVersion
        package var to: ModelBundleVersion
        package var now: VersionAnalysis
    }

    package static func moves(_ context: RuleContext) -> [Move] {
        guard let lockfile = context.lockfile, context.project.modelBundlesRead else { return [] }
        // Automatic migration turned off and no migrator in sight: what migrates the store cannot be told.
        if migrationUnseen(context) != nil { return [] }
        let files = context.coreDataStoreFiles
        return context.project.modelBundles.compactMap { bundle in
            guard bundle.ships, let lockedBundle = lockfile.coreData?[bundle.key],
                let from = lockedBundle.current, let shipped = lockedBundle.lockedVersion(from),
                // Stores in the locked current version are in a file the app no longer opens: nothing migrates them.
                files.leftBehind(bundle.key, lockedBundle, readsWholeApp: context.readsWholeApp)[from] == nil,
                let to = bundle.currentVersion, to.name != from,
                !BundleVersionOrder(lockedBundle).precedes(to.name, from),
                let now = context.analyses[bundle.key(of: to)], now.hashes.checksum != shipped.checksum
            else { return nil }
            return Move(bundle: bundle, from: from, shipped: shipped, to: to, now: now)
        }
    }

    package static func steps(_ context: RuleContext) -> [ModelMigrationStep] {
        moves(context).compactMap { move in
            let (bundle, from, to) = (move.bundle, move.from, move.to)
            let mapped = bundle.mappingModels.contains { $0.maps(from: from, to: to.name) == true }
            if let off = inferenceOff(context) {
                // Nothing is inferred or walked: every change needs the mapping model straight to the new version.
                let blocked = MigrationAssessment.assess(
                    from: move.shipped.entities, to: move.now.snapshot, convertsNumbers: true
                ).map { change in
                    var change = change
                    change.blocker = "the app turns Core Data's inferred mapping off (\(off)), so only a mapping "
                        + "model from \(from) to \(to.name) can migrate it"
                    return change
                }
                guard !mapped, !blocked.isEmpty else { return nil }
                return ModelMigrationStep(
                    bundle: bundle, from: from, to: to, blocked: located(blocked, in: to),
                    unreadableMappings: bundle.mappingModels.filter(\.isUnread).map(\.path), inferenceOff: true)
            }
            let blocked = inferenceBlockers(from: move.shipped.entities, to: move.now.snapshot)
            guard !blocked.isEmpty, !mapped,
                !coveredStepByStep(bundle, from: from, to: to.name, shipped: move.shipped.entities, context: context)
            else { return nil }
            return ModelMigrationStep(
                bundle: bundle, from: from, to: to, blocked: located(blocked, in: to),
                unreadableMappings: bundle.mappingModels.filter(\.isUnread).map(\.path))
        }
    }

    /// Each change at its line in the new version's model file.
    private static func located(_ changes: [AssessedChange], in version: ModelBundleVersion) -> [(
        change: AssessedChange, location: SourceLocation
    )] {
        changes.map { change in
            (change, version.details.location(
                entity: change.entity, property: change.property, in: version.location.file) ?? version.location)
        }
    }

    /// Where the app turns Core Data's inferred mapping off while leaving its automatic migration on, with no
    /// migrator of its own in sight: stores migrate only through a mapping model from their version straight to the
    /// current one, never inferred and never step by step. Nil otherwise.
    package static func inferenceOff(_ context: RuleContext) -> SourceLocation? {
        guard context.project.storeMigrators.isEmpty else { return nil }
        return context.project.inferenceOff.first
    }

    /// Why the app's own migration is unseen: it turns Core Data's automatic migration off
    /// (`shouldMigrateStoreAutomatically = false`) and no `NSMigrationManager` is in the sources. Nil otherwise.
    /// A migration switch whose value cannot be read (a flag from a setting) leaves the same question open.
    package static func migrationUnseen(_ context: RuleContext) -> String? {
        guard context.project.storeMigrators.isEmpty else { return nil }
        if let off = context.project.automaticMigrationOff.first {
            return "the app turns Core Data's automatic migration off (\(off)) and migrates its stores in code "
                + "schemalint does not see"
        }
        if let unread = context.project.migrationFlagsUnread.first {
            return "whether Core Data migrates or infers on its own cannot be read: \(unread)"
        }
        return nil
    }

    /// The changes Core Data's inferred mapping cannot make.
    package static func inferenceBlockers(from old: [EntitySnapshot], to new: [EntitySnapshot]) -> [AssessedChange] {
        MigrationAssessment.assess(from: old, to: new, convertsNumbers: true).filter { !$0.isLightweight }
    }

    static func coveredStepByStep(
        _ bundle: ModelBundle, from: String, to: String, shipped: [EntitySnapshot], context: RuleContext
    ) -> Bool {
        StepChain(bundle, context: context).covers(from: from, to: to, shipped: shipped)
    }

    /// Which steps between consecutive versions of a bundle are inferable or mapped, judged once, so each locked
    /// version's walk to the current one costs one comparison (`upgrades` asks for every locked version).
    package struct StepChain {
        let bundle: ModelBundle
        let context: RuleContext
        /// The bundle's versions in the order they shipped (`BundleVersionOrder`), as a migrator walks them.
        let versions: [ModelBundleVersion]
        let order: BundleVersionOrder
        /// `stepCovered[i]`: the step from version i to i + 1 is inferable or has a mapping model.
        private var stepCovered: [Bool] = []

        package init(_ bundle: ModelBundle, context: RuleContext) {
            self.bundle = bundle
            self.context = context
            order = BundleVersionOrder(context.lockfile?.coreData?[bundle.key])
            versions = order.sorted(bundle.versions, by: \.name)
            // Mapping models for some steps, or a migrator in the code (`NSMigrationManager`): the store is walked
            // one version at a time, each step inferred or mapped.
            guard bundle.mappingModels.contains(where: { $0.source != nil })
                || !context.project.storeMigrators.isEmpty
            else { return }
            stepCovered = versions.indices.dropLast().map { index in
                let (old, new) = (versions[index], versions[index + 1])
                guard let before = context.analyses[bundle.key(of: old)],
                    let after = context.analyses[bundle.key(of: new)]
                else { return false }
                return bundle.mappingModels.contains { $0.maps(from: old.name, to: new.name) == true }
                    || inferenceBlockers(from: before.snapshot, to: after.snapshot).isEmpty
            }
        }

        /// Whether a store in `from` (as it shipped: `shipped`) reaches `to` one covered step at a time.
        package func covers(from: String, to: String, shipped: [EntitySnapshot]) -> Bool {
            guard !stepCovered.isEmpty,
                let start = versions.lastIndex(where: { !order.precedes(from, $0.name) }),
                let end = versions.firstIndex(where: { $0.name == to }), end > start + 1,
                versions.indices.contains(start + 1)
            else { return false }
            // The first step starts from what shipped; the rest are the bundle's own steps.
            let first = versions[start + 1]
            guard let next = context.analyses[bundle.key(of: first)] else { return false }
            let mapped = bundle.mappingModels.contains { $0.maps(from: from, to: first.name) == true }
            guard mapped || inferenceBlockers(from: shipped, to: next.snapshot).isEmpty else { return false }
            return stepCovered[(start + 1)..<end].allSatisfy { $0 }
        }
    }
}
