import SchemaLintModel

/// A file that did not parse is analysed as far as it parsed; its schema may be incomplete.
public struct SyntaxErrorRule: Rule {
    public let id = "syntax_error"
    public let defaultSeverity = Severity.warning
    public let summary = "A Swift file has syntax errors; it was analysed as far as it parsed."

    public func check(_ context: RuleContext) -> [Finding] {
        context.project.syntaxProblems.map { problem in
            let more = problem.count > 1 ? " (and \(problem.count - 1) more)" : ""
            return finding(problem.location, "syntax error: \(problem.message)\(more). schemalint read this file as far as it parsed, so versions in it may be incomplete; fix the error for a full check")
        }
    }
}
