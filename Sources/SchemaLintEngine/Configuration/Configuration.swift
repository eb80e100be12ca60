import SchemaLintFacts
import SchemaLintRules

/// `.schemalint.yml`: which files to read, which rules run and how severe they are, where the lockfile lives.
public struct Configuration: Sendable, Equatable {
    /// Globs (relative to the configuration's folder) of files and folders to analyse; empty means everything.
    public var included: [String] = []
    /// Globs of files and folders never to analyse.
    public var excluded: [String] = []
    public var disabledRules: Set<RuleID> = []
    /// `only_rules`: when set, only these rules run (minus `disabled_rules`), as in SwiftLint. For a team that adopts
    /// one rule at a time, or a CI job that gates on the shipped-version rules alone.
    public var onlyRules: Set<RuleID>?
    public var severities: [RuleID: Severity] = [:]
    public var lockfile: String?
    /// Globs (relative to the configuration's folder) of store files that `check` verifies against the source.
    public var stores: [String] = []
    public var reporter: String?
    public var strict: Bool?
    /// `require_lockfile: true`: an app whose shipped state no lockfile covers is an error, not a warning.
    public var requireLockfile = false
    /// `require_known_stores: true`: a check that could not tell a store-deciding value (the notes it prints about
    /// what it could not read) fails, as with `--strict`.
    public var requireKnownStores = false
    /// Where the file was read from, for messages; nil for the defaults.
    public var path: String?

    public init() {}

    /// Every rule runs unless disabled, or left out of `only_rules` when that is given.
    public func isEnabled(_ rule: RuleID) -> Bool {
        if disabledRules.contains(rule) { return false }
        return onlyRules?.contains(rule) ?? true
    }

    public func severity(of rule: any Rule) -> Severity { severities[rule.id] ?? rule.defaultSeverity }

    /// Applies disabled rules and severity overrides to findings.
    ///
    /// An override sets the severity of the rule's findings at its default severity; findings the rule raises at a
    /// lesser severity (a `stage_chain_broken` warning) keep theirs, capped at the override, so `error` does not turn
    /// the rule's warnings into errors and `note` makes every one of them a note.
    public func apply(to findings: [Finding]) -> [Finding] {
        findings.compactMap { finding in
            guard isEnabled(finding.rule) else { return nil }
            var adjusted = finding
            if let severity = severities[finding.rule] {
                let standard = RuleRegistry.rule(finding.rule)?.defaultSeverity
                adjusted.severity = finding.severity == standard ? severity : min(finding.severity, severity)
            } else if requireLockfile && finding.rule == .lockfileMissing {
                adjusted.severity = .error
            }
            return adjusted
        }
    }
}
