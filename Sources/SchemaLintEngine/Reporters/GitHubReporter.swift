import SchemaLintFacts
import SchemaLintRules

/// GitHub Actions workflow commands: annotations on the pull request's diff, each a finding's headline and fix.
public struct GitHubReporter: Reporter {
    public init() {}

    public func report(_ findings: [Finding], summary: Summary) -> String {
        findings.map { finding in
            let command = finding.severity == .note ? "notice" : finding.severity.rawValue
            let properties =
                "file=\(escape(finding.location.file, property: true)),line=\(finding.location.line),"
                + "col=\(finding.location.column),title=\(escape(finding.rule.rawValue, property: true))"
            // The headline, then what to do on its own line: what fits an annotation on the diff.
            let message = finding.message
            let text = message.fix.isEmpty ? message.brief : message.brief + "\nFix: " + message.fix
            return "::\(command) \(properties)::\(escape(text, property: false))\n"
        }.joined()
    }

    private func escape(_ text: String, property: Bool) -> String {
        var result = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        if property {
            result = result.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        return result
    }
}
