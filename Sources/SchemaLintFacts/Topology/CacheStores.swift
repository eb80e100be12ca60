import SchemaLintModel

/// A store that is evidently a cache: kept in the Caches folder (`.cachesDirectory`, which the system may empty
/// whenever it likes), or named as one (`Cache.store`, `ImageCache/Feed.sqlite`). What such a store loses in a
/// migration the app fetches again, so a finding about lost rows or values in it is said as a note. Only what the
/// sources name counts: a store whose place or name cannot be read is not a cache.
package enum CacheStores {
    /// Why a store at `path` (or named `file`, its folder unknown) is evidently a cache, as the words after "a store":
    /// `kept in Caches`, `named Cache.store`, `in a folder named ImageCache`. Nil when nothing says so.
    static func reason(path: StorePath?, file: String?) -> String? {
        if path?.base == .caches { return "kept in Caches" }
        if let file = path?.file ?? file, says(file) { return "named \(file)" }
        if let folder = path?.components.dropLast().last(where: says) { return "in a folder named \(folder)" }
        return nil
    }

    /// The reason every one of `reasons` shares, when each store has one: the first, or a general one when they
    /// differ. Nil when any store is not evidently a cache, or there is none.
    package static func common(_ reasons: [String?]) -> String? {
        guard let first = reasons.first, var reason = first else { return nil }
        for other in reasons.dropFirst() {
            guard let other else { return nil }
            if other != reason { reason = "the app keeps as a cache" }
        }
        return reason
    }

    /// `Cache`, `caches`, `ImageCache`: a name that says the file is a cache.
    private static func says(_ name: String) -> Bool { name.lowercased().contains("cache") }

    /// A SwiftData store's reason (`StoreLocation`): its evaluated place, else its key's (`Cache.store`), else the
    /// file name of a URL whose folder cannot be read. Nil for a store whose location cannot be read.
    static func reason(of location: StoreLocation) -> String? {
        guard location.kind != .unknown else { return nil }
        let path = location.path ?? StorePath(storeKey: location.key)
        return reason(path: path, file: location.file)
    }
}

extension RuleContext {
    /// Why every app store that can hold `version` is evidently a cache (`CacheStores`); nil when one is not, when
    /// no store is known to hold it, or when the stores cannot be told apart.
    package func cacheReason(holding version: SchemaVersion) -> String? {
        guard readsWholeApp, topology.isComplete else { return nil }
        return CacheStores.common(topology.stores(holding: version).map { CacheStores.reason(of: $0.location) })
    }

    /// Why one store is evidently a cache.
    package func cacheReason(of store: StoreTopology.Store) -> String? {
        readsWholeApp && !store.isPooled ? CacheStores.reason(of: store.location) : nil
    }

    /// Why every file the app's Core Data stacks open a bundle at is evidently a cache (`CoreDataStoreFiles`).
    package func cacheReason(ofBundle key: String) -> String? {
        readsWholeApp ? coreDataStoreFiles.cacheReasons[key] : nil
    }
}

extension Finding.Message {
    /// A data-loss message about a store that is evidently a cache: the reason said in the headline and the detail.
    func inCache(_ reason: String) -> Self {
        let said = "in a store \(reason): the app can refill it"
        return Self(
            id: id, Self.fitting("\(headline) (\(said))", "\(headline) (in a cache store)", headline),
            detail: Self.join(detail, "The store is \(reason), so what it loses is what the app fetches again"),
            fix: fix)
    }

    private static func join(_ first: String, _ second: String) -> String {
        first.isEmpty ? second : "\(first). \(second)"
    }
}

extension Finding {
    /// The finding as a note about a store that is evidently a cache (`reason`), unchanged when `reason` is nil.
    package func inCache(_ reason: String?) -> Finding {
        guard let reason else { return self }
        var lowered = self
        lowered.severity = .note
        lowered.message = message.inCache(reason)
        return lowered
    }
}
