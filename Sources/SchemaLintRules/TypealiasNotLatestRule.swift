import SchemaLintFacts
import SchemaLintModel

/// App code reaches models through top-level typealiases; they must follow the newest version.
public struct TypealiasNotLatestRule: Rule {
    public let id = RuleID.typealiasNotLatest
    public let defaultSeverity = Severity.warning
    public let summary =
        "A top-level typealias points at an old version's model class while the newest version has its own class of "
            + "that name."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for alias in project.symbols.topLevelTypealiases {
            guard let target = project.symbols.resolveSymbol(alias.value.target, scope: nil, file: alias.file),
                let entity = project.entity(target),
                // `typealias TripV2 = SchemaV2.Trip` names one version on purpose; only `typealias Trip = ...`
                // stands for "the current Trip" and must follow the newest version.
                alias.value.name == entity.name,
                // Some plan may have this class in its newest version (a rollback plan beside the main one).
                !project.plans.contains(where: { context.steps(of: $0).newest?.allEntities.contains(target) == true })
            else { continue }
            for plan in project.plans {
                let steps = context.steps(of: plan)
                guard let newest = steps.newest, steps.versions.contains(where: { $0.allEntities.contains(target) }),
                    !newest.allEntities.contains(target),
                    let current = context.entity(named: entity.name, in: newest)
                else { continue }
                findings.append(
                    finding(
                        alias.value.location, about: .typeAlias(alias.value.name),
                        .typealiasStale(
                            alias.value.name, target: entity.qualifiedName,
                            plan: plan.name, newest: newest.name,
                            current: current.qualifiedName),
                        notes: [Finding.Note(current.location, "\(current.qualifiedName) is declared here")],
                        fix: Finding.Fix(
                            "point typealias \(alias.value.name) at \(current.qualifiedName)",
                            edits: [.retargetTypealias(alias: alias.value.location, target: current.qualifiedName)])))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let typealiasNotLatest: RuleID = "typealias_not_latest"
}

extension Finding.Message {
    static func typealiasStale(_ alias: String, target: String, plan: String, newest: String, current: String) -> Self {
        Self(
            id: "stale",
            "typealias \(alias) still points at \(target): app code keeps using the old shape",
            detail: "The newest version of \(plan), \(newest), uses \(current): through this typealias app code "
                + "keeps creating and fetching the old shape",
            fix: "Point it at \(current) (`schemalint check --fix` does)")
    }
}
