import SchemaLintModel

/// A suppression that suppresses nothing is noise, and hides the next real finding on that line.
public struct SuperfluousSuppressionRule: Rule {
    public let id = "superfluous_suppression"
    public let defaultSeverity = Severity.warning
    public let summary = "A schemalint:disable comment suppresses nothing (or names an unknown or unsuppressible rule)."
    public var runsAfterSuppressions: Bool { true }

    public func check(_ context: RuleContext) -> [Finding] {
        guard let ledger = context.suppressions else { return [] }
        let known = Set(RuleRegistry.all.map(\.id))
        return ledger.named.compactMap { use -> Finding? in
            let rule = use.rule
            let comment = use.comment
            if rule != "all" && !known.contains(rule) {
                return finding(comment.location, "schemalint:\(comment.kind.rawValue) names '\(rule)', which is not a rule; `schemalint rules` lists them")
            }
            if SuppressionLedger.unsuppressible.contains(rule) {
                return finding(comment.location, "\(rule) cannot be suppressed in source: a shipped version's change is accepted with `schemalint lock --accept NAME --reason \"...\"`, which records the reason in the lockfile. Remove this comment")
            }
            // A suppression for a rule that is switched off cannot do anything either; say so only for rules that run.
            guard !ledger.used.contains(use), rule == "all" || context.enabledRules.contains(rule) else { return nil }
            return finding(comment.location, "schemalint:\(comment.kind.rawValue) \(rule) suppresses nothing here; remove it so it cannot hide a future finding")
        }
    }
}
