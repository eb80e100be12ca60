import Foundation
import SchemaLintBundles
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Model versions `check` takes from the lockfile instead of reading their XML: a large app's old versions never
/// change, and reading a hundred of them was most of a run. A version is taken only when all of these hold:
/// - its `contents` bytes have the digest the lockfile recorded for it (`ContentsDigest`, which names the reading
///   too), so reading them again would give the recorded hashes and snapshots;
/// - it comes before the bundle's locked current version, and is not the current version now: no migration starts
///   from it and no finding points into its lines (an edit would have changed its bytes);
/// - every entity state it names is in the lockfile.
/// Anything else is read as before.
final class RecordedVersions: Sendable {
    /// Each bundle's locked entry with its entity states decoded and its entity names ranked (a bundle's versions
    /// share most of both), by bundle path; absent when the lockfile has no entry for the bundle. Filled once, then
    /// only read: versions are taken on every core.
    private let records: [String: Record]

    /// A bundle's locked entry made ready for taking versions from it; made on the thread that read the lockfile
    /// (`LockfileReading`, for `check`), while the walk still runs, or else here.
    struct Record: Sendable {
        let locked: LockedBundle
        let order: BundleVersionOrder
        /// Entity states by key; a key whose hash is not 32 bytes of hex is left out (its versions are read).
        let states: [String: ModelBundleVersion.EntityState]
        /// Every entity name the entry's versions use, by its place in name order.
        let rank: [String: Int]
        let names: [String]

        init(locked: LockedBundle) {
            self.locked = locked
            order = BundleVersionOrder(locked)
            var states: [String: ModelBundleVersion.EntityState] = [:]
            for (key, state) in locked.entities {
                guard let hash = Hex.decode(state.hash), hash.count == 32 else { continue }
                states[key] = ModelBundleVersion.EntityState(hash: hash, snapshot: state.snapshot)
            }
            self.states = states
            names = Set(locked.versions.values.flatMap(\.entities.keys)).sorted()
            rank = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        }

        /// `entities` in name order, without comparing names again for every version.
        func inNameOrder(_ entities: Dictionary<String, String>.Keys) -> [String] {
            var slots = [Bool](repeating: false, count: names.count)
            for name in entities { slots[rank[name]!] = true }
            return slots.indices.filter { slots[$0] }.map { names[$0] }
        }
    }

    /// `lockfiles`: the bundle's key in its app (`ModelBundle.assignKeys`), its app's lockfile and the records made
    /// of that lockfile's entries already (`records(of:)`, by entry key), by the bundle's path as output shows it.
    init(lockfiles: [String: (key: String, lockfile: Lockfile, prepared: [String: Record]?)]) {
        var records: [String: Record] = [:]
        for (path, (key, lockfile, prepared)) in lockfiles {
            // Keys are worked out here before the project files say which bundles ship (`assignKeys`): a bundle
            // whose key differs is found by the path it was locked at.
            guard let bundles = lockfile.coreData,
                let (entry, locked) = bundles[key].map({ (key, $0) })
                    ?? bundles.first(where: { $0.value.path == path }).map({ ($0.key, $0.value) })
            else { continue }
            records[path] = prepared?[entry] ?? Record(locked: locked)
        }
        self.records = records
    }

    /// A record of each entry of the lockfile's Core Data section, by its key.
    static func records(of lockfile: Lockfile) -> [String: Record] {
        (lockfile.coreData ?? [:]).mapValues(Record.init(locked:))
    }

    func version(_ contents: ModelBundleReader.VersionContents, bundle path: String) -> ModelBundleVersion? {
        let name = contents.folder.name
        guard let digest = contents.digest, let record = records[path],
            let current = record.locked.current, let entry = record.locked.versions[name], entry.retired == nil,
            entry.contents == digest, record.order.precedes(name, current)
        else { return nil }
        var entityStates: [String: ModelBundleVersion.EntityState] = [:]
        entityStates.reserveCapacity(entry.entities.count)
        for (entity, key) in entry.entities {
            guard let state = record.states[key] else { return nil }
            entityStates[entity] = state
        }
        var version = ModelBundleVersion.recorded(
            name: name,
            location: SourceLocation(file: contents.file, line: contents.modelLine, column: 1),
            identifier: entry.identifier, entityStates: entityStates, uncertainties: entry.uncertainties ?? [],
            contentsDigest: digest)
        version.entityNames = record.inNameOrder(entry.entities.keys)
        return version
    }
}

extension RecordedVersions {
    /// The lockfile's record of a mapping model of the bundle at `path` (`RecordedMappingModels`), by file name.
    func mappingModel(named name: String, bundle path: String) -> LockedMappingModel? {
        records[path]?.locked.mappingModels?[name]
    }
}
