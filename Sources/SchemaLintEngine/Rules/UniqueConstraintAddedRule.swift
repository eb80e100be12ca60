import SchemaLintModel

/// Adding uniqueness to an existing entity in a lightweight step fails on stores that hold duplicates.
public struct UniqueConstraintAddedRule: Rule {
    public let id = RuleID.uniqueConstraintAdded
    public let defaultSeverity = Severity.warning
    public let summary = "A uniqueness constraint is added to an existing entity in a lightweight step."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            for step in context.steps(of: plan).steps where step.isLightweight {
                guard let old = context.analysis(of: step.from), let new = context.analysis(of: step.to) else {
                    continue
                }
                let start = context.startingSnapshot(of: step.from) ?? old.snapshot
                let changes = MigrationAssessment.assess(from: start, to: new.snapshot)
                for change in changes where change.kind == .uniqueAdded {
                    let location = uniqueLocation(change, in: step.to, context: context)
                    findings.append(
                        finding(
                            location, about: .entity(version: step.to.key, entity: change.entity),
                            .uniqueAdded(
                                from: step.from.name, to: step.to.name,
                                entity: change.entity, constraint: change.constraint ?? "")))
                }
            }
        }
        return findings
    }

    /// The `.unique` property or the `#Unique` line that declares the constraint.
    private func uniqueLocation(_ change: AssessedChange, in version: SchemaVersion, context: RuleContext)
        -> SourceLocation
    {
        guard let entity = context.entity(named: change.entity, in: version) else { return version.location }
        return entity.uniqueness.first { $0.properties.joined(separator: ".") == change.constraint }?.location
            ?? entity.location
    }
}

extension RuleID {
    public static let uniqueConstraintAdded: RuleID = "unique_constraint_added"
}

extension Finding.Message {
    static func uniqueAdded(from: String, to: String, entity: String, constraint: String) -> Self {
        Self(
            id: "unique-added",
            "\(entity) gains a uniqueness constraint in a lightweight step: stores holding duplicates fail to open",
            detail: "\(from) → \(to) adds a uniqueness constraint on \(entity) (\(constraint)) in a lightweight "
                + "step: a store that already holds duplicate values fails to migrate and the app cannot open it "
                + "(assumed here that duplicates can exist)",
            fix: "Use a custom stage that removes duplicates in willMigrate")
    }
}
