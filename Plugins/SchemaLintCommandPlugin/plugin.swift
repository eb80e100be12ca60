import Foundation
import PackagePlugin

/// `swift package plugin schemalint [check options]`: runs `schemalint check` on the package (or on the targets
/// passed with `--target`), from the package's folder so its `.schemalint.yml` and `schemalint.lock` apply.
@main
struct SchemaLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let packageDirectory = context.package.directoryURL
        var paths: [String] = []
        for case let target as SourceModuleTarget in try context.package.targets(named: targetNames) {
            paths.append(target.directory.string)  // `directoryURL` needs tools 6.1; this package supports 6.0
        }
        let tool = try context.tool(named: "schemalint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + extractor.remainingArguments + paths
        process.currentDirectoryURL = packageDirectory
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("schemalint found problems (exit status \(process.terminationStatus))")
        }
    }
}
