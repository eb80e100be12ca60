import SchemaLintFacts
import SchemaLintModel

/// A migration that runs no code of the app's (a lightweight stage, a step with no stage, or no plan at all) and
/// leaves out a model or an attribute the stores hold: the store opens and the data is gone (`DataLoss`).
///
/// Renames `rename_without_original_name` reports are left to it; a step with a custom stage is the stage's to carry.
/// A plan's step into a locked version shipped with it: only steps into versions not yet locked are judged.
public struct DataDroppedRule: Rule {
    public let id = RuleID.dataDropped
    public let defaultSeverity = Severity.warning
    /// A note for a store that is evidently a cache (`CacheStores`): the app fetches what it loses again.
    public let severities: [Severity] = [.warning, .note]
    public let summary =
        "A migration that runs no custom stage deletes a model's rows or an attribute's values the stores hold."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            let planSteps = context.steps(of: plan)
            let steps = planSteps.steps
            // A step whose cause another finding names (a stage not listed, skipped over, schemas out of order):
            // one root cause, one finding.
            let reported = planSteps.stepsWithReportedCause(in: plan)
            for (index, step) in steps.enumerated() where step.isLightweight && !reported.contains(index) {
                guard let old = context.analysis(of: step.from), let new = context.analysis(of: step.to) else {
                    continue
                }
                // Into a version the lockfile records: the step shipped with it (what it deletes is history, said
                // when it was new), or the version was edited since and its stores fail first
                // (shipped_schema_edited). Without a lockfile nothing tells a shipped step from a new one.
                if context.lockfile?.versions[step.to.key] != nil { continue }
                let start = context.startingSnapshot(of: step.from) ?? old.snapshot
                let carried = Self.carried(by: steps[..<index])
                // A model the new version declares but leaves out of its list: model_missing_from_schema names that
                // cause, and what it costs; not said twice.
                let unlisted = Set(ModelMissingFromSchemaRule.unlisted(in: step.to, context).map(\.name))
                let dropped = DataLoss.dropped(from: start, to: new.snapshot).filter { item in
                    item.property.map { !carried.contains("\(item.entity).\($0)") } ?? !unlisted.contains(item.entity)
                }
                findings += report(
                    dropped, into: step.to,
                    when: "stores migrate from \(step.from.name) to \(step.to.name)",
                    how: step.stages.isEmpty ? "no stage runs for this step" : "its stage is lightweight",
                    cache: context.cacheReason(holding: step.to), context)
            }
        }
        findings += fromShippedStates(context)
        return findings
    }

    /// Each store of a locked state SwiftData opens by inference goes straight to today's models. Several states
    /// opened with one target are said together, and what any of them loses in a rename
    /// (`rename_without_original_name` reports it from that state) is not said again from the others.
    private func fromShippedStates(_ context: RuleContext) -> [Finding] {
        var byTarget:
            [String: (target: SchemaVersion, states: [String], dropped: [DroppedData], caches: [String?])] = [:]
        for state in context.shippedStates {
            guard case let .inferred(target) = state.fate, let now = context.analysis(of: target) else { continue }
            let dropped = DataLoss.dropped(from: context.shippedEntities(of: state), to: now.snapshot)
            var entry = byTarget[target.key] ?? (target, [], [], [])
            entry.states.append(state.displayName)
            entry.dropped += dropped
            entry.caches.append(context.cacheReason(of: state.store))
            byTarget[target.key] = entry
        }
        return byTarget.keys.sorted().flatMap { key -> [Finding] in
            let entry = byTarget[key]!
            let renamed = Set(entry.dropped.filter(\.looksRenamed).map(\.text))
            var seen = Set<String>()
            let dropped = entry.dropped.filter { !renamed.contains($0.text) && seen.insert($0.text).inserted }
            let states = Set(entry.states)
            let when =
                states.count == 1 ? "stores of \(entry.states[0]) open" : "stores of \(states.count) locked states open"
            return report(
                dropped, into: entry.target, when: when, how: "no migration stage runs",
                cache: CacheStores.common(entry.caches), context)
        }
    }

    /// `Entity.property` for each property an earlier custom stage of the plan touches in a closure that uses the
    /// entity's class: its values were copied elsewhere before a later step drops it (a public booking app's V2 → V3
    /// stage turned `amountPrefix` into `bookingType`, and V3 → V4 dropped `amountPrefix`).
    static func carried(by steps: ArraySlice<PlanSteps.Step>) -> Set<String> {
        var carried = Set<String>()
        for stage in steps.flatMap(\.stages) where stage.kind == .custom {
            for closure in stage.expression.closures {
                for entity in CustomStageWrongVersionRule.typeNames(in: closure) {
                    for member in closure.memberNames { carried.insert("\(entity).\(member)") }
                }
            }
        }
        return carried
    }

    /// One finding per model that loses attributes, one per step for the models it drops; notes when every store
    /// it happens in is evidently a cache (`cache` says why).
    private func report(
        _ dropped: [DroppedData], into version: SchemaVersion, when: String, how: String, cache: String?,
        _ context: RuleContext
    ) -> [Finding] {
        let reported = dropped.filter { !$0.looksRenamed }
        var findings: [Finding] = []
        let models = reported.filter { $0.property == nil }.map(\.entity)
        if !models.isEmpty {
            findings.append(
                finding(
                    version.modelsLocation ?? version.location,
                    about: models.count == 1 ? .entity(version: version.key, entity: models[0]) : .version(version.key),
                    .modelsDropped(models, when: when, how: how)
                ).inCache(cache))
        }
        var byEntity: [String: [DroppedData]] = [:]
        for item in reported where item.property != nil { byEntity[item.entity, default: []].append(item) }
        for (entity, items) in byEntity.sorted(by: { $0.key < $1.key }) {
            findings.append(
                finding(
                    context.location(entity: entity, property: nil, in: version),
                    about: items.count == 1
                        ? .property(version: version.key, entity: entity, property: items[0].property!)
                        : .entity(version: version.key, entity: entity),
                    .attributesDropped(entity, items, when: when, how: how)
                ).inCache(cache))
        }
        return findings
    }
}

extension RuleID {
    public static let dataDropped: RuleID = "data_dropped"
}

extension Finding.Message {
    static func modelsDropped(_ models: [String], when: String, how: String) -> Self {
        let named = models.count == 1 ? models[0] : "\(models.count) models (\(models.joined(separator: ", ")))"
        return Self(
            id: "models-dropped",
            "Every row of \(named) is deleted when \(when)",
            detail: "The new models do not include \(models.count == 1 ? "it" : "them") and \(how), so the inferred "
                + "migration drops \(models.count == 1 ? "its table" : "their tables") with every row in users' "
                + "stores; the store opens and nothing reports the loss",
            fix: "To keep the rows, keep the model in the new version, or copy its rows into their new home in a "
                + "custom stage (MigrationStage.custom: read them in willMigrate, write them in didMigrate); to delete "
                + "them on purpose, say so: `// schemalint:disable:next data_dropped - why`")
    }

    static func attributesDropped(_ entity: String, _ items: [DroppedData], when: String, how: String) -> Self {
        let names = items.compactMap(\.property)
        let named = names.count == 1 ? "\(entity).\(names[0])" : "\(names.count) attributes of \(entity)"
        let listed = items.map { "\($0.property ?? "") (\($0.shape ?? "?"))" }.joined(separator: ", ")
        let replaced = items.compactMap { item in
            item.replacement.map {
                ". If \($0.name) (\($0.shape)) replaces \(item.property ?? ""), it starts empty: an inferred "
                    + "migration carries values only between attributes of one name and type"
            }
        }.joined()
        return Self(
            id: "attributes-dropped",
            "The values of \(named) are deleted when \(when)",
            detail: "The new \(entity) has no \(listed) and \(how), so the inferred migration drops "
                + "\(names.count == 1 ? "the column" : "the columns") with every value in users' stores; the store "
                + "opens and nothing reports the loss\(replaced)",
            fix: "To keep the values: a renamed attribute says `@Attribute(originalName: \"\(names[0])\")`; values "
                + "that change form are copied in a custom stage (read in willMigrate, written in didMigrate). To "
                + "delete them on purpose, say so: `// schemalint:disable:next data_dropped - why`")
    }
}
