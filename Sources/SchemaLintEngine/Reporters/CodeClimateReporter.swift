/// GitLab code quality (Code Climate JSON); a finding's notes become `other_locations`.
public struct CodeClimateReporter: Reporter {
    public init() {}

    public func report(_ findings: [Finding], summary: Summary) -> String {
        JSONValue.array(
            findings.map { finding in
                .object([
                    ("type", .string("issue")),
                    ("check_name", .string(finding.rule.rawValue)),
                    ("description", .string(finding.message.brief)),
                    ("content", .object(["body": .string(finding.message.text)])),
                    ("categories", .array([.string("Bug Risk")])),
                    ("fingerprint", .string(FindingFingerprint.of(finding))),
                    (
                        "severity",
                        .string(finding.severity == .error ? "major" : finding.severity == .warning ? "minor" : "info")
                    ),
                    ("location", Self.location(finding.location)),
                    (
                        "other_locations",
                        finding.notes.isEmpty ? nil : .array(finding.notes.map { Self.location($0.location) })
                    ),
                ])
            }
        ).rendered()
    }

    private static func location(_ location: SourceLocation) -> JSONValue {
        .object(["path": .string(location.file), "lines": .object(["begin": .int(location.line)])])
    }
}

import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
