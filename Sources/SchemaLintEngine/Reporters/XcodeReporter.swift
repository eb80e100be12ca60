import SchemaLintFacts
import SchemaLintRules

/// `path:line:column: error: headline [rule_id]`, which Xcode and most editors turn into clickable diagnostics, each
/// followed by what to do and its related locations as `path:line:column: note: ↳ text` lines (Xcode shows them
/// under the diagnostic; the arrow and the missing `[rule_id]` tell them from note-severity findings). `detailed`
/// (`check --verbose`) prints the whole headline and why the finding holds as well.
/// On a terminal the severity is coloured (never when piped or with NO_COLOR; the caller decides).
public struct XcodeReporter: Reporter {
    public var colored: Bool
    public var detailed: Bool
    public init(colored: Bool = false, detailed: Bool = false) {
        self.colored = colored
        self.detailed = detailed
    }

    public func report(_ findings: [Finding], summary: Summary) -> String {
        findings.map { finding in
            let message = finding.message
            let headline = detailed ? message.headline : message.brief
            var line = "\(finding.location): \(paint(finding.severity)): \(headline) [\(finding.rule)]\n"
            let note = "\(finding.location): \(paint(.note)): ↳"
            if detailed && !message.detail.isEmpty { line += "\(note) why: \(message.detail)\n" }
            if !message.fix.isEmpty { line += "\(note) fix: \(message.fix)\n" }
            for note in finding.notes { line += "\(note.location): \(paint(.note)): ↳ \(note.text)\n" }
            return line
        }.joined()
    }

    private func paint(_ severity: Severity) -> String {
        guard colored else { return severity.rawValue }
        let code = severity == .error ? "31" : severity == .warning ? "33" : "36"
        return "\u{1B}[1;\(code)m\(severity.rawValue)\u{1B}[0m"
    }
}
