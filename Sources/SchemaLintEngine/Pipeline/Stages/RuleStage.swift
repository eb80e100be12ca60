import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// Stage 5: the rules, over one context every rule queries (the checked project, each version's hashes, the
/// lockfile, the store topology). Ordinary rules run first, then suppressions are applied, then the rules about
/// suppressions; findings come out in one order whatever the threads.
struct RuleStage {
    var rules: [any Rule]
    var configuration: Configuration
    var stores: [StoreMetadata]
    var lockfileLocation: String?
    var readsWholeApp: Bool

    struct Output {
        var context: RuleContext
        var findings: [Finding]
    }

    func run(
        project: Project, hashed: HashStage.Output, topology: TopologyStage.Output, lockfile: Lockfile?
    ) -> Output {
        let analyses = hashed.versions + hashed.modelVersions
        var context = RuleContext(
            project: topology.checked,
            analyses: Dictionary(analyses.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
            lockfile: lockfile, topology: topology.topology)
        context.unreferencedPlans = topology.unreferencedPlans
        context.unusedModels = topology.unusedModels
        let enabled = rules.filter { configuration.isEnabled($0.id) }
        context.enabledRules = Set(enabled.map(\.id))
        context.lockfileLocation = lockfileLocation
        context.readsWholeApp = readsWholeApp
        context.judgedModels = ShippedModelVersions(context)
        // Against the plans that are checked: a plan nothing uses runs no stages.
        context.storeVerdicts = stores.map {
            StoreVerifier.verify($0, project: topology.checked, versions: hashed.versions)
        }
        var ledger = SuppressionLedger(project.suppressions)
        let found = configuration.apply(to: enabled.filter { !$0.runsAfterSuppressions }.flatMap { $0.check(context) })
        let kept = ledger.filter(DeadCode(project: project).demote(found))
        context.suppressions = ledger
        let meta = configuration.apply(to: enabled.filter(\.runsAfterSuppressions).flatMap { $0.check(context) })
        return Output(context: context, findings: Finding.ordered(kept + meta))
    }
}
