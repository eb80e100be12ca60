import ArgumentParser
import SchemaLintEngine

extension UpgradeReport.Format: ExpressibleByArgument {}

/// `schemalint upgrades`: what this build does with each store a user can hold.
struct Upgrades: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrades",
        abstract:
            "For each locked state and store fixture, say whether this build opens it: as is, by its stages, by "
            + "inference, or not (with the reason).")

    @OptionGroup var options: SharedOptions

    @Option(help: "Output format: text, json or markdown (for a GitHub job summary or a pull-request comment).")
    var format: UpgradeReport.Format = .text

    @Flag(help: "Every step of each migration path and every reason one fails (default: one line per state).")
    var verbose = false

    func run() throws {
        let apps = try options.apps()
        let stores = try options.storeFiles(for: apps)
        var fails = false
        for app in apps {
            let lockfile = try options.loadLockfile(at: app.lockfilePath)
            let analysis = try options.analyze(
                app, lockfile: lockfile, storeFiles: stores[app.root] ?? [], lockfileLocation: nil)
            guard lockfile != nil || !analysis.storeVerdicts.isEmpty || apps.count == 1 else { continue }
            Console.out(UpgradeReport.render(analysis.upgrades, as: format, verbose: verbose))
            fails = fails || analysis.upgrades.rows.contains { $0.outcome.fails }
        }
        if fails { throw ExitStatus.findings }
    }
}
