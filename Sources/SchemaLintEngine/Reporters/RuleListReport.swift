import SchemaLintFacts
import SchemaLintRules

/// `schemalint rules`: every rule, whether it runs under the configuration, its severity there and its summary.
public struct RuleListReport {
    public var configuration: Configuration

    public init(configuration: Configuration) { self.configuration = configuration }

    public func text() -> String {
        let width = RuleRegistry.all.map(\.id.rawValue.count).max() ?? 0
        return RuleRegistry.all.map { rule in
            let mark = configuration.isEnabled(rule.id) ? "on " : "off"
            let severity = pad(configuration.severity(of: rule).rawValue, 7)
            return "\(mark)  \(pad(rule.id.rawValue, width))  \(severity)  \(rule.summary)\n"
        }.joined()
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
