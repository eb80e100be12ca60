import SchemaLintFacts
import SchemaLintModel

/// Each version in a plan needs its own `versionIdentifier`.
public struct DuplicateVersionIdentifierRule: Rule {
    public let id = RuleID.duplicateVersionIdentifier
    public let defaultSeverity = Severity.error
    public let summary = "Two versions in one plan have the same versionIdentifier."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            var first: [VersionNumber: SchemaVersion] = [:]
            for version in context.versions(of: plan) {
                guard let identifier = version.identifier else { continue }
                guard let earlier = first[identifier] else {
                    first[identifier] = version
                    continue
                }
                guard earlier.id != version.id else { continue }
                findings.append(
                    finding(
                        version.identifierLocation ?? version.location, about: .version(version.key),
                        .reusedIdentifier(
                            version.name, identifier: "\(identifier)",
                            earlier: earlier.name, plan: plan.name),
                        notes: [
                            Finding.Note(
                                earlier.identifierLocation ?? earlier.location,
                                "\(earlier.name) declares \(identifier)")
                        ]))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let duplicateVersionIdentifier: RuleID = "duplicate_version_identifier"
}

extension Finding.Message {
    static func reusedIdentifier(_ version: String, identifier: String, earlier: String, plan: String) -> Self {
        Self(
            id: "reused",
            "\(version) reuses versionIdentifier \(identifier) of \(earlier): a store of one is mistaken for the other",
            detail: "Both are versions of \(plan), and stores record the identifier next to the checksum "
                + "(NSStoreModelVersionIdentifiers). A reused identifier is the usual sign of a version file copied "
                + "without being finished",
            fix: "Give \(version) the next unused identifier")
    }
}
