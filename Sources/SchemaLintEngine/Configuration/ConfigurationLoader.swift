import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import Yams

/// Reads `.schemalint.yml` strictly: an unknown key, a misspelt rule id or a value of the wrong type is an error
/// that names the file, the line and the key, never something silently ignored.
public enum ConfigurationLoader {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var line: Int?
        public var message: String
        public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(message)" }
    }

    public static let defaultFileName = ".schemalint.yml"

    public static let keys = [
        "included", "excluded", "disabled_rules", "only_rules", "severity", "lockfile", "reporter",
        "strict", "stores", "require_lockfile", "require_known_stores",
    ]

    /// The configuration at `path`, or the defaults when no path is given and `.schemalint.yml` does not exist.
    public static func load(explicitPath: String?, workingDirectory: String) throws -> Configuration {
        let path = explicitPath ?? defaultFileName
        let absolute = Paths.absolute(path, in: workingDirectory)
        switch RegularFile.text(absolute) {
        case let .success(text): return try parse(text, path: path)
        case .failure(.missing):
            if explicitPath != nil {
                throw Failure(path: path, line: nil, message: "the configuration file does not exist")
            }
            return Configuration()
        case let .failure(failure):
            let fix =
                failure == .permissionDenied
                ? "" : "; make it a regular file, or remove it to run with the defaults"
            throw Failure(path: path, line: nil, message: "the configuration file cannot be read: \(failure)\(fix)")
        }
    }

    public static func parse(_ text: String, path: String) throws -> Configuration {
        var configuration = Configuration()
        configuration.path = path
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Failure(path: path, line: line(of: error), message: "not valid YAML: \(problem(of: error))")
        }
        guard let root else { return configuration }
        guard let mapping = root.mapping else {
            throw Failure(path: path, line: root.mark?.line, message: "expected a mapping of settings (key: value)")
        }
        let ruleIDs = Set(RuleRegistry.all.map(\.id.rawValue))
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = keyNode.mark?.line
            func fail(_ message: String) -> Failure { Failure(path: path, line: line, message: message) }
            func strings() throws -> [String] {
                guard let sequence = value.sequence else { throw fail("'\(key)' must be a list of strings") }
                return try sequence.map { item in
                    guard let string = item.string, item.scalar != nil else {
                        throw Failure(path: path, line: item.mark?.line, message: "'\(key)' must be a list of strings")
                    }
                    return string
                }
            }
            func ruleIDList() throws -> Set<RuleID> {
                let ids = try strings()
                for (index, id) in ids.enumerated() where !ruleIDs.contains(id) {
                    let itemLine = value.sequence?[index].mark?.line ?? line
                    throw Failure(
                        path: path, line: itemLine,
                        message: "unknown rule '\(id)' in '\(key)'\(suggestion(id, among: ruleIDs))")
                }
                return Set(ids.map { RuleID($0) })
            }
            switch key {
            case "included": configuration.included = try strings()
            case "excluded": configuration.excluded = try strings()
            case "stores": configuration.stores = try strings()
            case "disabled_rules": configuration.disabledRules = try ruleIDList()
            case "only_rules": configuration.onlyRules = try ruleIDList()
            case "opt_in_rules":
                // Builds before 0.1.0 accepted it although no rule was opt-in: say what to write instead.
                throw fail(
                    "'opt_in_rules' is no longer a key: every rule runs unless it is in 'disabled_rules'. To run "
                        + "only some rules, list them in 'only_rules'")
            case "severity":
                guard let severities = value.mapping else {
                    throw fail("'severity' must map rule ids to error, warning or note")
                }
                for (ruleNode, severityNode) in severities {
                    let id = ruleNode.string ?? ""
                    guard ruleIDs.contains(id) else {
                        throw Failure(
                            path: path, line: ruleNode.mark?.line,
                            message: "unknown rule '\(id)' in 'severity'\(suggestion(id, among: ruleIDs))")
                    }
                    guard let text = severityNode.string, let severity = Severity(rawValue: text) else {
                        throw Failure(
                            path: path, line: severityNode.mark?.line,
                            message: "severity of '\(id)' must be error, warning or note")
                    }
                    configuration.severities[RuleID(id)] = severity
                }
            case "lockfile":
                guard let string = value.string, value.scalar != nil else { throw fail("'lockfile' must be a path") }
                configuration.lockfile = string
            case "reporter":
                guard let string = value.string, ReporterKind(rawValue: string) != nil else {
                    throw fail(
                        "'reporter' must be one of \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                configuration.reporter = string
            case "require_known_stores":
                guard let flag = value.bool else { throw fail("'require_known_stores' must be true or false") }
                configuration.requireKnownStores = flag
            case "require_lockfile":
                guard let flag = value.bool else { throw fail("'require_lockfile' must be true or false") }
                configuration.requireLockfile = flag
            case "strict":
                guard let flag = value.bool else { throw fail("'strict' must be true or false") }
                configuration.strict = flag
            default:
                throw fail(
                    "unknown key '\(key)'\(suggestion(key, among: Set(keys))). Known keys: "
                        + "\(keys.joined(separator: ", "))"
                )
            }
        }
        return configuration
    }

    /// ` (did you mean 'disabled_rules'?)` for a near miss.
    static func suggestion(_ word: String, among candidates: Set<String>) -> String {
        let best = candidates.map { ($0, editDistance(word, $0)) }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let (candidate, distance) = best, distance <= max(2, word.count / 4) else { return "" }
        return " (did you mean '\(candidate)'?)"
    }

    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _): return mark.line
        default: return nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case let .scanner(_, problem, _, _), let .parser(_, problem, _, _): return problem
        default: return "\(error)"
        }
    }

    /// The commented starter file `schemalint init` writes.
    public static let starter = """
        # yaml-language-server: $schema=\(ConfigurationSchema.url)
        # schemalint configuration. Every key is optional; an unknown key or rule id is an error.
        # Rules and their documents: `schemalint rules`, `schemalint explain <rule_id>`.

        # Files and folders to analyse (globs relative to this file; default: everything).
        # included:
        #   - App/Persistence
        # Files and folders never to analyse (build output and hidden folders are always skipped).
        excluded:
          - Tests/Fixtures

        # Rules to switch off.
        # disabled_rules:
        #   - rename_without_original_name

        # Run only these rules (minus disabled_rules); default: every rule.
        # only_rules:
        #   - shipped_schema_edited
        #   - shipped_schema_removed

        # Severity per rule: error, warning or note.
        # severity:
        #   stage_chain_broken: warning

        # Store files written by shipped builds (globs relative to this file): every check verifies that each one
        # still matches a version in the source, by the checksum SwiftData wrote into it.
        # stores:
        #   - Tests/Fixtures/Stores/*.store

        # Where the lockfile lives (default: schemalint.lock next to this file).
        # lockfile: schemalint.lock

        # Output format: xcode, json, sarif, github, junit or codeclimate.
        # reporter: xcode

        # Fail on warnings too.
        # strict: false

        # Make a plan with versions but no lockfile an error (lockfile_missing), not a warning.
        # require_lockfile: true

        # Fail when a store or version cannot be told (the notes check prints about what it could not read).
        # require_known_stores: true

        """
}
