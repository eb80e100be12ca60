import SchemaLintFacts
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
        for version in project.versions {
            guard let models = version.models, let listLocation = version.modelsLocation else { continue }
            let listed = models.compactMap(\.entity)
            for entity in Self.unlisted(in: version, context) {
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

    /// The models `version` declares that its list leaves out and no listed model reaches, which this rule reports.
    /// `data_dropped` leaves the rows they lose to this finding: one cause, one finding.
    static func unlisted(in version: SchemaVersion, _ context: RuleContext) -> [Entity] {
        let project = context.project
        guard let models = version.models, version.modelsLocation != nil else { return [] }
        let historical = Set(project.plans.flatMap { context.steps(of: $0).versions.dropLast().map(\.id) })
        let unused = historical.contains(version.id) ? [] : context.unusedModels
        let listed = models.compactMap(\.entity)
        let included = Set(listed + VersionBuilder.reachable(from: listed, entities: project.entities))
        let declared = project.entities.values.filter { $0.enclosingVersion == version.id }.sorted {
            $0.location < $1.location
        }
        // A class nothing inserts, fetches or points at is never stored: leaving it out cannot fail.
        return declared.filter { !included.contains($0.id) && !unused.contains($0.id) }
    }

    /// Relationships that reach a class other than the listed one of the same entity name (`SchemaV1.Lap.workout`
    /// still pointing at `SchemaV1.Workout` while the version lists `SchemaV2.Workout`): two classes, one entity name.
    /// One finding per listed class, however many reused classes still point at its predecessor: one mistake (reusing
    /// classes whose relationships name an older version), one fix.
    private func clashes(
        in version: SchemaVersion, listed: [SymbolID], at location: SourceLocation,
        project: Project
    ) -> [Finding] {
        let listedSet = Set(listed)
        var byTwin: [SymbolID: [(entity: Entity, property: Property, target: Entity)]] = [:]
        var order: [SymbolID] = []
        for entityID in listed {
            guard let entity = project.entity(entityID) else { continue }
            for property in entity.properties {
                guard let destination = property.relationship?.destination, !listedSet.contains(destination),
                    let target = project.entity(destination),
                    let twin = listed.lazy.compactMap({ project.entity($0) }).first(where: { $0.name == target.name })
                else { continue }
                if byTwin[twin.id] == nil { order.append(twin.id) }
                byTwin[twin.id, default: []].append((entity, property, target))
            }
        }
        return order.compactMap { twinID -> Finding? in
            guard let twin = project.entity(twinID), let stale = byTwin[twinID], let first = stale.first else {
                return nil
            }
            return finding(
                location,
                about: .property(version: version.key, entity: first.entity.name, property: first.property.name),
                .entityNameClash(
                    relationships: stale.map { "\($0.entity.name).\($0.property.name) → \($0.target.qualifiedName)" },
                    owners: stale.map(\.entity.name), version: version.name, twin: twin.qualifiedName),
                notes: stale.map { Finding.Note($0.property.location, "\($0.entity.name).\($0.property.name)") })
        }
    }
}

extension RuleID {
    public static let modelMissingFromSchema: RuleID = "model_missing_from_schema"
}

extension Finding.Message {
    static func modelNotListed(_ version: String, entity: String, declared: String) -> Self {
        Self(
            id: "not-listed",
            "\(version) declares @Model \(entity) but its models list leaves it out: this version cannot store it",
            detail: "\(entity) is declared at \(declared), and neither \(version).models nor a model listed there "
                + "reaches it: SwiftData leaves it out of this version's schema, so a container of this version "
                + "cannot store it, and stores that migrate to this version lose every row of it (the inferred "
                + "migration drops its table)",
            fix: "Add \(entity).self to \(version).models")
    }

    static func entityNameClash(relationships: [String], owners: [String], version: String, twin: String) -> Self {
        let classes = Array(Set(owners)).sorted()
        let those = relationships.count == 1 ? "a relationship of a class it reuses still points" : "relationships "
            + "of classes it reuses still point"
        let name = twin.split(separator: ".").last.map(String.init) ?? twin
        return Self(
            id: "name-clash",
            "\(version) reaches two classes named \(name): SwiftData pulls both into one schema",
            detail: "\(version) lists \(twin), but \(those) at an older class of the same entity name ("
                + relationships.joined(separator: ", ") + ")",
            fix: "Give \(version) its own \(classes.count == 1 ? "copy" : "copies") of "
                + "\(classes.joined(separator: ", ")) pointing at \(twin)")
    }
}
