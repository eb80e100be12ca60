import SchemaLintFacts
import SchemaLintModel

/// The lockfile records states of a store that no app container opens any more: the store moved (another App Group,
/// another name or URL) or its container was removed. SwiftData does not move data between store files, so what users
/// had there stays on their devices, unread, and the app starts from an empty store.
///
/// Only entries that say which store held them (`heldIn`, written by `lock` since stores are told apart) are judged,
/// and only while every app container's store can be told. A move made on purpose (a cache) is retired with
/// `schemalint lock --accept KEY --reason "..."`.
public struct StoreAbandonedRule: Rule {
    public let id = RuleID.storeAbandoned
    public let defaultSeverity = Severity.warning
    public let summary = "A store that shipped (recorded in schemalint.lock) is opened by no app container any more."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        return swiftDataStores(context, lockfile) + coreDataStores(context, lockfile)
    }

    /// A Core Data bundle's locked versions held only in files its stacks no longer open (`CoreDataStoreFiles`):
    /// reported where the app opens its file now, once per bundle and left-behind files.
    private func coreDataStores(_ context: RuleContext, _ lockfile: Lockfile) -> [Finding] {
        guard context.project.modelBundlesRead else { return [] }
        let files = context.coreDataStoreFiles
        var findings: [Finding] = []
        for (bundleKey, locked) in (lockfile.coreData ?? [:]).sorted(by: { $0.key < $1.key }) {
            // A file SwiftData opens now is not left behind (its own checks are SwiftData's).
            // Versions held only in old files, and those also held in an old file beside the one opened now.
            let left = files.leftBehind(bundleKey, locked, readsWholeApp: context.readsWholeApp)
                .merging(files.leftBehind(bundleKey, locked, readsWholeApp: context.readsWholeApp, partly: true)) {
                    $1
                }
                .filter { _, held in !held.contains(where: context.openedBySwiftData) }
            guard !left.isEmpty, let now = files.files(of: bundleKey) else {
                findings += takenOverElsewhere(bundleKey, locked, context, lockfile)
                continue
            }
            var byFiles: [[String]: [String]] = [:]
            for (name, held) in left { byFiles[held, default: []].append(name) }
            let bundleName = context.project.modelBundles.first { $0.key == bundleKey }?.name
            let openings = files.stores.filter { store in
                store.key.map(now.contains) == true
                    && (store.model == nil || store.modelUnread || store.model == bundleName)
            }
            for held in byFiles.keys.sorted(by: { $0.joined() < $1.joined() }) {
                // At the stack opening a file in the folder the old one was in (the App Group stack that renamed
                // its file, not another stack of the bundle: git-annex-turtle), else the first.
                let bases = Set(held.map { CoreDataStoreFiles.place($0).base })
                let opening =
                    openings.first { store in
                        store.key.map { bases.contains(CoreDataStoreFiles.place($0).base) } == true
                    } ?? openings.first
                let location =
                    opening?.location
                    ?? SourceLocation(
                        file: lockfile.path ?? Lockfile.defaultFileName, line: lockfile.keyLines[bundleKey] ?? 1,
                        column: 1)
                let names = BundleVersionOrder(locked).sorted(byFiles[held]!, by: { $0 })
                // Named by folder too where the file kept its name (moved to another folder).
                let (old, opened) = (
                    CoreDataStoreFiles.displayNames(held, beside: now),
                    CoreDataStoreFiles.displayNames(now, beside: held))
                findings.append(
                    finding(
                        location, about: .store(old.joined(separator: ", ")),
                        .coreDataStoreAbandoned(files: old, bundle: bundleKey, versions: names, opened: opened)))
            }
        }
        return findings
    }

    /// A bundle no Core Data stack opens now whose models a SwiftData container opens in another file than every one
    /// its versions are held in (SwiftCalendar moved to SwiftData in the App Group): what those files hold is left
    /// behind, unless code copies stores. Reported at the SwiftData container.
    private func takenOverElsewhere(
        _ bundleKey: String, _ locked: LockedBundle, _ context: RuleContext, _ lockfile: Lockfile
    ) -> [Finding] {
        let moved = CoreDataAdoption.movedAway(bundleKey, context)
        guard let first = moved.first else { return [] }
        var byFiles: [[String]: [String]] = [:]
        for (name, entry) in locked.versions where entry.retired == nil {
            guard let held = entry.heldIn, !held.isEmpty else { continue }
            byFiles[held, default: []].append(name)
        }
        let opened = moved.map(\.store.location.key)
        return byFiles.keys.sorted(by: { $0.joined() < $1.joined() }).map { held in
            let names = BundleVersionOrder(locked).sorted(byFiles[held]!, by: { $0 })
            return finding(
                first.store.containers.first?.location ?? SourceLocation(
                    file: lockfile.path ?? Lockfile.defaultFileName, line: lockfile.keyLines[bundleKey] ?? 1,
                    column: 1),
                about: .store(CoreDataStoreFiles.displayNames(held, beside: opened).joined(separator: ", ")),
                .coreDataStoreAbandoned(
                    files: CoreDataStoreFiles.displayNames(held, beside: opened), bundle: bundleKey, versions: names,
                    opened: opened.map { StoreLocation.displayName(key: $0) }))
        }
    }

    private func swiftDataStores(_ context: RuleContext, _ lockfile: Lockfile) -> [Finding] {
        // Nothing in the app opens a SwiftData store or declares a model any more (an app that dropped SwiftData:
        // WebShield's trusted sites): every locked state is left unread, whichever store held it. Only when the whole
        // app was read: a folder picked within it, or a few files, may just not hold the schema.
        let active = lockfile.versionKeys.filter { lockfile.versions[$0]?.retired == nil }
        // A Core Data stack opening a file the states were held in took that store over: not left behind.
        let takenOver = active.contains { key in
            lockfile.versions[key]?.heldIn?.contains(where: context.openedByCoreData) == true
        }
        // Tests', previews' and in-memory containers left behind open none of users' stores (TinyTastesTracker kept
        // its persistence tests after moving to another database).
        if context.readsWholeApp, !active.isEmpty, !context.project.containers.contains(where: { $0.purpose == .app }),
            context.project.versions.isEmpty, !takenOver
        {
            let location = SourceLocation(
                file: lockfile.path ?? "schemalint.lock", line: lockfile.keyLines[active[0]] ?? 1, column: 1)
            return [finding(location, about: .store("every store"), .noStoreOpened(keys: active))]
        }
        guard context.topology.isComplete else { return [] }
        var byStores: [[String]: [String]] = [:]
        for key in lockfile.versionKeys {
            guard let locked = lockfile.versions[key], locked.retired == nil else { continue }
            switch StateAssignment.holder(of: key, locked, in: context) {
            case let .orphaned(stores) where !stores.contains(where: context.openedByCoreData):
                byStores[stores, default: []].append(key)
            case .stores:
                // Still held in another store it was recorded in: the ones nothing opens now are left behind all the
                // same (Shlf moved its phone store while its watch kept its own copy of the state).
                let left = StateAssignment.leftBehind(of: locked, in: context)
                if !left.isEmpty { byStores[left, default: []].append(key) }
            default:
                continue
            }
        }
        let opened = context.topology.stores.map(\.name).sorted()
        let orphaned = byStores.keys.sorted { $0.joined() < $1.joined() }.map { stores in
            let keys = byStores[stores]!
            let location = SourceLocation(
                file: lockfile.path ?? "schemalint.lock", line: lockfile.keyLines[keys[0]] ?? 1, column: 1)
            // The same file name, put in an App Group by the entitlements the targets gained.
            let grouped = context.topology.stores.first {
                $0.location.inGroupByEntitlements && $0.location.writtenKey.map(stores.contains) == true
            }
            return finding(
                location, about: .store(stores.joined(separator: ", ")),
                .storeAbandoned(stores: stores, keys: keys, opened: opened, intoGroup: grouped?.name))
        }
        return orphaned + leftToExtensions(lockfile, context)
    }

    /// Judged per app container: a store the app's states were locked in that only extensions (a widget, an intents
    /// or share extension) open now, while the app's containers open another store that holds those states: the app
    /// moved its data and left the old file behind. Today's stores matching the recorded ones by name would otherwise
    /// hide it. A default store is each target's own file, so the extension's is not the app's; a named or App Group
    /// file it still opens, it migrates to its own models, and the app never reads the rows there again.
    ///
    /// Only where the targets are told apart (project files, or extensions' folders beside the app's): an extension
    /// whose kind cannot be told, or the app itself still opening the store (an App Intent compiled into the app),
    /// is no finding.
    private func leftToExtensions(_ lockfile: Lockfile, _ context: RuleContext) -> [Finding] {
        let stores = context.topology.stores
        let appStores = stores.filter { $0.role == .app }
        guard !appStores.isEmpty else { return [] }
        var byStores: [[String]: (keys: [String], app: StoreTopology.Store, holds: Bool)] = [:]
        for key in lockfile.versionKeys {
            guard let locked = lockfile.versions[key], locked.retired == nil, let recorded = locked.heldIn,
                !recorded.isEmpty, recorded.allSatisfy(StoreLocation.isCertain(key:))
            else { continue }
            let named = stores.filter { $0.location.isRecorded(in: recorded, ownContainer: locked.heldInOwnContainer) }
            // The app's store that holds the state now; else one no locked state was held in, new in this release
            // with models of its own, where the old one was the app's own file. One in an App Group is left out:
            // whether the app could open it then is its entitlements' to say, and the lockfile does not record them
            // (expense-tracker's old app named a group it was not entitled to).
            guard !named.isEmpty, named.allSatisfy({ $0.role == .appExtension }) else { continue }
            let holding = appStores.first { Self.holds($0, key, locked, context) }
            let inGroup = recorded.contains(where: Self.isInAppGroup)
            guard let app = holding ?? (inGroup ? nil : appStores.first(where: { Self.isNew($0, lockfile) })) else {
                continue
            }
            byStores[recorded, default: (keys: [], app: app, holds: holding != nil)].keys.append(key)
        }
        return byStores.keys.sorted { $0.joined() < $1.joined() }.compactMap { recorded in
            let (keys, app, holds) = byStores[recorded]!
            guard let container = zip(app.containers, app.roles).first(where: { $0.1 == .app })?.0 else { return nil }
            let extensions = stores.filter { $0.location.isRecorded(in: recorded) }
            return finding(
                container.location, about: .store(recorded.joined(separator: ", ")),
                .storeLeftToExtensions(
                    stores: recorded, keys: keys, appStore: app.location.description,
                    extensions: Array(Set(extensions.flatMap(\.targets))).sorted(),
                    openedAt: extensions.flatMap(\.containers).first?.location,
                    ownFile: extensions.allSatisfy { $0.location.kind == .defaultStore }, holdsStates: holds),
                notes: extensions.flatMap(\.containers).prefix(3).map {
                    Finding.Note($0.location, "an extension still opens \(recorded.joined(separator: ", ")) here")
                })
        }
    }

    /// Whether a recorded key names a store in an App Group's folder (`file:⟨group:…⟩/…`, `group.x/default.store`).
    private static func isInAppGroup(_ key: String) -> Bool {
        let own = StoreLocation.device(ofKey: key).key
        if own.hasPrefix("file:") { return own.contains("⟨group:") }
        return !own.hasPrefix("url:") && own.contains("/")
    }

    /// Whether no state the lockfile records (retired or not) was held in `store`, a store whose place is known: one
    /// the app opens for the first time.
    private static func isNew(_ store: StoreTopology.Store, _ lockfile: Lockfile) -> Bool {
        // A store whose place cannot be told may be the recorded one.
        guard StoreLocation.isCertain(key: store.location.key) else { return false }
        return !lockfile.versions.values.contains { locked in
            guard let held = locked.heldIn else { return true }
            return store.location.isRecorded(in: held, ownContainer: locked.heldInOwnContainer)
        }
    }

    /// Whether an app store holds the locked state now: its version by name, or one with its checksum.
    private static func holds(
        _ store: StoreTopology.Store, _ key: String, _ locked: LockedVersion, _ context: RuleContext
    ) -> Bool {
        if let declared = context.project.version(key: key), store.holds(declared) { return true }
        return store.versions.contains { context.analysis(of: $0)?.hashes.checksum == locked.checksum }
    }
}

extension Finding.Message {
    static func noStoreOpened(keys: [String]) -> Self {
        Self(
            id: "none-opened",
            "No code here opens a SwiftData store any more: users' data in \(keys.count == 1 ? "it" : "them") is left "
                + "behind, unread",
            detail: "schemalint.lock records \(keys.joined(separator: ", ")) as shipped, and these sources declare no "
                + "model and open no container: SwiftData never reads those stores again and the app starts without "
                + "what users saved (or the code that opens them is somewhere schemalint was not shown)",
            fix: "Read the old store and move its rows before dropping SwiftData; if leaving it is intended, run "
                + "`schemalint lock --accept \(keys[0]) --reason \"...\"` for each state to retire it")
    }

    static func coreDataStoreAbandoned(files: [String], bundle: String, versions: [String], opened: [String]) -> Self {
        let held = versions.count > 3 ? versions.prefix(2).joined(separator: ", ") + " and \(versions.count - 2) more"
            : versions.joined(separator: ", ")
        let (are, it) = files.count == 1 ? ("is", "it") : ("are", "them")
        let named = Finding.Message.fitting(
            "\(files.joined(separator: ", ")) \(are) no longer opened (the app opens "
                + "\(opened.joined(separator: ", ")) now): users' data in \(it) is left behind, unread",
            "\(files.joined(separator: ", ")) \(are) no longer opened: users' data in \(it) is left behind, unread")
        let headline =
            files.count == 1 || named.count <= Finding.Message.headlineLimit
            ? named : "\(files[0]) and \(files.count - 1) more are no longer opened: users' data in them is left unread"
        return Self(
            id: "core-data-abandoned",
            headline,
            detail: "\(bundle) stores of \(held) were written to \(files.joined(separator: ", ")) by shipped builds, "
                + "and the app's Core Data stacks open \(opened.joined(separator: ", ")) now: Core Data does not move "
                + "rows between files, so the new file starts empty and the old one stays on users' devices, unread",
            fix: "Copy the old store into the new file before opening it (`migratePersistentStore(_:to:options:type:)` "
                + "or `replacePersistentStore`); if leaving it is intended (a cache), run `schemalint lock --accept "
                + "\(bundle) --reason \"...\"` to retire those versions")
    }

    static func storeLeftToExtensions(
        stores: [String], keys: [String], appStore: String, extensions: [String], openedAt: SourceLocation?,
        ownFile: Bool, holdsStates: Bool = true
    ) -> Self {
        let old = stores.map(StoreLocation.displayName(key:)).joined(separator: ", ")
        let others = extensions.isEmpty ? "its extension" : extensions.joined(separator: ", ")
        let at = openedAt.map { " (\($0.file):\($0.line))" } ?? ""
        let what =
            ownFile
            ? "The default store \(others) opens\(at) is its own file unless the two share an App Group; either way "
                + "the app never reads what users saved in its \(old) again, and starts without it"
            : "\(others) still opens that file\(at) with its own models: it migrates the file to them (dropping what "
                + "they do not store) and the app never reads the rows users saved there again"
        return Self(
            id: "left-to-extensions",
            fitting(
                "The app moved off \(old) and only \(others) still opens it: users' data there is left behind",
                "The app moved off \(old) and only its extensions still open it: users' data there is left behind",
                "The app moved off the store that held its shipped states: users' data there is left behind"),
            detail: "\(old) held \(keys.joined(separator: ", ")) in shipped builds. The app's containers open "
                + "\(appStore) now, "
                + (holdsStates ? "with the models those states stored. " : "a store no shipped build opened. ")
                + what,
            fix:
                "Before the app first uses \(appStore), open the old store (a container on its file) and copy its rows "
                + "over, and move \(others) to the new store too; if leaving it is intended, run `schemalint lock "
                + "--accept \(keys[0]) --reason \"...\"` for each state to retire it")
    }

    /// `intoGroup`: the store opened now under the same name in the App Group the targets' entitlements gained.
    static func storeAbandoned(stores: [String], keys: [String], opened: [String], intoGroup: String? = nil) -> Self {
        let stores = stores.map(StoreLocation.displayName(key:))
        let now = opened.isEmpty ? "" : " (the app containers open \(opened.joined(separator: ", ")) now)"
        let headline =
            intoGroup != nil && stores.count == 1
            ? "The app's own \(stores[0]) is left behind: its entitlements now name an App Group, which holds a new one"
            : stores.count == 1
                ? "\(stores[0]) is no longer opened: users' data in it is left behind, unread"
                : "\(stores[0]) and \(stores.count - 1) more are no longer opened: users' data in them is left unread"
        let moved = intoGroup.map {
            ". A configuration left at `groupContainer: .automatic` keeps its store in the App Group the target is "
                + "entitled to, so the app now opens \($0) in the group's folder"
        } ?? ""
        return Self(
            id: intoGroup == nil ? "abandoned" : "abandoned-into-group", headline,
            detail: "\(stores.joined(separator: ", ")) held \(keys.joined(separator: ", ")) in shipped builds, and no "
                + "app container opens it any more\(now)\(moved): SwiftData does not move data between store files, so "
                + "what users saved there stays on their devices, unread, and the app starts empty",
            fix: "Open the old store and copy its rows over before using the new one; if leaving it is intended (a "
                + "cache), run `schemalint lock --accept \(keys[0]) --reason \"...\"` for each state to retire it")
    }
}
