import ArgumentParser
import SchemaLintEngine

extension ReporterKind: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyse the schema code, run every rule and compare with the lockfile.")

    @OptionGroup var options: SharedOptions

    @Option(help: "Output format: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: the configuration's, else xcode).")
    var reporter: ReporterKind?

    @Flag(help: "Warnings fail the check too.")
    var strict = false

    @Flag(help: "Print findings only (no summary line).")
    var quiet = false

    func run() throws {
        let configuration = try options.configuration()
        let lockfile = try options.loadLockfile(configuration)
        let analysis = try options.analyze(lockfile: lockfile, configuration: configuration)
        let kind = reporter ?? configuration.reporter.flatMap(ReporterKind.init(rawValue:)) ?? .xcode
        let summary = Summary(findings: analysis.findings, statistics: analysis.statistics, versions: analysis.versions.count)
        Console.out(kind.reporter(colored: Console.colorsOnStandardOutput).report(analysis.findings, summary: summary))
        if kind == .xcode && !quiet { Console.err(summary.line) }
        if summary.errors > 0 || ((strict || configuration.strict == true) && summary.warnings > 0) { throw ExitStatus.findings }
    }
}
