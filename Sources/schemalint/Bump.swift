import ArgumentParser
import SchemaLintEngine
import SchemaLintModel

extension VersionNumber: ExpressibleByArgument {
    public init?(argument: String) {
        let parts = argument.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        let numbers = parts.compactMap { $0 } + Array(repeating: 0, count: 3 - parts.count)
        self.init(numbers[0], numbers[1], numbers[2])
    }
}

struct Bump: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bump",
        abstract: "Start the next version of a migration plan: copy the newest version, list it, add its stage.",
        discussion:
            "Every existing version keeps its checksum (proved before anything is written; exit 2 otherwise). "
            + "Where the newest version lists live models, they are first frozen inside it as nested copies. "
            + "In an app with no plan yet, bump adopts one: SchemaV1 holds the models the app container stores "
            + "(moved into it where they stand, typealiases at their names), with the checksum users' stores carry.")

    @OptionGroup var options: SharedOptions

    @Option(help: "The plan to add a version to (needed when there are several).")
    var plan: String?

    /// Not `--version`: every subcommand already has that flag (it prints schemalint's version).
    @Option(help: "The new versionIdentifier, X.Y.Z (default: the next one).")
    var identifier: VersionNumber?

    @Option(help: "The new version's type name (default: the newest one's, with its number raised).")
    var name: String?

    @Flag(help: "Print what would change and the new file; write nothing.")
    var dryRun = false

    func run() throws {
        var outcomes: [(AppUnit, Bumper.Outcome)] = []
        var failures: [String] = []
        for app in try options.apps() {
            let lockfile = try options.loadLockfile(at: app.lockfilePath)
            let bumper = Bumper(
                analyzer: app.analyzer(threads: options.threads), lockfile: lockfile,
                workingDirectory: options.workingDirectory)
            do {
                let request = Bumper.Request(plan: plan, identifier: identifier, name: name)
                outcomes.append((app, try bumper.run(files: app.files, request: request)))
            } catch let failure as Bumper.Failure {
                failures.append(failure.description)
            }
        }
        guard outcomes.count == 1, let (_, outcome) = outcomes.first else {
            throw Console.fail(
                outcomes.isEmpty
                    ? (failures.first ?? "no SchemaMigrationPlan found")
                    : "several apps have plans: pass one app's folder")
        }
        if dryRun {
            Console.out(outcome.files[outcome.createdFile] ?? "")
        } else {
            do {
                try FixSession.write(outcome.files, workingDirectory: options.workingDirectory)
            } catch let failure as FixSession.WriteFailure {
                throw Console.fail(failure.description)
            }
        }
        if let state = outcome.adoptedState {
            let verb = dryRun ? "would adopt" : "adopted"
            Console.err("schemalint: \(verb) \(outcome.planName): its first version \(outcome.newName) "
                + "(\(outcome.identifier)) is the unversioned state \(state), with the same checksum")
        } else {
            let verb = dryRun ? "would start" : "started"
            Console.err("schemalint: \(verb) \(outcome.newName) (\(outcome.identifier)) after \(outcome.oldName) in "
                + "\(outcome.planName); every existing version keeps its checksum")
        }
        for change in outcome.changes { Console.err("  \(change)") }
        for note in outcome.notes { Console.err("note: \(note)") }
    }
}
