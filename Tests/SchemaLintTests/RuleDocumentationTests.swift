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
        /// Where the document marks a finding with `↓` (stripped from `files`): file, line and column, 1-based.
        var marks: Set<Mark> = []
        /// Each example file's lines as lines of the document (0-based), for recording marks.
        var documentLines: [String: [Int]] = [:]
    }

    struct Mark: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var description: String { "\(file):\(line):\(column)" }
    }

    /// The character that marks where a failing example's finding is reported, as SwiftLint's examples do.
    static let marker: Character = "↓"

    /// Splits a document into its Swift blocks and Core Data model files (```xml blocks starting with a
    /// `<!-- file: Model.xcdatamodeld/Model 2.xcdatamodel/contents -->` line), each tagged with the `###` section it
    /// sits under. A model file and the blocks right after it (nothing but blank lines between) are one example.
    static func examples(in document: String) -> [Example] {
        var examples: [Example] = []
        var section = ""
        var block: [(text: String, line: Int)]? = nil
        // Whether only blank lines came since the last block closed: a block here joins a model file's example.
        var adjoining = false
        for (number, line) in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .enumerated()
        {
            if block == nil, line.hasPrefix("### ") {
                section = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
            }
            if line.hasPrefix("```swift") || line.hasPrefix("```xml") { block = []; continue }
            if block == nil, !line.trimmingCharacters(in: .whitespaces).isEmpty { adjoining = false }
            if line.hasPrefix("```"), let lines = block {
                let example = split(lines, section: section)
                // A model file and the blocks beside it are one example (a bundle has several files).
                defer { adjoining = true }
                if adjoining, let last = examples.last, last.section == section,
                    (Array(last.files.keys) + Array(example.files.keys)).contains(where: isModelFile)
                {
                    examples[examples.count - 1].files.merge(example.files) { _, new in new }
                    examples[examples.count - 1].marks.formUnion(example.marks)
                    examples[examples.count - 1].documentLines.merge(example.documentLines) { _, new in new }
                } else {
                    examples.append(example)
                }
                block = nil
                continue
            }
            block?.append((line, number))
        }
        return examples
    }

    static func isModelFile(_ path: String) -> Bool { path.contains(".xcdatamodel") }

    /// `// file: Name.swift` (or `<!-- file: path -->`) starts a new file inside one block.
    static func split(_ lines: [String]) -> [String: String] {
        split(lines.map { ($0, 0) }, section: "").files
    }

    private static func split(_ lines: [(text: String, line: Int)], section: String) -> Example {
        var files: [String: [String]] = [:]
        var example = Example(section: section, files: [:])
        var current = "Example.swift"
        for (line, number) in lines {
            if line.hasPrefix("// file: ") { current = String(line.dropFirst("// file: ".count)); continue }
            if line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") {
                current = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
                continue
            }
            var text = ""
            var column = 1
            for character in line {
                if character == marker {
                    let number = files[current, default: []].count + 1
                    example.marks.insert(Mark(file: current, line: number, column: column))
                } else {
                    text.append(character)
                    column += character.utf8.count
                }
            }
            files[current, default: []].append(text)
            example.documentLines[current, default: []].append(number)
        }
        example.files = files.mapValues { $0.joined(separator: "\n") + "\n" }
        return example
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

    /// Every example of one rule's document behaves as documented (`RuleExampleTests` runs this per rule): a failing
    /// example raises the rule exactly where its `↓` marks say, a passing one raises nothing.
    /// `SCHEMALINT_RECORD_MARKS=1` writes the marks of a failing example that has none where the findings are.
    static func assertExamples(of id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let rule = try XCTUnwrap(RuleRegistry.all.first { $0.id.rawValue == id }, "no rule \(id)")
        let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
        let document = try String(contentsOf: url, encoding: .utf8)
        let examples = Self.examples(in: document)
        for section in ["Failing", "Passing"] {
            XCTAssertTrue(
                examples.contains { $0.section == section }, "\(rule.id): no \(section.lowercased()) example",
                file: file, line: line)
        }
        let recording = ProcessInfo.processInfo.environment["SCHEMALINT_RECORD_MARKS"] == "1"
        var recorded = document.components(separatedBy: "\n")
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
            let name = "\(rule.id) example \(index + 1) (\(example.section))"
            let expected = rule.id == "lockfile_missing" ? "schemalint.lock" : nil
            let findings = try Self.analyze(
                example.files, lockfile: lockfile, stores: stores, lockfileLocation: expected
            ).findings
            let own = findings.filter { $0.rule == rule.id }
            switch example.section {
            case "Failing":
                XCTAssertFalse(own.isEmpty, "\(name) raised nothing; got \(findings)", file: file, line: line)
                // Findings in a file the example shows are marked in it; others (the lockfile) cannot be.
                let found = Set(
                    own.map { Mark(file: $0.location.file, line: $0.location.line, column: $0.location.column) }
                        .filter { example.files[$0.file] != nil })
                if recording, example.marks.isEmpty {
                    mark(found, of: example, in: &recorded)
                    continue
                }
                XCTAssertEqual(
                    found.sorted { $0.description < $1.description },
                    example.marks.sorted { $0.description < $1.description },
                    "\(name): the findings are not where its ↓ marks say", file: file, line: line)
                try assertSuppressible(
                    example, as: name, rule: rule.id, findings: findings, lockfile: lockfile, stores: stores,
                    file: file, line: line)
                try assertFixed(
                    example, as: name, rule: rule.id, findings: own, lockfile: lockfile, stores: stores, file: file,
                    line: line)
            case "Passing":
                XCTAssertEqual(findings, [], "\(name) raised findings", file: file, line: line)
                XCTAssertTrue(example.marks.isEmpty, "\(name) marks a finding", file: file, line: line)
            default:
                XCTFail("\(rule.id): example under unknown section '\(example.section)'", file: file, line: line)
            }
        }
        if recording, recorded.joined(separator: "\n") != document {
            try recorded.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A failing example whose findings carry a fix comes out clean after `--fix`: the fix does what it says.
    private static func assertFixed(
        _ example: Example, as name: String, rule: RuleID, findings: [Finding], lockfile: Lockfile?,
        stores: [StoreMetadata], file: StaticString, line: UInt
    ) throws {
        guard findings.contains(where: { $0.fix != nil }) else { return }
        let (fixed, outcome) = FixTests.fix(example.files, lockfile: lockfile)
        XCTAssertNil(outcome.failure, "\(name): --fix failed", file: file, line: line)
        XCTAssertFalse(outcome.changes.isEmpty, "\(name): --fix changed nothing", file: file, line: line)
        let after = try analyze(fixed, lockfile: lockfile, stores: stores, lockfileLocation: nil).findings
        XCTAssertEqual(
            after.filter { $0.rule == rule }.map(\.message.headline), [], "\(name): still raised after --fix",
            file: file, line: line)
    }

    /// A failing example whose marks are all in Swift files, with `// schemalint:disable:next <rule> - …` above each
    /// marked line, raises none of the rule's findings and no `superfluous_suppression`, and the same other findings;
    /// a rule about shipped states (`SuppressionLedger.unsuppressible`) is still raised, as users are told.
    private static func assertSuppressible(
        _ example: Example, as name: String, rule: RuleID, findings: [Finding], lockfile: Lockfile?,
        stores: [StoreMetadata], file: StaticString, line: UInt
    ) throws {
        guard !example.marks.isEmpty, example.marks.allSatisfy({ $0.file.hasSuffix(".swift") }),
            rule != "syntax_error", rule != "blanket_suppression", rule != "superfluous_suppression"
        else { return }
        var files = example.files
        for (path, text) in example.files {
            let marked = Set(example.marks.filter { $0.file == path }.map(\.line))
            guard !marked.isEmpty else { continue }
            var lines = text.components(separatedBy: "\n")
            for number in marked.sorted(by: >) {
                lines.insert("// schemalint:disable:next \(rule) - the documented example", at: number - 1)
            }
            files[path] = lines.joined(separator: "\n")
        }
        let expected = rule == "lockfile_missing" ? "schemalint.lock" : nil
        let suppressed = try analyze(files, lockfile: lockfile, stores: stores, lockfileLocation: expected).findings
        func rules(_ findings: [Finding]) -> [String] { findings.map(\.rule.rawValue).sorted() }
        if SuppressionLedger.unsuppressible.contains(rule) {
            XCTAssertEqual(
                rules(suppressed.filter { $0.rule == rule }), rules(findings.filter { $0.rule == rule }),
                "\(name): a finding about shipped states was suppressed", file: file, line: line)
        } else {
            XCTAssertEqual(
                rules(suppressed), rules(findings.filter { $0.rule != rule }),
                "\(name): suppressed above each mark, it still raises", file: file, line: line)
        }
    }

    /// Puts a `↓` in the document's lines at each place (columns count UTF-8 bytes, as findings do).
    private static func mark(_ places: Set<Mark>, of example: Example, in lines: inout [String]) {
        for place in places.sorted(by: { $0.column > $1.column }) {
            guard let number = example.documentLines[place.file]?[place.line - 1] else { continue }
            var bytes = Array(lines[number].utf8)
            let offset = min(max(place.column - 1, 0), bytes.count)
            bytes.insert(contentsOf: Array(String(marker).utf8), at: offset)
            lines[number] = String(decoding: bytes, as: UTF8.self)
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
        let folder = try TestSupport.writeTree(files)
        var analyzer = Analyzer(workingDirectory: folder, threads: 1)
        analyzer.stores = stores
        analyzer.lockfileLocation = lockfileLocation
        let analysis = try analyzer.analyze(paths: [], lockfile: lockfile)
        TestSupport.assertMessagesAreShaped(analysis.findings)
        return analysis
    }
}
