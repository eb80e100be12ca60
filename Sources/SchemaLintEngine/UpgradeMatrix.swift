import SchemaLintModel

/// `schemalint upgrades`: for each state a user's store can be in (each locked state, each store fixture), what this
/// build does with it: opens it as is, migrates it stage by stage, infers a migration, or fails, and why.
public struct UpgradeMatrix: Sendable {
    public struct Row: Sendable {
        /// The lockfile key, or the store file's path.
        public var name: String
        public var isStore: Bool
        public var checksum: String?
        public var outcome: Outcome
    }

    public enum Outcome: Sendable {
        /// A version the app opens has its checksum.
        case opensAsIs(version: String)
        /// A version of the plan that runs stages has its checksum: the steps from there to the newest.
        case staged(from: String, steps: [String])
        /// No stage runs: SwiftData infers one migration to `target`; `blockers` is what it cannot do.
        case inferred(target: String, blockers: [String])
        /// The plan that runs stages has no version with its checksum (134504).
        case unknown(plan: String)
        /// Nothing in the sources opens a store of this kind any more.
        case notOpened

        public var fails: Bool {
            switch self {
            case let .inferred(_, blockers): return !blockers.isEmpty
            case .unknown: return true
            case .opensAsIs, .staged, .notOpened: return false
            }
        }
    }

    public var rows: [Row] = []
    public init(rows: [Row] = []) { self.rows = rows }
}

extension UpgradeMatrix {
    static func build(_ context: RuleContext) -> UpgradeMatrix {
        var matrix = UpgradeMatrix()
        let lockfile = context.lockfile
        let states = Dictionary(context.shippedStates.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for key in (lockfile?.versions.keys.sorted() ?? []) {
            guard let locked = lockfile?.versions[key], locked.retired == nil else { continue }
            let outcome: Outcome
            if let state = states[key] {
                switch state.fate {
                case let .inferred(target):
                    let now = context.analysis(of: target)?.snapshot ?? []
                    let blockers = MigrationAssessment.blockers(from: context.shippedEntities(of: state), to: now)
                    outcome = .inferred(target: target.key, blockers: blockers)
                case let .unknownToPlan(plan):
                    outcome = .unknown(plan: plan.name)
                }
            } else {
                outcome = known(checksum: locked.checksum, context)
            }
            matrix.rows.append(Row(name: key, isStore: false, checksum: locked.checksum, outcome: outcome))
        }
        for verdict in context.storeVerdicts {
            let outcome: Outcome
            if let inference = verdict.inference {
                outcome = .inferred(target: inference.target, blockers: inference.blockers)
            } else if let checksum = verdict.metadata.checksum, verdict.matchesAVersion {
                outcome = known(checksum: checksum, context)
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

    /// A state some current version stores: as is, by the stages of the plan that runs them, or by inference.
    private static func known(checksum: String, _ context: RuleContext) -> Outcome {
        for plan in context.stagedPlans {
            let steps = context.steps(of: plan)
            guard
                let start = steps.versions.firstIndex(where: { context.analysis(of: $0)?.hashes.checksum == checksum })
            else { continue }
            let path = steps.steps.dropFirst(start).map { step -> String in
                let kind = step.stages.first.map { "\($0.kind)" } ?? "inferred, no stage"
                return "\(step.from.name) → \(step.to.name) (\(kind))"
            }
            return path.isEmpty ? .opensAsIs(version: steps.versions[start].key) : .staged(
                from: steps.versions[start].key, steps: path)
        }
        let targets = context.currentTargets
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
            return .inferred(target: target.key, blockers: MigrationAssessment.blockers(from: from, to: now))
        }
        return .notOpened
    }
}
