import SchemaLintFacts
import SchemaLintModel

/// The container's models must be exactly what the plan's newest version stores.
public struct ContainerModelsNotInSchemaRule: Rule {
    public let id = RuleID.containerModelsNotInSchema
    public let defaultSeverity = Severity.error
    public let summary =
        "A ModelContainer with a migration plan lists models that the plan's newest version does not contain."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for container in context.appContainers {
            // An inert plan (one version, no stages) migrates nothing: apps ship with it and a wider container.
            guard let plan = context.plan(container.plan), !context.isInert(plan),
                let newest = context.steps(of: plan).newest
            else { continue }
            let inNewest = Set(newest.allEntities)
            if let versioned = container.versionedSchema, versioned != newest.id {
                findings.append(
                    finding(
                        container.location, about: .container(container.subjectName),
                        .containerUsesOldVersion(
                            project.symbols[versioned].qualifiedName,
                            plan: plan.name, newest: newest.name)))
            }
            // Other classes with exactly the newest version's store checksum: SwiftData finds the version and the
            // store opens today. The risk is two classes for one entity drifting apart, said once per container.
            if let models = container.models,
                let first = models.first(where: { $0.entity.map { !inNewest.contains($0) } ?? false }),
                Self.storesLikeNewest(models, newest: newest, context: context)
            {
                findings.append(
                    finding(
                        first.location, about: .container(container.subjectName),
                        .containerClassesTwinNewest(plan: plan.name, newest: newest.name)))
                continue
            }
            // A class that copies the newest version's class of its entity (same entity hash) is not what keeps
            // the store from opening: the others are (Reczipes3's live `UserAllergenProfile` beside two models no
            // version has).
            let twins = container.models.map { Self.twinEntities($0, newest: newest, context: context) } ?? []
            for model in container.models ?? [] {
                guard let id = model.entity, !inNewest.contains(id), let entity = project.entity(id),
                    !twins.contains(entity.name)
                else { continue }
                let current = context.entity(named: entity.name, in: newest)
                let uses = current.map { "the newest version uses \($0.qualifiedName) for \(entity.name)" }
                findings.append(
                    finding(
                        model.location, about: .container(container.subjectName),
                        .containerModelNotInNewest(
                            entity.qualifiedName, plan: plan.name,
                            newest: newest.name, uses: uses)))
            }
        }
        return findings
    }
}

extension ContainerModelsNotInSchemaRule {
    /// Whether the container's own classes make the same store as the newest version (same checksum, certain).
    static func storesLikeNewest(_ models: [ModelReference], newest: SchemaVersion, context: RuleContext) -> Bool {
        guard let (live, newest) = hashes(of: models, beside: newest, context: context) else { return false }
        return live.checksum == newest.checksum
    }

    /// The entities the container's classes store exactly as the newest version does (same name, same certain
    /// entity hash).
    static func twinEntities(_ models: [ModelReference], newest: SchemaVersion, context: RuleContext) -> Set<String> {
        guard let (live, newest) = hashes(of: models, beside: newest, context: context) else { return [] }
        return Set(live.entityHashes.compactMap { name, hash in newest.entityHashes[name] == hash ? name : nil })
    }

    /// The hashes of the store the container's classes make, and the newest version's, when both are certain.
    private static func hashes(
        of models: [ModelReference], beside newest: SchemaVersion, context: RuleContext
    ) -> (live: VersionHasher.Result, newest: VersionHasher.Result)? {
        guard let newestAnalysis = context.analysis(of: newest), newestAnalysis.isCertain else { return nil }
        var live = SchemaVersion(id: newest.id, name: "container", location: newest.location, key: "container")
        live.models = models
        live.reachableOnly = VersionBuilder.reachable(from: live.listedEntities, entities: context.project.entities)
        let analysis = VersionAnalysis(version: live, project: context.project)
        guard analysis.isCertain else { return nil }
        return (analysis.hashes, newestAnalysis.hashes)
    }
}

extension RuleID {
    public static let containerModelsNotInSchema: RuleID = "container_models_not_in_schema"
}

extension Finding.Message {
    static func containerUsesOldVersion(_ versioned: String, plan: String, newest: String) -> Self {
        Self(
            id: "old-version",
            "This container uses \(versioned), not the newest version \(newest): opening the store fails",
            detail: "The newest version of \(plan) is \(newest), so the container's model matches no final version",
            fix: "Use Schema(versionedSchema: \(newest).self)")
    }

    static func containerClassesTwinNewest(plan: String, newest: String) -> Self {
        Self(
            id: "twin-classes",
            "The container's classes copy \(newest)'s: stores open today; an edit to one copy alone breaks them "
                + "(134504)",
            detail: "This container names other classes than \(newest), the newest version of \(plan), with the same "
                + "store checksum. Each entity now has two classes that must stay identical, and an edit to one alone "
                + "makes the container match no version (134504)",
            fix: "Give the container \(newest)'s classes (Schema(versionedSchema: \(newest).self), or typealiases to "
                + "them)")
    }

    /// `uses`: the class the newest version has for the same entity, said as `the newest version uses …`.
    static func containerModelNotInNewest(_ model: String, plan: String, newest: String, uses: String?) -> Self {
        Self(
            id: "model-not-in-newest",
            "\(model) is not in the newest version \(newest): the store fails to open or casts crash",
            detail: "\(newest) is the newest version of \(plan)\(uses.map { "; \($0)" } ?? ""). The container's schema "
                + "must equal the plan's final version; with \(model) it matches no version, so the store does not "
                + "open or objects are cast to the wrong class",
            fix: "Give the container exactly \(newest)'s models (or Schema(versionedSchema: \(newest).self))")
    }
}
