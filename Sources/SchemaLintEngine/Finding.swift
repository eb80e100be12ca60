import SchemaLintModel

public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One problem a rule found, at the line a developer would edit.
public struct Finding: Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(rule: String, severity: Severity, location: SourceLocation, message: String) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// Output order: file, line, column, rule, then message so ties are still stable.
    public static func ordered(_ findings: [Finding]) -> [Finding] {
        Array(Set(findings)).sorted {
            ($0.location.file, $0.location.line, $0.location.column, $0.rule, $0.message)
                < ($1.location.file, $1.location.line, $1.location.column, $1.rule, $1.message)
        }
    }
}
