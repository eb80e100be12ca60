import Foundation
import PackagePlugin

/// Generates `RuleDocuments.swift` from `Rules/*.md` for the engine: the documents are the single source, embedded
/// at build time without a checked-in copy or a script to remember.
@main
struct RuleDocumentsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appendingPathComponent("Rules")
        let documents = try FileManager.default.contentsOfDirectory(atPath: rules.path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { rules.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RuleDocuments.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(documents.count) rule documents",
                executable: try context.tool(named: "rule-documents-generator").url,
                arguments: [rules.path, output.path],
                inputFiles: documents,
                outputFiles: [output]
            ),
        ]
    }
}
