import ArgumentParser
import Foundation
import SchemaLintEngine

extension ReporterKind: ExpressibleByArgument {}

extension ReportDestination: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Analyse the schema code, run every rule and compare with the lockfile.")

    @OptionGroup var options: SharedOptions

    @Option(
        name: .customLong("reporter"),
        help: ArgumentHelp(
            "Output format: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: the "
                + "configuration's, else xcode). Repeatable: KIND:FILE writes that report to FILE as well, e.g. "
                + "--reporter github --reporter sarif:schemalint.sarif.",
            valueName: "kind[:file]")
    )
    var reporters: [ReportDestination] = []

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Warnings fail the check too.")
    var strict = false

    @Flag(help: "Print findings only (no summary line).")
    var quiet = false

    @Flag(
        help: "Also print why each finding holds, and each app's folder, lockfile, configuration and containers.")
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

    @Flag(
        help: ArgumentHelp(
            "First apply the fixes that need no judgement (list a stage or a version, retarget a typealias, write "
                + "an inferred stage, keep inverse: on one end), proving every version keeps its checksum."))
    var fix = false

    func run() throws {
        StageTrace.mark("arguments parsed")
        let destinations = try reportDestinations()  // before the analysis: a usage mistake should not wait for it
        // Sources are discovered again only when --fix rewrote some.
        // Store fixtures are matched against every model version's store model: with them, every version is read.
        let apps = try fix
            ? applyFixes() : options.apps(readingLockfiles: true, takingRecorded: options.storePatterns.isEmpty)
        let outcome = try analyse(apps)
        StageTrace.mark("checked")
        ProcessLifetime.keep(apps, outcome)
        if verbose { printDetails(outcome) }
        if let writeBaseline {
            try record(outcome, in: writeBaseline)
            return
        }
        // What could not be read is said once, never passed off as checked.
        for result in outcome.apps where !quiet {
            for note in result.analysis.notes { Console.err("schemalint: note: \(note)") }
        }
        let configuration = try options.configuration()
        let summary = outcome.summary
        let printed = try write(outcome.findings, summary: summary, to: destinations)
        if (printed == nil || printed == .xcode) && !quiet { Console.err(summary.line) }
        StageTrace.mark("reported")
        try gate(outcome, apps: apps, configuration: configuration)
        if let touch { _ = FileManager.default.createFile(atPath: touch, contents: Data()) }
    }

    /// Every app checked against its lockfile (and `--against`, `--baseline`).
    private func analyse(_ apps: [AppUnit]) throws -> CheckRun.Outcome {
        var check = CheckRun(
            threads: options.threads, workingDirectory: options.workingDirectory, against: against,
            baseline: try baseline.map { path -> Baseline in
                do {
                    return try Baseline.load(path)
                } catch let failure as Baseline.Failure {
                    throw Console.fail(failure.description)
                }
            })
        check.paths = options.paths
        check.singleApp = options.configPath != nil || options.explicitLockfile != nil
        do {
            return try check.run(apps: apps, storeFiles: try options.storeFiles(for: apps)) { app in
                try options.loadLockfile(at: app.lockfilePath, reading: app.lockfileReading)
            }
        } catch let failure as CheckRun.Failure {
            throw Console.fail(failure.description)
        }
    }

    /// `--verbose`: each app's folder, lockfile, configuration and containers, the stores picked at run time, and
    /// the files no target compiles.
    private func printDetails(_ outcome: CheckRun.Outcome) {
        for result in outcome.apps {
            Console.err(
                result.app.describe(
                    result.analysis, lockfileFound: result.lockfileFound, workingDirectory: options.workingDirectory))
            for note in result.analysis.pickedStoreNotes { Console.err("schemalint: note: \(note)") }
            let notCompiled = result.analysis.statistics.notCompiled
            for (project, files) in notCompiled.sorted(by: { $0.key < $1.key }) {
                Console.err("schemalint: \(files.count) Swift file\(files.count == 1 ? "" : "s") that no target of "
                    + "\(project) compiles, not analysed: \(files.sorted().joined(separator: ", "))")
            }
        }
    }

    /// `--write-baseline`: today's findings recorded in `path`, and what a baseline never hides.
    private func record(_ outcome: CheckRun.Outcome, in path: String) throws {
        do {
            try Data(outcome.recorded.json().rendered().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Console.fail("cannot write baseline \(path): \(error.localizedDescription)")
        }
        Console.err(
            "schemalint: recorded \(outcome.recorded.entries.count) findings in \(path); check with "
                + "--baseline \(path) to see only new ones"
        )
        let leftOut = outcome.recorded.leftOut
        if leftOut > 0 {
            Console.err(
                "schemalint: left out \(leftOut) finding\(leftOut == 1 ? "" : "s") about shipped versions or "
                    + "stores: a baseline never hides them; fix the code, or accept a change on purpose with "
                    + "`schemalint lock --accept NAME --reason \"...\"`")
        }
    }

    /// Exits 1 on errors, on warnings under `--strict`, and on notes of what could not be told where the gate asks
    /// for it (`--strict`, `strict: true`, `require_known_stores: true`).
    private func gate(
        _ outcome: CheckRun.Outcome, apps: [AppUnit], configuration: Configuration
    ) throws {
        let summary = outcome.summary
        let strictly = strict || configuration.strict == true || apps.contains { $0.configuration.strict == true }
        if summary.errors > 0 || (strictly && summary.warnings > 0) { throw ExitStatus.findings }
        let unknowns = outcome.apps.reduce(0) { $0 + $1.analysis.notes.count }
        if unknowns > 0, strictly || configuration.requireKnownStores
            || apps.contains(where: { $0.configuration.requireKnownStores })
        {
            if !quiet {
                Console.err(
                    "schemalint: \(unknowns) note\(unknowns == 1 ? " above says" : "s above say") what could not be "
                        + "told; the check fails on them (--strict, or require_known_stores: true)")
            }
            throw ExitStatus.findings
        }
    }

    /// `--fix`: each app's fixes, verified and written, listed on standard error; returns the apps to check.
    private func applyFixes() throws -> [AppUnit] {
        var changed = 0
        let apps = try options.apps()
        for app in apps {
            let lockfile = try options.loadLockfile(at: app.lockfilePath)
            let session = FixSession(
                analyzer: app.analyzer(threads: options.threads), lockfile: lockfile,
                workingDirectory: options.workingDirectory)
            let outcome = session.run(files: app.files)
            if let failure = outcome.failure { throw Console.fail(failure) }
            do {
                try FixSession.write(outcome.files, workingDirectory: options.workingDirectory)
            } catch let failure as FixSession.WriteFailure {
                throw Console.fail(failure.description)
            }
            for change in outcome.changes {
                Console.err("\(change.location): fixed [\(change.rule)] \(change.summary)")
            }
            for skipped in outcome.skipped {
                Console.err("\(skipped.location): not fixed [\(skipped.rule)] \(skipped.reason)")
            }
            changed += outcome.files.count
        }
        Console.err("schemalint: --fix changed \(changed) file\(changed == 1 ? "" : "s")")
        return changed == 0 ? apps : try options.apps()
    }

    /// The reports this run writes: `--reporter` and `--output`, else the configuration's format, else xcode.
    private func reportDestinations() throws -> [ReportDestination] {
        let configured = try options.configuration().reporter.flatMap(ReporterKind.init(rawValue:))
        do {
            return try ReportDestination.resolve(reporters, configured: configured, output: output)
        } catch let failure as ReportDestination.Failure {
            throw Console.fail(failure.description)
        }
    }

    /// Writes every report; returns the format printed on standard output, if any. A file that cannot be written is
    /// exit 2: a CI job must not upload a stale report.
    private func write(
        _ findings: [Finding], summary: Summary, to destinations: [ReportDestination]
    ) throws -> ReporterKind? {
        var printed: ReporterKind?
        for destination in destinations {
            guard let path = destination.path else {
                printed = destination.kind
                let reporter = destination.kind.reporter(colored: Console.colorsOnStandardOutput, detailed: verbose)
                Console.out(reporter.report(findings, summary: summary))
                continue
            }
            let text = destination.kind.reporter().report(findings, summary: summary)
            let url = URL(fileURLWithPath: Paths.absolute(path, in: options.workingDirectory))
            do {
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                throw Console.fail("cannot write the \(destination.kind.rawValue) report to \(path): "
                    + "\(error.localizedDescription)")
            }
        }
        return printed
    }
}
