import Foundation
import PackagePlugin

/// Runs `schemalint check` on a target's sources on every build; findings appear as build diagnostics
/// (`file:line:column: error: ...`) and error findings fail the build.
@main
struct SchemaLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sources = target.sourceModule else { return [] }
        let swiftFiles = sources.sourceFiles(withSuffix: "swift").map(\.url)
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("schemalint-\(target.name).stamp")
        var inputs = swiftFiles
        for name in [".schemalint.yml", "schemalint.lock"] {
            let url = context.package.directoryURL.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { inputs.append(url) }
        }
        var arguments = ["check", "--quiet", "--touch", stamp.path]
        let lockfile = context.package.directoryURL.appendingPathComponent("schemalint.lock")
        if FileManager.default.fileExists(atPath: lockfile.path) { arguments += ["--lockfile", lockfile.path] }
        let configuration = context.package.directoryURL.appendingPathComponent(".schemalint.yml")
        if FileManager.default.fileExists(atPath: configuration.path) { arguments += ["--config", configuration.path] }
        arguments.append(sources.directory.string)  // `directoryURL` needs tools 6.1; this package supports 6.0
        return [
            .buildCommand(
                displayName: "schemalint \(target.name)", executable: try context.tool(named: "schemalint").url,
                arguments: arguments, inputFiles: inputs, outputFiles: [stamp])
        ]
    }
}
