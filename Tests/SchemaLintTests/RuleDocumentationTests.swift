import Foundation
import SchemaLintEngine
import SchemaLintStore
import XCTest

/// Runs every example in every `Rules/<id>.md`, so the documentation can never lie.
final class RuleDocumentationTests: XCTestCase {
    static var rulesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Rules")
    }

    struct Example {
        var section: String
        var files: [String: String]
    }

    /// Splits a document into its Swift blocks and Core Data model files (```xml blocks starting with a
    /// `<!-- file: Model.xcdatamodeld/Model 2.xcdatamodel/contents -->` line), each tagged with the `###` section it
    /// sits under. Consecutive blocks under one heading are one example.
    static func examples(in document: String) -> [Example] {
        var examples: [Example] = []
        var section = ""
        var block: [String]? = nil
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if block == nil, line.hasPrefix("### ") {
                section = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
            }
            if line.hasPrefix("```swift") || line.hasPrefix("```xml") { block = []; continue }
            if line.hasPrefix("```"), let lines = block {
                let files = split(lines)
                // A model file and the blocks beside it under one heading are one example (a bundle has several files).
                if let last = examples.last, last.section == section,
                    (Array(last.files.keys) + Array(files.keys)).contains(where: isModelFile)
                {
                    examples[examples.count - 1].files.merge(files) { _, new in new }
                } else {
                    examples.append(Example(section: section, files: files))
                }
                block = nil
                continue
            }
            block?.append(line)
        }
        return examples
    }

    static func isModelFile(_ path: String) -> Bool { path.contains(".xcdatamodel") }

    /// `// file: Name.swift` (or `<!-- file: path -->`) starts a new file inside one block.
    static func split(_ lines: [String]) -> [String: String] {
        var files: [String: [String]] = [:]
        var current = "Example.swift"
        for line in lines {
            if line.hasPrefix("// file: ") { current = String(line.dropFirst("// file: ".count)); continue }
            if line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") {
                current = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
                continue
            }
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
            XCTAssertEqual(
                RuleRegistry.document(for: rule.id.rawValue)?.trimmingCharacters(in: .newlines),
                document.trimmingCharacters(in: .newlines),
                "Rules/\(rule.id).md and the embedded copy differ: the build embeds it (RuleCatalogPlugin)")
        }
        XCTAssertEqual(Set(RuleRegistry.documents.keys), Set(RuleRegistry.all.map(\.id.rawValue)))
    }

    /// The rule type is the one source of id, severities and summary: every document's header and Rules/README.md's
    /// table (the catalogue README.md links to) must say the same. `SCHEMALINT_RECORD_DOCS=1 swift test --filter
    /// RuleDocumentationTests` rewrites them from the rule types (a new rule's row, a changed summary).
    func testDocumentsAndTablesAgreeWithRuleTypes() throws {
        let record = ProcessInfo.processInfo.environment["SCHEMALINT_RECORD_DOCS"] == "1"
        var recorded: [String] = []
        func check(_ url: URL, _ expected: String, _ actual: String) throws {
            guard expected != actual else { return }
            if record {
                try expected.write(to: url, atomically: true, encoding: .utf8)
                recorded.append(url.lastPathComponent)
            } else {
                XCTFail(
                    "\(url.lastPathComponent) disagrees with the rule types; run "
                        + "SCHEMALINT_RECORD_DOCS=1 swift test --filter RuleDocumentationTests")
            }
        }
        for rule in RuleRegistry.all {
            let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
            let document = try String(contentsOf: url, encoding: .utf8)
            var lines = document.components(separatedBy: "\n")
            let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("**Severity:** ") }, "\(rule.id): no header")
            let end = lines[start...].firstIndex { $0.isEmpty } ?? lines.count
            let header = lines[start..<end].joined(separator: " ")
            // A parenthesis after the severity says when it changes (`lockfile_missing` with --strict).
            let level = header.dropFirst("**Severity:** ".count).components(separatedBy: " · ")[0]
            let qualifier = level.range(of: " (").map { String(level[$0.lowerBound...]) } ?? ""
            let expected =
                "**Severity:** \(rule.severities.map(\.rawValue).joined(separator: " or "))\(qualifier) · "
                + rule.summary
            lines.replaceSubrange(start..<end, with: Self.wrap(expected))
            try check(url, lines.joined(separator: "\n"), document)
        }
        let rows = RuleRegistry.all.map {
            "| [\($0.id)](\($0.id).md) | \($0.defaultSeverity.rawValue) | \($0.summary) |"
        }
        let index = Self.rulesDirectory.appendingPathComponent("README.md")
        try check(
            index,
            try Self.replacingTable(
                in: String(contentsOf: index, encoding: .utf8), rows: rows,
                marker: "| [", header: "| rule | severity | summary |"),
            try String(contentsOf: index, encoding: .utf8))
        if record && !recorded.isEmpty { XCTFail("recorded \(recorded.joined(separator: ", ")); run the tests again") }
    }

    /// A document's header wrapped at 120 characters.
    static func wrap(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 120 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// The text with the rule table (the header line, its `|---|` line and the rows after it) replaced.
    static func replacingTable(in text: String, rows: [String], marker: String, header: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: header), "no `\(header)` table")
        var end = start + 2
        while end < lines.count, lines[end].hasPrefix(marker) { end += 1 }
        lines.replaceSubrange((start + 2)..<end, with: rows)
        return lines.joined(separator: "\n")
    }

    func testEveryDocumentedExampleBehavesAsDocumented() throws {
        for rule in RuleRegistry.all {
            let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
            let document = try String(contentsOf: url, encoding: .utf8)
            let examples = Self.examples(in: document)
            XCTAssertTrue(examples.contains { $0.section == "Failing" }, "\(rule.id): no failing example")
            XCTAssertTrue(examples.contains { $0.section == "Passing" }, "\(rule.id): no passing example")
            // `### Shipped`: what the lockfile records for the examples after it (up to the next `### Shipped`).
            var lockfile: Lockfile?
            // `### Store`: the source of the build that wrote the store fixture the other examples are checked against.
            let stores =
                try examples.first { $0.section == "Store" }.map {
                    try SyntheticStore.stores(for: $0.files, in: try TestSupport.temporaryDirectory())
                } ?? []
            for (index, example) in examples.enumerated() where example.section != "Store" {
                if example.section == "Shipped" {
                    lockfile = TestSupport.lock(try Self.analyze(example.files, lockfile: nil, stores: []))
                    continue
                }
                let expected = rule.id == "lockfile_missing" ? "schemalint.lock" : nil
                let findings = try Self.analyze(
                    example.files, lockfile: lockfile, stores: stores, lockfileLocation: expected
                ).findings
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

    /// Swift examples are analysed in memory; examples with model files are written to a folder and analysed there,
    /// as `schemalint check` would.
    static func analyze(
        _ files: [String: String], lockfile: Lockfile?, stores: [StoreMetadata], lockfileLocation: String? = nil
    ) throws -> Analysis {
        guard files.keys.contains(where: isModelFile) else {
            return TestSupport.analyze(files, lockfile: lockfile, stores: stores, lockfileLocation: lockfileLocation)
        }
        let folder = try TestSupport.temporaryDirectory()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var analyzer = Analyzer(workingDirectory: folder, threads: 1)
        analyzer.stores = stores
        analyzer.lockfileLocation = lockfileLocation
        let analysis = try analyzer.analyze(paths: [], lockfile: lockfile)
        TestSupport.assertMessagesAreShaped(analysis.findings)
        return analysis
    }
}
