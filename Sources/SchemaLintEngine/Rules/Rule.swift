import SchemaLintModel

/// A check over the semantic model. Rules know nothing of output formats; reporters know nothing of rules.
///
/// The rule type is the one source of its metadata: `id`, `defaultSeverity`, `severities` and `summary`; its
/// document `Rules/<id>.md` repeats them in its header, which a test keeps in agreement.
public protocol Rule: Sendable {
    /// `snake_case`; its documentation is `Rules/<id>.md`.
    var id: RuleID { get }
    var defaultSeverity: Severity { get }
    /// Every severity the rule reports at, the default first (`stage_chain_broken` also warns).
    var severities: [Severity] { get }
    /// One line for `schemalint rules`.
    var summary: String { get }
    /// Rules about suppressions run after the others' findings have been filtered by them.
    var runsAfterSuppressions: Bool { get }
    func check(_ context: RuleContext) -> [Finding]
}

extension Rule {
    public var runsAfterSuppressions: Bool { false }
    public var severities: [Severity] { [defaultSeverity] }
}

/// What rules look at.
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
    /// Rules that are switched on, for rules that reason about other rules.
    public var enabledRules: Set<RuleID> = Set(RuleRegistry.all.map(\.id))

    /// Which store files the app containers open, and what each holds (`StoreTopology`).
    public var topology: StoreTopology
    /// The files are the whole app, read from its root (`Analyzer.readsWholeApp`).
    public var readsWholeApp = false
    /// The lockfile's Core Data versions against the bundles, judged once per analysis (`shippedModels`).
    var judgedModels: ShippedModelVersions?

    /// What became of the Core Data versions the lockfile records: edits and removals.
    var shippedModels: ShippedModelVersions { judgedModels ?? ShippedModelVersions(self) }

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

extension Rule {
    /// A finding of this rule, at its default severity unless the rule says otherwise.
    func finding(
        _ location: SourceLocation, about subject: Finding.Subject, _ message: Finding.Message,
        severity: Severity? = nil, notes: [Finding.Note] = [], fix: Finding.Fix? = nil
    ) -> Finding {
        Finding(
            rule: id, severity: severity ?? defaultSeverity, subject: subject, location: location,
            message: message, notes: notes, fix: fix)
    }
}

/// Every rule schemalint has, by id. The list is generated from the rule files' names (RuleCatalogPlugin): a rule
/// is registered by existing.
public enum RuleRegistry {
    public static let all: [any Rule] = RuleCatalog.rules.sorted { $0.id < $1.id }

    public static func rule(_ id: RuleID) -> (any Rule)? { all.first { $0.id == id } }
}

extension RuleRegistry {
    /// The rule's document (`Rules/<id>.md`), embedded in the binary.
    public static func document(for id: String) -> String? { RuleDocuments.byID[id] }

    /// Every embedded document, for the test that keeps them in sync with `Rules/`.
    public static var documents: [String: String] { RuleDocuments.byID }
}
