import Foundation
import SchemaLintEngine
import XCTest

/// Runs every example in every `Rules/<id>.md`, so the documentation can never lie.
final class RuleDocumentationTests: XCTestCase {
    static var rulesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Rules")
    }

    struct Example {
        var section: String
        var files: [String: String]
    }

    /// Splits a document into its Swift blocks, each tagged with the `###` section it sits under.
    static func examples(in document: String) -> [Example] {
        var examples: [Example] = []
        var section = ""
        var block: [String]? = nil
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if block == nil, line.hasPrefix("### ") { section = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("```swift") { block = []; continue }
            if line.hasPrefix("```"), let lines = block {
                examples.append(Example(section: section, files: split(lines)))
                block = nil
                continue
            }
            block?.append(line)
        }
        return examples
    }

    /// `// file: Name.swift` starts a new file inside one block.
    static func split(_ lines: [String]) -> [String: String] {
        var files: [String: [String]] = [:]
        var current = "Example.swift"
        for line in lines {
            if line.hasPrefix("// file: ") { current = String(line.dropFirst("// file: ".count)); continue }
            files[current, default: []].append(line)
        }
        return files.mapValues { $0.joined(separator: "\n") + "\n" }
    }

    func testEveryRuleHasADocument() throws {
        for rule in RuleRegistry.all {
            let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "missing Rules/\(rule.id).md")
        }
    }

    /// `schemalint explain` prints embedded copies; they must equal the documents in Rules/.
    func testEmbeddedDocumentsMatchRulesFolder() throws {
        for rule in RuleRegistry.all {
            let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
            let document = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(RuleRegistry.document(for: rule.id.rawValue)?.trimmingCharacters(in: .newlines), document.trimmingCharacters(in: .newlines),
                           "Rules/\(rule.id).md and the embedded copy differ: the build embeds it (RuleDocumentsPlugin)")
        }
        XCTAssertEqual(Set(RuleRegistry.documents.keys), Set(RuleRegistry.all.map(\.id.rawValue)))
    }

    /// The rule type is the one source of id, severities and summary: every document's header, Rules/README.md and
    /// README.md's rule table must say the same (backticks aside).
    func testDocumentsAndTablesAgreeWithRuleTypes() throws {
        func plain(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "") }
        for rule in RuleRegistry.all {
            let document = try String(contentsOf: Self.rulesDirectory.appendingPathComponent("\(rule.id).md"),
                                      encoding: .utf8)
            let lines = document.components(separatedBy: "\n")
            let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("**Severity:** ") }, "\(rule.id): no header")
            let header = lines[start...].prefix { !$0.isEmpty }.joined(separator: " ")
            let parts = header.dropFirst("**Severity:** ".count).components(separatedBy: " · ")
            XCTAssertEqual(parts.count, 2, "\(rule.id): header is `**Severity:** level · summary`")
            let level = parts[0].components(separatedBy: " (")[0]
            XCTAssertEqual(level, rule.severities.map(\.rawValue).joined(separator: " or "), "Rules/\(rule.id).md")
            XCTAssertEqual(plain(parts.last ?? ""), plain(rule.summary), "Rules/\(rule.id).md")
        }
        let index = try String(contentsOf: Self.rulesDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let indexRows = index.components(separatedBy: "\n").filter { $0.hasPrefix("| [") }
        XCTAssertEqual(indexRows, RuleRegistry.all.map {
            "| [\($0.id)](\($0.id).md) | \($0.defaultSeverity.rawValue) | \($0.summary) |"
        }, "Rules/README.md's table")
        let readme = try String(contentsOf: Self.rulesDirectory.deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        let readmeRows = readme.components(separatedBy: "\n").filter { $0.hasPrefix("| `") && $0.contains("_") }
            .map { $0.components(separatedBy: " | ").prefix(2).joined(separator: " | ") }
        XCTAssertEqual(readmeRows, RuleRegistry.all.map { "| `\($0.id)` | \($0.defaultSeverity.rawValue)" },
                       "README.md's rule table")
    }

    func testEveryDocumentedExampleBehavesAsDocumented() throws {
        for rule in RuleRegistry.all {
            let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
            let document = try String(contentsOf: url, encoding: .utf8)
            let examples = Self.examples(in: document)
            XCTAssertTrue(examples.contains { $0.section == "Failing" }, "\(rule.id): no failing example")
            XCTAssertTrue(examples.contains { $0.section == "Passing" }, "\(rule.id): no passing example")
            let lockfile = examples.first { $0.section == "Shipped" }.map { TestSupport.lock(TestSupport.analyze($0.files)) }
            // `### Store`: the source of the build that wrote the store fixture the other examples are checked against.
            let stores = try examples.first { $0.section == "Store" }.map { try SyntheticStore.stores(for: $0.files, in: try TestSupport.temporaryDirectory()) } ?? []
            for (index, example) in examples.enumerated() where example.section != "Shipped" && example.section != "Store" {
                let expected = rule.id == "lockfile_missing" ? "schemalint.lock" : nil
                let findings = TestSupport.analyze(example.files, lockfile: lockfile, stores: stores,
                                                   lockfileLocation: expected).findings
                let own = findings.filter { $0.rule == rule.id }
                switch example.section {
                case "Failing":
                    XCTAssertFalse(own.isEmpty, "\(rule.id) example \(index) (Failing) raised nothing; got \(findings)")
                case "Passing":
                    XCTAssertEqual(findings, [], "\(rule.id) example \(index) (Passing) raised findings")
                default:
                    XCTFail("\(rule.id): example under unknown section '\(example.section)'")
                }
            }
        }
    }
}
