import Foundation
import PackagePlugin

/// What the command plugins share (this file is linked into both): run `schemalint <verb>` from the package's or
/// Xcode project's folder, so its `.schemalint.yml` and `schemalint.lock` apply, with every other argument passed
/// through. `--target NAME` (repeatable) limits the run to those targets.
protocol SchemaLintCommand: CommandPlugin {
    /// `check` or `lock`.
    static var verb: String { get }
}

extension SchemaLintCommand {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var paths: [String] = []
        for case let target as SourceModuleTarget in try context.package.targets(named: targetNames) {
            paths.append(target.directory.string)  // `directoryURL` needs tools 6.1; this package supports 6.0
        }
        try Self.run(
            tool: context.tool(named: "schemalint").url, in: context.package.directoryURL,
            arguments: extractor.remainingArguments, paths: paths)
    }

    /// `swift package plugin schemalint check --strict` and `... schemalint --strict` both run check; asking the
    /// check plugin to lock says which plugin may write.
    static func run(tool: URL, in directory: URL, arguments: [String], paths: [String]) throws {
        var passed = arguments
        if passed.first == verb { passed.removeFirst() }
        if verb == "check", passed.first == "lock" {
            Diagnostics.error(
                "lock writes schemalint.lock, which this plugin may not: run "
                    + "`swift package --allow-writing-to-package-directory schemalint-lock`")
            return
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = [verb] + passed + paths
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("schemalint \(verb) failed (exit status \(process.terminationStatus))")
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SchemaLintCommand {
        /// Xcode passes the targets picked in its dialog as `--target NAME`; they are checked through their Swift
        /// files (an Xcode target has no folder of its own). No target: the whole project folder.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let targetNames = Set(extractor.extractOption(named: "target"))
            let paths = context.xcodeProject.targets.filter { targetNames.contains($0.displayName) }.flatMap {
                $0.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }.map(\.path)
            }
            try Self.run(
                tool: context.tool(named: "schemalint").url, in: context.xcodeProject.directoryURL,
                arguments: extractor.remainingArguments, paths: paths)
        }
    }
#endif
