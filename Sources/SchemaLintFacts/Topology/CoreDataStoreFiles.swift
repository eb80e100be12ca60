import SchemaLintModel

/// Which store files each Core Data model bundle is opened at by the app's stacks now (`Project.coreDataStores`), and
/// which locked versions are held only in files nothing opens any more: an app that moved to a new file (Twidere
/// 1.2: `shared.sqlite` → `shared_v2.sqlite`) leaves its users' rows in the old one and starts the new one empty, so
/// the versions that file held no longer migrate to anything.
///
/// A bundle's files are certain only when every app stack that may open it names its file and its model in a way
/// schemalint read. Without a stack in the sources, or with one it cannot read, nothing is concluded: those versions
/// are judged as migrating, as before stores were told apart.
package struct CoreDataStoreFiles: Sendable {
    /// The files the app's Core Data stacks open (tests, previews and in-memory stores left out), in source order.
    package private(set) var stores: [CoreDataStore] = []
    /// Bundle key → the files app stacks open it at, when every such stack was read.
    private(set) var certain: [String: [String]] = [:]
    /// Bundles an app stack may open at a file (or with a model) schemalint cannot read.
    private(set) var uncertain: Set<String> = []
    /// Some code carries a store's rows to another file (`migratePersistentStore`, a file copied or moved).
    package private(set) var copiesStores = false
    /// Bundles no app stack opens, in an app whose stacks all name their model: no store holds their versions
    /// (wallabag compiled a `Shared` model for years that its only stack, on another bundle, never loaded).
    private(set) var unopened: Set<String> = []
    /// Bundles the app's stacks open only in memory, where every stack was read: no store on disk holds their
    /// versions, so an edit of one breaks no user's file.
    package private(set) var inMemoryOnly: Set<String> = []
    /// Bundle key → why every file app stacks open it at is evidently a cache (`CacheStores`), when the files are
    /// certain and each says so.
    private(set) var cacheReasons: [String: String] = [:]

    /// No stack and no bundle: nothing is known.
    package init() {}

    /// `readsWholeApp`: the files are the whole app, so a bundle no stack here opens is opened by none.
    package init(_ project: Project, readsWholeApp: Bool = false) {
        copiesStores = !project.storeCopies.isEmpty
        stores = project.coreDataStores.filter { $0.purpose == .app }
        let bundles = project.modelBundles.filter { $0.ships }
        var files: [String: Set<String>] = [:]
        var reasons: [String: [String?]] = [:]
        for store in stores {
            let opened: [ModelBundle]
            if let model = store.model, !store.modelUnread {
                opened = bundles.filter { $0.name == model }
            } else if bundles.count == 1 {
                // The app's only model: whatever the code loads, it is this one.
                opened = bundles
            } else {
                uncertain.formUnion(bundles.map(\.key))
                continue
            }
            for bundle in opened {
                if let file = store.file, let key = store.key {
                    files[bundle.key, default: []].insert(key)
                    reasons[bundle.key, default: []].append(CacheStores.reason(path: store.path, file: file))
                } else {
                    uncertain.insert(bundle.key)
                }
            }
        }
        for (key, names) in files where !uncertain.contains(key) {
            certain[key] = names.sorted()
            cacheReasons[key] = CacheStores.common(reasons[key] ?? [])
        }
        if readsWholeApp, !stores.isEmpty {
            unopened = Set(bundles.map(\.key).filter { files[$0] == nil && !uncertain.contains($0) })
        }
        // Bundles the whole app's stacks open only in memory (`/dev/null`, an in-memory type), every stack read.
        if readsWholeApp, uncertain.isEmpty {
            let inMemory = project.coreDataStores.filter { $0.purpose == .inMemory && !$0.modelUnread }
            let named = Set(inMemory.compactMap(\.model))
            inMemoryOnly = Set(bundles.filter { named.contains($0.name) && files[$0.key] == nil }.map(\.key))
        }
    }

    /// Every file some bundle's stacks open, certainly, by name.
    var allFiles: [String] { certain.values.flatMap { $0.map(Self.fileName) } }

    /// The files to record as holding a bundle's versions (`LockedModelVersion.heldIn`), when they are certain: none
    /// for a bundle no stack opens. Each is its place where known (`file:⟨Documents⟩/Model.sqlite`), else its name.
    package func files(of bundleKey: String) -> [String]? {
        certain[bundleKey] ?? (unopened.contains(bundleKey) ? [] : nil)
    }

    /// The names of the files a bundle's stacks open (`Model.sqlite`), when they are certain.
    package func fileNames(of bundleKey: String) -> [String]? { files(of: bundleKey)?.map(Self.fileName) }

    /// The locked versions of a bundle held only in files no app stack opens now: version name → those files. Empty
    /// unless the whole app was read, its stacks' files are certain and no code copies a store to another file.
    ///
    /// With `partly`, instead, the versions still held in a file opened now too, with the files they were also held
    /// in that are certainly none opened now: a release moved the store (SwiftCalendar's `migratePersistentStore`
    /// into the App Group, recorded as held in both files) and a later one opens only the new file without carrying
    /// the old one, so users updating from before the move find an empty store.
    package func leftBehind(
        _ bundleKey: String, _ locked: LockedBundle, readsWholeApp: Bool, partly: Bool = false
    ) -> [String: [String]] {
        guard readsWholeApp, !copiesStores, let now = certain[bundleKey] else { return [:] }
        var result: [String: [String]] = [:]
        for (name, entry) in locked.versions where entry.retired == nil {
            guard let held = entry.heldIn else { continue }
            if !partly {
                if Self.isLeftBehind(held, now: now) { result[name] = held }
                continue
            }
            let left = held.filter { Self.isLeftBehind([$0], now: now) }
            if !left.isEmpty, left.count < held.count { result[name] = left }
        }
        return result
    }

    // MARK: Files as the lockfile records them

    /// The place a recorded file is (`file:⟨Documents⟩/Model.sqlite`); for a bare name (what lockfiles recorded
    /// before places were, or a file whose folder cannot be read), that name in a folder that cannot be told.
    package static func place(_ key: String) -> StorePath {
        if key.hasPrefix("file:"), let place = StorePath(evaluated: String(key.dropFirst("file:".count))) {
            return place
        }
        return StorePath(base: .unknown, components: [key])
    }

    /// A recorded file's name.
    package static func fileName(_ key: String) -> String { place(key).file ?? key }

    /// Whether files recorded as holding a version (`heldIn`) are all other files than every one opened now: each
    /// pair named differently, or both in known folders that differ (a store moved from Documents to an App Group
    /// under one name). A bare name beside a place of the same name cannot be told, so it is never a move.
    package static func isLeftBehind(_ held: [String], now: [String]) -> Bool {
        !held.isEmpty && held.allSatisfy { old in
            now.allSatisfy { place(old).compared(with: place($0)) == .different }
        }
    }

    /// How messages name recorded files: by name, or by folder and name where a file of the same name is in `others`
    /// (`Documents/Model.sqlite` beside `App Group group.x/Model.sqlite`).
    package static func displayNames(_ keys: [String], beside others: [String]) -> [String] {
        // A name two of `keys` share (each platform's App Group holding `store.sqlite`) is no name either.
        let own = Dictionary(grouping: keys, by: fileName).filter { $0.value.count > 1 }.keys
        let names = Set(others.map(fileName)).union(own)
        return keys.map { key in
            names.contains(fileName(key)) ? StoreLocation.displayName(key: key) : fileName(key)
        }
    }
}

extension RuleContext {
    /// Whether a recorded Core Data file may be one a SwiftData app container opens now: SwiftData took it over
    /// (QuickToDo's `ModelConfiguration(url:)` on its Core Data file, its Core Data stack moved to another name).
    package func openedBySwiftData(_ key: String) -> Bool {
        topology.stores.contains { store in
            StorePath(storeKey: store.location.key).map {
                CoreDataStoreFiles.place(key).compared(with: $0) != .different
            } ?? false
        }
    }

    /// Whether a recorded SwiftData store may be a file an app's Core Data stack opens now: Core Data took it over
    /// (heritg's stack, its model built in code, on SwiftData's `default.store`). A stack whose folder cannot be told
    /// may be it when the file's name is the store's.
    package func openedByCoreData(_ storeKey: String) -> Bool {
        guard let place = StorePath(storeKey: storeKey) else { return false }
        return project.coreDataStores.contains { store in
            guard store.purpose == .app else { return false }
            if let path = store.path { return path.compared(with: place) != .different }
            return store.file == place.file
        }
    }

    /// `CoreDataStoreFiles` of this analysis, worked out once with the store topology.
    package var coreDataStoreFiles: CoreDataStoreFiles { topology.coreData }

    /// The locked versions of a bundle whose stores the app left behind (`CoreDataStoreFiles.leftBehind`).
    package func coreDataLeftBehind(_ bundleKey: String, partly: Bool = false) -> [String: [String]] {
        guard let locked = lockfile?.coreData?[bundleKey] else { return [:] }
        return coreDataStoreFiles.leftBehind(bundleKey, locked, readsWholeApp: readsWholeApp, partly: partly)
    }
}
