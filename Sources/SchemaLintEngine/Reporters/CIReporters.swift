import Crypto
import SchemaLintModel

/// Identifies a finding across commits: the rule, the file and the message with numbers removed (line numbers,
/// checksums and counts change when unrelated code moves).
enum FindingFingerprint {
    static func of(_ finding: Finding) -> String {
        let message = String(finding.message.unicodeScalars.filter { !("0"..."9").contains($0) }.map(Character.init))
        let digest = SHA256.hash(data: Array("\(finding.rule)|\(finding.location.file)|\(message)".utf8))
        return Hex.encode(Array(digest)).prefix(32).description
    }
}

/// Where each rule's document is published.
public enum RuleDocumentationLink {
    public static let base = "https://github.com/schemalint/schemalint/blob/main/Rules/"
    public static func url(_ rule: String) -> String { base + rule + ".md" }
}

/// SARIF 2.1.0 for code scanning: a descriptor per rule with its help text and link, stable fingerprints.
public struct SARIFReporter: Reporter {
    public init() {}
    public func report(_ findings: [Finding], summary: Summary) -> String {
        let rules = RuleRegistry.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let descriptors: [JSONValue] = rules.map { rule in
            .object([
                "id": .string(rule.id),
                "name": .string(rule.id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()),
                "shortDescription": .object(["text": .string(rule.summary)]),
                "fullDescription": .object(["text": .string(rule.summary)]),
                "help": .object(["text": .string("See \(RuleDocumentationLink.url(rule.id))"),
                                 "markdown": .string(RuleRegistry.document(for: rule.id) ?? rule.summary)]),
                "helpUri": .string(RuleDocumentationLink.url(rule.id)),
                "defaultConfiguration": .object(["level": .string(rule.defaultSeverity.rawValue)]),
            ])
        }
        let results: [JSONValue] = findings.map { finding in
            .object([
                ("ruleId", .string(finding.rule)),
                ("ruleIndex", index[finding.rule].map(JSONValue.int)),
                ("level", .string(finding.severity.rawValue)),
                ("message", .object(["text": .string(finding.message)])),
                ("locations", .array([.object(["physicalLocation": .object([
                    "artifactLocation": .object(["uri": .string(finding.location.file), "uriBaseId": .string("%SRCROOT%")]),
                    "region": .object(["startLine": .int(finding.location.line), "startColumn": .int(finding.location.column)]),
                ])])])),
                ("partialFingerprints", .object(["schemalint/v1": .string(FindingFingerprint.of(finding))])),
            ])
        }
        return JSONValue.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object([
                    "name": .string("schemalint"),
                    "version": .string(SchemaLintVersion.current),
                    "informationUri": .string(RuleDocumentationLink.base),
                    "rules": .array(descriptors),
                ])]),
                "results": .array(results),
            ])]),
        ]).rendered()
    }
}

/// GitHub Actions workflow commands: annotations on the pull request's diff.
public struct GitHubReporter: Reporter {
    public init() {}
    public func report(_ findings: [Finding], summary: Summary) -> String {
        findings.map { finding in
            let command = finding.severity == .note ? "notice" : finding.severity.rawValue
            let properties = "file=\(escape(finding.location.file, property: true)),line=\(finding.location.line),col=\(finding.location.column),title=\(escape(finding.rule, property: true))"
            return "::\(command) \(properties)::\(escape(finding.message, property: false))\n"
        }.joined()
    }

    private func escape(_ text: String, property: Bool) -> String {
        var result = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        if property { result = result.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        return result
    }
}

/// JUnit XML: one test case per finding (a passing case when there are none), for CI test dashboards.
public struct JUnitReporter: Reporter {
    public init() {}
    public func report(_ findings: [Finding], summary: Summary) -> String {
        let failures = findings.filter { $0.severity == .error }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"schemalint\" tests=\"\(max(1, findings.count))\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"schemalint\" tests=\"\(max(1, findings.count))\" failures=\"\(failures)\" errors=\"0\">\n"
        if findings.isEmpty { xml += "    <testcase name=\"schemalint\" classname=\"schemalint\"/>\n" }
        for finding in findings {
            let name = escape("\(finding.rule) \(finding.location.file):\(finding.location.line):\(finding.location.column)")
            xml += "    <testcase name=\"\(name)\" classname=\"\(escape(finding.location.file))\">\n"
            let tag = finding.severity == .error ? "failure" : "system-out"
            if tag == "failure" {
                xml += "      <failure type=\"\(finding.rule)\" message=\"\(escape(finding.message))\">\(escape(finding.message))</failure>\n"
            } else {
                xml += "      <system-out>\(finding.severity.rawValue): \(escape(finding.message))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// GitLab code quality (Code Climate JSON).
public struct CodeClimateReporter: Reporter {
    public init() {}
    public func report(_ findings: [Finding], summary: Summary) -> String {
        JSONValue.array(findings.map { finding in
            .object([
                "type": .string("issue"),
                "check_name": .string(finding.rule),
                "description": .string(finding.message),
                "categories": .array([.string("Bug Risk")]),
                "fingerprint": .string(FindingFingerprint.of(finding)),
                "severity": .string(finding.severity == .error ? "major" : finding.severity == .warning ? "minor" : "info"),
                "location": .object(["path": .string(finding.location.file),
                                     "lines": .object(["begin": .int(finding.location.line)])]),
            ])
        }).rendered()
    }
}

public enum SchemaLintVersion {
    public static let current = "0.1.0"
}
