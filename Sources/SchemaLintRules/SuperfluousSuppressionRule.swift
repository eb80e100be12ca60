import SchemaLintFacts
import SchemaLintModel

/// A suppression that suppresses nothing is noise, and hides the next real finding on that line.
public struct SuperfluousSuppressionRule: Rule {
    public let id = RuleID.superfluousSuppression
    public let defaultSeverity = Severity.warning
    public let summary = "A schemalint:disable comment suppresses nothing (or names an unknown or unsuppressible rule)."
    public var runsAfterSuppressions: Bool { true }

    public func check(_ context: RuleContext) -> [Finding] {
        guard let ledger = context.suppressions else { return [] }
        let known = Set(RuleRegistry.all.map(\.id))
        return ledger.named.compactMap { use -> Finding? in
            let rule = use.rule
            let comment = use.comment
            let subject = Finding.Subject.suppression(file: comment.location.file, rule: "\(rule)")
            if case let .rule(id) = rule, !known.contains(id) {
                return finding(comment.location, about: subject, .unknownRule(kind: comment.kind.rawValue, rule: id))
            }
            if case let .rule(id) = rule, SuppressionLedger.unsuppressible.contains(id) {
                return finding(comment.location, about: subject, .unsuppressible(id))
            }
            // A suppression for a rule that is switched off cannot do anything either; say so only for rules that run.
            let runs: Bool
            switch rule {
            case .all: runs = true
            case let .rule(id): runs = context.enabledRules.contains(id)
            }
            guard !ledger.used.contains(use), runs else { return nil }
            return finding(
                comment.location, about: subject, .suppressesNothing(kind: comment.kind.rawValue, rule: rule))
        }
    }
}

extension RuleID {
    public static let superfluousSuppression: RuleID = "superfluous_suppression"
}

extension Finding.Message {
    static func unknownRule(kind: String, rule: RuleID) -> Self {
        Self(
            id: "unknown-rule",
            "schemalint:\(kind) names '\(rule)', which is not a rule: it suppresses nothing",
            fix: "Correct the rule id (`schemalint rules` lists them), or remove the comment")
    }

    static func unsuppressible(_ rule: RuleID) -> Self {
        Self(
            id: "unsuppressible",
            "\(rule) cannot be suppressed in source: this comment suppresses nothing",
            detail: "A shipped version's change is accepted with `schemalint lock --accept NAME --reason \"...\"`, "
                + "which records the reason in the lockfile",
            fix: "Remove this comment")
    }

    static func suppressesNothing(kind: String, rule: RuleSelector) -> Self {
        Self(
            id: "unused",
            "schemalint:\(kind) \(rule) suppresses nothing here, but would hide a future finding",
            fix: "Remove it")
    }
}
