/// SARIF 2.1.0 for code scanning: a descriptor per rule with its help text and link, stable fingerprints, and each
/// finding's notes as `relatedLocations`.
public struct SARIFReporter: Reporter {
    public init() {}

    public func report(_ findings: [Finding], summary: Summary) -> String {
        let index = Dictionary(summary.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results: [JSONValue] = findings.map { finding in
            .object([
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", index[finding.rule].map(JSONValue.int)),
                ("level", .string(finding.severity.rawValue)),
                ("message", .object(["text": .string(finding.message.text)])),
                ("locations", .array([.object(["physicalLocation": Self.physical(finding.location)])])),
                (
                    "relatedLocations",
                    finding.notes.isEmpty
                        ? nil
                        : .array(
                            finding.notes.enumerated().map { item in
                                .object([
                                    "id": .int(item.offset), "message": .object(["text": .string(item.element.text)]),
                                    "physicalLocation": Self.physical(item.element.location),
                                ])
                            })
                ),
                ("partialFingerprints", .object(["schemalint/v2": .string(FindingFingerprint.of(finding))])),
                // The message's parts, for tools that show the headline alone (its first sentence is the headline).
                (
                    "properties",
                    .object([
                        ("headline", .string(finding.message.headline)),
                        ("detail", finding.message.detail.isEmpty ? nil : .string(finding.message.detail)),
                        ("fix", finding.message.fix.isEmpty ? nil : .string(finding.message.fix)),
                    ])
                ),
            ])
        }
        return JSONValue.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object([
                        "driver": .object([
                            "name": .string("schemalint"),
                            "version": .string(SchemaLintVersion.current),
                            "informationUri": .string(PublishedFiles.repository),
                            "rules": .array(summary.rules.map(Self.descriptor)),
                        ])
                    ]),
                    "results": .array(results),
                ])
            ]),
        ]).rendered()
    }

    private static func descriptor(_ rule: RuleDescriptor) -> JSONValue {
        let name = rule.id.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return .object([
            "id": .string(rule.id.rawValue),
            "name": .string(name),
            "shortDescription": .object(["text": .string(rule.summary)]),
            "fullDescription": .object(["text": .string(rule.summary)]),
            "help": .object([
                "text": .string("See \(RuleDocumentationLink.url(rule.id))"),
                "markdown": .string(rule.document ?? rule.summary),
            ]),
            "helpUri": .string(RuleDocumentationLink.url(rule.id)),
            "defaultConfiguration": .object(["level": .string(rule.defaultSeverity.rawValue)]),
        ])
    }

    private static func physical(_ location: SourceLocation) -> JSONValue {
        .object([
            "artifactLocation": .object(["uri": .string(location.file), "uriBaseId": .string("%SRCROOT%")]),
            "region": .object(["startLine": .int(location.line), "startColumn": .int(location.column)]),
        ])
    }
}

import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
