import SchemaLintModel

/// Which store holds each locked state, so each shipped state is checked against the plan and models of the store
/// that holds it, never another store's.
///
/// An entry `lock` wrote with `heldIn` names its stores; one from an earlier release is assigned by what the sources
/// say now: the stores holding its version, else its checksum, else (an unversioned state, or a version whose type is
/// gone or that no plan lists any more) the store sharing the most entity names with it. A version a test's or a
/// preview's plan lists, or that no store holds while its type is still declared and some plan lists it, is declared
/// only: no store of the app holds it, and no shipped-state rule looks at it.
public enum StateAssignment {
    public enum Holder {
        case stores([StoreTopology.Store])
        /// Its type is still declared, but no app container's store holds it (a namespace, a test's plan).
        case declaredOnly
        /// `heldIn` names stores no app container opens any more.
        case orphaned([String])
        /// `heldIn` names stores none of today's matches, but a key on either side is not certain (a URL's
        /// expression, a constant another platform's build sets otherwise): schemalint cannot tell whether the store
        /// moved, so nothing is claimed either way.
        case unmatched([String])
    }

    public static func holder(of key: String, _ locked: LockedVersion, in context: RuleContext) -> Holder {
        let topology = context.topology
        let project = context.project
        let declared = project.version(key: key)
        // A version only in-memory containers open was never written to disk, whatever an earlier lock recorded.
        if let declared,
            !onlyInMemoryContainers(
                opening: declared, project, topology: topology, readsWholeApp: context.readsWholeApp
            ).isEmpty
        {
            return .declaredOnly
        }
        if topology.isPooled { return .stores(topology.stores) }
        let own = locked.heldInOwnContainer
        // A recorded store no container opens now that the app's own code moves or copies away is carried to where
        // it opens now: assigned from the sources, as an earlier release's entry is, never left behind.
        if let recorded = locked.heldIn, !recorded.isEmpty,
            topology.stores.contains(where: { $0.location.isRecorded(in: recorded, ownContainer: own) })
                || !isCarried(recorded, project, topology)
        {
            let named = topology.stores.filter { $0.location.isRecorded(in: recorded, ownContainer: own) }
            // Left behind only when the recorded stores and every store opened now name their files for certain;
            // else the state is assigned as an earlier release's entry is.
            let certain = recorded.allSatisfy(StoreLocation.isCertain(key:))
                && topology.stores.allSatisfy {
                    $0.location.kind != .unknown && StoreLocation.isCertain(key: $0.location.key)
                }
            if named.isEmpty { return certain ? .orphaned(recorded) : .unmatched(recorded) }
            if let declared {
                let holding = named.filter { $0.holds(declared) }
                if !holding.isEmpty { return .stores(holding) }
            }
            return .stores(named)
        }
        if let declared {
            let holding = topology.stores(holding: declared)
            if !holding.isEmpty { return .stores(holding) }
        }
        let byChecksum = topology.stores.filter { store in
            store.versions.contains { context.analysis(of: $0)?.hashes.checksum == locked.checksum }
        }
        if !byChecksum.isEmpty { return .stores(byChecksum) }
        if let declared, !declared.isImplicit, isListedElsewhere(declared, context) { return .declaredOnly }
        let names = Set(locked.entities.map(\.name))
        func shared(_ store: StoreTopology.Store) -> Int {
            let held = store.versions.flatMap { context.analysis(of: $0)?.snapshot.map(\.name) ?? [] }
            return names.intersection(held).count
        }
        guard let best = topology.stores.max(by: { shared($0) < shared($1) }), shared(best) > 0 else {
            return declared == nil ? .stores([]) : .declaredOnly
        }
        return .stores(topology.stores.filter { shared($0) == shared(best) })
    }

    /// The in-memory containers that open a version, when nothing else can have written it to a file: no app store
    /// holds it. When the stores are pooled because no app container is in the sources at all, that is so only when
    /// the whole app was read and no other module can open it (neither it nor a plan listing it is public): an
    /// internal schema a package opens in memory alone (artemis-ios 1.0.52) was never on disk, while a public one may
    /// be opened on disk by the app that imports the package. Empty otherwise.
    package static func onlyInMemoryContainers(
        opening version: SchemaVersion, _ project: Project, topology: StoreTopology, readsWholeApp: Bool
    ) -> [ContainerModel] {
        let inMemory = inMemoryContainers(opening: version, project)
        guard !inMemory.isEmpty else { return [] }
        if topology.isComplete { return topology.stores(holding: version).isEmpty ? inMemory : [] }
        guard readsWholeApp, !project.containers.contains(where: { $0.purpose == .app }) else { return [] }
        let listing = project.plans.filter { plan in (plan.schemas ?? []).contains { $0.version == version.id } }
        let exported = ([version.id] + listing.map(\.id)).contains {
            project.publicTypes.contains(project.symbols[$0].name)
        }
        return exported ? [] : inMemory
    }

    /// The stores a state was recorded in that nothing opens now while another it was recorded in still is: each one
    /// named for certain, with every store opened now named for certain too, and not carried by the app's own code.
    package static func leftBehind(of locked: LockedVersion, in context: RuleContext) -> [String] {
        let topology = context.topology
        guard let recorded = locked.heldIn, recorded.count > 1,
            recorded.allSatisfy(StoreLocation.isCertain(key:)),
            topology.stores.allSatisfy({
                $0.location.kind != .unknown && StoreLocation.isCertain(key: $0.location.key)
            })
        else { return [] }
        return recorded.filter { key in
            !topology.stores.contains { $0.location.isRecorded(in: [key], ownContainer: locked.heldInOwnContainer) }
                && !isCarried([key], context.project, topology)
        }
    }

    /// Whether every recorded store is moved or copied by a `moveItem`/`copyItem`/`replaceItemAt` whose source
    /// evaluates to its place (or a folder holding it, or its file name in a folder that cannot be read). A move whose
    /// source cannot be read at all says nothing.
    static func isCarried(_ recorded: [String], _ project: Project, _ topology: StoreTopology) -> Bool {
        // A store's copy from a file that cannot be read may carry any of them: never said to be left behind.
        if !project.unreadStoreCopies.isEmpty { return true }
        // The stores opened now, as written and where the topology places them (a default store in the App Group
        // its targets are entitled to).
        let opened = Set(project.containers.filter { $0.purpose == .app }.flatMap(\.stores).compactMap(\.path))
            .union(topology.stores.compactMap { StorePath(storeKey: $0.location.key) })
        // Files copied from a place that cannot be read into the place of a store the app opens now: that store may
        // be carried from any recorded one (the first of several candidate old places that exists).
        if project.unreadCopiesInto.contains(where: { into in opened.contains { $0.holdsCopy(into) } }) { return true }
        // A move whose destination is read for certain carries a store only into a store the app opens now: one
        // copied beside it (an App Group's root, where SwiftData opens `Library/Application Support`) is left there.
        let moved = project.storeMoves.filter { move in
            move.to.map { places in places.contains { place in opened.contains { $0.holdsCopy(place) } } } ?? true
        }.compactMap(\.from)
        guard !moved.isEmpty else { return false }
        return recorded.allSatisfy { key in
            guard let place = StorePath(storeKey: key) else { return false }
            return moved.contains { $0.carries(place) }
        }
    }

    /// The in-memory containers that open a version: as their `Schema(versionedSchema:)`, or by a plan listing it.
    static func inMemoryContainers(opening version: SchemaVersion, _ project: Project) -> [ContainerModel] {
        project.containers.filter { container in
            guard container.purpose == .inMemory else { return false }
            if container.versionedSchema == version.id { return true }
            guard let plan = container.plan.flatMap({ id in project.plans.first { $0.id == id } }) else { return false }
            return (plan.schemas ?? []).contains { $0.version == version.id }
        }
    }

    /// A plan no app container is given lists it, or a preview's or test's container opens it: it belongs there.
    private static func isListedElsewhere(_ version: SchemaVersion, _ context: RuleContext) -> Bool {
        let given = Set(context.appContainers.compactMap(\.plan))
        let plans = context.project.plans + context.unreferencedPlans
        if plans.contains(where: { plan in
            !given.contains(plan.id) && (plan.schemas ?? []).contains { $0.version == version.id }
        }) {
            return true
        }
        return context.project.containers.contains { $0.purpose != .app && $0.versionedSchema == version.id }
    }

    /// The location keys of the stores holding a version now, for `lock` to record: nil when the stores are pooled,
    /// and a store whose location cannot be told is left out (its key is where it is opened, which moves with every
    /// edit above it); such a version is assigned again from the sources each time.
    /// The keys of `heldIn` that are the app's own container's files (`StoreTopology.Store.inOwnContainer`).
    package static func heldInOwnContainer(_ version: SchemaVersion, topology: StoreTopology) -> [String]? {
        guard !topology.isPooled else { return nil }
        let keys = Set(topology.stores(holding: version).filter(\.inOwnContainer).map(\.location.key))
        return keys.isEmpty ? nil : keys.sorted()
    }

    package static func heldIn(_ version: SchemaVersion, topology: StoreTopology) -> [String]? {
        guard !topology.isPooled else { return nil }
        let keys = Set(topology.stores(holding: version).filter { $0.location.kind != .unknown }.map(\.location.key))
        return keys.isEmpty ? nil : keys.sorted()
    }
}

extension StateAssignment.Holder {
    public var stores: [StoreTopology.Store] {
        if case let .stores(stores) = self { return stores }
        return []
    }
}
