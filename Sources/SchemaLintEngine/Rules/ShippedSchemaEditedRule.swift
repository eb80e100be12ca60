import SchemaLintModel

/// A locked (shipped) version no longer hashes to what the lockfile recorded.
public struct ShippedSchemaEditedRule: Rule {
    public let id = "shipped_schema_edited"
    public let defaultSeverity = Severity.error
    public let summary = "A version recorded in schemalint.lock was edited after it shipped."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        var findings: [Finding] = []
        for version in context.project.versions {
            guard let locked = lockfile.versions[version.key], let analysis = context.analysis(of: version) else { continue }
            let current = LockedVersion(analysis: analysis, type: version.name, versionIdentifier: version.identifier?.description)
            let (changes, schemaChanges) = locked.changes(to: current, sourceTypes: analysis.sourceTypes)
            guard !changes.isEmpty else { continue }
            let checksumMoved = locked.checksum != analysis.hashes.checksum

            let consequence = checksumMoved
                ? "SwiftData's store checksum moved (\(locked.checksum) → \(analysis.hashes.checksum)): stores written by the shipped build will fail to open with 134504 \"unknown model version\""
                : "SwiftData's store checksum did not move, but the frozen copy no longer describes what shipped"
            let when = lockfile.revisionDeclarations[version.key] != nil ? "since \(lockfile.revision ?? "the revision")" : "after it shipped"
            let message = "\(version.name) (\(locked.versionIdentifier ?? "no identifier")) was edited \(when): "
                + changes.joined(separator: "; ") + ". " + consequence
                + ". Restore \(version.name) and make the change in a new version with a migration stage"
                + (lockfile.revisionDeclarations[version.key] != nil ? ""
                    : " (or, if this version never shipped, run `schemalint lock --accept \(version.key) --reason \"...\"`)")
            findings.append(finding(location(of: version, changes: schemaChanges, identifierChanged: locked.versionIdentifier != current.versionIdentifier, context: context), message))
        }
        return findings
    }

    /// The first changed property still in the source, else the changed entity, else the version itself.
    private func location(of version: SchemaVersion, changes: [SchemaChange], identifierChanged: Bool, context: RuleContext) -> SourceLocation {
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
