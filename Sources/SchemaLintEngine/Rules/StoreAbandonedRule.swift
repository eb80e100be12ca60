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
