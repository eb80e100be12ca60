import SchemaLintModel

/// Applies `// schemalint:` suppressions to findings and remembers which ones did something, so that stale
/// suppressions can be reported.
///
/// - `disable:next` covers the line after the comment, `disable:this` the comment's own line;
/// - `disable` covers every line from the comment until an `enable` naming the same rule (or `all`);
/// - findings about shipped states (`ShippedStateFindings`) are never suppressed: the only way past them is
///   `schemalint lock --accept`, which records its reason in the lockfile.
public struct SuppressionLedger {
    public static let unsuppressible = ShippedStateFindings.rules

    public struct Use: Hashable {
        public var comment: SuppressionComment
        public var rule: RuleSelector
    }

    public let comments: [String: [SuppressionComment]]
    public private(set) var used: Set<Use> = []

    public init(_ comments: [String: [SuppressionComment]]) {
        self.comments = comments.mapValues { $0.sorted { $0.location < $1.location } }
    }

    /// The findings no suppression covers.
    public mutating func filter(_ findings: [Finding]) -> [Finding] {
        findings.filter { finding in
            guard !Self.unsuppressible.contains(finding.rule), let use = cover(finding) else { return true }
            used.insert(use)
            return false
        }
    }

    private func cover(_ finding: Finding) -> Use? {
        guard let fileComments = comments[finding.location.file] else { return nil }
        let line = finding.location.line
        func names(_ comment: SuppressionComment) -> RuleSelector? {
            let selectors = comment.rules.map(RuleSelector.init)
            if selectors.contains(.rule(finding.rule)) { return .rule(finding.rule) }
            return selectors.contains(.all) ? .all : nil
        }
        for comment in fileComments {
            switch comment.kind {
            case .next where comment.location.line + 1 == line, .this where comment.location.line == line:
                if let name = names(comment) { return Use(comment: comment, rule: name) }
            default:
                continue
            }
        }
        // The innermost open region for this rule.
        var open: Use?
        for comment in fileComments where comment.location.line <= line {
            guard let name = names(comment) else { continue }
            if comment.kind == .disable { open = Use(comment: comment, rule: name) }
            if comment.kind == .enable { open = nil }
        }
        return open
    }

    /// Every (comment, rule) a disabling comment names, for the stale-suppression check.
    public var named: [Use] {
        comments.values.flatMap { list in
            list.filter { $0.kind != .enable }.flatMap { comment in
                comment.rules.map { Use(comment: comment, rule: RuleSelector($0)) }
            }
        }.sorted { ($0.comment.location, $0.rule.description) < ($1.comment.location, $1.rule.description) }
    }
}
