import SchemaLintFacts
import SchemaLintModel

/// willMigrate sees only the fromVersion's models; didMigrate only the toVersion's.
public struct CustomStageWrongVersionRule: Rule {
    public let id = RuleID.customStageWrongVersion
    public let defaultSeverity = Severity.error
    public let summary =
        "A custom stage's willMigrate/didMigrate uses a model of another version, or a live or typealiased model."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<SourceLocation>()
        let project = context.project
        for plan in project.plans {
            for stage in plan.listedAndDeclaredStages where stage.kind == .custom {
                guard let fromID = stage.from?.version, let toID = stage.to?.version,
                    let from = project.version(fromID), let to = project.version(toID)
                else { continue }
                let subject = Finding.Subject.stage(plan: plan.name, stage: stage.displayName)
                for (closureName, closure, version) in [
                    ("willMigrate", stage.expression.willMigrate, from),
                    ("didMigrate", stage.expression.didMigrate, to),
                ] {
                    guard let closure else { continue }
                    let allowed = Set(version.allEntities)
                    for use in closure.typeUses {
                        for type in Self.namedTypes(in: use.type) {
                            guard
                                let id = project.symbols.resolveSymbol(
                                    type, scope: stage.scope(of: closure), file: use.location.file),
                                let entity = project.entity(id), seen.insert(use.location).inserted
                            else { continue }
                            if !allowed.contains(id) {
                                let listing = project.versions.filter { $0.allEntities.contains(id) }.map(\.name)
                                let owner =
                                    entity.enclosingVersion.map { project.symbols[$0].qualifiedName }
                                    ?? (listing.isEmpty
                                        ? "no version (a live model)"
                                        : "\(listing.joined(separator: ", ")) (a live model)")
                                let own = context.entity(named: entity.name, in: version).map {
                                    " (\($0.qualifiedName))"
                                }
                                findings.append(
                                    finding(
                                        use.location, about: subject,
                                        .stageUsesOtherVersion(
                                            closure: closureName, from: from.name,
                                            to: to.name, model: entity.qualifiedName,
                                            owner: owner, version: version.name,
                                            own: own ?? ""),
                                        notes: stage.notes(naming: closure, as: closureName)))
                            } else if project.symbols[id].parent != nil, type.path?.last == entity.name,
                                project.symbols.resolvesThroughTopLevelTypealias(
                                    type, scope: stage.scope(of: closure), file: use.location.file)
                            {
                                // An alias named after one version (`TripV2 = SchemaV2.Trip`) is pinned, not live.
                                // A top-level class the version lists is the version's own class today: when a newer
                                // version arrives, historical_schema_uses_live_model reports the version itself.
                                findings.append(
                                    finding(
                                        use.location, about: subject,
                                        .stageUsesLiveModel(
                                            closure: closureName, from: from.name,
                                            to: to.name, written: "\(type)",
                                            model: entity.qualifiedName),
                                        notes: stage.notes(naming: closure, as: closureName)))
                            }
                        }
                    }
                }
            }
        }
        return findings
    }

    /// Every nominal type in a type expression: `FetchDescriptor<SchemaV1.Trip>` gives both.
    /// The last components of the types a closure names (`FetchDescriptor<V1.Note>` names `Note`): the model classes
    /// it may read or write, whichever version's they are.
    static func typeNames(in closure: ClosureSummary) -> Set<String> {
        Set(closure.typeUses.flatMap { use in namedTypes(in: use.type).compactMap { $0.path?.last } })
    }

    static func namedTypes(in type: TypeExpr) -> [TypeExpr] {
        switch type {
        case let .named(path, arguments):
            return [.named(path, arguments: [])] + arguments.flatMap(namedTypes)
        case let .optional(wrapped), let .array(wrapped):
            return namedTypes(in: wrapped)
        case let .dictionary(key, value):
            return namedTypes(in: key) + namedTypes(in: value)
        case .other:
            return []
        }
    }
}

extension RuleID {
    public static let customStageWrongVersion: RuleID = "custom_stage_wrong_version"
}

extension Finding.Message {
    static func stageUsesOtherVersion(
        closure: String, from: String, to: String, model: String, owner: String,
        version: String, own: String
    ) -> Self {
        Self(
            id: "other-version",
            "\(closure) uses \(model), not a model of \(version): migrating users' stores crashes",
            detail: "\(model) belongs to \(owner). In the \(from) → \(to) stage, \(closure) can only "
                + "see \(version)'s models, so SwiftData fails with \"What kind of backing data is this?\" or a "
                + "typed-model assertion",
            fix: "Use \(version)'s class\(own)")
    }

    static func stageUsesLiveModel(closure: String, from: String, to: String, written: String, model: String) -> Self {
        Self(
            id: "live-model",
            "\(closure) names `\(written)`, a live or typealiased model: right today, but the stage breaks with the "
                + "next version",
            detail: "In the \(from) → \(to) stage, `\(written)` is today \(model). When the app moves to a newer "
                + "version, this stage silently starts using another class and breaks",
            fix: "Write the version's class explicitly: \(model)")
    }
}
