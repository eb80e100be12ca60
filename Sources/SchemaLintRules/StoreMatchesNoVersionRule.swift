import SchemaLintFacts
import SchemaLintModel

/// A store fixture written by a shipped build must still open: some version in the source has to have its checksum.
public struct StoreMatchesNoVersionRule: Rule {
    public let id = RuleID.storeMatchesNoVersion
    public let defaultSeverity = Severity.error
    public let summary = "A store file kept as a fixture matches no version in the source (it would fail with 134504)."

    public func check(_ context: RuleContext) -> [Finding] {
        context.storeVerdicts.filter { !$0.opens }.map { verdict in
            let store = verdict.metadata.path
            let checksum = verdict.metadata.checksum.map { "checksum \($0)" } ?? "entity hashes"
            if let inference = verdict.inference, let target = context.project.version(key: inference.target) {
                return finding(
                    target.location, about: .store(store),
                    .storeNotInferable(store, checksum: checksum, target: target.displayName,
                        blockers: inference.blockers))
            }
            guard let nearestKey = verdict.nearest, let nearest = context.project.version(key: nearestKey) else {
                return finding(
                    SourceLocation(file: store, line: 1, column: 1), about: .store(store),
                    .storeMatchesNothing(store, checksum: checksum))
            }
            let shown = verdict.differences.prefix(6).joined(separator: "; ")
            let more =
                verdict.differences.count > 6
                ? "; and \(verdict.differences.count - 6) more (schemalint verify-store \(store))" : ""
            return finding(
                nearest.location, about: .store(store),
                .storeNearest(store, checksum: checksum, nearest: nearest.name, shown: shown, more: more))
        }
    }
}

extension RuleID {
    public static let storeMatchesNoVersion: RuleID = "store_matches_no_version"
}

extension Finding.Message {
    /// A store fixture's file name, for a headline: its path (absolute, or deep in a test folder) is in the detail.
    static func storeFileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func storeNotInferable(_ store: String, checksum: String, target: String, blockers: [String]) -> Self {
        Self(
            id: "not-inferable",
            "\(storeFileName(store)) matches no version, and inference cannot migrate it: opening it fails (134110)",
            detail: "\(store) (\(checksum)) matches no version, and no migration stage runs: SwiftData infers a "
                + "lightweight migration from the store's own model to \(target), but "
                + blockers.joined(separator: "; "),
            fix: "Use a versioned plan with a custom stage from what the store holds")
    }

    static func storeMatchesNothing(_ store: String, checksum: String) -> Self {
        Self(
            id: "no-version",
            "\(storeFileName(store)) matches no version in the source: such stores fail to open (134504 at launch)",
            detail: "\(store) (\(checksum)) matches no version in the source: SwiftData would refuse to open it "
                + "with error 134504",
            fix: "Add the version that wrote it to the source and to the plan's schemas")
    }

    static func storeNearest(_ store: String, checksum: String, nearest: String, shown: String, more: String) -> Self {
        Self(
            id: "nearest",
            "\(storeFileName(store)) matches no version in the source: such stores fail to open (134504 at launch)",
            detail: "\(store) (\(checksum)) matches no version in the source: SwiftData would refuse to open it "
                + "with error 134504. Nearest is \(nearest): \(shown)\(more)",
            fix: "Restore \(nearest) as it shipped and make the change in a new version, or add the version that "
                + "wrote the store")
    }
}
