import ArgumentParser
import SchemaLintEngine

struct Hash: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash",
        abstract: "Print each version's store checksum (as SwiftData writes it), entity hashes and fingerprint.")

    @OptionGroup var options: SharedOptions

    @Option(help: "Output format: xcode (text) or json.")
    var reporter: ReporterKind = .xcode

    func run() throws {
        let analysis = try options.analyze(lockfile: nil, configuration: try options.configuration())
        Console.out(reporter == .json ? HashReport.json(analysis) : HashReport.text(analysis))
    }
}
