import ArgumentParser
import SchemaLintEngine

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule with its default severity and summary.")

    func run() throws {
        let width = RuleRegistry.all.map(\.id.count).max() ?? 0
        for rule in RuleRegistry.all {
            let padded = rule.id + String(repeating: " ", count: width - rule.id.count)
            Console.out("\(padded)  \(rule.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(rule.summary)\n")
        }
    }
}
