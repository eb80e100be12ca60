import SchemaLintFacts
import SchemaLintModel

/// `versionIdentifier`s must increase along `schemas`. Where the identifiers and the stages agree on another order
/// (`PlanOrder`), the plan migrates in that order and the list's order only misleads its readers: a warning.
public struct SchemasOutOfOrderRule: Rule {
    public let id = RuleID.schemasOutOfOrder
    public let defaultSeverity = Severity.error
    public let summary = "versionIdentifiers do not increase along the plan's schemas list."
    public var severities: [Severity] { [.error, .warning] }

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            var previous: SchemaVersion?
            let agreed = plan.writtenSchemas != nil
            let listFollowed = !agreed && Self.stagesFollowList(plan)
            for reference in plan.writtenSchemas ?? plan.schemas ?? [] {
                guard let id = reference.version, let version = context.project.version(id),
                    let identifier = version.identifier
                else { continue }
                // Equal identifiers are duplicate_version_identifier's to report.
                if let before = previous, let earlier = before.identifier, identifier < earlier {
                    let message =
                        listFollowed
                        ? Finding.Message.identifierBelowListed(
                            plan: plan.name, version: version.name, identifier: "\(identifier)", before: before.name,
                            earlier: "\(earlier)")
                        : Finding.Message.schemasOutOfOrder(
                            plan: plan.name, version: version.name, identifier: "\(identifier)", before: before.name,
                            earlier: "\(earlier)", stagesAgree: agreed)
                    findings.append(
                        finding(
                            reference.location, about: .plan(plan.name), message,
                            severity: agreed || listFollowed ? .warning : nil))
                }
                previous = version
            }
        }
        return findings
    }
}

extension SchemasOutOfOrderRule {
    /// Whether the plan's stages are read and each goes forward along `schemas` as listed (Bloom's V17 `17.0.0` then
    /// V18 `0.18.0`, staged V17 → V18 and shipped for fourteen releases): the list and the stages agree, and only
    /// the identifiers say otherwise.
    static func stagesFollowList(_ plan: MigrationPlan) -> Bool {
        guard let listed = plan.schemas?.map(\.version), let stages = plan.stages, !stages.isEmpty else { return false }
        return stages.allSatisfy { stage in
            guard let from = stage.from?.version, let to = stage.to?.version,
                let start = listed.firstIndex(of: from), let end = listed.firstIndex(of: to)
            else { return false }
            return start < end
        }
    }
}

extension RuleID {
    public static let schemasOutOfOrder: RuleID = "schemas_out_of_order"
}

extension Finding.Message {
    static func schemasOutOfOrder(
        plan: String, version: String, identifier: String, before: String, earlier: String, stagesAgree: Bool
    ) -> Self {
        guard stagesAgree else {
            return Self(
                id: "order",
                "\(plan).schemas is out of order at \(version): stages and store matching go the wrong way",
                detail: "\(plan).schemas lists \(version) (\(identifier)) after \(before) (\(earlier)): schemas must "
                    + "run from oldest to newest",
                fix: "Reorder schemas, or fix the versionIdentifier")
        }
        return Self(
            id: "order-agreed",
            "\(plan).schemas lists \(version) (\(identifier)) after the newer \(before) (\(earlier))",
            detail: "Every versionIdentifier is distinct and every stage goes from a lower one to a higher one, so "
                + "the plan is read in identifier order (\(version) before \(before)); a list written newest first "
                + "misleads whoever adds the next version and its stage",
            fix: "List the versions from oldest to newest")
    }

    static func identifierBelowListed(
        plan: String, version: String, identifier: String, before: String, earlier: String
    ) -> Self {
        Self(
            id: "identifier-below-listed",
            "\(version)'s versionIdentifier \(identifier) is below \(before)'s \(earlier), though the plan lists it "
                + "after",
            detail: "\(plan).schemas lists \(version) after \(before) and every stage goes forward along that list, so "
                + "the plan migrates in the listed order; only the identifiers say otherwise, which misleads whoever "
                + "orders the versions by them",
            fix: "Give \(version) a versionIdentifier above \(earlier)")
    }
}
