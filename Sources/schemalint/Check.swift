import ArgumentParser
import Foundation
import SchemaLintEngine

extension ReporterKind: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyse the schema code, run every rule and compare with the lockfile.")

    @OptionGroup var options: SharedOptions

    @Option(
        help: ArgumentHelp(
            "Output format: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: the "
                + "configuration's, else xcode).")
    )
    var reporter: ReporterKind?

    @Flag(help: "Warnings fail the check too.")
    var strict = false

    @Flag(help: "Print findings only (no summary line).")
    var quiet = false

    @Flag(help: "Also print each app's folder, lockfile, configuration and containers by kind.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "Write this file when the check passes (the SwiftPM build-tool plugin's output).", visibility: .hidden))
    var touch: String?

    @Option(
        help: "Treat every version as it is at this git revision as locked (e.g. origin/main or the last release tag).")
    var against: String?

    @Option(help: "Report only findings that are not in this baseline file.")
    var baseline: String?

    @Option(help: "Record today's findings in this file (to adopt schemalint and gate only on new findings).")
    var writeBaseline: String?

    func run() throws {
        let apps = try options.apps()
        let stores = try options.storeFiles(for: apps)
        var findings: [Finding] = []
        var statistics = Analysis.Statistics()
        var versions = 0
        var storeCount = 0
        var lockfiles: [String] = []
        var missing: [String] = []
        var recorded = Baseline(entries: [])
        let kept = try baseline.map { path -> Baseline in
            do {
                return try Baseline.load(path)
            } catch let failure as Baseline.Failure {
                throw Console.fail(failure.description)
            }
        }
        for app in apps {
            var lockfile = try options.loadLockfile(at: app.lockfilePath)
            if lockfile != nil { lockfiles.append(app.lockfilePath) }
            if let against { lockfile = try versionsAt(against, app: app, lockfile: lockfile) }
            let analysis = try options.analyze(
                app, lockfile: lockfile, storeFiles: stores[app.root] ?? [],
                lockfileLocation: against == nil ? app.lockfilePath : nil)
            if lockfile == nil, !analysis.project.plans.isEmpty { missing.append(app.lockfilePath) }
            if verbose {
                let found = lockfile != nil
                Console.err(app.describe(analysis, lockfileFound: found, workingDirectory: options.workingDirectory))
            }
            recorded.entries += Baseline(findings: analysis.findings, project: analysis.project).entries
            findings += kept.map { $0.newFindings(analysis.findings, project: analysis.project) } ?? analysis.findings
            statistics.filesFound += analysis.statistics.filesFound
            statistics.filesParsed += analysis.statistics.filesParsed
            versions += analysis.versions.count
            storeCount += analysis.storeVerdicts.count
        }
        if let writeBaseline {
            do {
                try Data(recorded.json().rendered().utf8).write(
                    to: URL(fileURLWithPath: writeBaseline), options: .atomic)
            } catch {
                throw Console.fail("cannot write baseline \(writeBaseline): \(error.localizedDescription)")
            }
            Console.err(
                "schemalint: recorded \(recorded.entries.count) findings in \(writeBaseline); check with --baseline "
                    + "\(writeBaseline) to see only new ones"
            )
            return
        }
        findings = Finding.ordered(findings)
        let configuration = try options.configuration()
        let kind = reporter ?? configuration.reporter.flatMap(ReporterKind.init(rawValue:)) ?? .xcode
        var summary = Summary(findings: findings, statistics: statistics, versions: versions, stores: storeCount)
        summary.lockfiles = lockfiles
        summary.missingLockfiles = missing
        summary.configurations = apps.compactMap(\.configurationPath)
        Console.out(kind.reporter(colored: Console.colorsOnStandardOutput).report(findings, summary: summary))
        if kind == .xcode && !quiet { Console.err(summary.line) }
        let strictly = strict || configuration.strict == true || apps.contains { $0.configuration.strict == true }
        if summary.errors > 0 || (strictly && summary.warnings > 0) { throw ExitStatus.findings }
        if let touch { _ = FileManager.default.createFile(atPath: touch, contents: Data()) }
    }

    /// The lockfile plus the app's versions at `revision`, read from git objects.
    private func versionsAt(_ revision: String, app: AppUnit, lockfile: Lockfile?) throws -> Lockfile {
        do {
            let analyzer = Analyzer(threads: options.threads, configuration: app.configuration)
            let all = try GitRevision(revision).swiftFiles(under: options.paths, filter: analyzer.pathFilter)
            var locator = AppLocator(workingDirectory: options.workingDirectory)
            let single = options.configPath != nil || options.explicitLockfile != nil
            let files = all.filter { single || locator.root(ofFile: $0.path) == app.root }
            let before = analyzer.analyze(files: files, lockfile: nil)
            return (lockfile ?? Lockfile()).adding(versionsAt: revision, from: before)
        } catch let failure as GitRevision.Failure {
            throw Console.fail(failure.description)
        }
    }
}
