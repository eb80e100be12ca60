import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

extension Lockfile {
    /// The file's canonical JSON, written from the same Codable types `LockfileStore` reads it with.
    public func json() -> JSONValue {
        // Encoding plain strings, numbers and optionals cannot fail.
        (try? JSONValue(encoding: self)) ?? .null
    }
}

extension Lockfile {
    /// This lockfile plus every version of `analysis` (sources at `revision`) it does not already hold, as if they
    /// had been locked: `check --against origin/main` then reports every version edited or removed since.
    public func adding(versionsAt revision: String, from analysis: Analysis) -> Lockfile {
        var merged = self
        merged.revision = revision
        let atRevision = Locker.plan(analysis, existing: nil, request: .init()).lockfile
        for (key, entry) in atRevision.versions where merged.versions[key] == nil {
            merged.versions[key] = entry
            if let version = analysis.project.version(key: key) {
                merged.revisionDeclarations[key] = version.location
            }
        }
        // Core Data bundles: each version the lockfile does not hold, with the entity states it uses.
        for (key, bundle) in atRevision.coreData ?? [:] {
            var kept = merged.coreData?[key] ?? LockedBundle(path: bundle.path, current: nil)
            for (name, version) in bundle.versions where kept.versions[name] == nil {
                kept.versions[name] = version
                for state in version.entities.values { kept.entities[state] = bundle.entities[state] }
            }
            if kept.current == nil { (kept.current, kept.currentHistory) = (bundle.current, bundle.currentHistory) }
            merged.coreData = (merged.coreData ?? [:]).merging([key: kept]) { _, new in new }
            if let path = analysis.project.modelBundles.first(where: { $0.key == key })?.path {
                merged.revisionDeclarations[key] = SourceLocation(file: path, line: 1, column: 1)
            }
        }
        return merged
    }
}
