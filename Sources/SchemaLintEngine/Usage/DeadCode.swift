import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Plans and versions that no app container opens, in an app whose app containers all say what they open: a template
/// plan never wired up, an orphan `VersionedSchema` left in a file. They cannot hurt a user's store, so what the rules
/// find in them is told as a note that says why, and becomes an error or warning again the day a container uses them.
///
/// Nothing is demoted when some app container's plan or models are not known (a schema built elsewhere): the
/// container might open exactly that plan. Public plans stay checked (another module may open them), and so do
/// findings about what shipped: a locked version's fate is the lockfile rules' to judge.
struct DeadCode {
    /// Plans no app container is given, by name, and why they are dead (for the message).
    private(set) var plans: [String: String] = [:]
    /// Versions nothing live opens, by key, and why.
    private(set) var versions: [String: String] = [:]

    static let keptRules: Set<RuleID> = [
        .shippedVersionNotInPlan, .shippedSchemaRemoved, .shippedSchemaEdited, .unusedPlan, .lockfileMissing,
    ]

    init(project: Project) {
        let containers = project.containers.filter { $0.purpose == .app }
        guard !containers.isEmpty,
            containers.allSatisfy({ !$0.hasMigrationPlanArgument || $0.plan != nil }),
            containers.allSatisfy({ $0.models != nil || $0.versionedSchema != nil })
        else { return }
        let livePlans = Set(containers.compactMap(\.plan))
        var liveVersions = Set(containers.compactMap(\.versionedSchema))
        let opened = Set(containers.flatMap { ($0.models ?? []).compactMap(\.entity) })
        for plan in project.plans where livePlans.contains(plan.id) {
            liveVersions.formUnion((plan.schemas ?? []).compactMap(\.version))
        }
        for plan in project.plans where !livePlans.contains(plan.id) {
            let name = project.symbols[plan.id].name
            guard !project.publicTypes.contains(name) else { continue }
            plans[plan.name] = "no app container is given \(plan.name)"
        }
        for version in project.versions where !version.isImplicit && !liveVersions.contains(version.id) {
            // A version whose models a container opens directly is what that container stores.
            guard !version.allEntities.contains(where: opened.contains) else { continue }
            let listing = project.plans.filter { ($0.schemas ?? []).contains { $0.version == version.id } }
            // Listed by a plan that stays checked (a public one): checked with it.
            if listing.contains(where: { plans[$0.name] == nil }) { continue }
            versions[version.key] =
                listing.isEmpty
                ? "no plan lists \(version.name) and no app container opens it"
                : "only \(listing.map(\.name).joined(separator: ", ")), which no app container is given, lists it"
        }
    }

    var isEmpty: Bool { plans.isEmpty && versions.isEmpty }

    func demote(_ findings: [Finding]) -> [Finding] {
        guard !isEmpty else { return findings }
        return findings.map { finding in
            guard finding.severity != .note, !Self.keptRules.contains(finding.rule),
                let reason = reason(for: finding.subject)
            else { return finding }
            var demoted = finding
            demoted.severity = .note
            let severity = finding.severity == .error ? "an error" : "a warning"
            demoted.message = finding.message.adding(
                detail: "A note: \(reason), so no user's store depends on it yet; it is \(severity) again the day "
                    + "one does")
            return demoted
        }
    }

    private func reason(for subject: Finding.Subject) -> String? {
        switch subject {
        case let .plan(name), let .stage(name, _):
            return plans[name]
        case let .version(key), let .entity(key?, _), let .property(key?, _, _):
            return versions[key]
        default:
            return nil
        }
    }
}
