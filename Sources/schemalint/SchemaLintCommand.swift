import ArgumentParser
import Foundation
import SchemaLintEngine

@main
struct SchemaLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemalint",
        abstract: "Keeps SwiftData schema changes from losing your users' data.",
        discussion:
            "Exit status: 0 no error findings, 1 error findings (or warnings with --strict), 2 schemalint could not "
                + "do its job.",
        version: SchemaLintVersion.current,
        subcommands: [
            Check.self, Lock.self, Hash.self, Diff.self, VerifyStore.self, InspectStore.self, Rules.self, Explain.self,
            Init.self, Bump.self, Upgrades.self, Fixtures.self, Version.self,
        ],
        defaultSubcommand: Check.self
    )

    /// ArgumentParser's own usage failures exit 64; schemalint promises 2 for anything that stops it working.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitStatus {
            Foundation.exit(exit.code)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data("schemalint: \(fullMessage(for: error))\n".utf8))
            Foundation.exit(2)
        }
    }
}

/// Thrown to end a command with a given status after its output is printed.
struct ExitStatus: Error {
    var code: Int32
    static let findings = ExitStatus(code: 1)
    static let failure = ExitStatus(code: 2)
}

enum Console {
    /// Colour only on a terminal, and never with NO_COLOR set (https://no-color.org).
    static var colorsOnStandardOutput: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints an error that stops schemalint and ends with status 2.
    static func fail(_ message: String) -> ExitStatus {
        err("schemalint: error: \(message)")
        return .failure
    }
}

struct SharedOptions: ParsableArguments {
    @Argument(help: "Files or folders to analyse (default: the current directory).")
    var paths: [String] = []

    @Option(
        name: .customLong("lockfile"),
        help: "The lockfile to read (and, for `lock`, write). Default: the configuration's, else ./schemalint.lock.")
    var explicitLockfile: String?

    @Option(name: .customLong("config"), help: "The configuration file. Default: ./.schemalint.yml when it exists.")
    var configPath: String?

    @Option(help: "Threads to parse with (default: every core).")
    var threads: Int?

    @Option(
        name: .customLong("stores"),
        help: ArgumentHelp(
            "Store files (globs) that check verifies and lock records, besides the configuration's `stores:`; "
                + "repeatable.")
    )
    var storePatterns: [String] = []

    var workingDirectory: String { FileManager.default.currentDirectoryPath }

    /// The configuration, or exit 2 naming the file, line and key that is wrong.
    func configuration() throws -> Configuration {
        do {
            return try ConfigurationLoader.load(explicitPath: configPath, workingDirectory: workingDirectory)
        } catch let failure as ConfigurationLoader.Failure {
            throw Console.fail("\(failure.description)")
        }
    }

    /// All the sources as one project, for `hash`, `diff` and `verify-store` (`check` and `lock` go app by app).
    func analyze(lockfile: Lockfile?, configuration: Configuration) throws -> Analysis {
        do {
            let analyzer = Analyzer(threads: threads, configuration: configuration)
            let analysis = try analyzer.analyze(paths: paths, lockfile: lockfile)
            for unreadable in analysis.unreadable {
                Console.err("schemalint: warning: skipped \(unreadable.path): \(unreadable.reason)")
            }
            return analysis
        } catch let failure as SourceDiscovery.Failure {
            throw Console.fail("\(failure). Pass existing files or folders")
        }
    }

    /// `mustExist`: a lockfile named on the command line that is missing is a mistake (a typo would turn the
    /// gate off), except for `lock`, which creates it.
    /// `reading`: the lockfiles the run has been reading in the background (`apps(readingLockfiles: true)`).
    func loadLockfile(
        at path: String, mustExist: Bool = true, mergingConflicts: Bool = false, reading: LockfileReading? = nil
    ) throws -> Lockfile? {
        if mustExist, explicitLockfile != nil, !FileManager.default.fileExists(atPath: path) {
            throw Console.fail(
                "lockfile \(path) does not exist. Check the path, or run `schemalint lock --lockfile \(path)` to "
                    + "create it"
            )
        }
        do {
            if !mergingConflicts, let read = reading?.lockfile(at: path) { return try read.get() }
            return try mergingConflicts ? LockfileStore.loadMerging(path) : LockfileStore.load(path)
        } catch let failure as LockfileStore.Failure {
            throw Console.fail(failure.description)
        } catch let failure as LockfileMerge.Failure {
            throw Console.fail(failure.description)
        }
    }

    // MARK: Apps

    /// The source files under `paths`, split into apps: each file belongs to the nearest folder above it that
    /// holds `.schemalint.yml` or `schemalint.lock` (`--config` / `--lockfile` make it one app).
    /// `readingLockfiles`: read each app's lockfile in the background meanwhile (see `LockfileReading`).
    /// `takingRecorded`: model versions whose bytes the lockfile recorded are taken from it (see `RecordedVersions`).
    func apps(readingLockfiles: Bool = false, takingRecorded: Bool = false) throws -> [AppUnit] {
        do {
            var discovery = AppDiscovery(
                paths: paths, workingDirectory: workingDirectory, configuration: try configuration())
            discovery.configurationPath = configPath
            discovery.lockfilePath = explicitLockfile
            discovery.threads = threads
            discovery.readingLockfiles = readingLockfiles
            discovery.takingRecorded = takingRecorded
            let found = try discovery.run()
            for unreadable in found.unreadable {
                Console.err("schemalint: warning: skipped \(unreadable.path): \(unreadable.reason)")
            }
            for problem in found.problems { Console.err("schemalint: warning: \(problem)") }
            return found.apps
        } catch let failure as SourceDiscovery.Failure {
            throw Console.fail("\(failure). Pass existing files or folders")
        } catch let failure as ConfigurationLoader.Failure {
            throw Console.fail("\(failure.description)")
        }
    }

    /// Analyses one app with its configuration; `storeFiles` are the fixtures that belong to it.
    /// `buildingUpgrades`: false when the run does not show `upgrades`' rows (`lock`): judging each locked version
    /// against the current one was half of a `lock` that found nothing new on woocommerce-ios (117 versions).
    func analyze(
        _ app: AppUnit, lockfile: Lockfile?, storeFiles: [String],
        lockfileLocation: String?, buildingUpgrades: Bool = true
    ) throws -> Analysis {
        do {
            var analyzer = app.analyzer(threads: threads)
            analyzer.buildsUpgrades = buildingUpgrades
            analyzer.stores = try StoreFixtures.read(storeFiles)
            analyzer.lockfileLocation = lockfileLocation
            analyzer.readsWholeApp = app.isRead(wholeBy: paths, workingDirectory: workingDirectory)
            return analyzer.analyze(files: app.files, lockfile: lockfile)
        } catch let failure as StoreFixtures.Failure {
            throw Console.fail(failure.description)
        }
    }

    /// Store fixtures by app root: `--stores` go to the app each store file sits in, a configuration's `stores:` to
    /// its own app.
    func storeFiles(for apps: [AppUnit]) throws -> [String: [String]] {
        var byRoot: [String: Set<String>] = [:]
        do {
            var locator = AppLocator(workingDirectory: workingDirectory)
            let roots = Set(apps.map(\.root))
            let single = apps.count == 1 ? apps.first?.root : nil
            for file in try StoreFixtures.locate(storePatterns, base: workingDirectory) {
                let root = locator.root(ofFile: file)
                byRoot[single ?? (roots.contains(root) ? root : apps.first?.root ?? root), default: []].insert(file)
            }
            for app in apps where !app.configuration.stores.isEmpty {
                let base = app.configuration.baseFolder(workingDirectory: workingDirectory, root: workingDirectory)
                byRoot[app.root, default: []].formUnion(try StoreFixtures.locate(app.configuration.stores, base: base))
            }
        } catch let failure as StoreFixtures.Failure {
            throw Console.fail(failure.description)
        }
        return byRoot.mapValues { files in
            files.sorted().map { Workspace.display($0, workingDirectory: workingDirectory) }
        }
    }
}
