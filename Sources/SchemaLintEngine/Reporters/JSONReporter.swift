import SchemaLintFacts
import SchemaLintRules

/// One JSON object: `{"findings": [...], "summary": {...}}`, findings sorted by file, line, column, rule. Each
/// finding carries its subject and message id (stable across rewording), its whole message and its parts (headline,
/// detail, fix), and its notes.
public struct JSONReporter: Reporter {
    public init() {}

    public func report(_ findings: [Finding], summary: Summary) -> String {
        JSONValue.object([
            "findings": .array(
                findings.map { finding in
                    .object([
                        ("rule", .string(finding.rule.rawValue)), ("severity", .string(finding.severity.rawValue)),
                        ("file", .string(finding.location.file)), ("line", .int(finding.location.line)),
                        ("column", .int(finding.location.column)), ("message", .string(finding.message.text)),
                        ("headline", .string(finding.message.headline)),
                        ("detail", finding.message.detail.isEmpty ? nil : .string(finding.message.detail)),
                        ("fix", finding.message.fix.isEmpty ? nil : .string(finding.message.fix)),
                        ("messageId", .string(finding.message.id)), ("subject", .string(finding.subject.description)),
                        (
                            "notes",
                            finding.notes.isEmpty
                                ? nil
                                : .array(
                                    finding.notes.map { note in
                                        .object([
                                            "file": .string(note.location.file), "line": .int(note.location.line),
                                            "column": .int(note.location.column), "message": .string(note.text),
                                        ])
                                    })
                        ),
                    ])
                }),
            "summary": .object([
                "errors": .int(summary.errors), "warnings": .int(summary.warnings), "notes": .int(summary.notes),
                "relatedLocations": .int(summary.relatedLocations),
                "files": .int(summary.filesFound), "filesParsed": .int(summary.filesParsed),
                "versions": .int(summary.versions),
                "lockfiles": .strings(summary.lockfiles),
                "missingLockfiles": .strings(summary.missingLockfiles),
                "configurations": .strings(summary.configurations),
            ]),
        ]).rendered()
    }
}
