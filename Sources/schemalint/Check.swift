import ArgumentParser
import Foundation
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

    @Option(help: ArgumentHelp("Write this file when the check passes (the SwiftPM build-tool plugin's output).", visibility: .hidden))
    var touch: String?

    @Option(help: "Treat every version as it is at this git revision as locked (e.g. origin/main or the last release tag).")
    var against: String?

    @Option(help: "Report only findings that are not in this baseline file.")
    var baseline: String?

    @Option(help: "Record today's findings in this file (to adopt schemalint and gate only on new findings).")
    var writeBaseline: String?

    func run() throws {
        let configuration = try options.configuration()
        var lockfile = try options.loadLockfile(configuration)
        if let against {
            lockfile = try versionsAt(against, configuration: configuration, lockfile: lockfile)
        }
        var analysis = try options.analyze(lockfile: lockfile, configuration: configuration, verifyingStores: true)
        if let writeBaseline {
            let recorded = Baseline(findings: analysis.findings, project: analysis.project)
            do {
                try Data(recorded.json().rendered().utf8).write(to: URL(fileURLWithPath: writeBaseline), options: .atomic)
            } catch {
                throw Console.fail("cannot write baseline \(writeBaseline): \(error.localizedDescription)")
            }
            Console.err("schemalint: recorded \(recorded.entries.count) findings in \(writeBaseline); check with --baseline \(writeBaseline) to see only new ones")
            return
        }
        if let baseline {
            do {
                analysis.findings = try Baseline.load(baseline).newFindings(analysis.findings, project: analysis.project)
            } catch let failure as Baseline.Failure {
                throw Console.fail(failure.description)
            }
        }
        let kind = reporter ?? configuration.reporter.flatMap(ReporterKind.init(rawValue:)) ?? .xcode
        let summary = Summary(findings: analysis.findings, statistics: analysis.statistics, versions: analysis.versions.count,
                              stores: analysis.storeVerdicts.count)
        Console.out(kind.reporter(colored: Console.colorsOnStandardOutput).report(analysis.findings, summary: summary))
        if kind == .xcode && !quiet { Console.err(summary.line) }
        if summary.errors > 0 || ((strict || configuration.strict == true) && summary.warnings > 0) { throw ExitStatus.findings }
        if let touch { _ = FileManager.default.createFile(atPath: touch, contents: Data()) }
    }

    /// The lockfile plus the versions at `revision`, read from git objects.
    private func versionsAt(_ revision: String, configuration: Configuration, lockfile: Lockfile?) throws -> Lockfile {
        do {
            let analyzer = Analyzer(threads: options.threads, configuration: configuration)
            let files = try GitRevision(revision).swiftFiles(under: options.paths, filter: analyzer.pathFilter)
            let before = analyzer.analyze(files: files, lockfile: nil)
            return (lockfile ?? Lockfile()).adding(versionsAt: revision, from: before)
        } catch let failure as GitRevision.Failure {
            throw Console.fail(failure.description)
        }
    }
}
