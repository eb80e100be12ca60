import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Decides what `schemalint lock` records. It never rewrites an entry silently: a locked version that differs
/// is a conflict unless the user accepts it by name with a reason, which stays in the lockfile for review.
public enum Locker {
    public struct Request {
        /// Version keys or type names to lock; empty means all.
        public var only: Set<String> = []
        /// Version keys or type names to re-record (or retire, when removed from the sources).
        public var accept: Set<String> = []
        public var reason: String?
        /// The release being locked (`lock --release 2.3`), written on each entry this run records.
        public var release: String?
        /// The day this run locks, `yyyy-MM-dd` (UTC), written on each entry it records: when a state shipped.
        public var date: String?
        public init(
            only: Set<String> = [], accept: Set<String> = [], reason: String? = nil, release: String? = nil,
            date: String? = nil
        ) {
            self.only = only
            self.accept = accept
            self.reason = reason
            self.release = release
            self.date = date
        }
    }

    public struct Outcome {
        public var lockfile: Lockfile
        public var recorded: [String] = []
        public var accepted: [String] = []
        public var retired: [String] = []
        public var unchanged: [String] = []
        /// Versions that got new store evidence (a `stores:` fixture matched them).
        public var evidence: [String] = []
        /// Versions re-recorded because this release maps their unchanged source better than the one that locked
        /// them (a checksum that was uncertain).
        public var remapped: [String] = []
        /// Versions re-recorded because a Codable type they store was renamed: the store holds the same columns and
        /// checksum, only the recorded type name moved.
        public var renamedTypes: [String] = []
        /// Unversioned states re-recorded under a new key (their checksum is part of it): new key → old key.
        public var renamedStates: [String: String] = [:]
        /// Locked versions that differ and were not accepted: key and what changed.
        public var conflicts: [(key: String, changes: [String])] = []
        /// Versions whose `models` list could not be read (`SchemaVersion.modelsUnread`), or that differ from their
        /// entry only by a type schemalint cannot resolve: not locked, an entry locked before kept as it was, and the
        /// rest of the lockfile written. Key and why.
        public var unread: [(key: String, why: String)] = []
        /// Versions whose source could not be read completely: key and why. Nothing is written then.
        public var incomplete: [(key: String, reason: String)] = []
        /// Names given to --only or --accept that match no version.
        public var unknownNames: [String] = []
        /// Versions no app container's store holds (a namespace, a test's plan): not a state any user's store can
        /// be in, so not locked. Key and why.
        public var declaredOnly: [(key: String, why: String)] = []
        /// Core Data model versions in a format schemalint does not read (`ModelBundleVersion.isUnsupportedFormat`):
        /// not locked, and the rest of the lockfile is written. Key and why.
        public var unsupported: [(key: String, why: String)] = []
        /// Core Data versions that cannot be read whose bytes' digest this run records (`LockedBundle.unreadable`):
        /// an edit in place is still caught. Key and why they cannot be read.
        public var unreadable: [(key: String, why: String)] = []
        /// Core Data bundles not locked because `lock` cannot tell which version is current: the rest of the lockfile
        /// is written. Key and why.
        public var bundlesWithoutCurrent: [(key: String, why: String)] = []

        /// Bundles were left out for want of a current version and nothing else is or was locked: `lock` could do
        /// nothing at all, and says so as a failure.
        public var nothingLockable: Bool {
            !bundlesWithoutCurrent.isEmpty && lockfile.versions.isEmpty && (lockfile.coreData ?? [:]).isEmpty
        }
        /// Entries an earlier release locked that now say which stores hold them (`heldIn`): key and stores.
        public var assigned: [(key: String, stores: [String])] = []
        /// Locked entries no store of the app's containers holds now: kept as they are, and named. Key and why.
        public var unassigned: [(key: String, why: String)] = []
        /// App stores whose state cannot be told (their container opens models declared in no file read, or models
        /// it cannot read): nothing is recorded for them, and `lock` says so. Store and why.
        public var untold: [(store: String, why: String)] = []
        /// Core Data bundles no target compiles, never locked before: not locked now.
        public var notCompiled: [String] = []
        /// Core Data bundles only test targets compile: never shipped, so not locked.
        public var testOnly: [String] = []
        /// Core Data entries an earlier release wrote under a name several bundles share, dropped: each bundle is
        /// locked under its own key (`Lockfile.mixedBundleKeys`). The old key and the bundles' keys.
        public var rekeyed: [(key: String, bundles: [String])] = []
        /// Core Data bundles whose current version this run records: bundle key, the locked one before, the new one.
        public var currentVersions: [(bundle: String, from: String?, to: String)] = []
        /// Core Data versions, their hashes unchanged, whose `contents` digest this run records (first locked by an
        /// earlier release, or re-saved without a hash change): what lets `check` skip reading them.
        public var digests: [String] = []
        /// Core Data bundles whose mapping models' records this run wrote or dropped (`RecordedMappingModels`).
        public var mappingRecords: [String] = []
        public var changed: Bool {
            !recorded.isEmpty || !remapped.isEmpty || !renamedTypes.isEmpty || !accepted.isEmpty || !retired.isEmpty
                || !evidence.isEmpty || !assigned.isEmpty || !currentVersions.isEmpty || !digests.isEmpty
                || !rekeyed.isEmpty || !mappingRecords.isEmpty || !unreadable.isEmpty
        }
    }

    /// Every name `--only` and `--accept` may give: SwiftData versions' keys, names and type names, the lockfile's
    /// keys, and Core Data bundles, their versions' keys and names.
    public static func names(_ analysis: Analysis, existing: Lockfile?) -> Set<String> {
        let project = analysis.project
        return Set(project.versions.flatMap { [$0.key, $0.name, project.symbols[$0.id].name] })
            .union(existing?.versions.keys.map { $0 } ?? [])
            .union(BundleLocker.names(project.modelBundles, existing: existing))
    }

    public static func plan(_ analysis: Analysis, existing: Lockfile?, request: Request) -> Outcome {
        var outcome = Outcome(lockfile: existing ?? Lockfile())
        let project = analysis.project
        let known = names(analysis, existing: existing)
        outcome.unknownNames = request.only.union(request.accept).subtracting(known).sorted()
        for version in project.versions
        where request.only.isEmpty || matches(version, request.only, project)
            || matches(version, request.accept, project)
        {
            lock(version, analysis, existing: existing, request: request, into: &outcome)
        }
        let present = Set(project.versions.map(\.key))
        if let existing, analysis.topology.isComplete {
            outcome.unassigned = unassigned(existing, analysis)
            rehome(existing, analysis, request: request, outcome: &outcome)
        }
        for (key, locked) in (existing?.versionsInOrder ?? [])
        where !present.contains(key) && locked.retired == nil
            && (request.accept.contains(key) || request.accept.contains(locked.type))
        {
            outcome.lockfile.versions[key]?.retired = request.reason ?? ""
            outcome.retired.append(key)
        }
        BundleLocker.plan(analysis, existing: existing, request: request, outcome: &outcome)
        if request.only.isEmpty { outcome.untold = untoldStores(analysis.topology, project) }
        return outcome
    }

    /// A name `--only` or `--accept` gives that names `version`: its key, its name or its type's name.
    private static func matches(_ version: SchemaVersion, _ names: Set<String>, _ project: Project) -> Bool {
        names.contains(version.key) || names.contains(version.name) || names.contains(project.symbols[version.id].name)
    }

    /// One version: recorded when new, kept or re-recorded when it is what shipped, refused when it changed, or
    /// left out with the reason (models unread, incomplete, opened by no app store).
    private static func lock(
        _ version: SchemaVersion, _ analysis: Analysis, existing: Lockfile?, request: Request,
        into outcome: inout Outcome
    ) {
        let project = analysis.project
        if let why = version.modelsUnread {
            let kept =
                existing?.versions[version.key] == nil
                ? "lock it once schemalint can read its models" : "its locked entry is kept as it was"
            outcome.unread.append(
                (version.key, "its `models` list cannot be read (\(why.reason), \(why.location)); \(kept)"))
            return
        }
        guard let current = analysis.analysis(forKey: version.key) else { return }
        if let reason = incompleteness(of: version, in: analysis) {
            outcome.incomplete.append((version.key, reason))
            return
        }
        var entry = LockedVersion(
            analysis: current, type: version.name, versionIdentifier: version.identifier?.description)
        entry.heldIn = StateAssignment.heldIn(version, topology: analysis.topology)
        entry.heldInOwnContainer = StateAssignment.heldInOwnContainer(version, topology: analysis.topology)
        if existing?.versions[version.key] == nil, let why = declaredOnly(version, analysis) {
            outcome.declaredOnly.append((version.key, why))
            return
        }
        let evidence = storeEvidence(for: version.key, in: analysis)
        entry.stores = evidence.isEmpty ? nil : evidence
        if version.isImplicit, existing?.versions[version.key] == nil,
            let (oldKey, locked) = remappedImplicitState(of: entry, current, in: existing)
        {
            // The same unversioned state under a new checksum, because this release maps its source better: it is
            // re-recorded under its real key, keeping its history.
            entry.lockedAt = locked.lockedAt
            entry.release = locked.release
            entry.accepted = locked.accepted
            entry.stores = merge(locked.stores ?? [], evidence).nilIfEmpty
            entry.valueTypes = locked.valueTypes
            outcome.lockfile.versions[oldKey] = nil
            outcome.lockfile.versions[version.key] = entry
            outcome.remapped.append(version.key)
            outcome.renamedStates[version.key] = oldKey
            return
        }
        guard let locked = existing?.versions[version.key] else {
            entry.lockedAt = request.date
            entry.release = request.release
            outcome.lockfile.versions[version.key] = entry
            outcome.recorded.append(version.key)
            return
        }
        relock(
            version, entry, locked: locked, current: current, evidence: evidence, analysis, request: request,
            into: &outcome)
    }

    /// Why no user's store holds a version not locked before (no app container opens it, only in-memory ones do,
    /// or its plan is given only beside the containers' own models); nil when one does.
    private static func declaredOnly(_ version: SchemaVersion, _ analysis: Analysis) -> String? {
        let project = analysis.project
        let topology = analysis.topology
        let inMemory = StateAssignment.onlyInMemoryContainers(
            opening: version, project, topology: topology, readsWholeApp: analysis.readsWholeApp)
        guard topology.isComplete && topology.stores(holding: version).isEmpty || !inMemory.isEmpty else {
            return nil
        }
        let givenBeside =
            topology.isComplete
            && topology.stores.contains { store in
                store.plans.contains { plan in
                    StoreTopology.givenOnlyBesideOwnModels(plan, store, project)
                        && (plan.schemas ?? []).contains { $0.version == version.id }
                }
            }
        if givenBeside {
            return "the containers given a plan listing \(version.name) pass their own models, locked as an "
                + "unversioned state"
        }
        if !inMemory.isEmpty {
            return "only in-memory containers open \(version.name) ("
                + inMemory.map { "\($0.location)" }.joined(separator: ", ") + "): nothing of it is written to disk"
        }
        return "no app container opens \(version.name) or a plan listing it"
    }

    /// A version the lockfile already records: kept, re-recorded when only the mapping or a type's name changed,
    /// given the stores it is now found in, accepted with `--accept`, or a conflict.
    private static func relock(
        _ version: SchemaVersion, _ proposed: LockedVersion, locked: LockedVersion, current: VersionAnalysis,
        evidence: [StoreEvidence], _ analysis: Analysis, request: Request, into outcome: inout Outcome
    ) {
        var entry = proposed
        let compared = locked.changes(to: entry, sourceTypes: current.sourceTypes)
        // A type schemalint cannot resolve is no change to record or refuse: the entry is kept as it was.
        let unresolved = compared.schema.filter(\.restsOnUnresolvedType).map(\.text)
        let changes = compared.descriptions.filter { !unresolved.contains($0) }
        if changes.isEmpty, !unresolved.isEmpty {
            outcome.unread.append(
                (
                    version.key,
                    "cannot tell whether it changed (\(unresolved.joined(separator: "; "))): a type it "
                        + "stores cannot be resolved; its locked entry is kept as it was"
                ))
            return
        }
        // Re-recorded or not, an entry keeps when it was first locked and for which release.
        entry.lockedAt = locked.lockedAt
        entry.release = locked.release
        if changes.isEmpty
            && (locked.checksum != entry.checksum || locked.fingerprint != entry.fingerprint
                || locked.checksumUncertainties != entry.checksumUncertainties)
        {
            // Same source mapped better by this release (MappingUpgrade), or a Codable type renamed with the same
            // columns: re-record, keep the history. The value types stay as they shipped: what rows were written
            // with is checked against them (`persisted_value_changed`), never against today's.
            entry.accepted = locked.accepted
            entry.valueTypes = locked.valueTypes
            entry.stores = merge(locked.stores ?? [], evidence).nilIfEmpty
            outcome.lockfile.versions[version.key] = entry
            if locked.checksum == entry.checksum && locked.checksumUncertainties == entry.checksumUncertainties {
                outcome.renamedTypes.append(version.key)
            } else {
                outcome.remapped.append(version.key)
            }
        } else if changes.isEmpty {
            addStores(version.key, entry, locked: locked, evidence: evidence, analysis, into: &outcome)
        } else if matches(version, request.accept, analysis.project) {
            entry.accepted =
                (locked.accepted ?? []) + [
                    Acceptance(
                        reason: request.reason ?? "", previousChecksum: locked.checksum,
                        previousFingerprint: locked.fingerprint)
                ]
            outcome.lockfile.versions[version.key] = entry
            outcome.accepted.append(version.key)
        } else {
            outcome.conflicts.append((version.key, changes))
        }
    }

    /// An unchanged version: the stores it is found in now and the evidence of them are added, never removed.
    private static func addStores(
        _ key: String, _ entry: LockedVersion, locked: LockedVersion, evidence: [StoreEvidence],
        _ analysis: Analysis, into outcome: inout Outcome
    ) {
        let merged = merge(locked.stores ?? [], evidence)
        // Stores are added while one it was locked in is still opened. A state whose stores no container opens any
        // more is `store_abandoned`'s, re-homed only with `--accept`; but where the stores that hold it now and the
        // ones it was locked in are all told for certain, those are added beside the old ones, which are still
        // reported as left behind (`StateAssignment.leftBehind`): the new store holds it too, and a later change
        // of it is judged against it (Reconnaissance moved its store with the same models, field test 34 B-D1).
        let stillOpened =
            locked.heldIn.map { old in
                analysis.topology.stores.contains {
                    $0.location.isRecorded(in: old, ownContainer: locked.heldInOwnContainer)
                }
            } ?? true
        let allCertain =
            ((locked.heldIn ?? []) + (entry.heldIn ?? [])).allSatisfy(StoreLocation.isCertain(key:))
            && analysis.topology.stores.allSatisfy {
                $0.location.kind != .unknown && StoreLocation.isCertain(key: $0.location.key)
            }
        let adds = stillOpened || (allCertain && !(entry.heldIn ?? []).isEmpty)
        let held = adds ? Set((locked.heldIn ?? []) + (entry.heldIn ?? [])).sorted() : locked.heldIn ?? []
        // What was the app's own container's file stays so; what is found to be now is added with the store.
        let own = adds
            ? Set((locked.heldInOwnContainer ?? []) + (entry.heldInOwnContainer ?? [])).sorted()
            : locked.heldInOwnContainer ?? []
        if !held.isEmpty, held != (locked.heldIn ?? []) || own != (locked.heldInOwnContainer ?? []) {
            // Stores are only ever added: a store a release wrote still holds its state on devices.
            outcome.lockfile.versions[key]?.heldIn = held
            outcome.lockfile.versions[key]?.heldInOwnContainer = own.isEmpty ? nil : own
            if held != (locked.heldIn ?? []) { outcome.assigned.append((key, held)) }
        }
        if merged != (locked.stores ?? []) {
            outcome.lockfile.versions[key]?.stores = merged
            outcome.evidence.append(key)
        } else if held == (locked.heldIn ?? []) {
            outcome.unchanged.append(key)
        }
    }

    /// Whether the app opens a store `lock` could record: an app container, a version, or a shipping model bundle.
    public static func hasStores(_ analysis: Analysis) -> Bool {
        let project = analysis.project
        return project.containers.contains { $0.purpose == .app } || !project.versions.isEmpty
            || project.modelBundles.contains { $0.ships }
    }

    /// The app stores `lock` records no state for because which models their containers open cannot be told: a
    /// model named there is declared in no file read (a typealias in a file left out), or the list cannot be read.
    static func untoldStores(_ topology: StoreTopology, _ project: Project) -> [(store: String, why: String)] {
        guard topology.isComplete else { return [] }
        return topology.stores.filter { $0.versions.isEmpty }.compactMap { store in
            for container in store.containers {
                if let unread = container.modelsUnread {
                    return (store.name, "the models of its container at \(container.location) cannot be read "
                        + "(\(unread.reason))")
                }
                let missing = (container.models ?? []).filter { $0.entity == nil }.map(\.written.description)
                if !missing.isEmpty {
                    return (store.name, "its container at \(container.location) opens "
                        + missing.map { "`\($0)`" }.joined(separator: ", ")
                        + ", declared in no file read, so which state it holds cannot be told")
                }
            }
            return nil
        }
    }

    /// A locked unversioned state that an earlier release could not map fully and that is this state once mapped as
    /// this release maps the same source (`MappingUpgrade`): no schema change, the same models.
    static func remappedImplicitState(
        of entry: LockedVersion, _ current: VersionAnalysis, in existing: Lockfile?
    ) -> (key: String, locked: LockedVersion)? {
        for (key, locked) in (existing?.versionsInOrder ?? [])
        where ImplicitVersionKeys.isImplicit(key) && locked.retired == nil
            && !(locked.checksumUncertainties ?? []).isEmpty
        {
            if locked.changes(to: entry, sourceTypes: current.sourceTypes).descriptions.isEmpty {
                return (key, locked)
            }
        }
        return nil
    }

    /// The store fixtures whose checksum equals this version's, sorted by path.
    static func storeEvidence(for key: String, in analysis: Analysis) -> [StoreEvidence] {
        analysis.storeVerdicts.filter { $0.matches.contains(key) }
            .map {
                StoreEvidence(
                    path: $0.metadata.path, checksum: $0.metadata.checksum,
                    versionIdentifier: $0.metadata.identifiers.first)
            }
            .sorted { $0.path < $1.path }
    }

    /// Evidence is only ever added: a fixture deleted later still shipped.
    static func merge(_ old: [StoreEvidence], _ new: [StoreEvidence]) -> [StoreEvidence] {
        var byPath = Dictionary(old.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for item in new { byPath[item.path] = item }
        return byPath.values.sorted { $0.path < $1.path }
    }

    /// `lock --accept KEY` for a state whose store no container opens any more (`store_abandoned`): leaving the old
    /// store is accepted. A state today's stores still hold (the same models in the new store) is recorded as held
    /// there, with the reason; one they do not is retired.
    static func rehome(_ lockfile: Lockfile, _ analysis: Analysis, request: Request, outcome: inout Outcome) {
        for (key, _) in outcome.unassigned {
            guard let locked = outcome.lockfile.versions[key], locked.retired == nil,
                let stores = locked.heldIn, request.accept.contains(key) || request.accept.contains(locked.type),
                !analysis.topology.stores.contains(where: {
                    $0.location.isRecorded(in: stores, ownContainer: locked.heldInOwnContainer)
                })
            else { continue }
            let held = analysis.project.version(key: key).flatMap {
                StateAssignment.heldIn($0, topology: analysis.topology)
            }
            guard let held else {
                outcome.lockfile.versions[key]?.retired = request.reason ?? ""
                outcome.retired.append(key)
                continue
            }
            accept(key, locked, leaving: stores, heldIn: held, request: request, outcome: &outcome)
        }
        outcome.unassigned.removeAll { outcome.accepted.contains($0.key) || outcome.retired.contains($0.key) }
        // A state also held in a store opened now, left behind in others (`StateAssignment.leftBehind`): accepting
        // it drops the stores left behind, with the reason.
        for (key, locked) in outcome.lockfile.versions.sorted(by: { $0.key < $1.key })
        where locked.retired == nil && !outcome.accepted.contains(key)
            && (request.accept.contains(key) || request.accept.contains(locked.type))
        {
            guard let stores = locked.heldIn else { continue }
            let opened = stores.filter { store in
                analysis.topology.stores.contains {
                    $0.location.isRecorded(in: [store], ownContainer: locked.heldInOwnContainer)
                }
            }
            let left = stores.filter { !opened.contains($0) }
            guard !opened.isEmpty, !left.isEmpty else { continue }
            accept(key, locked, leaving: left, heldIn: opened, request: request, outcome: &outcome)
        }
    }

    /// A state re-recorded as held in `heldIn`, leaving `left` behind on purpose, with the reason `--accept` gives.
    private static func accept(
        _ key: String, _ locked: LockedVersion, leaving left: [String], heldIn: [String], request: Request,
        outcome: inout Outcome
    ) {
        outcome.lockfile.versions[key]?.heldIn = heldIn
        outcome.lockfile.versions[key]?.accepted =
            (locked.accepted ?? []) + [
                Acceptance(
                    reason: "left \(left.joined(separator: ", ")) behind: \(request.reason ?? "")",
                    previousChecksum: locked.checksum, previousFingerprint: locked.fingerprint)
            ]
        outcome.accepted.append(key)
    }

    /// Entries no store of the app holds now (their store no container opens, or nothing resembles them), by key.
    static func unassigned(_ lockfile: Lockfile, _ analysis: Analysis) -> [(key: String, why: String)] {
        let versions = Dictionary(analysis.versions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let withTopology = RuleContext(
            project: analysis.project, analyses: versions, lockfile: lockfile, topology: analysis.topology)
        return lockfile.versionKeys.compactMap { key in
            guard let locked = lockfile.versions[key], locked.retired == nil else { return nil }
            let named = { (stores: [String]) in stores.map(StoreLocation.displayName(key:)).joined(separator: ", ") }
            switch StateAssignment.holder(of: key, locked, in: withTopology) {
            case let .unmatched(stores):
                return (key, "locked in \(named(stores)), which matches no store opened now")
            case let .orphaned(stores):
                return (key, "locked in \(named(stores)), which no app container opens any more")
            case let .stores(stores) where stores.isEmpty:
                return (key, "no store of the app's containers holds anything like it")
            case .declaredOnly:
                return (key, "no app container's store holds it now (a namespace, or a plan only tests open)")
            default:
                return nil
            }
        }
    }

    /// Why a version's source cannot be trusted to be complete, if it cannot.
    static func incompleteness(of version: SchemaVersion, in analysis: Analysis) -> String? {
        let project = analysis.project
        guard let models = version.models else {
            return "its `models` list cannot be read"
        }
        if let unresolved = models.first(where: { $0.entity == nil }) {
            return
                "`\(unresolved.written)` in its models list (\(unresolved.location)) is not a @Model class "
                + "schemalint can find"
        }
        var files = Set([version.location.file])
        for id in version.allEntities { if let entity = project.entity(id) { files.insert(entity.location.file) } }
        if let problem = project.syntaxProblems.first(where: { files.contains($0.location.file) }) {
            return "\(problem.location.file) has a syntax error at line \(problem.location.line)"
        }
        if let unreadable = analysis.unreadable.first {
            return "\(unreadable.path) could not be read (\(unreadable.reason))"
        }
        return nil
    }
}

extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
