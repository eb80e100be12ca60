import SchemaLintModel

/// `versionIdentifier`s must increase along `schemas`.
public struct SchemasOutOfOrderRule: Rule {
    public let id = "schemas_out_of_order"
    public let defaultSeverity = Severity.error
    public let summary = "versionIdentifiers do not increase along the plan's schemas list."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            var previous: SchemaVersion?
            for reference in plan.schemas ?? [] {
                guard let id = reference.version, let version = context.project.version(id), let identifier = version.identifier else { continue }
                // Equal identifiers are duplicate_version_identifier's to report.
                if let before = previous, let earlier = before.identifier, identifier < earlier {
                    findings.append(finding(reference.location, "\(plan.name).schemas lists \(version.name) (\(identifier)) after \(before.name) (\(earlier)): schemas must run from oldest to newest, or stages and store matching go the wrong way. Reorder schemas, or fix the versionIdentifier"))
                }
                previous = version
            }
        }
        return findings
    }
}
