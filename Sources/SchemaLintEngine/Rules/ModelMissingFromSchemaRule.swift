import SchemaLintModel

/// A version's `models` list must name every model the version declares, or SwiftData leaves it out; and what its
/// relationships pull in must not bring a second class with the name of a listed one.
///
/// Not reported: a nested model the list leaves out but a listed model reaches through a relationship (SwiftData
/// follows relationships and includes it, so the checksum is the same), a model the newest version declares that no
/// code names (nothing stores it), and models a historical version reaches that can still change
/// (`historical_schema_uses_live_model` reports those, with the right fix: a frozen copy). A historical version's
/// unnamed model is still reported: the class may be gone from the app while shipped stores hold its table.
public struct ModelMissingFromSchemaRule: Rule {
    public let id = RuleID.modelMissingFromSchema
    public let defaultSeverity = Severity.error
    public let summary =
        "A @Model declared inside a version is missing from its models list and reached by no listed "
        + "model."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        let historical = Set(project.plans.flatMap { context.steps(of: $0).versions.dropLast().map(\.id) })
        for version in project.versions {
            guard let models = version.models, let listLocation = version.modelsLocation else { continue }
            let unused = historical.contains(version.id) ? [] : context.unusedModels
            let listed = models.compactMap(\.entity)
            let included = Set(listed + VersionBuilder.reachable(from: listed, entities: project.entities))
            let declared = project.entities.values.filter { $0.enclosingVersion == version.id }.sorted {
                $0.location < $1.location
            }
            // A class nothing inserts, fetches or points at is never stored: leaving it out cannot fail.
            for entity in declared where !included.contains(entity.id) && !unused.contains(entity.id) {
                findings.append(
                    finding(
                        listLocation, about: .entity(version: version.key, entity: entity.name),
                        .modelNotListed(
                            version.name, entity: entity.name,
                            declared: "\(entity.location)"),
                        notes: [Finding.Note(entity.location, "\(entity.name) is declared here")]))
            }
            findings += clashes(in: version, listed: listed, at: listLocation, project: project)
        }
        return findings
    }

    /// A relationship that reaches a class other than the listed one of the same entity name (`SchemaV1.Lap.workout`
    /// still pointing at `SchemaV1.Workout` while the version lists `SchemaV2.Workout`): two classes, one entity name.
    private func clashes(
        in version: SchemaVersion, listed: [SymbolID], at location: SourceLocation,
        project: Project
    ) -> [Finding] {
        let listedSet = Set(listed)
        var findings: [Finding] = []
        for entityID in listed {
            guard let entity = project.entity(entityID) else { continue }
            for property in entity.properties {
                guard let destination = property.relationship?.destination, !listedSet.contains(destination),
                    let target = project.entity(destination),
                    let twin = listed.lazy.compactMap({ project.entity($0) }).first(where: { $0.name == target.name })
                else { continue }
                findings.append(
                    finding(
                        location,
                        about: .property(
                            version: version.key, entity: entity.name,
                            property: property.name),
                        .entityNameClash(
                            entity: entity, property: property.name,
                            target: target.qualifiedName, version: version.name,
                            twin: twin.qualifiedName),
                        notes: [Finding.Note(property.location, "the relationship")]))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let modelMissingFromSchema: RuleID = "model_missing_from_schema"
}

extension Finding.Message {
    static func modelNotListed(_ version: String, entity: String, declared: String) -> Self {
        Self(
            id: "not-listed",
            "\(version) declares @Model \(entity) (\(declared)) but its models list does not "
                + "include it and no listed model reaches it: SwiftData leaves it out of this version's schema, so a "
                + "container of this version cannot store it. Add \(entity).self to \(version).models")
    }

    static func entityNameClash(
        entity: Entity, property: String, target: String, version: String,
        twin: String
    ) -> Self {
        Self(
            id: "name-clash",
            "\(entity.name).\(property) points at \(target), but \(version) lists \(twin), a "
                + "different class with the same entity name: SwiftData pulls both into one schema. Point "
                + "\(entity.qualifiedName).\(property) at \(twin) (give \(version) its own copy of \(entity.name))")
    }
}
