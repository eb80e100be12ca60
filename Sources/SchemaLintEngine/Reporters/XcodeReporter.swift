/// `path:line:column: error: message [rule_id]`, which Xcode and most editors turn into clickable diagnostics, each
/// followed by its related locations as `path:line:column: note: ↳ text` lines (Xcode shows them under the
/// diagnostic; the arrow and the missing `[rule_id]` tell them from note-severity findings).
/// On a terminal the severity is coloured (never when piped or with NO_COLOR; the caller decides).
public struct XcodeReporter: Reporter {
    public var colored: Bool
    public init(colored: Bool = false) { self.colored = colored }

    public func report(_ findings: [Finding], summary: Summary) -> String {
        findings.map { finding in
            var line = "\(finding.location): \(paint(finding.severity)): \(finding.message.text) [\(finding.rule)]\n"
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
