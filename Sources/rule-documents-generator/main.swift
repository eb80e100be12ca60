import Foundation

// Embeds Rules/<id>.md in the engine, so `schemalint explain` and SARIF help work from an installed binary with no
// resource bundle beside it. Run by RuleDocumentsPlugin on every build; the documents themselves are the only copy.
//
// Usage: rule-documents-generator <Rules folder> <output .swift file>

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: rule-documents-generator <Rules folder> <output.swift>\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { $0.hasSuffix(".md") && $0 != "README.md" }
    .sorted()

var output = "// Generated on every build by RuleDocumentsPlugin from Rules/*.md. Not checked in.\n\n"
output += "enum RuleDocuments {\n    static let byID: [String: String] = [\n"
for name in names {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    // A raw string with enough `#`s that nothing in the document can end it (`"""#`) or escape in it (`\#`).
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    let id = String(name.dropLast(3))
    output += "        \"\(id)\": \(hashes)\"\"\"\n\(text.hasSuffix("\n") ? text : text + "\n")\"\"\"\(hashes),\n"
}
output += "    ]\n}\n"
let destination = URL(fileURLWithPath: arguments[2])
if (try? String(contentsOf: destination, encoding: .utf8)) != output {
    try output.write(to: destination, atomically: true, encoding: .utf8)
}
