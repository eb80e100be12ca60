import SchemaLintModel

/// Each version in a plan needs its own `versionIdentifier`.
public struct DuplicateVersionIdentifierRule: Rule {
    public let id = "duplicate_version_identifier"
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
                findings.append(finding(version.identifierLocation ?? version.location, "\(version.name) reuses versionIdentifier \(identifier) of \(earlier.name) in \(plan.name): stores record the identifier, so a store of one is mistaken for the other. Give \(version.name) the next unused identifier"))
            }
        }
        return findings
    }
}
