import ArgumentParser
import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore

struct VerifyStore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-store",
        abstract: "Tell which version in the source each store file belongs to, by the checksum SwiftData wrote into it.",
        discussion: "Stores are copied before reading; the originals are never opened for writing. Exit status: 0 every store matches a version, 1 a store matches none (it would fail with 134504), 2 a store or the source cannot be read.")

    @Argument(help: "Store files (.store, .sqlite) written by Core Data or SwiftData; -wal/-shm siblings are used.")
    var stores: [String]

    @Option(name: .customLong("source"), help: "Files or folders with the schema source (default: the current directory); repeatable.")
    var sources: [String] = []

    @Option(help: "Output format: xcode (text) or json.")
    var reporter: ReporterKind = .xcode

    func run() throws {
        var options = try SharedOptions.parse([])
        options.paths = sources
        let analysis = try options.analyze(lockfile: nil, configuration: try options.configuration())
        var verdicts: [StoreVerdict] = []
        for store in stores {
            do {
                verdicts.append(StoreVerifier.verify(try StoreReader.metadata(of: store), against: analysis))
            } catch let failure as StoreReader.Failure {
                throw Console.fail(failure.description)
            }
        }
        Console.out(reporter == .json ? json(verdicts) : text(verdicts, project: analysis.project))
        if verdicts.contains(where: { !$0.matchesAVersion }) { throw ExitStatus.findings }
    }

    func text(_ verdicts: [StoreVerdict], project: Project) -> String {
        /// "SchemaV2 in MigrationPlan": the plans whose schemas list the version.
        func described(_ key: String) -> String {
            guard let version = project.version(key: key) else { return key }
            let plans = project.plans.filter { $0.schemas?.contains { $0.version == version.id } == true }.map(\.name)
            return plans.isEmpty ? key : "\(key) in \(plans.joined(separator: ", "))"
        }
        return verdicts.map { verdict in
            let store = verdict.metadata.path
            var lines: [String] = []
            if verdict.matchesAVersion {
                lines.append("\(store): matches \(verdict.matches.map(described).joined(separator: ", ")) (checksum \(verdict.metadata.checksum ?? "none recorded")); it opens without migration")
                lines += verdict.notes.map { "\(store): warning: \($0)" }
            } else {
                lines.append("\(store): error: matches no version in the source (checksum \(verdict.metadata.checksum ?? "none recorded")): SwiftData would fail to open it with 134504 \"unknown model version\"")
                if let check = HashSelfCheck(verdict.metadata), !check.passed {
                    lines.append("\(store): warning: the store's cached model does not reproduce its own recorded hashes (\(check.mismatches.joined(separator: "; "))); the differences below may be incomplete")
                }
                if let nearest = verdict.nearest {
                    lines.append("\(store): nearest version: \(nearest)")
                    lines += verdict.differences.map { "\(store):   \($0)" }
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    func json(_ verdicts: [StoreVerdict]) -> String {
        JSONValue.object([
            "stores": .array(verdicts.map { verdict in
                .object([
                    ("path", .string(verdict.metadata.path)),
                    ("checksum", verdict.metadata.checksum.map(JSONValue.string)),
                    ("identifiers", .strings(verdict.metadata.identifiers)),
                    ("matches", .strings(verdict.matches)),
                    ("notes", .strings(verdict.notes)),
                    ("nearest", verdict.nearest.map(JSONValue.string)),
                    ("differences", .strings(verdict.differences)),
                ])
            }),
        ]).rendered()
    }
}

struct InspectStore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect-store",
        abstract: "Print a store's metadata (identifiers, checksum, entity hashes), the hash self-check and its cached model.")

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
