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
                           "Rules/\(rule.id).md changed: run scripts/generate-rule-documents.py")
        }
        XCTAssertEqual(Set(RuleRegistry.documents.keys), Set(RuleRegistry.all.map(\.id.rawValue)))
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
