import Foundation
import SchemaLintBundles
import SchemaLintModel

/// Model versions `check` takes from the lockfile instead of reading their XML: a large app's old versions never
/// change, and reading a hundred of them was most of a run. A version is taken only when all of these hold:
/// - its `contents` bytes have the digest the lockfile recorded for it (`ContentsDigest`, which names the reading
///   too), so reading them again would give the recorded hashes and snapshots;
/// - it comes before the bundle's locked current version, and is not the current version now: no migration starts
///   from it and no finding points into its lines (an edit would have changed its bytes);
/// - every entity state it names is in the lockfile.
/// Anything else is read as before.
final class RecordedVersions {
    /// The lockfile of each bundle's app, by the bundle's path as output shows it.
    let lockfiles: [String: Lockfile]
    /// Each bundle's locked entry, with the entity states decoded so far (a bundle's versions share most of them),
    /// by bundle path; nil when the lockfile has no entry for the bundle.
    private var records: [String: Record?] = [:]

    private final class Record {
        let locked: LockedBundle
        var states: [String: ModelBundleVersion.EntityState] = [:]
        init(locked: LockedBundle) { self.locked = locked }
    }

    init(lockfiles: [String: Lockfile]) {
        self.lockfiles = lockfiles
    }

    private func record(_ path: String) -> Record? {
        if let known = records[path] { return known }
        let record = lockfiles[path]?.coreData?[(path as NSString).lastPathComponent].map(Record.init)
        records[path] = .some(record)
        return record
    }

    func version(_ contents: ModelBundleReader.VersionContents, bundle path: String) -> ModelBundleVersion? {
        let name = contents.folder.name
        guard let digest = contents.digest, let record = record(path),
            let current = record.locked.current, let entry = record.locked.versions[name], entry.retired == nil,
            entry.contents == digest, VersionNameOrder.precedes(name, current)
        else { return nil }
        var entityStates: [String: ModelBundleVersion.EntityState] = [:]
        entityStates.reserveCapacity(entry.entities.count)
        for (entity, key) in entry.entities {
            if let known = record.states[key] {
                entityStates[entity] = known
                continue
            }
            guard let state = record.locked.entities[key], let hash = Hex.decode(state.hash), hash.count == 32 else {
                return nil
            }
            let decoded = ModelBundleVersion.EntityState(hash: hash, snapshot: state.snapshot)
            record.states[key] = decoded
            entityStates[entity] = decoded
        }
        return .recorded(
            name: name,
            location: SourceLocation(file: contents.file, line: contents.modelLine, column: 1),
            identifier: entry.identifier, entityStates: entityStates, uncertainties: entry.uncertainties ?? [],
            contentsDigest: digest)
    }
}
