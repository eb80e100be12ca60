import Foundation
import PackagePlugin

/// Embeds the rule documents (`Rules/*.md`) in SchemaLintRules at build time, so `schemalint explain` and SARIF help
/// work from an installed binary with nothing beside it. The rules themselves are listed in `RuleRegistry.rules`, a
/// list the compiler checks; `RuleRegistryTests` keeps it complete.
@main
struct RuleCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let documents = context.package.directoryURL.appendingPathComponent("Rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: documents.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        let output = context.pluginWorkDirectoryURL
        return [
            .buildCommand(
                displayName: "Embedding the rule documents",
                executable: try context.tool(named: "rule-catalog-generator").url,
                arguments: [documents.path, output.path],
                inputFiles: names.map { documents.appendingPathComponent($0) },
                outputFiles: [output.appendingPathComponent("RuleDocuments.swift")]
            )
        ]
    }
}
