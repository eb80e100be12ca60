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

/// Stores the app empties and fills again (`StoreWipeUse`): code that deletes the whole store on an occasion that
/// says the rows come back from elsewhere, a function or a condition named for logging out, refreshing, resetting or
/// a cache, a version change or launch. What a user loses there is what the server (or the app) gives again, so a
/// store emptied that way is evidently a cache. A store the app empties at logout counts: its rows belong to the
/// account, on the server. A delete reached only where a failed open leads is no sign (`StoreDeletionUse`: the
/// store is lost, not refilled), nor a user's own "erase everything" (`clearAllData`): nothing says the rows come
/// back. Which store is emptied must be read: its file named, or the only store the app opens.
package struct StoreRefills {
    /// The wipes whose occasion says the app refills the store.
    let wipes: [StoreWipeUse]

    static let occasions = [
        "logout", "logoff", "signout", "signoff", "deauth", "unauth", "switchaccount", "refresh", "cache", "reset",
        "resync", "reload", "version", "upgrade", "launch",
    ]

    init(_ project: Project) {
        wipes = project.storeWipes.filter { use in
            ([use.function].compactMap { $0 } + use.callers + use.conditions).contains { name in
                let lowered = name.lowercased()
                return Self.occasions.contains { lowered.contains($0) }
            }
        }
    }

    /// The reason a store emptied by `use` is a cache, as the words after "a store" (`CacheStores`).
    static func reason(_ use: StoreWipeUse) -> String {
        let file = use.location.file.split(separator: "/").last.map(String.init) ?? use.location.file
        return "the app deletes and refills this store at \(file):\(use.location.line)"
    }

    /// The file name a delete names (`Feed.sqlite` for `"Feed.sqlite-wal"`), and whether it names other files.
    private static func named(_ use: StoreWipeUse) -> (files: Set<String>, other: Bool) {
        var files: Set<String> = []
        var other = false
        for literal in use.literals {
            var name = literal.hasPrefix("/") ? String(literal.dropFirst()) : literal
            for sidecar in ["-wal", "-shm"] where name.hasSuffix(sidecar) { name.removeLast(sidecar.count) }
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { continue }
            let suffix = name[name.index(after: dot)...]
            guard !suffix.isEmpty, suffix.count <= 7, suffix.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                continue
            }
            if ["store", "sqlite", "sqlite3", "db"].contains(suffix.lowercased()) {
                files.insert(name)
            } else {
                other = true
            }
        }
        return (files, other)
    }

    /// The code calls what it deletes a store: `destroyPersistentStore`, a `storeURL`, a description's `url`.
    private static func namesAStore(_ use: StoreWipeUse) -> Bool {
        let names = use.names.map { $0.lowercased() }
        // `imageCacheStoreURL`, `temporaryStoreURL`: another store, not the app's.
        let others = ["cache", "image", "thumbnail", "temporary", "preview", "backup", "media", "download"]
        let words = names + use.literals.map { $0.lowercased() }
        if words.contains(where: { word in others.contains(where: word.contains) }) { return false }
        if names.contains(where: { name in
            ["store", "database", "sqlite"].contains { name.contains($0) } && !name.contains("restore")
        }) {
            return true
        }
        return names.contains("url") && names.contains { $0.contains("config") || $0.contains("description") }
    }

    /// The wipe that empties a store whose file is `file` (nil: cannot be told) and holds `models` (nil: cannot be
    /// told). `onlyStore`: it is the only store the app opens; `onlyContainer`: its container is the app's only one.
    func wipe(file: String?, models: Set<String>?, onlyStore: Bool, onlyContainer: Bool) -> StoreWipeUse? {
        wipes.first { use in
            switch use.kind {
            case .file:
                let (files, other) = Self.named(use)
                if let file, files.contains(file) { return true }
                return onlyStore && files.isEmpty && !other
                    && (use.call == "destroyPersistentStore" || Self.namesAStore(use))
            case .allData:
                return onlyContainer
            case let .models(deleted):
                guard let models, !models.isEmpty else { return false }
                return models.isSubset(of: deleted)
            case .everyEntity:
                return onlyStore
            }
        }
    }
}

extension RuleContext {
    /// Why every app store that can hold `version` is evidently a cache (`CacheStores`); nil when one is not, when
    /// no store is known to hold it, or when the stores cannot be told apart.
    package func cacheReason(holding version: SchemaVersion) -> String? {
        guard readsWholeApp, topology.isComplete else { return nil }
        let refills = StoreRefills(project)
        return CacheStores.common(topology.stores(holding: version).map { cacheReason(of: $0, refills) })
    }

    /// Why one store is evidently a cache.
    package func cacheReason(of store: StoreTopology.Store) -> String? {
        readsWholeApp && !store.isPooled ? cacheReason(of: store, StoreRefills(project)) : nil
    }

    private func cacheReason(of store: StoreTopology.Store, _ refills: StoreRefills) -> String? {
        if let reason = CacheStores.reason(of: store.location) { return reason }
        guard !refills.wipes.isEmpty, store.location.kind != .unknown else { return nil }
        let location = store.location
        let file = (location.path ?? StorePath(storeKey: location.key))?.file ?? location.file
        var models: Set<String>? = []
        for container in store.containers {
            guard let written = container.models ?? container.versionedSchema.flatMap({ id in
                project.versions.first { $0.id == id }?.models
            }) else {
                models = nil
                break
            }
            models?.formUnion(written.compactMap { $0.written.path?.last })
        }
        let appStores = topology.stores.filter { !$0.isPooled }
        let containers = Set(project.containers.filter { $0.purpose == .app }.map(\.location))
        let onlyStore = appStores.count == 1 && !project.coreDataStores.contains { $0.purpose == .app }
        let wipe = refills.wipe(
            file: file, models: models, onlyStore: onlyStore,
            onlyContainer: containers.count == 1 && Set(store.containers.map(\.location)) == containers)
        return wipe.map(StoreRefills.reason)
    }

    /// Why every file the app's Core Data stacks open a bundle at is evidently a cache (`CoreDataStoreFiles`), or
    /// why the app empties and refills them (`StoreRefills`).
    package func cacheReason(ofBundle key: String) -> String? {
        guard readsWholeApp else { return nil }
        let files = coreDataStoreFiles
        if let reason = files.cacheReasons[key] { return reason }
        let refills = StoreRefills(project)
        guard !refills.wipes.isEmpty, !project.containers.contains(where: { $0.purpose == .app }) else { return nil }
        guard let opened = files.certain[key], !opened.isEmpty else {
            // One stack whose file cannot be read, the app's only store, opening this bundle: what empties the
            // app's only store empties it, whatever its file is called.
            let stacks = project.coreDataStores.filter { $0.purpose == .app }
            let bundles = project.modelBundles.filter(\.ships)
            guard stacks.count == 1, let bundle = bundles.first(where: { $0.key == key }),
                stacks[0].model == bundle.name || bundles.count == 1
            else { return nil }
            return refills.wipe(file: nil, models: nil, onlyStore: true, onlyContainer: false).map(StoreRefills.reason)
        }
        let onlyStore = Set(files.allFiles).count == 1
        // Recorded by place (`file:⟨Application Support⟩/Feed.sqlite`): a delete names the file.
        return CacheStores.common(opened.map(CoreDataStoreFiles.fileName).map { file in
            refills.wipe(file: file, models: nil, onlyStore: onlyStore, onlyContainer: false).map(StoreRefills.reason)
        })
    }
}

extension Finding.Message {
    /// A data-loss message about a store that is evidently a cache: the reason said in the headline and the detail.
    func inCache(_ reason: String) -> Self {
        // `the app deletes and refills this store at Sync.swift:12`: a sentence of its own.
        let refilled = reason.hasPrefix("the app ")
        let said = refilled ? reason : "in a store \(reason): the app can refill it"
        let why = refilled ? "T" + reason.dropFirst() : "The store is \(reason)"
        let short = refilled ? "in a store the app refills" : "in a cache store"
        return Self(
            id: id,
            Self.fitting(
                "\(headline) (\(said))", "\(headline) (\(short))", "\(headline) (in a cache store)", headline),
            detail: Self.join(detail, "\(why), so what it loses is what the app fetches again"),
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
