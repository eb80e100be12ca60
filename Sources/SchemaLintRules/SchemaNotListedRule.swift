import SchemaLintFacts
import SchemaLintModel

/// A stage's fromVersion and toVersion must both be in the plan's `schemas`.
public struct SchemaNotListedRule: Rule {
    public let id = RuleID.schemaNotListed
    public let defaultSeverity = Severity.error
    public let summary = "A migration stage goes from or to a version that the plan's schemas list does not contain."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let schemas = plan.schemas else { continue }
            let listed = Set(schemas.compactMap(\.version))
            var seen = Set<String>()
            let listedStages = Set((plan.stages ?? []).map(\.expression.location))
            for stage in plan.listedAndDeclaredStages {
                // A stage not listed, towards a version no container opens yet (Read's unfinished V2 → V3): neither
                // runs; no store is of that version.
                if !listedStages.contains(stage.expression.location), Self.isFutureWork(stage, plan, context) {
                    continue
                }
                for (role, reference) in [("fromVersion", stage.from), ("toVersion", stage.to)] {
                    guard let reference, let version = reference.version, context.project.version(version) != nil,
                        !listed.contains(version)
                    else { continue }
                    let name = context.project.symbols[version].qualifiedName
                    guard seen.insert("\(stage.expression.location)|\(role)").inserted else { continue }
                    findings.append(
                        finding(
                            stage.expression.location,
                            about: .stage(plan: plan.name, stage: stage.displayName),
                            .versionNotListed(
                                kind: stage.kind.rawValue, role: role, version: name,
                                plan: plan.name),
                            fix: listVersion(reference, role: role, stage: stage, in: plan, context: context)))
                }
            }
        }
        return findings
    }

    /// A stage one of whose ends is a version the plan does not list and no app container opens: work towards a
    /// version not shipped yet.
    static func isFutureWork(_ stage: Stage, _ plan: MigrationPlan, _ context: RuleContext) -> Bool {
        let listed = Set((plan.schemas ?? []).compactMap(\.version))
        let opened = Set(context.topology.stores.flatMap(\.versions).map(\.id))
            .union(context.appContainers.compactMap(\.versionedSchema))
        return [stage.from, stage.to].contains { reference in
            guard let version = reference?.version, context.project.version(version) != nil else { return false }
            return !listed.contains(version) && !opened.contains(version)
        }
    }

    /// `V.self` in `schemas`: after the listed versions with lower identifiers, else beside the stage's other end.
    private func listVersion(
        _ reference: VersionReference, role: String, stage: Stage, in plan: MigrationPlan, context: RuleContext
    ) -> Finding.Fix {
        guard let list = plan.schemasLocation, let listed = plan.schemas else {
            return .refused("\(plan.name).schemas is not an array literal schemalint can add to")
        }
        let project = context.project
        guard let id = reference.version, let version = project.version(id) else { return .refused("unresolved") }
        let known = listed.compactMap { element in
            element.version.flatMap { project.version($0) }?.identifier.map { (element, $0) }
        }
        let position: SourceEdit.ListPosition
        if let identifier = version.identifier, known.count == listed.count {
            position = known.last { $0.1 < identifier }.map { .after($0.0.location) } ?? .first
        } else if role == "toVersion", let from = listed.first(where: { $0.version == stage.from?.version }) {
            position = .after(from.location)
        } else if role == "fromVersion", let to = listed.firstIndex(where: { $0.version == stage.to?.version }) {
            position = to == 0 ? .first : .after(listed[to - 1].location)
        } else {
            position = .end
        }
        let written = "\(reference.written.description).self"
        return Finding.Fix(
            "list \(version.name) in \(plan.name).schemas",
            edits: [.insertElement(list: list, position: position, element: written)])
    }
}

extension RuleID {
    public static let schemaNotListed: RuleID = "schema_not_listed"
}

extension Finding.Message {
    static func versionNotListed(kind: String, role: String, version: String, plan: String) -> Self {
        Self(
            id: role,
            "This stage's \(role) \(version) is not in \(plan).schemas: stores of that version fail to migrate",
            detail: "This \(kind) stage's \(role) is \(version), which \(plan).schemas does not list: SwiftData "
                + "cannot match stores of that version and the migration fails",
            fix: "Add \(version).self to schemas in version order")
    }
}
