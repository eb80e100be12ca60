extension ModelBundle {
    /// Its folder's name (`Model.xcdatamodeld`): its `key` unless another bundle of the app has the same.
    public var folderName: String { PathName.last(path) }

    /// The lockfile's name for one of its versions: `Model.xcdatamodeld/Model 2` (`Watch/Model.xcdatamodeld/Model 2`
    /// when the app has two bundles named `Model.xcdatamodeld`).
    public func key(of version: ModelBundleVersion) -> String { "\(key)/\(version.name)" }

    /// Gives each bundle of one app its `key`: its folder name, unless another bundle has the same one (2fas-ios: an
    /// iOS and a watchOS `TwoFAS.xcdatamodeld`). Those get the first folder after the one their paths share in front
    /// (`App/Model.xcdatamodeld`), or every folder after it when that still leaves two alike; a bundle in the shared
    /// folder itself keeps its folder name. Where the app sits (the run's working directory) changes no key.
    ///
    /// Bundles that ship (`ships`) are keyed among themselves only: an uncompiled copy beside the real bundle
    /// (notes-ios kept `Notes.xcdatamodeld` both in `iOCNotes/` and `iOCNotes/CoreData/`) would otherwise change the
    /// real one's key when it comes or goes, and its lock entry would look deleted. The others are keyed among all,
    /// so none of them takes a shipping bundle's key.
    public static func assignKeys(_ bundles: inout [ModelBundle]) {
        let all = keys(forPaths: bundles.map(\.path))
        let shipping = bundles.indices.filter { bundles[$0].ships }
        let shippingKeys = keys(forPaths: shipping.map { bundles[$0].path })
        for index in bundles.indices { bundles[index].key = all[index] }
        for (index, key) in zip(shipping, shippingKeys) { bundles[index].key = key }
        // Keyed apart, a left-out bundle can still come out as a shipping one's key (`App/Model.xcdatamodeld` is
        // also the key of a shipping `App/Data/Model.xcdatamodeld` beside a shipping `Watch/Model.xcdatamodeld`):
        // it is then named by its whole path, marked as one.
        let taken = Set(shippingKeys)
        for index in bundles.indices where !bundles[index].ships && taken.contains(bundles[index].key) {
            let path = bundles[index].path
            bundles[index].key = taken.contains(path) ? "./" + path : path
        }
    }

    /// `assignKeys` for bundle paths (as output shows them): the key of each, in order.
    public static func keys(forPaths paths: [String]) -> [String] {
        var keys = paths.map { PathName.last($0) }
        let groups = Dictionary(grouping: paths.indices, by: { keys[$0] })
        for (name, indices) in groups where indices.count > 1 && Set(indices.map { paths[$0] }).count > 1 {
            let folders = indices.map { PathName.folders(paths[$0]) }
            let common = folders.dropFirst().reduce(folders[0]) { prefix, next in
                Array(zip(prefix, next).prefix { $0 == $1 }.map(\.0))
            }
            let own = folders.map { Array($0.dropFirst(common.count)) }
            var distinct = own.map { $0.first.map { "\($0)/\(name)" } ?? name }
            if Set(distinct).count < distinct.count {
                distinct = own.map { $0.isEmpty ? name : ($0 + [name]).joined(separator: "/") }
            }
            for (offset, index) in indices.enumerated() { keys[index] = distinct[offset] }
        }
        return keys
    }
}

/// A path's last component without Foundation (the model target stays free of it).
enum PathName {
    /// The folders a path's last component is in, outermost first (`.` and empty components left out).
    static func folders(_ path: String) -> [String] {
        Array(path.split(separator: "/").map(String.init).filter { $0 != "." }.dropLast())
    }

    static func last(_ path: String) -> String {
        // The common case, asked for every version of every bundle: a path not ending in `/`.
        let bytes = path.utf8
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            if bytes.index(after: slash) != bytes.endIndex { return String(path[bytes.index(after: slash)...]) }
        } else {
            return path
        }
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}

extension VersionAnalysis {
    /// A Core Data model version's hashes and snapshot: the same hasher and snapshot form as SwiftData versions, with
    /// what only the model file says (renaming identifiers as original names, defaults, delete rules) added.
    /// Core Data versions are compared by entity hashes, so no fingerprint is computed (`fingerprint` is empty).
    public init(bundleVersion version: ModelBundleVersion, key: String, cache: VersionHasher.Cache? = nil) {
        self.key = key
        fingerprint = ""
        uncertainties = version.uncertainties
        if version.isRecorded {
            // Its hashes and snapshots are the lockfile's, for the same bytes: nothing to work out.
            store = version.schema
            models = version.entityNames ?? version.entityStates.keys.sorted()
            hashes = VersionHasher.result(entityHashes: version.entityStates.mapValues(\.hash), names: models)
            snapshot = models.compactMap { version.entityStates[$0]?.snapshot }
            return
        }
        store = version.schema
        hashes = VersionHasher.hash(version.schema, cache: cache, known: version.entityStates.mapValues(\.hash))
        models = version.schema.entities.map(\.name)
        snapshot = version.schema.entities.map { entity in
            version.entityStates[entity.name]?.snapshot ?? Self.bundleSnapshot(of: entity, details: version.details)
        }
    }

    /// An entity's snapshot in a Core Data version: what only the model file says (renaming identifiers as original
    /// names, defaults, delete rules) added.
    public static func bundleSnapshot(of storeEntity: ManagedEntity, details: ModelDetails) -> EntitySnapshot {
        var entity = ManagedModel.snapshot(of: storeEntity)
        // Abstract flags and entity hash modifiers are not part of a lockfile's snapshot (see EntitySnapshot).
        entity.abstract = nil
        entity.hashModifier = nil
        entity.originalName = details.renamingIdentifiers[entity.name]
        entity.properties = entity.properties.map { property in
            var property = property
            let name = entity.name + "." + property.name
            property.originalName = details.renamingIdentifiers[name]
            property.hasDefault = details.defaults.contains(name)
            if property.kind == .relationship { property.deleteRule = details.deleteRules[name]?.lowercased() }
            return property
        }
        return entity
    }
}
