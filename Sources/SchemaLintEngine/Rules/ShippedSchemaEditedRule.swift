import SchemaLintModel

/// A locked (shipped) version no longer hashes to what the lockfile recorded.
public struct ShippedSchemaEditedRule: Rule {
    public let id = RuleID.shippedSchemaEdited
    public let defaultSeverity = Severity.error
    public let summary = "A version recorded in schemalint.lock was edited after it shipped."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        var findings: [Finding] = []
        for version in context.project.versions {
            guard let locked = lockfile.versions[version.key], let analysis = context.analysis(of: version) else {
                continue
            }
            let current = LockedVersion(
                analysis: analysis, type: version.name, versionIdentifier: version.identifier?.description)
            let (changes, schemaChanges) = locked.changes(to: current, sourceTypes: analysis.sourceTypes)
            guard !changes.isEmpty else { continue }
            let checksumMoved = locked.checksum != analysis.hashes.checksum

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
                        checksum: checksumMoved ? (locked.checksum, analysis.hashes.checksum) : nil,
                        key: version.key)))
        }
        return findings
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

extension Finding.Message {
    /// `checksum`: the recorded and the current store checksum when they differ.
    static func shippedEdited(
        _ version: String, identifier: String?, revision: String?, changes: [String],
        checksum: (String, String)?, key: String
    ) -> Self {
        let consequence =
            checksum.map {
                "SwiftData's store checksum moved (\($0.0) → \($0.1)): stores written by the "
                    + "shipped build will fail to open with 134504 \"unknown model version\""
            }
            ?? "SwiftData's store checksum did not move, but the frozen copy no longer describes what shipped"
        let when = revision.map { "since \($0)" } ?? "after it shipped"
        let accept =
            revision != nil
            ? ""
            : " (or, if this version never shipped, run `schemalint lock --accept \(key) --reason \"...\"`)"
        return Self(
            id: checksum == nil ? "snapshot-changed" : "checksum-moved",
            "\(version) (\(identifier ?? "no identifier")) was edited \(when): " + changes.joined(separator: "; ")
                + ". " + consequence + ". Restore \(version) and make the change in a new version with a "
                + "migration stage" + accept)
    }
}
