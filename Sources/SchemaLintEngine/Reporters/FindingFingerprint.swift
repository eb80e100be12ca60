import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Identifies a finding across commits and releases: the rule, the semantic place it is about and its message id.
/// Line numbers, checksums, counts and the wording of the message can all change without the finding changing.
public enum FindingFingerprint {
    public static func of(_ finding: Finding) -> String {
        let key = "\(finding.rule)|\(finding.subject)|\(finding.message.id)"
        return Hex.encode(Array(SHA256.hash(data: Array(key.utf8)))).prefix(32).description
    }
}
