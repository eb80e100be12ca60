import SchemaLintFacts
import SchemaLintModel

/// A store matched by checksum should also record the matching version's `versionIdentifier`.
public struct StoreIdentifierMismatchRule: Rule {
    public let id = RuleID.storeIdentifierMismatch
    public let defaultSeverity = Severity.warning
    public let summary = "A store file matches a version by checksum but records a different versionIdentifier."

    public func check(_ context: RuleContext) -> [Finding] {
        context.storeVerdicts.flatMap { verdict in
            verdict.identifierMismatches.compactMap { mismatch -> Finding? in
                guard let version = context.project.version(key: mismatch.version) else { return nil }
                return finding(
                    version.identifierLocation ?? version.location, about: .store(verdict.metadata.path),
                    .storeIdentifierMismatch(
                        store: verdict.metadata.path, version: version.name,
                        stored: mismatch.stored, declared: mismatch.declared))
            }
        }
    }
}

extension RuleID {
    public static let storeIdentifierMismatch: RuleID = "store_identifier_mismatch"
}

extension Finding.Message {
    static func storeIdentifierMismatch(store: String, version: String, stored: String, declared: String?) -> Self {
        Self(
            id: "identifier",
            "\(storeFileName(store)) matches \(version) by checksum but records identifier \(stored): it still opens",
            detail: "\(store) records versionIdentifier \(stored), while \(version) declares "
                + "\(declared ?? "none"): the identifier was changed after the store shipped, or the store came from "
                + "another version with the same models. SwiftData matches by checksum, so it still opens",
            fix: "Restore \(stored) so that tools and migration code reading the identifier agree")
    }
}
