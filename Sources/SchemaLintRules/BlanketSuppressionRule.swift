import SchemaLintFacts
import SchemaLintModel

/// `schemalint:disable all` hides every rule, including ones that did not exist when it was written.
public struct BlanketSuppressionRule: Rule {
    public let id = RuleID.blanketSuppression
    public let defaultSeverity = Severity.warning
    public let summary = "A schemalint:disable comment uses `all` instead of naming rules."
    public var runsAfterSuppressions: Bool { true }

    public func check(_ context: RuleContext) -> [Finding] {
        guard let ledger = context.suppressions else { return [] }
        return ledger.named.filter { $0.rule == .all && ledger.used.contains($0) }.map { use in
            finding(
                use.comment.location, about: .suppression(file: use.comment.location.file, rule: "all"),
                .blanketSuppression(kind: use.comment.kind.rawValue))
        }
    }
}

extension RuleID {
    public static let blanketSuppression: RuleID = "blanket_suppression"
}

extension Finding.Message {
    static func blanketSuppression(kind: String) -> Self {
        Self(
            id: "all",
            "schemalint:\(kind) all suppresses every rule here, including rules added later: other mistakes go unseen",
            detail: "A reviewer cannot tell which findings it was meant to accept, and whatever else goes wrong on "
                + "these lines is hidden with them",
            fix: "Name the rules you mean instead of all, with a reason: `// schemalint:\(kind) rule_id - why` "
                + "(`schemalint rules` lists them)")
    }
}
