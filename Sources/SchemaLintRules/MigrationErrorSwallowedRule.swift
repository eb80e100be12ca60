import SchemaLintFacts
import SchemaLintModel

/// Migration closures must let errors through, or a failed step reports success.
public struct MigrationErrorSwallowedRule: Rule {
    public let id = RuleID.migrationErrorSwallowed
    public let defaultSeverity = Severity.warning
    public let summary =
        "try?, try! or a catch that neither rethrows nor stops, around a context operation in a migration closure."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<SourceLocation>()
        for plan in context.project.plans {
            for stage in plan.listedAndDeclaredStages {
                for (name, closure) in [
                    ("willMigrate", stage.expression.willMigrate), ("didMigrate", stage.expression.didMigrate),
                ] {
                    for swallowed in closure?.swallowedErrors ?? []
                    where !Self.losesNothing(swallowed, in: closure, of: stage, context)
                        && seen.insert(swallowed.location).inserted
                    {
                        findings.append(
                            finding(
                                swallowed.location,
                                about: .stage(plan: plan.name, stage: stage.displayName),
                                .errorSwallowed(swallowed.construct, closure: name, operation: swallowed.operation),
                                notes: closure.map { stage.notes(naming: $0, as: name) } ?? []))
                    }
                }
            }
        }
        return findings
    }

    /// A failure that loses nothing the migration keeps: deleting rows of a model the stage's target version no
    /// longer has (the migration drops them anyway), or saving a closure whose only change is such deletions.
    static func losesNothing(
        _ swallowed: SwallowedError, in closure: ClosureSummary?, of stage: Stage, _ context: RuleContext
    ) -> Bool {
        let project = context.project
        guard let closure, let target = stage.to?.version.flatMap({ project.version($0) }) else { return false }
        let dropped = { (model: TypeExpr) -> Bool in
            guard
                let id = project.symbols.resolveSymbol(
                    model, scope: stage.scope(of: closure), file: closure.location.file),
                let entity = project.entity(id)
            else { return false }
            return context.entity(named: entity.name, in: target) == nil
        }
        if let model = swallowed.deletedModel { return dropped(model) }
        return swallowed.isSave && !closure.deletedModels.isEmpty && !closure.changesMoreThanDeletedModels
            && closure.deletedModels.allSatisfy(dropped)
    }
}

extension RuleID {
    public static let migrationErrorSwallowed: RuleID = "migration_error_swallowed"
}

extension Finding.Message {
    static func errorSwallowed(_ construct: String, closure: String, operation: String) -> Self {
        let headline: String
        let detail: String
        switch construct {
        case "try!":
            headline =
                "`try!` in \(closure) crashes the app mid-migration when its call fails, instead of failing "
                + "the migration"
            detail = "`try!` on `\(operation)` turns its error into a crash in the middle of the migration"
        case "catch":
            headline = "A `catch` in \(closure) swallows a failure: the half-migrated store is recorded as migrated"
            detail =
                "The `catch` around `\(operation)` neither rethrows nor stops (logging is not enough), so a "
                + "failure leaves a half-migrated store that SwiftData then records as migrated"
        case "empty catch":
            headline = "An empty `catch` in \(closure) hides a failure: the half-migrated store is recorded as migrated"
            detail =
                "The empty `catch` around `\(operation)` hides its failure: the closure carries on and SwiftData "
                + "records the store as migrated, so what failed is gone on the next launch"
        default:
            headline = "`\(construct)` in \(closure) hides a failure: the half-migrated store is recorded as migrated"
            detail =
                "`\(construct)` on `\(operation)` hides its failure: the closure carries on and SwiftData "
                + "records the store as migrated, so what failed is gone on the next launch"
        }
        return Self(
            id: construct, headline, detail: detail,
            fix: "Use `try` (or rethrow) and let the error end the migration: the container reports it and the "
                + "store is left as it was")
    }
}
