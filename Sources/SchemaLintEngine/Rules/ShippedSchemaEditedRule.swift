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
            var changes = SchemaDiff.changes(from: locked.entities, to: analysis.snapshot).map(\.text)
            let identifier = version.identifier?.description
            if locked.versionIdentifier != identifier {
                changes.insert("versionIdentifier changed from \(locked.versionIdentifier ?? "none") to \(identifier ?? "none")", at: 0)
            }
            if locked.models != analysis.models {
                let added = Set(analysis.models).subtracting(locked.models).sorted()
                let removed = Set(locked.models).subtracting(analysis.models).sorted()
                var parts: [String] = []
                if !added.isEmpty { parts.append("\(added.joined(separator: ", ")) added") }
                if !removed.isEmpty { parts.append("\(removed.joined(separator: ", ")) removed") }
                changes.append("models list changed: \(parts.joined(separator: "; "))")
            }
            let checksumMoved = locked.checksum != analysis.hashes.checksum
            guard !changes.isEmpty || checksumMoved || locked.fingerprint != analysis.fingerprint else { continue }
            if changes.isEmpty { changes.append("the stored shape changed in a way the snapshot does not name (checksum or fingerprint differs)") }

            let consequence = checksumMoved
                ? "SwiftData's store checksum moved (\(locked.checksum) → \(analysis.hashes.checksum)): stores written by the shipped build will fail to open with 134504 \"unknown model version\""
                : "SwiftData's store checksum did not move, but the frozen copy no longer describes what shipped"
            let when = lockfile.revisionDeclarations[version.key] != nil ? "since \(lockfile.revision ?? "the revision")" : "after it shipped"
            let message = "\(version.name) (\(locked.versionIdentifier ?? "no identifier")) was edited \(when): "
                + changes.joined(separator: "; ") + ". " + consequence
                + ". Restore \(version.name) and make the change in a new version with a migration stage"
                + (lockfile.revisionDeclarations[version.key] != nil ? ""
                    : " (or, if this version never shipped, run `schemalint lock --accept \(version.key) --reason \"...\"`)")
            findings.append(finding(location(of: version, lockfile: locked, analysis: analysis, context: context), message))
        }
        return findings
    }

    /// The first changed property still in the source, else the changed entity, else the version itself.
    private func location(of version: SchemaVersion, lockfile locked: LockedVersion, analysis: VersionAnalysis, context: RuleContext) -> SourceLocation {
        let entities = version.allEntities.compactMap { context.project.entity($0) }
        for change in SchemaDiff.changes(from: locked.entities, to: analysis.snapshot) {
            guard let entity = entities.first(where: { $0.name == change.entity }) else { continue }
            if let property = change.property, let declared = entity.properties.first(where: { $0.name == property }) {
                return declared.location
            }
            return entity.location
        }
        if locked.versionIdentifier != version.identifier?.description, let location = version.identifierLocation { return location }
        return version.modelsLocation ?? version.location
    }
}
