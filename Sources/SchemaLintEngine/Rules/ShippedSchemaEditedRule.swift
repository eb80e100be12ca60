import SchemaLintModel

/// A locked (shipped) version no longer hashes to what the lockfile recorded.
public struct ShippedSchemaEditedRule: Rule {
    public let id = RuleID.shippedSchemaEdited
    public let defaultSeverity = Severity.error
    public let summary = "A version recorded in schemalint.lock was edited after it shipped."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        var findings: [Finding] = []
        // An implicit version is known by its checksum: a new state is locked beside the old ones, not an edit.
        for version in context.project.versions where !version.isImplicit {
            guard let locked = lockfile.versions[version.key], let analysis = context.analysis(of: version) else {
                continue
            }
            let current = LockedVersion(
                analysis: analysis, type: version.name, versionIdentifier: version.identifier?.description)
            let (changes, schemaChanges) = locked.changes(to: current, sourceTypes: analysis.sourceTypes)
            guard !changes.isEmpty else { continue }
            let checksumMoved = locked.checksum != analysis.hashes.checksum
            let effect: ShippedEditEffect =
                !checksumMoved ? .checksumKept : runsStages(version, context) ? .storesFailNow : .storesInferred

            let revision =
                lockfile.revisionDeclarations[version.key] != nil ? (lockfile.revision ?? "the revision") : nil
            let location = location(
                of: version, changes: schemaChanges,
                identifierChanged: locked.versionIdentifier != current.versionIdentifier,
                context: context)
            findings.append(
                finding(
                    location, about: .version(version.key),
                    .shippedEdited(
                        version.name, identifier: locked.versionIdentifier,
                        revision: revision, changes: changes,
                        checksums: (locked.checksum, analysis.hashes.checksum), effect: effect,
                        key: version.key),
                    severity: effect == .checksumKept ? .warning : .error))
        }
        return findings
    }

    /// Whether a plan with stages lists the version: SwiftData then migrates stage by stage and must recognise the
    /// store's checksum. With no plan, or a plan without stages (`stages: []`), it infers one lightweight migration
    /// from the model the store holds, so a moved checksum does not fail today. A plan whose stages could not be read
    /// counts as staged: the error is kept rather than guessed away.
    private func runsStages(_ version: SchemaVersion, _ context: RuleContext) -> Bool {
        context.project.plans.contains { plan in
            plan.stages?.isEmpty != true && context.steps(of: plan).versions.contains { $0.id == version.id }
        }
    }

    /// The first changed property still in the source, else the changed entity, else the version itself.
    private func location(
        of version: SchemaVersion, changes: [SchemaChange], identifierChanged: Bool, context: RuleContext
    ) -> SourceLocation {
        let entities = version.allEntities.compactMap { context.project.entity($0) }
        for change in changes {
            guard let entity = entities.first(where: { $0.name == change.entity }) else { continue }
            if let property = change.property, let declared = entity.properties.first(where: { $0.name == property }) {
                return declared.location
            }
            return entity.location
        }
        if identifierChanged, let location = version.identifierLocation { return location }
        return version.modelsLocation ?? version.location
    }
}

extension RuleID {
    public static let shippedSchemaEdited: RuleID = "shipped_schema_edited"
}

/// What an edit to a shipped version does to the stores it wrote.
enum ShippedEditEffect {
    /// The checksum moved and a plan with stages lists the version: those stores fail to open now (134504).
    case storesFailNow
    /// The checksum moved, but no stage runs: SwiftData infers a migration from what the store holds, for now. Still
    /// an error: the first stage added makes those stores unknown, and nothing will point back at this edit then.
    case storesInferred
    /// The checksum did not move (a default value, a delete rule): stores open, and no migration changes; the frozen
    /// copy no longer describes them. A warning.
    case checksumKept
}

extension Finding.Message {
    static func shippedEdited(
        _ version: String, identifier: String?, revision: String?, changes: [String],
        checksums: (locked: String, current: String), effect: ShippedEditEffect, key: String
    ) -> Self {
        let moved = "SwiftData's store checksum moved (\(checksums.locked) → \(checksums.current))"
        let consequence: String
        switch effect {
        case .storesFailNow:
            consequence = moved + ": stores written by the shipped build will fail to open with 134504 "
                + "\"unknown model version\""
        case .storesInferred:
            consequence = moved + ". Stores written by the shipped build still open today if lightweight inference "
                + "can migrate them, because no migration stage runs (what it cannot do is reported at the "
                + "property); the day a stage is added they fail with 134504 \"unknown model version\""
        case .checksumKept:
            consequence =
                "SwiftData's store checksum did not move, so its stores still open, but the frozen copy no longer "
                + "describes what shipped"
        }
        let when = revision.map { "since \($0)" } ?? "after it shipped"
        let accept =
            revision != nil
            ? ""
            : " (or, if this version never shipped, run `schemalint lock --accept \(key) --reason \"...\"`)"
        let ids: [ShippedEditEffect: String] = [
            .storesFailNow: "checksum-moved", .storesInferred: "checksum-moved-no-stages",
            .checksumKept: "snapshot-changed",
        ]
        return Self(
            id: ids[effect] ?? "checksum-moved",
            "\(version) (\(identifier ?? "no identifier")) was edited \(when): " + changes.joined(separator: "; ")
                + ". " + consequence + ". Restore \(version) and make the change in a new version with a "
                + "migration stage" + accept)
    }
}
