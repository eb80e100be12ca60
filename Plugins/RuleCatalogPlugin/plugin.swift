import Foundation
import PackagePlugin

/// Generates the engine's rule catalog from what a rule consists of: its file in `Sources/SchemaLintEngine/Rules/`
/// (the registry) and its document in `Rules/` (embedded). Adding a rule needs no list to edit and no script to run.
@main
struct RuleCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let documents = context.package.directoryURL.appendingPathComponent("Rules")
        let sources = context.package.directoryURL.appendingPathComponent("Sources/SchemaLintEngine/Rules")
        func files(_ folder: URL, _ suffix: String) throws -> [URL] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(suffix) }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
        let output = context.pluginWorkDirectoryURL
        return [
            .buildCommand(
                displayName: "Generating the rule catalog",
                executable: try context.tool(named: "rule-catalog-generator").url,
                arguments: [documents.path, sources.path, output.path],
                inputFiles: try files(documents, ".md") + files(sources, "Rule.swift"),
                outputFiles: [
                    output.appendingPathComponent("RuleCatalog.swift"),
                    output.appendingPathComponent("RuleDocuments.swift"),
                ]
            )
        ]
    }
}
