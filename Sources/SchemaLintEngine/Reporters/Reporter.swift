import SchemaLintModel

/// Turns findings into output. Reporters know nothing of rules beyond a finding's fields.
public protocol Reporter {
    func report(_ findings: [Finding], summary: Summary) -> String
}

public struct Summary: Sendable {
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    public var filesFound: Int
    public var filesParsed: Int
    public var versions: Int
    /// Store fixtures verified (`stores:`).
    public var stores: Int = 0
    /// The lockfiles read (relative to the working directory), one per app that has one.
    public var lockfiles: [String] = []
    /// The configuration files read.
    public var configurations: [String] = []
    /// Apps that have versioned schemas and no lockfile: where `lock` would write one.
    public var missingLockfiles: [String] = []

    public init(findings: [Finding], statistics: Analysis.Statistics, versions: Int, stores: Int = 0) {
        errors = findings.filter { $0.severity == .error }.count
        warnings = findings.filter { $0.severity == .warning }.count
        notes = findings.filter { $0.severity == .note }.count
        filesFound = statistics.filesFound
        filesParsed = statistics.filesParsed
        self.versions = versions
        self.stores = stores
    }

    /// The line printed on stderr after xcode output.
    public var line: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let checked = stores == 0 ? plural(versions, "schema version") : "\(plural(versions, "schema version")) and \(plural(stores, "store file"))"
        var line = "schemalint: \(plural(errors, "error")), \(plural(warnings, "warning")) in \(checked) "
            + "(\(plural(filesFound, "Swift file")), \(filesParsed) parsed)"
        var read: [String] = []
        if !lockfiles.isEmpty { read.append("lockfile \(lockfiles.joined(separator: ", "))") }
        if !missingLockfiles.isEmpty { read.append("no lockfile at \(missingLockfiles.joined(separator: ", "))") }
        if !configurations.isEmpty { read.append("configuration \(configurations.joined(separator: ", "))") }
        if !read.isEmpty { line += "; " + read.joined(separator: "; ") }
        return line
    }
}

public enum ReporterKind: String, CaseIterable, Sendable {
    case xcode, json, sarif, github, junit, codeclimate

    public func reporter(colored: Bool = false) -> any Reporter {
        switch self {
        case .xcode: return XcodeReporter(colored: colored)
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter()
        case .github: return GitHubReporter()
        case .junit: return JUnitReporter()
        case .codeclimate: return CodeClimateReporter()
        }
    }
}

/// `path:line:column: error: message [rule_id]`, which Xcode and most editors turn into clickable diagnostics.
/// On a terminal the severity is coloured (never when piped or with NO_COLOR; the caller decides).
public struct XcodeReporter: Reporter {
    public var colored: Bool
    public init(colored: Bool = false) { self.colored = colored }
    public func report(_ findings: [Finding], summary: Summary) -> String {
        findings.map { finding in
            var severity = finding.severity.rawValue
            if colored {
                let code = finding.severity == .error ? "31" : finding.severity == .warning ? "33" : "36"
                severity = "\u{1B}[1;\(code)m\(severity)\u{1B}[0m"
            }
            return "\(finding.location.file):\(finding.location.line):\(finding.location.column): \(severity): \(finding.message) [\(finding.rule)]\n"
        }.joined()
    }
}

/// One JSON object: `{"findings": [...], "summary": {...}}`, findings sorted by file, line, column, rule.
public struct JSONReporter: Reporter {
    public init() {}
    public func report(_ findings: [Finding], summary: Summary) -> String {
        JSONValue.object([
            "findings": .array(findings.map { finding in
                .object(["rule": .string(finding.rule), "severity": .string(finding.severity.rawValue),
                         "file": .string(finding.location.file), "line": .int(finding.location.line),
                         "column": .int(finding.location.column), "message": .string(finding.message)])
            }),
            "summary": .object(["errors": .int(summary.errors), "warnings": .int(summary.warnings), "notes": .int(summary.notes),
                                "files": .int(summary.filesFound), "filesParsed": .int(summary.filesParsed),
                                "versions": .int(summary.versions),
                                "lockfiles": .array(summary.lockfiles.map { .string($0) }),
                                "missingLockfiles": .array(summary.missingLockfiles.map { .string($0) }),
                                "configurations": .array(summary.configurations.map { .string($0) })]),
        ]).rendered()
    }
}
