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
            let left = files.leftBehind(bundleKey, locked, readsWholeApp: context.readsWholeApp)
            guard !left.isEmpty, let now = files.files(of: bundleKey) else { continue }
            var byFiles: [[String]: [String]] = [:]
            for (name, held) in left { byFiles[held, default: []].append(name) }
            let bundleName = context.project.modelBundles.first { $0.key == bundleKey }?.name
            let opening = context.project.coreDataStores.first { store in
                store.purpose == .app && store.file.map(now.contains) == true
                    && (store.model == nil || store.modelUnread || store.model == bundleName)
            }
            let location =
                opening?.location
                ?? SourceLocation(
                    file: lockfile.path ?? Lockfile.defaultFileName, line: lockfile.keyLines[bundleKey] ?? 1, column: 1)
            for held in byFiles.keys.sorted(by: { $0.joined() < $1.joined() }) {
                let names = BundleVersionOrder(locked).sorted(byFiles[held]!, by: { $0 })
                findings.append(
                    finding(
                        location, about: .store(held.joined(separator: ", ")),
                        .coreDataStoreAbandoned(files: held, bundle: bundleKey, versions: names, opened: now)))
            }
        }
        return findings
    }

    private func swiftDataStores(_ context: RuleContext, _ lockfile: Lockfile) -> [Finding] {
        // Nothing in the app opens a SwiftData store or declares a model any more (an app that dropped SwiftData:
        // WebShield's trusted sites): every locked state is left unread, whichever store held it. Only when the whole
        // app was read: a folder picked within it, or a few files, may just not hold the schema.
        let active = lockfile.versionKeys.filter { lockfile.versions[$0]?.retired == nil }
        if context.readsWholeApp, !active.isEmpty, context.project.containers.isEmpty,
            context.project.versions.isEmpty
        {
            let location = SourceLocation(
                file: lockfile.path ?? "schemalint.lock", line: lockfile.keyLines[active[0]] ?? 1, column: 1)
            return [finding(location, about: .store("every store"), .noStoreOpened(keys: active))]
        }
        guard context.topology.isComplete else { return [] }
        var byStores: [[String]: [String]] = [:]
        for key in lockfile.versionKeys {
            guard let locked = lockfile.versions[key], locked.retired == nil,
                case let .orphaned(stores) = StateAssignment.holder(of: key, locked, in: context)
            else { continue }
            byStores[stores, default: []].append(key)
        }
        let opened = context.topology.stores.map(\.name).sorted()
        return byStores.keys.sorted { $0.joined() < $1.joined() }.map { stores in
            let keys = byStores[stores]!
            let location = SourceLocation(
                file: lockfile.path ?? "schemalint.lock", line: lockfile.keyLines[keys[0]] ?? 1, column: 1)
            return finding(
                location, about: .store(stores.joined(separator: ", ")),
                .storeAbandoned(stores: stores, keys: keys, opened: opened))
        }
    }
}

extension RuleID {
    public static let storeAbandoned: RuleID = "store_abandoned"
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
        return Self(
            id: "core-data-abandoned",
            Finding.Message.fitting(
                "\(files.joined(separator: ", ")) is no longer opened (the app opens \(opened.joined(separator: ", ")) "
                    + "now): users' data in it is left behind, unread",
                "\(files.joined(separator: ", ")) is no longer opened: users' data in it is left behind, unread"),
            detail: "\(bundle) stores of \(held) were written to \(files.joined(separator: ", ")) by shipped builds, "
                + "and the app's Core Data stacks open \(opened.joined(separator: ", ")) now: Core Data does not move "
                + "rows between files, so the new file starts empty and the old one stays on users' devices, unread",
            fix: "Copy the old store into the new file before opening it (`migratePersistentStore(_:to:options:type:)` "
                + "or `replacePersistentStore`); if leaving it is intended (a cache), run `schemalint lock --accept "
                + "\(bundle) --reason \"...\"` to retire those versions")
    }

    static func storeAbandoned(stores: [String], keys: [String], opened: [String]) -> Self {
        let now = opened.isEmpty ? "" : " (the app containers open \(opened.joined(separator: ", ")) now)"
        let headline =
            stores.count == 1
            ? "\(stores[0]) is no longer opened: users' data in it is left behind, unread"
            : "\(stores[0]) and \(stores.count - 1) more are no longer opened: users' data in them is left unread"
        return Self(
            id: "abandoned", headline,
            detail: "\(stores.joined(separator: ", ")) held \(keys.joined(separator: ", ")) in shipped builds, and no "
                + "app container opens it any more\(now): SwiftData does not move data between store files, so what "
                + "users saved there stays on their devices, unread, and the app starts empty",
            fix: "Open the old store and copy its rows over before using the new one; if leaving it is intended (a "
                + "cache), run `schemalint lock --accept \(keys[0]) --reason \"...\"` for each state to retire it")
    }
}
