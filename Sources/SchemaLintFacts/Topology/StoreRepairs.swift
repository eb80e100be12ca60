import SchemaLintModel

extension RuleContext {
    /// The repair the app runs when these stores fail to open (`Project.storeRepairs`): each store has an app
    /// container whose failed open leads to code rewriting the store's version metadata before it opens it again.
    /// Whether an old store then opens is decided by that code, which schemalint does not run, so the findings that
    /// predict it fails to open are told as "cannot tell". nil when a store has none, or there are no stores.
    package func repair(of stores: [StoreTopology.Store]) -> StoreRepair? {
        guard !stores.isEmpty, !project.storeRepairs.isEmpty else { return nil }
        var first: StoreRepair?
        for store in stores {
            let containers = Set(store.containers.map(\.location))
            guard let repair = project.storeRepairs.first(where: { !containers.isDisjoint(with: $0.containers) })
            else { return nil }
            first = first ?? repair
        }
        return first
    }
}

extension StoreRepair {
    /// The note findings lowered by it carry, at the place the failure path reaches the repair.
    package var note: Finding.Note {
        let helper = helper.map { " (`\($0)`)" } ?? ""
        return Finding.Note(
            reachedFrom,
            "when the store fails to open, the app rewrites its version metadata\(helper) and opens it again: whether "
                + "that repair covers this change is decided by the app's code, which schemalint does not run; open a "
                + "store written by the locked release with this build to know")
    }
}
