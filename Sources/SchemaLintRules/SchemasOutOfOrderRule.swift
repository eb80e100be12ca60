import SchemaLintFacts
import SchemaLintModel

/// `versionIdentifier`s must increase along `schemas`.
public struct SchemasOutOfOrderRule: Rule {
    public let id = RuleID.schemasOutOfOrder
    public let defaultSeverity = Severity.error
    public let summary = "versionIdentifiers do not increase along the plan's schemas list."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            var previous: SchemaVersion?
            for reference in plan.schemas ?? [] {
                guard let id = reference.version, let version = context.project.version(id),
                    let identifier = version.identifier
                else { continue }
                // Equal identifiers are duplicate_version_identifier's to report.
                if let before = previous, let earlier = before.identifier, identifier < earlier {
                    findings.append(
                        finding(
                            reference.location, about: .plan(plan.name),
                            .schemasOutOfOrder(
                                plan: plan.name, version: version.name,
                                identifier: "\(identifier)", before: before.name,
                                earlier: "\(earlier)")))
                }
                previous = version
            }
        }
        return findings
    }
}

extension RuleID {
    public static let schemasOutOfOrder: RuleID = "schemas_out_of_order"
}

extension Finding.Message {
    static func schemasOutOfOrder(
        plan: String, version: String, identifier: String, before: String,
        earlier: String
    ) -> Self {
        Self(
            id: "order",
            "\(plan).schemas is out of order at \(version): stages and store matching go the wrong way",
            detail: "\(plan).schemas lists \(version) (\(identifier)) after \(before) (\(earlier)): schemas must run "
                + "from oldest to newest",
            fix: "Reorder schemas, or fix the versionIdentifier")
    }
}
