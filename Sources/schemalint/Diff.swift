import ArgumentParser
import SchemaLintEngine

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changes between two versions and whether lightweight migration can do it.",
        discussion: "Run it before writing a new stage. Versions are named by type (SchemaV1) or lockfile key.")

    @Argument(help: "The older version.")
    var from: String

    @Argument(help: "The newer version.")
    var to: String

    @Option(
        name: .customLong("path"), help: "Files or folders to analyse (default: the current directory); repeatable.")
    var paths: [String] = []

    @Option(help: "Output format: xcode (text) or json.")
    var reporter: ReporterKind = .xcode

    func run() throws {
        var options = try SharedOptions.parse([])
        options.paths = paths
        let analysis = try options.analyze(lockfile: nil, configuration: try options.configuration())
        do {
            let report = try DiffReport(analysis: analysis, from: from, to: to)
            Console.out(reporter == .json ? report.json() : report.text())
        } catch let failure as DiffReport.Failure {
            throw Console.fail(failure.description)
        }
    }
}
