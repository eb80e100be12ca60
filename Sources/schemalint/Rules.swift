import ArgumentParser
import Foundation
import SchemaLintEngine

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its severity and summary, marking which run under the configuration.")

    @Option(name: .customLong("config"), help: "The configuration file. Default: ./.schemalint.yml when it exists.")
    var configPath: String?

    func run() throws {
        var options = try SharedOptions.parse([])
        options.configPath = configPath
        let configuration = try options.configuration()
        Console.out(RuleListReport(configuration: configuration).text())
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print a rule's document: what it catches, why, how to fix it, examples.")

    @Argument(help: "The rule id, as `schemalint rules` lists it.")
    var ruleID: String

    func run() throws {
        guard let document = RuleRegistry.document(for: ruleID) else {
            throw Console.fail("no rule '\(ruleID)'. `schemalint rules` lists them")
        }
        Console.out(document.hasSuffix("\n") ? document : document + "\n")
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .schemalint.yml (never overwrites one).")

    func run() throws {
        let path = ConfigurationLoader.defaultFileName
        guard !FileManager.default.fileExists(atPath: path) else {
            throw Console.fail("\(path) already exists; schemalint init never overwrites it")
        }
        do {
            try ConfigurationLoader.starter.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw Console.fail("cannot write \(path): \(error.localizedDescription)")
        }
        Console.out("wrote \(path)\n")
    }
}

/// `schemalint version`, as Homebrew's formula tests and scripts expect (the same text as `--version`).
struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version", abstract: "Print schemalint's version.")

    func run() throws {
        Console.out(SchemaLintVersion.current + "\n")
    }
}
