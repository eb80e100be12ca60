import SchemaLintModel

/// Migration closures must let errors through, or a failed step reports success.
public struct MigrationErrorSwallowedRule: Rule {
    public let id = RuleID.migrationErrorSwallowed
    public let defaultSeverity = Severity.warning
    public let summary = "try?, try! or an empty catch inside willMigrate or didMigrate."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<SourceLocation>()
        for plan in context.project.plans {
            for stage in (plan.stages ?? []) + plan.declaredStages {
                for (name, closure) in [
                    ("willMigrate", stage.expression.willMigrate), ("didMigrate", stage.expression.didMigrate),
                ] {
                    for swallowed in closure?.swallowedErrors ?? [] where seen.insert(swallowed.location).inserted {
                        let effect =
                            swallowed.construct == "try!"
                            ? "crashes the app mid-migration instead of failing it"
                            : "hides a failed fetch or save, so the migration reports success over a half-migrated "
                                + "store"
                        findings.append(
                            finding(
                                swallowed.location,
                                about: .stage(plan: plan.name, stage: stage.displayName),
                                .errorSwallowed(swallowed.construct, closure: name, effect: effect)))
                    }
                }
            }
        }
        return findings
    }
}

extension RuleID {
    public static let migrationErrorSwallowed: RuleID = "migration_error_swallowed"
}

extension Finding.Message {
    static func errorSwallowed(_ construct: String, closure: String, effect: String) -> Self {
        Self(
            id: construct,
            "`\(construct)` in \(closure) \(effect). Use `try` and let the error end the migration, so "
                + "the container reports it and the store is left as it was")
    }
}
