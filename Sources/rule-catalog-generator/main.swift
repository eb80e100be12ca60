import Foundation

// Generates the engine's rule catalog on every build (run by RuleCatalogPlugin), so adding a rule is one Swift file
// and one document:
// - RuleCatalog.swift: every rule type, one per `Sources/SchemaLintEngine/Rules/<Type>Rule.swift` file;
// - RuleDocuments.swift: `Rules/<id>.md` embedded, so `schemalint explain` and SARIF help work from an installed
//   binary with no resource bundle beside it.
//
// Usage: rule-catalog-generator <Rules folder> <rule sources folder> <output folder>

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: rule-catalog-generator <Rules> <rule sources> <output folder>\n".utf8))
    exit(2)
}
let documents = URL(fileURLWithPath: arguments[1])
let sources = URL(fileURLWithPath: arguments[2])
let output = URL(fileURLWithPath: arguments[3])

/// Writes only when the text changed, so an unchanged catalog does not rebuild the engine.
func write(_ text: String, to name: String) throws {
    let destination = output.appendingPathComponent(name)
    if (try? String(contentsOf: destination, encoding: .utf8)) != text {
        try text.write(to: destination, atomically: true, encoding: .utf8)
    }
}

let ruleTypes = try FileManager.default.contentsOfDirectory(atPath: sources.path)
    .filter { $0.hasSuffix("Rule.swift") && $0 != "Rule.swift" }
    .map { String($0.dropLast(".swift".count)) }
    .sorted()
var catalog = "// Generated on every build by RuleCatalogPlugin from the rule files' names. Not checked in.\n\n"
catalog += "enum RuleCatalog {\n    static let rules: [any Rule] = [\n"
catalog += ruleTypes.map { "        \($0)(),\n" }.joined()
catalog += "    ]\n}\n"
try write(catalog, to: "RuleCatalog.swift")

let names = try FileManager.default.contentsOfDirectory(atPath: documents.path)
    .filter { $0.hasSuffix(".md") && $0 != "README.md" }
    .sorted()
var embedded = "// Generated on every build by RuleCatalogPlugin from Rules/*.md. Not checked in.\n\n"
embedded += "enum RuleDocuments {\n    static let byID: [String: String] = [\n"
for name in names {
    let text = try String(contentsOf: documents.appendingPathComponent(name), encoding: .utf8)
    // A raw string with enough `#`s that nothing in the document can end it (`"""#`) or escape in it (`\#`).
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    let id = String(name.dropLast(3))
    embedded += "        \"\(id)\": \(hashes)\"\"\"\n\(text.hasSuffix("\n") ? text : text + "\n")\"\"\"\(hashes),\n"
}
embedded += "    ]\n}\n"
try write(embedded, to: "RuleDocuments.swift")
