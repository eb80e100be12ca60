import Foundation

// Embeds the rule documents in SchemaLintRules on every build (run by RuleCatalogPlugin):
// - RuleDocuments.swift: `Rules/<id>.md` embedded, so `schemalint explain` and SARIF help work from an installed
//   binary with no resource bundle beside it.
// Rules are not found here: `RuleRegistry.rules` lists them, and a test checks every `Rule` type is listed.
//
// Usage: rule-catalog-generator <Rules folder> <output folder>

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: rule-catalog-generator <Rules> <output folder>\n".utf8))
    exit(2)
}
let documents = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

/// Writes only when the text changed, so unchanged documents do not rebuild the rules.
func write(_ text: String, to name: String) throws {
    let destination = output.appendingPathComponent(name)
    if (try? String(contentsOf: destination, encoding: .utf8)) != text {
        try text.write(to: destination, atomically: true, encoding: .utf8)
    }
}

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
