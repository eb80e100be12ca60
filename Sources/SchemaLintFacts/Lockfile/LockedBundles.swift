import SchemaLintModel

extension Lockfile {
    /// The entry a key names: a SwiftData version's key, or a Core Data version's `Model.xcdatamodeld/Model 2`
    /// (assembled from its bundle's shared entity states).
    public func entry(_ key: String) -> LockedVersion? {
        if let entry = versions[key] { return entry }
        guard let (bundle, version) = Self.split(modelKey: key) else { return nil }
        return coreData?[bundle]?.lockedVersion(version)
    }

    /// `Model.xcdatamodeld/Model 2` → (`Model.xcdatamodeld`, `Model 2`), `Watch/Model.xcdatamodeld/Model 2` →
    /// (`Watch/Model.xcdatamodeld`, `Model 2`) (a version's name is a folder's: it holds no `/`); nil for other keys.
    package static func split(modelKey key: String) -> (bundle: String, version: String)? {
        guard let slash = key.lastIndex(of: "/") else { return nil }
        let bundle = String(key[..<slash])
        guard bundle.hasSuffix(".xcdatamodeld") || bundle.hasSuffix(".xcdatamodel") else { return nil }
        return (bundle, String(key[key.index(after: slash)...]))
    }

    /// Core Data entries an earlier release wrote under a name two or more bundles share (`Model.xcdatamodeld`, before
    /// such bundles were keyed by their folders): no bundle has that key now, and the entry mixes the bundles (one's
    /// hashes under another's path), so it describes none of them. `check` neither compares nor reports it (the
    /// bundles are not locked: `lockfile_missing` says so), and `lock` replaces it with an entry per bundle.
    package static func mixedBundleKeys(_ coreData: [String: LockedBundle]?, bundles: [ModelBundle]) -> Set<String> {
        guard let coreData, bundles.count > 1 else { return [] }
        let keys = Set(bundles.map(\.key))
        let shared = Dictionary(grouping: bundles.filter { $0.key != $0.folderName }, by: \.folderName)
            .filter { $0.value.count > 1 }
        return Set(coreData.keys.filter { !keys.contains($0) && shared[$0] != nil })
    }

    /// Gives a bundle whose key the lockfile does not know the key it was locked under, when that entry is the
    /// bundle's by path: keys of bundles with the same folder name take in a folder to tell them apart, so a duplicate
    /// deleted (notes-ios 3.0.0 dropped its second `Notes.xcdatamodeld`) turned `CoreData/Notes.xcdatamodeld` into
    /// `Notes.xcdatamodeld`, and the locked bundle looked deleted while its in-place rewrite went unreported. The
    /// entry is the bundle's when it recorded the bundle's path, or when the locked key ends the bundle's path (the
    /// bundle moved with the folder that told it apart); no bundle has that key, no other bundle matches it, and not
    /// every version of it was retired (a bundle given up on purpose). A locked bare folder name is never taken by a
    /// bundle with a longer key: that is an entry mixing same-named bundles (`mixedBundleKeys`).
    package func adoptLockedKeys(_ bundles: inout [ModelBundle]) {
        guard let coreData, !coreData.isEmpty, !bundles.isEmpty else { return }
        let keys = Set(bundles.map(\.key))
        let unclaimed = coreData.filter { key, locked in
            !keys.contains(key) && locked.versions.values.contains { $0.retired == nil }
        }
        guard !unclaimed.isEmpty else { return }
        var candidates: [String: [Int]] = [:]
        for index in bundles.indices where bundles[index].ships && coreData[bundles[index].key] == nil {
            let bundle = bundles[index]
            for (key, locked) in unclaimed where key != bundle.folderName && key.hasSuffix("/" + bundle.folderName) {
                // Run from another folder, the same bundle shows a longer or shorter path.
                let samePath =
                    locked.path == bundle.path || bundle.path.hasSuffix("/" + locked.path)
                    || (!locked.path.isEmpty && locked.path.hasSuffix("/" + bundle.path))
                if samePath || bundle.path == key || bundle.path.hasSuffix("/" + key) {
                    candidates[key, default: []].append(index)
                }
            }
        }
        let byBundle = Dictionary(grouping: candidates.filter { $0.value.count == 1 }, by: { $0.value[0] })
        for (index, found) in byBundle where found.count == 1 { bundles[index].key = found[0].key }
    }

    /// Records a Core Data version: its entity states join the bundle's shared ones. `stateKeys`: the keys this run
    /// has worked out, shared by the versions it records.
    package mutating func record(
        _ version: ModelBundleVersion, _ analysis: VersionAnalysis, in bundle: ModelBundle,
        keeping previous: LockedModelVersion? = nil, lockedAt: String? = nil, release: String? = nil,
        stateKeys: EntityStateKeys = EntityStateKeys()
    ) -> LockedModelVersion {
        // Taken out while it changes, so its tables are changed in place rather than copied for every version.
        var locked = (coreData?.removeValue(forKey: bundle.key) ?? nil) ?? LockedBundle(path: bundle.path, current: nil)
        var entities: [String: String] = [:]
        for snapshot in analysis.snapshot {
            let state = LockedEntity(
                hash: analysis.hashes.entityHashes[snapshot.name].map(Hex.encode) ?? "", snapshot: snapshot)
            let key = stateKeys.key(of: state)
            locked.entities[key] = state
            entities[snapshot.name] = key
        }
        let entry = LockedModelVersion(
            identifier: version.identifier, checksum: analysis.hashes.checksum, entities: entities,
            uncertainties: analysis.uncertainties.isEmpty ? nil : analysis.uncertainties,
            contents: version.contentsDigest, lockedAt: previous?.lockedAt ?? lockedAt,
            release: previous?.release ?? release,
            accepted: previous?.accepted, retired: nil, heldIn: previous?.heldIn)
        locked.versions[version.name] = entry
        locked.path = bundle.path
        if coreData == nil { coreData = [:] }
        coreData?[bundle.key] = locked
        return entry
    }

    /// Drops entity states no version uses any more (after a re-record), so the file holds only what it needs.
    package mutating func pruneEntityStates() {
        for (key, bundle) in coreData ?? [:] {
            let used = Set(bundle.versions.values.flatMap(\.entities.values))
            coreData?[key]?.entities = bundle.entities.filter { used.contains($0.key) }
        }
    }
}

extension LockedBundle {
    /// A version as a SwiftData-shaped entry, so the same comparison explains what changed.
    public func lockedVersion(_ name: String) -> LockedVersion? {
        guard let version = versions[name] else { return nil }
        var entityHashes: [String: String] = [:]
        var snapshots: [EntitySnapshot] = []
        for (entity, key) in version.entities.sorted(by: { $0.key < $1.key }) {
            guard let state = entities[key] else { continue }
            entityHashes[entity] = state.hash
            snapshots.append(state.snapshot)
        }
        return LockedVersion(
            type: name, versionIdentifier: version.identifier, checksum: version.checksum,
            checksumUncertainties: version.uncertainties, entityHashes: entityHashes, fingerprint: "",
            models: snapshots.map(\.name), entities: snapshots)
    }

    /// `Entity@` and the first 12 hex digits of SHA-256 over the entity hash and the snapshot's canonical text: the
    /// same state always gets the same key, and states differing only in what is not hashed (a default value, a
    /// delete rule) stay apart.
    static func key(of snapshot: EntitySnapshot, hash: String) -> String {
        let text = hash + "\n" + Fingerprint.canonicalText([snapshot])
        return snapshot.name + "@" + String(Hex.encode(SHA256.hash(data: Array(text.utf8))).prefix(12))
    }
}

/// Entity state keys (`LockedBundle.key(of:hash:)`) already worked out, by state: a bundle's versions repeat most
/// states (woocommerce-ios: 6,808 entities in 117 versions, 250 states), and a key is a canonical text and a SHA-256.
package final class EntityStateKeys {
    private var keys: [LockedEntity: String] = [:]

    package init() {}

    func key(of state: LockedEntity) -> String {
        if let key = keys[state] { return key }
        let key = LockedBundle.key(of: state.snapshot, hash: state.hash)
        keys[state] = key
        return key
    }
}

extension LockedVersion {
    init(
        type: String, versionIdentifier: String?, checksum: String, checksumUncertainties: [String]?,
        entityHashes: [String: String], fingerprint: String, models: [String], entities: [EntitySnapshot]
    ) {
        self.type = type
        self.versionIdentifier = versionIdentifier
        self.checksum = checksum
        self.checksumUncertainties = checksumUncertainties
        self.entityHashes = entityHashes
        self.fingerprint = fingerprint
        self.models = models
        self.entities = entities
    }

    /// A Core Data model version's entry: its name as the type, Xcode's version identifier, and the hashes.
    package init(modelVersion version: ModelBundleVersion, analysis: VersionAnalysis) {
        self.init(analysis: analysis, type: version.name, versionIdentifier: version.identifier)
        fingerprint = ""
    }
}
