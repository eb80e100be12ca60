import Foundation
import PackagePlugin

/// Runs `schemalint check` on every build: findings appear as build diagnostics (`file:line:column: error: ...`)
/// and error findings fail the build.
@main
struct SchemaLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sources = target.sourceModule else { return [] }
        return [
            try checkCommand(
                tool: context.tool(named: "schemalint").url, workDirectory: context.pluginWorkDirectoryURL,
                root: context.package.directoryURL, name: target.name,
                swiftFiles: sources.sourceFiles(withSuffix: "swift").map(\.url),
                paths: [sources.directory.string])  // `directoryURL` needs tools 6.1; this package supports 6.0
        ]
    }

    /// One target's check. Its Swift files and the root's configuration and lockfile are the inputs (editing any of
    /// them runs it again); the output is a stamp that schemalint writes only when the check passes.
    func checkCommand(
        tool: URL, workDirectory: URL, root: URL, name: String, swiftFiles: [URL], paths: [String]
    ) -> Command {
        let stamp = workDirectory.appendingPathComponent("schemalint-\(name).stamp")
        var inputs = swiftFiles
        var arguments = ["check", "--quiet", "--touch", stamp.path]
        for (file, option) in [(".schemalint.yml", "--config"), ("schemalint.lock", "--lockfile")] {
            let url = root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            inputs.append(url)
            arguments += [option, url.path]
        }
        return .buildCommand(
            displayName: "schemalint \(name)", executable: tool, arguments: arguments + paths,
            inputFiles: inputs, outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SchemaLintBuildToolPlugin: XcodeBuildToolPlugin {
        /// An Xcode app target has no source folder of its own, and its models, plan and containers may sit
        /// anywhere in the project: check the project folder, as `schemalint check` there (and CI) does, and run
        /// again whenever one of the target's Swift files changes.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let swiftFiles = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }
            guard !swiftFiles.isEmpty else { return [] }
            let root = context.xcodeProject.directoryURL
            return [
                try checkCommand(
                    tool: context.tool(named: "schemalint").url, workDirectory: context.pluginWorkDirectoryURL,
                    root: root, name: target.displayName, swiftFiles: swiftFiles, paths: [root.path])
            ]
        }
    }
#endif
