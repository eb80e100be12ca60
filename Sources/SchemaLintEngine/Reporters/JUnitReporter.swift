import SchemaLintFacts
import SchemaLintRules

/// JUnit XML: one test case per finding (a passing case when there are none), for CI test dashboards.
public struct JUnitReporter: Reporter {
    public init() {}

    public func report(_ findings: [Finding], summary: Summary) -> String {
        let failures = findings.filter { $0.severity == .error }.count
        let count = max(1, findings.count)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"schemalint\" tests=\"\(count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"schemalint\" tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\">\n"
        if findings.isEmpty { xml += "    <testcase name=\"schemalint\" classname=\"schemalint\"/>\n" }
        for finding in findings {
            let message = escape(finding.message.brief)
            let text = escape(finding.message.text)
            xml +=
                "    <testcase name=\"\(escape("\(finding.rule) \(finding.location)"))\" "
                + "classname=\"\(escape(finding.location.file))\">\n"
            if finding.severity == .error {
                xml += "      <failure type=\"\(finding.rule)\" message=\"\(message)\">\(text)</failure>\n"
            } else {
                xml += "      <system-out>\(finding.severity.rawValue): \(text)</system-out>\n"
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
