import SchemaLintModel

/// What rules look at: the facts of one analysis, and the queries over them (the store topology, the shipped states,
/// the plans' steps) that `check`, `lock` and `upgrades` share. Rules (SchemaLintRules) read it; the pipeline
/// (SchemaLintEngine) builds it.
public struct RuleContext {
    public let project: Project
    /// Per version key.
    public let analyses: [String: VersionAnalysis]
    /// The lockfile, when one was found and read.
    public let lockfile: Lockfile?
    /// For rules that run after suppressions: which suppressions were used.
    public var suppressions: SuppressionLedger?
    /// Store fixtures (`stores:`) and which versions they match.
    public var storeVerdicts: [StoreVerdict] = []
    /// Where this app's lockfile is expected, when the run looks for one (`check`); nil when no lockfile applies
    /// (tests of single rules, `--against` alone).
    public var lockfileLocation: String?
    /// Plans that no container is given and no code names (`UnusedDeclarations`): left out of `project.plans`.
    public var unreferencedPlans: [MigrationPlan] = []
    /// Models no version stores that no code names (`UnusedDeclarations`): nothing inserts or fetches them.
    public var unusedModels: Set<SymbolID> = []
    /// Rules that are switched on, for rules that reason about other rules. The rule stage (`RuleStage`) sets it
    /// before any rule runs; no rule runs on a context it did not build.
    public var enabledRules: Set<RuleID> = []

    /// Which store files the app containers open, and what each holds (`StoreTopology`).
    public var topology: StoreTopology
    /// The files are the whole app, read from its root (`Analyzer.readsWholeApp`).
    public var readsWholeApp = false
    /// The lockfile's Core Data versions against the bundles, judged once per analysis (`shippedModels`).
    package var judgedModels: ShippedModelVersions?

    /// What became of the Core Data versions the lockfile records: edits and removals.
    package var shippedModels: ShippedModelVersions { judgedModels ?? ShippedModelVersions(self) }

    /// `topology`: the stores as the analysis found them (with the project files' targets); built from the project
    /// alone when not given.
    public init(
        project: Project, analyses: [String: VersionAnalysis], lockfile: Lockfile?, topology: StoreTopology? = nil
    ) {
        self.project = project
        self.analyses = analyses
        self.lockfile = lockfile
        self.topology = topology ?? StoreTopology.build(project) { _ in [] }
    }

    public func analysis(of version: SchemaVersion) -> VersionAnalysis? { analyses[version.key] }

    /// The versions a plan lists, in order, skipping names that resolve to no version.
    public func versions(of plan: MigrationPlan) -> [SchemaVersion] {
        (plan.schemas ?? []).compactMap { reference in reference.version.flatMap { project.version($0) } }
    }
}
