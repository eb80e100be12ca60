import ArgumentParser
import SchemaLintEngine

extension ReporterKind: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyse the schema code, run every rule and compare with the lockfile.")

    @OptionGroup var options: SharedOptions

    @Option(help: "Output format: xcode or json.")
    var reporter: ReporterKind = .xcode

    @Flag(help: "Warnings fail the check too.")
    var strict = false

    func run() throws {
        let lockfile = try options.loadLockfile()
        let analysis = try options.analyze(lockfile: lockfile)
        let summary = Summary(findings: analysis.findings, statistics: analysis.statistics, versions: analysis.versions.count)
        Console.out(reporter.reporter.report(analysis.findings, summary: summary))
        if reporter == .xcode { Console.err(summary.line) }
        if summary.errors > 0 || (strict && summary.warnings > 0) { throw ExitStatus.findings }
    }
}
