import SchemaLintFacts
import SchemaLintModel

/// A version that is not the newest must only reach frozen classes: its own, or an earlier version's.
public struct HistoricalSchemaUsesLiveModelRule: Rule {
    public let id = RuleID.historicalSchemaUsesLiveModel
    public let defaultSeverity = Severity.error
    /// A warning for a class nested in a later version that is itself historical and locked: editing it is caught as
    /// `shipped_schema_edited` anyway.
    public let severities: [Severity] = [.error, .warning]
    public let summary =
        "A historical version lists or reaches a class that can still change (a live model, or the newest or a later "
            + "version's class)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for plan in project.plans {
            let steps = context.steps(of: plan)
            guard let newest = steps.newest, steps.versions.count > 1 else { continue }
            // A plan that runs no stage (`stages: []`): SwiftData infers from what each store holds, so nothing
            // breaks yet; the first stage added makes stores written before it unknown. A warning that says so.
            let runsNoStage = plan.stages?.isEmpty == true
            let quiet: Severity? = runsNoStage ? .warning : nil
            let newestEntities = Set(newest.allEntities)
            // Versions whose lists name live top-level models, by the place the finding points at: versions built
            // on one list (`V1.models + [C.self]`) share it, and are said once there.
            var listing: [(location: SourceLocation, version: SchemaVersion, live: [Entity])] = []
            for (index, version) in steps.versions.enumerated().dropLast() where version.id != newest.id {
                var single: [Finding] = []
                var listedLive: [Entity] = []
                for id in version.allEntities {
                    guard let entity = project.entity(id),
                        let why = liveness(
                            of: entity, usedBy: index, steps: steps, newestEntities: newestEntities, project: project)
                    else { continue }
                    let (location, how) = place(of: id, in: version, project: project)
                    if how == Self.listed, project.symbols[id].parent == nil {
                        listedLive.append(entity)
                        continue
                    }
                    let notes = [Finding.Note(entity.location, "\(entity.qualifiedName) is declared here")]
                    // Another historical version's frozen class: not live, but not this version's own either.
                    if let owner = later(entity, usedBy: index, steps: steps) {
                        let locked = context.lockfile?.versions[owner.key].map { $0.retired == nil } ?? false
                        single.append(
                            finding(
                                location, about: .entity(version: version.key, entity: entity.name),
                                .historicalUsesLaterVersion(
                                    version.name, plan: plan.name, how: how, owner: owner.name,
                                    entity: entity.name, locked: locked),
                                severity: locked ? .warning : quiet, notes: notes))
                        continue
                    }
                    single.append(
                        finding(
                            location, about: .entity(version: version.key, entity: entity.name),
                            .historicalUsesLive(
                                version.name, plan: plan.name, how: how,
                                model: entity.qualifiedName, why: why,
                                entity: entity.name, runsNoStage: runsNoStage),
                            severity: quiet, notes: notes))
                }
                findings += single
                // Live top-level models in the list are one mistake (the version was never frozen): one finding.
                guard let first = listedLive.first else { continue }
                let location = version.models?.first { $0.entity == first.id }?.location ?? version.location
                listing.append((location, version, listedLive))
            }
            findings += listedLive(listing, plan: plan, runsNoStage: runsNoStage)
        }
        return findings
    }

    /// One finding per place: a version's own list, or one list several versions are built on.
    private func listedLive(
        _ listing: [(location: SourceLocation, version: SchemaVersion, live: [Entity])], plan: MigrationPlan,
        runsNoStage: Bool
    ) -> [Finding] {
        let quiet: Severity? = runsNoStage ? .warning : nil
        var places: [SourceLocation] = []
        for item in listing where !places.contains(item.location) { places.append(item.location) }
        return places.map { location in
            let here = listing.filter { $0.location == location }
            var live: [Entity] = []
            for entity in here.flatMap(\.live) where !live.contains(where: { $0.id == entity.id }) {
                live.append(entity)
            }
            let notes = live.map { Finding.Note($0.location, "\($0.qualifiedName) is declared here") }
            let version = here[0].version
            guard here.count == 1 else {
                return finding(
                    location, about: .version(version.key),
                    .historicalVersionsListLive(
                        here.map(\.version.name), plan: plan.name, models: live.map(\.name), runsNoStage: runsNoStage),
                    severity: quiet, notes: notes)
            }
            let first = live[0]
            let subject: Finding.Subject =
                live.count == 1 ? .entity(version: version.key, entity: first.name) : .version(version.key)
            return finding(
                location, about: subject,
                live.count == 1
                    ? .historicalUsesLive(
                        version.name, plan: plan.name, how: Self.listed, model: first.qualifiedName,
                        why: "a top-level model that the app can still change", entity: first.name,
                        runsNoStage: runsNoStage)
                    : .historicalListsLive(
                        version.name, plan: plan.name, models: live.map(\.name), runsNoStage: runsNoStage),
                severity: quiet, notes: notes)
        }
    }

    private static let listed = "its models list names"

    /// Why a class counts as live for a version at `index`, or nil when it is frozen for it.
    private func liveness(
        of entity: Entity, usedBy index: Int, steps: PlanSteps, newestEntities: Set<SymbolID>, project: Project
    ) -> String? {
        if let home = entity.enclosingVersion {
            guard let homeIndex = steps.index(of: home) else { return nil }
            if homeIndex == steps.versions.count - 1 { return "a class of the newest version" }
            return homeIndex > index ? "a class of the later version \(project.symbols[home].qualifiedName)" : nil
        }
        if project.symbols[entity.id].parent == nil { return "a top-level model that the app can still change" }
        return newestEntities.contains(entity.id) ? "a class the newest version also uses, so it can still change" : nil
    }

    /// The later version `entity` is nested in, when that version is itself historical (not the newest): the class is
    /// frozen there, and the version at `index` uses a class it does not own. Nil for any other class.
    private func later(_ entity: Entity, usedBy index: Int, steps: PlanSteps) -> SchemaVersion? {
        guard let home = entity.enclosingVersion, let homeIndex = steps.index(of: home),
            homeIndex > index, homeIndex < steps.versions.count - 1
        else { return nil }
        return steps.versions[homeIndex]
    }

    /// Where the version names the class: its models list entry, or the relationship that reaches it.
    private func place(of id: SymbolID, in version: SchemaVersion, project: Project) -> (SourceLocation, String) {
        if let listed = version.models?.first(where: { $0.entity == id }) {
            return (listed.location, Self.listed)
        }
        for source in version.allEntities {
            guard let entity = project.entity(source) else { continue }
            for property in entity.properties {
                guard let relationship = property.relationship else { continue }
                if relationship.destination == id {
                    return (property.location, "\(entity.name).\(property.name) reaches")
                }
                if relationship.inverse?.entity == id, let location = relationship.inverse?.written.location {
                    return (location, "the inverse key path of \(entity.name).\(property.name) reaches")
                }
            }
        }
        return (version.modelsLocation ?? version.location, "it reaches")
    }
}

extension RuleID {
    public static let historicalSchemaUsesLiveModel: RuleID = "historical_schema_uses_live_model"
}

extension Finding.Message {
    /// How an edit breaks the version's stores: now, or once the plan runs a stage.
    private static func breaks(_ stores: String, runsNoStage: Bool) -> String {
        runsNoStage ? "breaks \(stores) once a stage runs (134504)" : "breaks \(stores) (134504)"
    }

    /// What a plan that runs no stage changes about it.
    private static func noStage(_ plan: String, _ runsNoStage: Bool) -> String {
        runsNoStage
            ? ". \(plan) runs no stage (`stages: []`), so SwiftData infers each store's migration from what it holds "
                + "and nothing fails yet; the first stage added makes stores written before it unknown"
            : ""
    }

    private static func editingBreaks(_ version: String) -> String {
        "silently edits \(version): stores written by it then fail with 134504 \"unknown model version\", or two "
            + "versions collapse into one checksum"
    }

    static func historicalListsLive(
        _ version: String, plan: String, models: [String], runsNoStage: Bool = false
    ) -> Self {
        Self(
            id: "live-classes",
            "\(version) is historical but lists \(models.count) live models: editing one "
                + breaks("its stores", runsNoStage: runsNoStage),
            detail: "\(version) is not the newest version of \(plan), but its models list names \(models.count) "
                + "top-level models the app can still change (\(models.joined(separator: ", "))). Editing any of them "
                + editingBreaks(version) + noStage(plan, runsNoStage),
            fix: "Freeze \(version): nested copies of the models as it shipped (`schemalint bump` writes them when it "
                + "starts the next version)")
    }

    /// Several historical versions built on one list of live models (each adding to the one before).
    static func historicalVersionsListLive(
        _ versions: [String], plan: String, models: [String], runsNoStage: Bool = false
    ) -> Self {
        let named =
            versions.count > 3
            ? "\(versions[0]) and \(versions.count - 1) later versions" : versions.joined(separator: ", ")
        return Self(
            id: "live-classes-shared",
            "\(named) are historical but list live models: editing one "
                + breaks("their stores", runsNoStage: runsNoStage),
            detail: "\(versions.joined(separator: ", ")) are not the newest version of \(plan), but their models lists "
                + "are built on this one, which names \(models.count) top-level models the app can still change "
                + "(\(models.joined(separator: ", "))). Editing any of them silently edits every one of these versions "
                + "at once: stores written by them then fail with 134504 \"unknown model version\", or versions "
                + "collapse into one checksum" + noStage(plan, runsNoStage),
            fix: "Freeze each of them: nested copies of the models as each shipped (`schemalint bump` writes them when "
                + "it starts the next version)")
    }

    /// A class nested in a later historical version: frozen there, but that version's, so editing it there edits this
    /// version too. `locked`: the owner is in the lockfile, where such an edit is `shipped_schema_edited`.
    static func historicalUsesLaterVersion(
        _ version: String, plan: String, how: String, owner: String, entity: String, locked: Bool
    ) -> Self {
        Self(
            id: "live-class",
            fitting(
                "\(version) uses \(owner)'s \(entity), which it does not own: editing it there edits \(version) too",
                "\(version) uses \(owner)'s \(entity), which it does not own"),
            detail: "\(version) is not the newest version of \(plan), but \(how) \(owner).\(entity), a class of "
                + "the later historical version \(owner). Editing that class while \(owner) is still being written "
                + editingBreaks(version)
                + (locked
                    ? ". \(owner) is locked, so an edit to it is also reported as shipped_schema_edited"
                    : ""),
            fix: "Give \(version) its own frozen copy of \(entity) (or reuse an earlier version's)")
    }

    static func historicalUsesLive(
        _ version: String, plan: String, how: String, model: String, why: String,
        entity: String, runsNoStage: Bool = false
    ) -> Self {
        Self(
            id: "live-class",
            fitting(
                "\(version) is historical but uses a live \(entity): editing it "
                    + breaks("its stores", runsNoStage: runsNoStage),
                "\(version) is historical but uses a live \(entity)"),
            detail: "\(version) is not the newest version of \(plan), but \(how) \(model), \(why). Editing that class "
                + editingBreaks(version) + noStage(plan, runsNoStage),
            fix: "Give \(version) its own frozen copy of \(entity) (or reuse an earlier version's)")
    }
}
