import ArgumentParser
import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore

struct VerifyStore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-store",
        abstract:
            "Tell which version in the source each store file belongs to, by the checksum SwiftData wrote into it.",
        discussion:
            "Stores are copied before reading; the originals are never opened for writing. Exit status: 0 every "
                + "store matches a version, 1 a store matches none (SwiftData fails to open it with 134504, Core "
                + "Data with 134130), 2 a store or the "
                + "source cannot be read."
    )

    @Argument(help: "Store files (.store, .sqlite) written by Core Data or SwiftData; -wal/-shm siblings are used.")
    var stores: [String]

    @Option(
        name: .customLong("source"),
        help: "Files or folders with the schema source (default: the current directory); repeatable.")
    var sources: [String] = []

    @Option(help: "Output format: xcode (text) or json.")
    var reporter: ReporterKind = .xcode

    @Option(help: "The lockfile whose states to name (default: schemalint.lock in the current folder, if any).")
    var lockfile: String?

    func run() throws {
        var options = try SharedOptions.parse([])
        options.paths = sources
        let analysis = try options.analyze(lockfile: nil, configuration: try options.configuration())
        let lockfilePath = lockfile ?? Lockfile.defaultFileName
        if let lockfile, !FileManager.default.fileExists(atPath: lockfile) {
            throw Console.fail("lockfile \(lockfile) does not exist. Check the path")
        }
        let locked =
            lockfile != nil || FileManager.default.fileExists(atPath: lockfilePath)
            ? try options.loadLockfile(at: lockfilePath) : nil
        var verdicts: [StoreVerdict] = []
        for store in stores {
            do {
                let metadata = try StoreReader.metadata(of: store)
                var verdict = StoreVerifier.verify(metadata, against: analysis)
                if let locked { verdict.lockedStates = StoreVerifier.lockedStates(matching: metadata, in: locked) }
                verdicts.append(verdict)
            } catch let failure as StoreReader.Failure {
                throw Console.fail(failure.description)
            }
        }
        let report = StoreVerificationReport(verdicts: verdicts, project: analysis.project)
        Console.out(reporter == .json ? report.json() : report.text())
        if verdicts.contains(where: { !$0.opens }) { throw ExitStatus.findings }
    }
}

struct InspectStore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect-store",
        abstract:
            "Print a store's metadata (identifiers, checksum, entity hashes), the hash self-check and its cached model."
    )

    @Argument(help: "A store file written by Core Data or SwiftData.")
    var store: String

    @Option(help: "Output format: xcode (text) or json.")
    var reporter: ReporterKind = .xcode

    func run() throws {
        let metadata: StoreMetadata
        do {
            metadata = try StoreReader.metadata(of: store)
        } catch let failure as StoreReader.Failure {
            throw Console.fail(failure.description)
        }
        Console.out(reporter == .json ? StoreInspection.json(metadata) : StoreInspection.text(metadata))
    }
}
