import SchemaLintModel

/// Findings about what already shipped: a user's store was written by that state, so the finding is about data on
/// devices, not about code style. Neither a `schemalint:disable` comment nor a baseline hides them; the one way past
/// one is `schemalint lock --accept NAME --reason "..."`, which records who accepted what, and why, in the lockfile.
public enum ShippedStateFindings {
    public static let rules: Set<RuleID> = [
        .shippedSchemaEdited, .shippedSchemaRemoved, .shippedVersionNotInPlan, .currentModelVersionInvalid,
        .storeAbandoned,
    ]

    public static func contains(_ finding: Finding) -> Bool { rules.contains(finding.rule) }
}

/// The rules about shipped states are named here, below the rules, so the suppression ledger and baselines know them.
extension RuleID {
    public static let shippedSchemaEdited: RuleID = "shipped_schema_edited"
    public static let shippedSchemaRemoved: RuleID = "shipped_schema_removed"
    public static let shippedVersionNotInPlan: RuleID = "shipped_version_not_in_plan"
    public static let currentModelVersionInvalid: RuleID = "current_model_version_invalid"
    public static let storeAbandoned: RuleID = "store_abandoned"
}
