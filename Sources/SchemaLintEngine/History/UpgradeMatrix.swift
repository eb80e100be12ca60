import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// `schemalint upgrades`: for each state a user's store can be in (each locked state, each store fixture), what this
/// build does with it: opens it as is, migrates it stage by stage, infers a migration, or fails, and why.
public struct UpgradeMatrix: Sendable {
    public struct Row: Sendable {
        /// The lockfile key, or the store file's path.
        public var name: String
        public var isStore: Bool
        public var checksum: String?
        public var outcome: Outcome
        /// The store that holds the state (`StoreTopology.Store.name`), when the app's stores are told apart.
        public var store: String?
    }

    public enum Outcome: Sendable, Equatable {
        /// A version the app opens has its checksum.
        case opensAsIs(version: String)
        /// A version of the plan that runs stages has its checksum: the steps from there to the newest.
        case staged(from: String, steps: [Step])
        /// As `staged`, but a step on the way is inferred (no custom stage, or a new required property in one's
        /// step) and inference cannot make it (134110): `blockers` is what it cannot do, as
        /// `lightweight_unsupported_change` reports it.
        case stepFails(from: String, step: String, blockers: [String])
        /// The plan that runs stages lists two versions with one checksum: it stops at launch, whatever the store.
        case planCrashes(plan: String, versions: [String])
        /// No stage runs: SwiftData infers one migration to `target`; `blockers` is what it cannot do, `drops` what
        /// it deletes when it can (`DataLoss`).
        /// `risks`, what in the stored data makes it fail on some stores (`AssessedChange.failsIf`).
        case inferred(target: String, blockers: [String], drops: [String] = [], risks: [String] = [])
        /// The plan that runs stages has no version with its checksum (134504).
        case unknown(plan: String)
        /// Nothing in the sources opens a store of this kind any more.
        case notOpened
        /// The version was edited since it was locked (its checksum moved): the store's plan runs stages, so stores
        /// it wrote fail to open (134504).
        case edited(plan: String, checksum: String)
        /// The store the state was locked in (`heldIn`) is opened by no app container any more.
        case storeGone(stores: [String])
        /// The store it was locked in matches none opened now, and schemalint cannot tell whether it moved (a URL's
        /// expression, a platform-dependent constant).
        case storeUnmatched(stores: [String])
        /// Its type is declared but no app container's store holds it (a namespace, a test's plan): not a state any
        /// user's store can be in.
        case declaredOnly
        /// A version this state would be judged against had a `models` list schemalint could not read: `why` names
        /// it; nothing is claimed.
        case cannotTell(why: String)
        /// A Core Data model version: Core Data infers one migration to the bundle's current version `target`;
        /// `blockers` is what it cannot do (134140), `risks` what in the stored data makes it fail on some stores.
        case modelInferred(target: String, blockers: [String], risks: [String] = [])
        /// A Core Data model version edited since it was locked (its hashes moved): stores it wrote match no version.
        case modelEdited(bundle: String, checksum: String)
        /// A Core Data model version deleted from its bundle, with no version left that has its hashes.
        case modelMissing(bundle: String, why: String)
        /// A Core Data bundle gone or no longer compiled: its stores are left unread (or the model now comes from
        /// somewhere schemalint was not shown), as `shipped_schema_removed` warns.
        case modelGone(bundle: String, why: String)

        public var fails: Bool {
            switch self {
            case let .inferred(_, blockers, _, _), let .modelInferred(_, blockers, _): return !blockers.isEmpty
            case .unknown, .edited, .modelEdited, .modelMissing, .stepFails, .planCrashes: return true
            case .opensAsIs, .staged, .notOpened, .storeGone, .storeUnmatched, .declaredOnly, .modelGone, .cannotTell:
                return false
            }
        }

        /// Not a failure, but not a store this build opens either, or one it opens losing data: shown with ⚠️,
        /// never ✅.
        public var warns: Bool {
            switch self {
            case .notOpened, .storeGone, .storeUnmatched, .modelGone, .cannotTell: return true
            default: return deletesData
            }
        }

        /// The store opens, and the migration that opens it deletes rows or values (`data_dropped`), or fails on
        /// stores whose rows hold what a change cannot take (a nil, duplicates).
        public var deletesData: Bool {
            switch self {
            case let .inferred(_, blockers, drops, risks): return blockers.isEmpty && !(drops + risks).isEmpty
            case let .modelInferred(_, blockers, risks): return blockers.isEmpty && !risks.isEmpty
            case let .staged(_, steps): return steps.contains { !($0.drops + $0.risks).isEmpty }
            default: return false
            }
        }
    }

    /// One step of a staged path: what runs it, and its description.
    public struct Step: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// A custom stage, a lightweight stage, a step of the plan with no stage (inferred), a mapping model.
            case custom, lightweight, inferred, mapped
        }

        public var kind: Kind
        public var text: String
        /// What it deletes, for a step that runs no custom stage (`DataLoss`).
        public var drops: [String]
        /// What in the stored data makes it fail on some stores (`AssessedChange.failsIf`).
        public var risks: [String]

        public init(_ kind: Kind, _ text: String, drops: [String] = [], risks: [String] = []) {
            self.kind = kind
            self.text = text
            self.drops = drops
            self.risks = risks
        }
    }

    public var rows: [Row] = []
    public init(rows: [Row] = []) { self.rows = rows }
}

extension UpgradeMatrix {
    static func build(_ context: RuleContext) -> UpgradeMatrix {
        var matrix = UpgradeMatrix()
        let lockfile = context.lockfile
        let named = !context.topology.isPooled
        for key in lockfile?.versionKeys ?? [] {
            guard let locked = lockfile?.versions[key], locked.retired == nil else { continue }
            func row(_ outcome: Outcome, _ store: StoreTopology.Store? = nil) {
                matrix.rows.append(
                    Row(
                        name: key, isStore: false, checksum: locked.checksum, outcome: outcome,
                        store: named ? store?.name : nil))
            }
            switch StateAssignment.holder(of: key, locked, in: context) {
            case .declaredOnly:
                row(.declaredOnly)
            case let .orphaned(stores):
                row(.storeGone(stores: stores))
            case let .unmatched(stores):
                row(.storeUnmatched(stores: stores))
            case let .stores(stores):
                if stores.isEmpty { row(.notOpened) }
                for store in stores {
                    let state = context.shippedState(key: key, locked, in: store, onlyHolder: stores.count == 1)
                    let judged = outcome(key: key, locked: locked, store: store, state, context)
                    row(Self.unlocated(judged, store), store)
                }
            }
        }
        matrix.rows += ModelUpgrades.rows(context)
        for verdict in context.storeVerdicts {
            let outcome: Outcome
            if let inference = verdict.inference {
                outcome = .inferred(target: inference.target, blockers: inference.blockers)
            } else if let checksum = verdict.metadata.checksum, verdict.matchesAVersion {
                outcome = known(checksum: checksum, store: nil, context)
            } else if let plan = context.stagedPlans.first {
                outcome = .unknown(plan: plan.name)
            } else {
                outcome = .notOpened
            }
            matrix.rows.append(
                Row(name: verdict.metadata.path, isStore: true, checksum: verdict.metadata.checksum, outcome: outcome))
        }
        return matrix
    }

    /// A store whose file cannot be told holds a state only by the models it shares with it: that it opens cleanly
    /// is said as "cannot tell", never ✅; a failure stays one (if it is that store, it fails).
    private static func unlocated(_ outcome: Outcome, _ store: StoreTopology.Store) -> Outcome {
        guard store.location.kind == .unknown, !outcome.fails, !outcome.warns else { return outcome }
        let then = UpgradeReport.describe(outcome).joined(separator: "; ")
        return .cannotTell(why: "if it is the file this state was written to, \(then)")
    }

    /// What a store does with a locked state: the same judgement `check` makes (an edited version whose store runs
    /// stages fails, as `shipped_schema_edited` says).
    private static func outcome(
        key: String, locked: LockedVersion, store: StoreTopology.Store, _ state: ShippedState?,
        _ context: RuleContext
    ) -> Outcome {
        // Judged against versions whose models were not read: no verdict.
        if let version = context.project.version(key: key), let why = version.modelsUnread {
            return .cannotTell(why: "\(version.key)'s `models` list cannot be read (\(why.reason), \(why.location))")
        }
        let judgedAgainst = store.stagedPlans(context).flatMap { context.steps(of: $0).versions }
            + (store.stagedPlans(context).isEmpty ? context.unreadVersions : [])
        if let unread = judgedAgainst.first(where: { $0.modelsUnread != nil }), let why = unread.modelsUnread {
            return .cannotTell(why: "\(unread.key)'s `models` list cannot be read (\(why.reason), \(why.location))")
        }
        if let state {
            switch state.fate {
            case let .inferred(target):
                let now = context.analysis(of: target)?.snapshot ?? []
                return inferred(from: context.shippedEntities(of: state), to: now, target: target.key)
            case let .unknownToPlan(plan):
                return .unknown(plan: plan.name)
            }
        }
        if let version = context.project.version(key: key), !version.isImplicit,
            let analysis = context.analysis(of: version), analysis.hashes.checksum != locked.checksum,
            let plan = context.planRunningStages(on: version, in: [store]),
            // Its recorded checksum is another listed version's now: stores of it open as that one (below).
            !ShippedSchemaEditedRule.stillOpened(locked.checksum, besides: version, in: context)
        {
            // Moved only by a type schemalint cannot resolve: cannot tell, as `check` says nothing of it.
            let changes = SnapshotDiff.changes(from: locked.entities, to: analysis.snapshot)
            if !changes.isEmpty, changes.allSatisfy(\.restsOnUnresolvedType) {
                return .cannotTell(why: unresolved(changes.map { AssessedChange(unresolved: $0) }))
            }
            // Locked while it listed the live classes of a newer version locked with it: as `check` says, what it
            // shipped as cannot be told.
            if let lockfile = context.lockfile,
                ShippedSchemaEditedRule.lockedSharing(version, locked, analysis, lockfile, context)
            {
                return .cannotTell(
                    why: "\(version.name) was locked listing the live classes of a newer version locked with it, so "
                        + "the checksum recorded for it may be one no build wrote")
            }
            return .edited(plan: plan.name, checksum: analysis.hashes.checksum)
        }
        return known(checksum: locked.checksum, store: store, context)
    }

    /// A state some current version stores: as is, by the stages of the plan that runs them, or by inference.
    private static func known(checksum: String, store: StoreTopology.Store?, _ context: RuleContext) -> Outcome {
        let plans = store.map { $0.stagedPlans(context) } ?? context.stagedPlans
        for plan in plans {
            let steps = context.steps(of: plan)
            guard
                let start = steps.versions.firstIndex(where: { context.analysis(of: $0)?.hashes.checksum == checksum })
            else { continue }
            if let (earlier, later) = context.duplicateChecksums(in: plan).first {
                return .planCrashes(plan: plan.name, versions: [earlier.name, later.name])
            }
            let path = steps.steps.dropFirst(start).map { step -> Step in
                let kind: Step.Kind =
                    switch step.stages.first?.kind {
                    case .custom?: .custom
                    case .lightweight?: .lightweight
                    case nil: .inferred
                    }
                var label = kind == .inferred ? "inferred, no stage" : kind.rawValue
                if step.stagesUnread { label = "cannot tell: the plan's stages are not read" }
                return Step(
                    kind, "\(step.from.name) → \(step.to.name) (\(label))",
                    drops: kind == .custom || step.stagesUnread ? [] : droppedData(in: step, context),
                    risks: context.inferenceRisks(of: step).compactMap(UpgradeMatrix.risk))
            }
            for (step, described) in zip(steps.steps.dropFirst(start), path) where !step.stagesUnread {
                // A custom stage's step is inferred between its closures: a new required property fails there too.
                let blockers =
                    described.kind == .custom
                    ? context.customStageInferenceBlockers(of: step) : context.inferenceBlockers(of: step)
                guard !blockers.isEmpty else { continue }
                return .stepFails(
                    from: steps.versions[start].key, step: described.text,
                    blockers: blockers.map { "\($0.text): \($0.blocker ?? "")" })
            }
            return path.isEmpty
                ? .opensAsIs(version: steps.versions[start].key)
                : .staged(
                    from: steps.versions[start].key, steps: path)
        }
        // A store whose plan runs stages is migrated only from a version the plan lists: any other checksum is
        // unknown to it (134504), as `shipped_version_not_in_plan` says; SwiftData infers nothing there.
        if store != nil, let plan = plans.first { return .unknown(plan: plan.name) }
        let targets = store?.inferenceTargets(context) ?? context.currentTargets
        if let same = targets.first(where: { context.analysis(of: $0)?.hashes.checksum == checksum }) {
            return .opensAsIs(version: same.key)
        }
        if let version = context.project.versions.first(where: {
            context.analysis(of: $0)?.hashes.checksum == checksum
        }), let from = context.analysis(of: version)?.snapshot,
            let target = InferenceTargets.nearest(
                to: Set(from.map(\.name)), among: targets, analyses: { context.analysis(of: $0) })
        {
            let now = context.analysis(of: target)?.snapshot ?? []
            return inferred(from: from, to: now, target: target.key)
        }
        return .notOpened
    }

    /// An inferred migration: it fails when inference cannot do a change, and cannot be told when a change rests on
    /// a type schemalint cannot resolve (`MigrationAssessment`'s `typeUnresolved`); what it deletes is said.
    private static func inferred(from old: [EntitySnapshot], to new: [EntitySnapshot], target: String) -> Outcome {
        let assessed = MigrationAssessment.assess(from: old, to: new)
        let blockers = assessed.compactMap { change in change.blocker.map { "\(change.text): \($0)" } }
        let unresolved = assessed.filter { $0.kind == .typeUnresolved }
        if blockers.isEmpty, !unresolved.isEmpty {
            return .cannotTell(why: Self.unresolved(unresolved))
        }
        let drops = DataLoss.lines(DataLoss.dropped(from: old, to: new))
        return .inferred(target: target, blockers: blockers, drops: drops, risks: assessed.compactMap(risk))
    }

    /// `fails if a stored row of Note holds nil in title`: `check`'s words for the same change.
    static func risk(_ change: AssessedChange) -> String? {
        change.failsIf.map { "fails if \($0)" }
    }

    /// What a plan step that runs no custom stage deletes, from what its source version shipped.
    private static func droppedData(in step: PlanSteps.Step, _ context: RuleContext) -> [String] {
        guard let old = context.analysis(of: step.from), let new = context.analysis(of: step.to) else { return [] }
        return DataLoss.lines(
            DataLoss.dropped(from: context.startingSnapshot(of: step.from) ?? old.snapshot, to: new.snapshot))
    }

    /// Each change with why it cannot be told (an unresolved type, an archive named by an alias), then what that
    /// leaves unknown.
    private static func unresolved(_ changes: [AssessedChange]) -> String {
        let why = changes.map { change in
            let caution = change.caution.map { $0.replacingOccurrences(of: "cannot tell whether what is stored "
                + "changed: ", with: "") } ?? "a type it stores cannot be resolved"
            return "\(change.text): \(caution)"
        }
        return why.joined(separator: "; ") + ", so whether the store opens is not known"
    }
}
