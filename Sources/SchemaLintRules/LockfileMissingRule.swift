import SchemaLintFacts
import SchemaLintModel

/// Without a lockfile nothing records what shipped, so an edit to a shipped version passes every check.
///
/// Reported once per app, at its first plan. Not reported when a lockfile covers any version of the app's plans
/// (the others are simply not shipped yet), or with `--against` (the revision stands in for the lockfile). An app
/// whose shipped state is only a Core Data model bundle is reported at the bundle's current version, unless the
/// lockfile records one of its bundles.
public struct LockfileMissingRule: Rule {
    public let id = RuleID.lockfileMissing
    public let defaultSeverity = Severity.warning
    public let summary =
        "An app has versioned schemas, an unversioned app container or a Core Data model bundle, but no lockfile "
        + "records what shipped."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let expected = context.lockfileLocation else { return [] }
        // The plans stores run: a plan only a test opens records nothing users hold.
        let given = context.topology.isPooled ? context.project.plans : context.topology.stores.flatMap(\.plans)
        // A plan whose versions no store holds (one version, no stages, given beside the container's own models) is
        // not what shipped: the container's models are, as an unversioned state (vultisig).
        // Nor is a version only in-memory containers open (`StateAssignment.onlyInMemoryContainers`).
        let held = { (version: SchemaVersion) in
            (context.topology.isPooled || !context.topology.stores(holding: version).isEmpty)
                && StateAssignment.onlyInMemoryContainers(
                    opening: version, context.project, topology: context.topology,
                    readsWholeApp: context.readsWholeApp
                ).isEmpty
        }
        let plans = given.filter { context.steps(of: $0).versions.contains(where: held) }
            .sorted { $0.location < $1.location }
        guard let first = plans.first else {
            let found = unversioned(context, expected: expected)
            return found.isEmpty ? bundles(context, expected: expected) : found
        }
        let versions = plans.flatMap { context.steps(of: $0).versions }
        let keys = Set(versions.map(\.key))
        let checksums = Set(versions.compactMap { context.analysis(of: $0)?.hashes.checksum })
        // A locked state one of the versions stores (an unversioned state a plan adopted) covers it too.
        if let lockfile = context.lockfile,
            lockfile.versions.contains(where: { keys.contains($0.key) || checksums.contains($0.value.checksum) })
        {
            return bundles(context, expected: expected)
        }
        let what =
            context.lockfile == nil
            ? "there is no lockfile (looked for \(expected))" : "\(expected) records none of its versions"
        return [
            finding(
                first.location, about: .plan(first.name),
                .lockfileMissing(
                    plan: first.name, what: what, expected: expected,
                    empty: context.lockfile != nil))
        ]
    }
}

extension LockfileMissingRule {
    /// An unversioned app: its app container's store is what shipped, and only a lockfile remembers it once the models
    /// change. Not reported when the lockfile records any unversioned state.
    func unversioned(_ context: RuleContext, expected: String) -> [Finding] {
        let targets = context.currentTargets
        let opensOwnModels = { (container: ContainerModel) in
            !container.hasMigrationPlanArgument || ImplicitVersions.opensItsOwnModels(container, context.project)
        }
        guard let container = context.appContainers.filter(opensOwnModels).min(by: {
            $0.location < $1.location
        }), let first = targets.first
        else { return [] }
        let keys = Set(targets.map(\.key))
        if let lockfile = context.lockfile,
            lockfile.versions.keys.contains(where: { ImplicitVersionKeys.isImplicit($0) || keys.contains($0) })
        {
            return []
        }
        // A state locked in a store an app container opens now is what that store shipped with, whichever version
        // the container opens today (DaisyDos: V8 locked in default.store, the container moved to V9 with no plan).
        let opened = context.topology.stores.filter { !$0.isPooled }.map(\.location)
        if let lockfile = context.lockfile,
            lockfile.versions.values.contains(where: { locked in
                opened.contains { $0.isRecorded(in: locked.heldIn ?? [], ownContainer: locked.heldInOwnContainer) }
            })
        {
            return []
        }
        // A container taking over a Core Data store whose bundle is locked: that bundle's state is what its store
        // shipped with (Maccy 2.0, VindsidenApp's widget), and `core_data_store_adopted` judges the step.
        if let locked = context.lockfile?.coreData,
            CoreDataAdoption.find(context).contains(where: { locked[$0.bundle] != nil })
        {
            return []
        }
        let what =
            context.lockfile == nil
            ? "there is no lockfile (looked for \(expected))" : "\(expected) records none of its states"
        return [
            finding(
                container.location, about: .version(first.key),
                .unversionedLockfileMissing(
                    what: what, expected: expected, empty: context.lockfile != nil,
                    planBeside: container.hasMigrationPlanArgument))
        ]
    }
}

extension LockfileMissingRule {
    /// A Core Data app: the versions of its compiled model bundles are what shipped stores hold. Not reported when the
    /// lockfile records any of the app's bundles (a bundle added later is locked with the next release).
    func bundles(_ context: RuleContext, expected: String) -> [Finding] {
        // Only bundles `lock` can record: one whose current version cannot be told, or none of whose versions has a
        // model file to read or to take the bytes of, is left out (`current_model_version_invalid` and
        // `syntax_error` say why); asking to lock it would ask for what `lock` cannot do.
        let bundles = context.project.modelBundles.filter { bundle in
            bundle.ships && bundle.currentVersion != nil
                && bundle.versions.contains { version in
                    version.problem == nil || (version.isUnsupportedFormat && version.contentsDigest != nil)
                }
        }
        guard let first = bundles.min(by: { $0.path < $1.path }) else { return [] }
        // A lockfile that records any bundle was made by a `lock`: a bundle it does not record is new and has not
        // shipped yet (Delta beta5 moved its model into a new bundle), and `lock` at the release records it.
        // An entry an earlier release wrote under a name two bundles now share mixes them and counts for neither.
        let names = Dictionary(bundles.map { (Paths.fileName($0.path), 1) }, uniquingKeysWith: +)
        let mixed = Set(names.filter { $0.value > 1 }.keys)
        if let locked = context.lockfile?.coreData, locked.keys.contains(where: { !mixed.contains($0) }) { return [] }
        let what =
            context.lockfile == nil
            ? "there is no lockfile (looked for \(expected))" : "\(expected) records none of its model bundles"
        let location = first.currentVersion?.location ?? CurrentModelVersion.location(of: first)
        return [
            finding(
                location, about: .file(first.path),
                .bundleLockfileMissing(
                    bundle: first.key, count: bundles.count, what: what, expected: expected,
                    empty: context.lockfile != nil))
        ]
    }
}

extension RuleID {
    public static let lockfileMissing: RuleID = "lockfile_missing"
}

extension Finding.Message {
    static func unversionedLockfileMissing(what: String, expected: String, empty: Bool, planBeside: Bool) -> Self {
        Self(
            id: empty ? "unversioned-records-none" : "unversioned-no-lockfile",
            (empty ? "The lockfile records no state of this app" : "No lockfile records what users' stores hold")
                + ": nothing breaks today, but a change SwiftData cannot infer goes unnoticed",
            detail: (planBeside
                ? "This app container's plan migrates nothing and it opens its store with its own models"
                : "This app container opens its store with no migration plan")
                + ", so SwiftData infers each migration from what the store holds, but \(what): once the models "
                + "change, nothing remembers what users' stores hold, so a change SwiftData cannot infer from them "
                + "passes unnoticed",
            fix: "Run `schemalint lock` when the app ships and commit \(expected)")
    }

    static func bundleLockfileMissing(bundle: String, count: Int, what: String, expected: String, empty: Bool)
        -> Self
    {
        let others = count > 1 ? " (and \(count - 1) more model bundle\(count > 2 ? "s" : ""))" : ""
        let bundles = bundle + (count > 1 ? " and \(count - 1) more" : "")
        return Self(
            id: empty ? "bundle-records-none" : "bundle-no-lockfile",
            (empty ? "The lockfile records none of \(bundles)" : "No lockfile records \(bundles)")
                + ": nothing breaks today, but edits to them go unnoticed",
            detail: "\(bundle)\(others) is a Core Data model whose versions ship in users' stores, but \(what): "
                + "nothing stops a shipped version from being edited in place or deleted, and Core Data then finds "
                + "no model for stores written by it (134130) and cannot migrate them",
            fix: "Run `schemalint lock` when the app ships and commit \(expected)")
    }

    static func lockfileMissing(plan: String, what: String, expected: String, empty: Bool) -> Self {
        Self(
            id: empty ? "records-none" : "no-lockfile",
            (empty ? "The lockfile records no version of \(plan)" : "\(plan) has no lockfile")
                + ": nothing breaks today, but edits to "
                + (empty ? "shipped ones" : "its shipped versions") + " go unnoticed",
            detail: "\(plan) has versioned schemas, but \(what): nothing stops a shipped version from being edited "
                + "in place, which makes stores written by it fail to open (134504)",
            fix: "Run `schemalint lock` when the app ships and commit \(expected)")
    }
}
