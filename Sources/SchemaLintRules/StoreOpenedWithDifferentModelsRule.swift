import SchemaLintFacts
import SchemaLintModel

/// Two app containers open one store file with different models. Each open migrates the store to the models of the
/// container that opens it: a container lacking a model drops that model's table, and every row in it, the next time it
/// opens the store (a service object's `ModelContainer(for: Payslip.self)` beside the app's full schema, a widget
/// opening the App Group store with the one model it shows).
///
/// Only app containers of stores schemalint can tell apart are compared: previews, tests, in-memory and scratch
/// stores never hold a user's data, and default stores of two targets are apart unless an App Group joins them (both
/// targets' entitlements name it, and their configurations leave `groupContainer` at `.automatic`).
public struct StoreOpenedWithDifferentModelsRule: Rule {
    public let id = RuleID.storeOpenedWithDifferentModels
    public let defaultSeverity = Severity.error
    public let summary =
        "Two app containers open the same store file with different models: each open drops the other's rows."

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.topology.isComplete else { return [] }
        var findings: [Finding] = []
        var reported = Set<SourceLocation>()
        for store in context.topology.stores where store.containers.count > 1 {
            let opened = store.containers.compactMap { container -> (ContainerModel, Set<String>)? in
                models(of: container, context).map { (container, $0) }
            }
            for (container, names) in opened {
                // The other container whose models this one lacks the most of. One that opens the store read-only
                // never creates its tables, so no open drops rows of its.
                let others = opened.filter { !$0.1.isSubset(of: names) && !context.project.opensReadOnly($0.0) }
                guard let widest = others.max(by: { $0.1.subtracting(names).count < $1.1.subtracting(names).count }),
                    reported.insert(container.location).inserted
                else { continue }
                if context.project.opensReadOnly(container) {
                    findings.append(
                        finding(
                            container.location, about: .container(container.subjectName),
                            .storeOpenedReadOnlyWithFewerModels(
                                store: store.name, other: widest.0.location,
                                missing: widest.1.subtracting(names).sorted()),
                            severity: .warning,
                            notes: [Finding.Note(widest.0.location, "opens \(store.name) with these models too")]))
                    continue
                }
                findings.append(
                    finding(
                        container.location, about: .container(container.subjectName),
                        .storeOpenedWithFewerModels(
                            store: store.name, models: names.sorted(), other: widest.0.location,
                            dropped: widest.1.subtracting(names).sorted()),
                        notes: [Finding.Note(widest.0.location, "opens \(store.name) with these models too")]))
            }
        }
        return findings
    }

    /// The entity names a container's store model holds, or nil when schemalint cannot tell.
    private func models(of container: ContainerModel, _ context: RuleContext) -> Set<String>? {
        let project = context.project
        var entities: [SymbolID]
        if let id = container.versionedSchema, let version = project.version(id) {
            // Its own version is what it opens with. One its plan's stages cannot reach does not open at all
            // (`container_models_not_in_schema`, the one cause); beside an inert plan it opens as it is.
            if let plan = context.plan(container.plan), !context.isInert(plan),
                let newest = context.steps(of: plan).newest, newest.id != id
            {
                return nil
            }
            entities = version.allEntities
        } else if let plan = context.plan(container.plan), let newest = context.steps(of: plan).newest,
            container.models == nil
        {
            entities = newest.allEntities
        } else if let models = container.models, models.allSatisfy({ $0.entity != nil }) {
            let listed = models.compactMap(\.entity)
            entities = listed + VersionBuilder.reachable(from: listed, entities: project.entities)
        } else {
            return nil
        }
        let names = Set(entities.compactMap { project.entity($0)?.name })
        return names.isEmpty ? nil : names
    }
}

extension RuleID {
    public static let storeOpenedWithDifferentModels: RuleID = "store_opened_with_different_models"
}

extension Finding.Message {
    static func storeOpenedWithFewerModels(
        store: String, models: [String], other: SourceLocation, dropped: [String]
    ) -> Self {
        let headline =
            dropped.count == 1
            ? "This container opens a shared store without \(dropped[0]): opening it deletes every \(dropped[0]) row"
            : "This container opens a shared store without \(dropped[0]) and \(dropped.count - 1) more: opening it "
                + "deletes all their rows"
        return Self(
            id: "fewer-models", headline,
            detail: "It opens \(store) with \(models.joined(separator: ", ")) only, while the container at \(other) "
                + "opens the same store with \(dropped.joined(separator: ", ")) as well: each open migrates the "
                + "store to its own models, so opening it here drops every row of \(dropped.joined(separator: ", "))",
            fix: "Give both containers the same schema (one shared `Schema`, or the same `VersionedSchema`), or give "
                + "this one its own store with `ModelConfiguration(\"Name\", ...)`")
    }

    static func storeOpenedReadOnlyWithFewerModels(store: String, other: SourceLocation, missing: [String]) -> Self {
        let names = missing.count == 1 ? missing[0] : "\(missing[0]) and \(missing.count - 1) more"
        return Self(
            id: "read-only-fewer-models",
            "This container opens a shared store read-only without \(names): the open fails, nothing is deleted",
            detail: "It opens \(store) with `allowsSave: false` and without \(missing.joined(separator: ", ")), which "
                + "the container at \(other) stores there. Core Data does not migrate a store it adds read-only, so "
                + "its models must be the store's: with fewer, opening it fails on every store the other container "
                + "wrote, and its rows stay as they are",
            fix: "Give this container the same schema as the one that writes the store (one shared `Schema`)")
    }
}
