import SchemaLintModel

/// Which store files the app's containers open, and what each can hold. SwiftData migrates one store file at a time,
/// with the plan and models of the container that opens it: a cache on its own URL with its own plan never sees the
/// library's plan, and a `VersionedSchema` used only as a namespace is in no store at all.
///
/// Only app containers count (previews, tests, in-memory and scratch stores never hold a user's data). A default
/// store is per target: an app and its widget each have their own `default.store` unless they share an App Group.
/// A configuration leaving `groupContainer` at `.automatic` keeps its store in the App Group its targets' entitlements
/// name (`group.x/default.store`, the store `.identifier("group.x")` names); where the entitlements cannot be read or
/// the targets name different groups, the default stores are kept apart rather than pool their states. A named or URL
/// store is the file the code names, whichever target opens it.
///
/// When some app container's plan or models cannot be read, or a public plan may be opened by another module, which
/// store holds what cannot be told: the topology is one pooled store holding every plan and version, as before stores
/// were told apart, so nothing is dropped on a guess.
public struct StoreTopology: Sendable {
    public struct Store: Sendable {
        public var location: StoreLocation
        /// The targets whose code opens it (empty when no project file says).
        public var targets: [String]
        public var containers: [ContainerModel]
        /// Plans its containers are given (usually one).
        public var plans: [MigrationPlan]
        /// Versions it can hold now: every version of its plans (older releases wrote the older ones), the
        /// `Schema(versionedSchema:)` version, or the version storing exactly its containers' models.
        public var versions: [SchemaVersion]
        /// Whether a configuration of its containers turns CloudKit on.
        public var syncs: Bool
        /// The pooled store of an app whose topology cannot be told.
        public var isPooled = false
        /// What kind of target opens it, per container (in `containers`' order).
        public var roles: [TargetRole] = []
        /// A default or named store left at `.automatic` whose targets' entitlements name no App Group: the file is
        /// in the app's own container (`LockedVersion.heldInOwnContainer`).
        public var inOwnContainer = false

        /// Whether the app opens it (a container of an app target), only extensions do, or that cannot be told.
        public var role: TargetRole {
            if roles.contains(.app) { return .app }
            return !roles.isEmpty && roles.allSatisfy { $0 == .appExtension } ? .appExtension : .unknown
        }

        /// The short name of another store of the app is the same (`StoreTopology.init`): named in full.
        public var sharesShortName = false

        /// How findings and `upgrades` name it: `default.store`, `Cache.store (ReaderWidget)`; a file in each
        /// target's own sandbox whose name another store shares, with its targets too.
        public var name: String {
            let described = location.description(whole: sharesShortName)
            return targets.isEmpty || (location.kind != .defaultStore && !sharesShortName)
                ? described : "\(described) (\(targets.joined(separator: ", ")))"
        }

        /// The name after a noun: `store default.store`, and `Core Data store at ⟨Application Support⟩/X.sqlite`
        /// where the name is a place (never `store the store at …`).
        public func named(_ noun: String) -> String {
            let name = self.name
            let place = "the store "
            return name.hasPrefix(place) ? "\(noun) " + name.dropFirst(place.count) : "\(noun) \(name)"
        }

        public func holds(_ version: SchemaVersion) -> Bool { versions.contains { $0.id == version.id } }
    }

    public var stores: [Store]
    /// False when the stores are pooled (see the type's comment).
    public var isComplete: Bool
    /// Why they are pooled, for `--verbose`.
    public var pooledBecause: String?
    /// The store files the app's Core Data stacks open, per model bundle, and what the lockfile's versions were left
    /// in: worked out once per analysis, for every rule, `lock` and `--verbose`.
    package var coreData = CoreDataStoreFiles()

    package init(stores: [Store], isComplete: Bool, pooledBecause: String? = nil) {
        (self.stores, self.isComplete, self.pooledBecause) = (stores, isComplete, pooledBecause)
        // Two stores cut to one name (a long URL expression cut in the middle, two folders that cannot be told
        // ending in one file) would be two identical lines in `upgrades` and messages: each is named in full.
        var named: [String: Int] = [:]
        for store in stores { named[store.name, default: 0] += 1 }
        for index in self.stores.indices where named[self.stores[index].name, default: 0] > 1 {
            self.stores[index].sharesShortName = true
        }
    }

    public var isPooled: Bool { !isComplete }

    /// The kind of target whose code opens a container: the app, one of its extensions (a widget, an intents or share
    /// extension), or unknown (no project file says and no folder tells, a framework, another platform's app).
    public enum TargetRole: String, Sendable {
        case app, appExtension = "extension", unknown
    }

    /// A target compiling a file, with its kind when an Xcode project says.
    package struct ProjectTarget: Sendable, Equatable {
        package var name: String
        package var kind: ProjectTargetKind?
        /// Its App Group and CloudKit container, where its entitlements say.
        var entitlements: TargetEntitlements = .unknown
        /// The device it builds for when not the phone (`TargetDevice`).
        package var device: String?

        package init(
            name: String, kind: ProjectTargetKind? = nil, entitlements: TargetEntitlements = .unknown,
            device: String? = nil
        ) {
            (self.name, self.kind, self.entitlements, self.device) = (name, kind, entitlements, device)
        }
    }

    /// Stores holding a version now.
    public func stores(holding version: SchemaVersion) -> [Store] { stores.filter { $0.holds(version) } }
}

extension StoreTopology {
    /// `targets(file)`: the targets compiling a file, from the project files (empty when none says).
    /// The app's stores, SwiftData's and Core Data's (`coreData`), built once per analysis. `readsWholeApp`: the
    /// files are the whole app (a bundle no Core Data stack here opens is opened by none).
    package static func build(
        _ project: Project, readsWholeApp: Bool = false, targets: (String) -> [ProjectTarget]
    ) -> StoreTopology {
        var topology = swiftDataStores(project, targets: targets)
        topology.coreData = CoreDataStoreFiles(project, readsWholeApp: readsWholeApp)
        return topology
    }

    private static func swiftDataStores(_ project: Project, targets: (String) -> [ProjectTarget]) -> StoreTopology {
        let containers = project.containers.filter { $0.purpose == .app }
        let readable = { (containers: [ContainerModel]) in
            containers.allSatisfy { container in
                (!container.hasMigrationPlanArgument || container.plan != nil)
                    && (container.models != nil || container.versionedSchema != nil || container.plan != nil)
            }
        }
        let given = Set(containers.compactMap(\.plan))
        let publicPlan = project.plans.first {
            !given.contains($0.id) && project.publicTypes.contains(project.symbols[$0.id].name)
        }
        if containers.isEmpty {
            return pooled(project, containers, because: "no app container is in the sources")
        }
        if let unreadable = containers.first(where: { !readable([$0]) }) {
            let why = (unreadable.modelsUnread ?? unreadable.planUnread).map { ": \($0)" } ?? ""
            return pooled(
                project, containers,
                because: "the plan or models of the container at \(unreadable.location) cannot be read\(why)")
        }
        if let publicPlan {
            return pooled(
                project, containers, because: "\(publicPlan.name) is public and no container here is given it")
        }

        var stores: [Store] = []
        var shipping: [Set<String>] = []
        var index: [String: Int] = [:]
        let names = { (file: String) in targets(file).map(\.name) }
        let roles = Self.roles(of: containers, targets)
        for (given, role) in zip(containers, roles) {
            let reaching = Self.reaching(given, targets)
            for fileTargets in Self.alike(reaching) {
                let opening =
                    fileTargets.count < targets(given.location.file).count
                    ? fileTargets.map(\.name) : Self.targets(of: given.location.file, names)
                // A store left in `.automatic`'s App Group is in the group every target opening it is entitled to.
                var container = given
                // Left at `.automatic` where no App Group is entitled: the app's own container's file.
                let ownContainer = Set(
                    Self.namesNoAppGroup(fileTargets) && device(of: fileTargets) == nil
                        ? container.stores.filter {
                            [.defaultStore, .named].contains($0.kind) && $0.groupLeftAutomatic
                        }.map(\.key) : [])
                if let group = appGroup(of: fileTargets) {
                    container.stores = container.stores.map { location in
                        [.defaultStore, .named].contains(location.kind) && location.groupLeftAutomatic
                            ? location.inAppGroup(group) : location
                    }
                } else if fileTargets.contains(where: { $0.kind != .test && $0.entitlements.appGroupsDiffer }) {
                    // A target whose entitlements name different App Groups (each platform's file another): which one
                    // holds its store cannot be told, so it is never the sandbox's for sure.
                    container.stores = container.stores.map { location in
                        [.defaultStore, .named].contains(location.kind) && location.groupLeftAutomatic
                            ? location.inAppGroup(Self.untoldGroup(of: opening)) : location
                    }
                }
                Self.settleAutomaticCloudKit(&container, fileTargets, project)
                // A watch's (or another device's) files are never the phone's, under whatever name or group.
                if let device = device(of: fileTargets) {
                    container.stores = container.stores.map { $0.kind == .unknown ? $0 : $0.onDevice(device) }
                }
                // The targets that ship with this file: a default store two of them open in one is one file there.
                let shippingHere = Set(
                    fileTargets.isEmpty ? opening : fileTargets.filter { $0.kind != .test }.map(\.name))
                for location in container.stores {
                    // A store in an App Group (or at a path outside any sandbox) is one file whatever target opens
                    // it. A default store is each set of targets' own. One in the opening target's own sandbox (a
                    // name in no App Group, a URL under Application Support or Documents) is each shipping target's
                    // own: an extension's is not the app's (Reconnaissance's widget, field test 34 B-D4). Told apart
                    // by the targets a project names.
                    let perTarget =
                        location.kind != .defaultStore && !shippingHere.isEmpty && !fileTargets.isEmpty
                        && Self.inEachTargetsSandbox(location)
                    let sets = perTarget ? shippingHere.sorted().map { [$0] } : [opening]
                    for targetSet in sets {
                        let key =
                            perTarget || location.kind == .defaultStore
                            ? "\(location.key)|\(targetSet.joined(separator: "+"))"
                            : location.key
                        let shippingSet = perTarget ? Set(targetSet) : shippingHere
                        if let at = index[key] {
                            stores[at].containers.append(container)
                            stores[at].roles.append(role)
                            stores[at].targets = Array(Set(stores[at].targets + targetSet)).sorted()
                            shipping[at].formUnion(shippingSet)
                        } else {
                            index[key] = stores.count
                            shipping.append(shippingSet)
                            var store = Store(
                                location: location, targets: targetSet, containers: [container], plans: [],
                                versions: [], syncs: false)
                            store.roles = [role]
                            store.inOwnContainer = ownContainer.contains(location.key)
                            stores.append(store)
                        }
                    }
                }
            }
        }
        stores = joiningSharedDefaultStores(stores, shipping: shipping)
        for at in stores.indices {
            stores[at].plans = plans(of: stores[at].containers, project)
            stores[at].versions = versions(of: stores[at], project)
            stores[at].syncs = syncs(stores[at], project)
        }
        let sorted = stores.sorted {
            $0.location != $1.location
                ? $0.location < $1.location : $0.targets.joined(separator: ",") < $1.targets.joined(separator: ",")
        }
        return StoreTopology(stores: sorted, isComplete: true, pooledBecause: nil)
    }

    /// Whether each store of a container whose configuration leaves CloudKit at `.automatic` syncs, by the
    /// entitlements of the targets that open it here (`targets`), not of every target compiling the file: a helper
    /// the phone (entitled to CloudKit) and the watch (not) both call syncs on the phone only. Unchanged where a
    /// call already says (`storeSyncs`) or those entitlements cannot be read.
    static func settleAutomaticCloudKit(
        _ container: inout ContainerModel, _ targets: [ProjectTarget], _ project: Project
    ) {
        let facts = targets.filter { $0.kind != .test }.map(\.entitlements.cloudKit)
        let syncs: Bool
        if facts.contains(where: { if case .present = $0 { true } else { false } }) {
            syncs = true
        } else if !facts.isEmpty, facts.allSatisfy({ $0 == .absent }) {
            syncs = false
        } else {
            return
        }
        for index in container.stores.indices where container.storeSyncs[index] == nil {
            let written =
                index < container.storeConfigurations.count
                ? container.storeConfigurations[index]
                : nil
            // A container given no configuration opens one at its own place (`applyEntitlements`).
            let place =
                written ?? (container.configurationLocations.isEmpty && container.stores.count == 1
                    ? container.location : nil)
            guard let place, let configuration = project.configurations.first(where: { $0.location == place }),
                configuration.cloudKitLeftOut || configuration.cloudKitAutomaticOnly
            else { continue }
            container.storeSyncs[index] = syncs
        }
    }

    /// The targets that open a container: those compiling its file that also compile a file where the calls reaching
    /// it enter (`ContainerModel.reachedFrom`), so a helper of a file the phone and the watch compile that only the
    /// phone's code calls is the phone's. All of its file's targets where no call is seen or none of them would be
    /// left.
    static func reaching(_ container: ContainerModel, _ targets: (String) -> [ProjectTarget]) -> [ProjectTarget] {
        let all = targets(container.location.file)
        guard let entries = container.reachedFrom, !entries.isEmpty else { return all }
        let entered = Set(entries.flatMap { targets($0).map(\.name) })
        let kept = all.filter { entered.contains($0.name) }
        return kept.contains { $0.kind != .test } ? kept : all
    }

    /// The targets compiling a file, split where they run it apart: one set per device and App Group entitlement
    /// (an iOS app and its widget in one group, the Mac app in its own, the watch app in none, each opens its own
    /// store with the same code). One set, all of them (tests included), where they agree or none says.
    static func alike(_ targets: [ProjectTarget]) -> [[ProjectTarget]] {
        let shipping = targets.filter { $0.kind != .test }
        var sets: [[ProjectTarget]] = []
        var keys: [String] = []
        for target in shipping {
            let key = "\(target.device ?? "")|\(target.entitlements.appGroup)|\(target.entitlements.appGroupsDiffer)"
            if let at = keys.firstIndex(of: key) {
                sets[at].append(target)
            } else {
                keys.append(key)
                sets.append([target])
            }
        }
        return sets.count > 1 ? sets : [targets]
    }

    /// Each app Core Data stack compiled by targets for several devices, once per device: the phone's (or, with no
    /// phone among them, the Mac's, else the first's) as read, each other's with its `device` (nurture-fox's stack,
    /// compiled by the iOS app, its widget and the watch app, opens one file on the phone and another on the watch).
    package static func splitCoreDataStoresByDevice(_ project: inout Project, targets: (String) -> [ProjectTarget]) {
        project.coreDataStores = project.coreDataStores.flatMap { store -> [CoreDataStore] in
            guard store.purpose == .app else { return [store] }
            let devices = Set(targets(store.location.file).filter { $0.kind != .test }.map(\.device))
            guard devices.count > 1 else { return [store] }
            let named = devices.compactMap { $0 }
            let kept = devices.contains(nil) ? nil : named.contains("macOS") ? "macOS" : named.min()
            let others = devices.compactMap { $0 }.filter { $0 != kept }.sorted()
            return [store] + others.map { device in
                var copy = store
                copy.device = device
                return copy
            }
        }
    }

    /// Whether a store's file is in the sandbox of the target opening it: a default store, a name in no App Group,
    /// a URL under the app's own Application Support, Documents, Caches, Library or temporary folder. An app
    /// extension's sandbox is its own, so each target opens a file of its own there.
    static func inEachTargetsSandbox(_ location: StoreLocation) -> Bool {
        switch location.kind {
        case .defaultStore: return true
        case .named: return !StoreLocation.device(ofKey: location.key).key.contains("/")
        case .url:
            switch location.path?.base {
            case .applicationSupport?, .documents?, .caches?, .library?, .temporary?: return true
            default: return false
            }
        default: return false
        }
    }

    /// Stores in the targets' own sandboxes (`inEachTargetsSandbox`: a default store most often) of one name whose
    /// sets of targets share a target that ships: in that target both containers open its one file (a share
    /// extension's fallback container beside the helper every target calls), so they are one store, named with all
    /// their targets.
    static func joiningSharedDefaultStores(_ stores: [Store], shipping: [Set<String>]) -> [Store] {
        var stores = stores, shipping = shipping
        var joined = true
        while joined {
            joined = false
            search: for first in stores.indices where inEachTargetsSandbox(stores[first].location) {
                let key = stores[first].location.key
                for second in stores.indices
                where second > first && stores[second].location.key == key
                    && !shipping[first].isDisjoint(with: shipping[second])
                {
                    let other = stores.remove(at: second)
                    stores[first].containers += other.containers
                    stores[first].roles += other.roles
                    stores[first].targets = Array(Set(stores[first].targets + other.targets)).sorted()
                    stores[first].inOwnContainer = stores[first].inOwnContainer && other.inOwnContainer
                    shipping[first].formUnion(shipping.remove(at: second))
                    joined = true
                    break search
                }
            }
        }
        return stores
    }

    /// The device every shipping target compiling a file builds for, when all agree on one other than the phone.
    static func device(of targets: [ProjectTarget]) -> String? {
        let devices = Set(targets.filter { $0.kind != .test }.map(\.device))
        guard devices.count == 1, let only = devices.first else { return nil }
        return only
    }

    /// The App Group of a store whose targets' entitlements cannot say one, as a key reads it: a name in backticks is
    /// no certain place (`StoreLocation.isCertain`), and each set of targets' is its own (never joined to another's).
    static func untoldGroup(of targets: [String]) -> String {
        "`the App Group of \(targets.isEmpty ? "its target" : targets.joined(separator: ", "))`"
    }

    /// Whether every target that ships compiling a file has entitlements that name no App Group (read, not unknown).
    static func namesNoAppGroup(_ targets: [ProjectTarget]) -> Bool {
        let shipping = targets.filter { $0.kind != .test }
        return !shipping.isEmpty && shipping.allSatisfy { $0.entitlements.appGroup == .absent }
    }

    /// The App Group stores of a file's targets are in when they leave `groupContainer` at `.automatic`: the first
    /// group of their entitlements, when every target that ships compiling it names the same one. Nil when one names
    /// none or another, or cannot be told: the default store is then each target's own.
    static func appGroup(of targets: [ProjectTarget]) -> String? {
        var group: String?
        // Targets on different devices share no group container: the phone's and the watch's are two folders.
        guard Set(targets.filter { $0.kind != .test }.map(\.device)).count <= 1 else { return nil }
        for target in targets where target.kind != .test {
            guard case let .present(identifier) = target.entitlements.appGroup, group == nil || group == identifier
            else { return nil }
            group = identifier
        }
        return group
    }

    /// Sets CloudKit on for app configurations that leave `cloudKitDatabase:` out in a target entitled to a CloudKit
    /// container (`.automatic` syncs there), and adds the configuration a container given none opens
    /// (`ModelContainer(for:)`) in such a target. A target whose entitlements cannot be told changes nothing.
    package static func applyEntitlements(_ project: inout Project, targets: (String) -> [ProjectTarget]) {
        func entitled(_ file: String) -> String? {
            for target in targets(file) where target.kind != .test {
                guard case let .present(container) = target.entitlements.cloudKit else { continue }
                let file = target.entitlements.file.map { " (\($0))" } ?? ""
                return "target \(target.name)'s entitlements\(file) name CloudKit container \(container)"
            }
            return nil
        }
        // `cloudKitDatabase: .automatic` written out, in targets whose entitlements name no CloudKit container: local.
        for index in project.configurations.indices where project.configurations[index].cloudKitAutomaticOnly {
            let shipping = targets(project.configurations[index].location.file).filter { $0.kind != .test }
            if !shipping.isEmpty, shipping.allSatisfy({ $0.entitlements.cloudKit == .absent }) {
                project.configurations[index].enablesCloudKit = false
            }
        }
        for index in project.configurations.indices {
            let configuration = project.configurations[index]
            guard configuration.purpose == .app, configuration.cloudKitLeftOut, !configuration.enablesCloudKit,
                let why = entitled(configuration.location.file)
            else { continue }
            project.configurations[index].enablesCloudKit = true
            project.configurations[index].cloudKitEntitlement = why
        }
        for container in project.containers where container.purpose == .app {
            guard container.configurationLocations.isEmpty, container.stores.count == 1,
                container.stores[0].kind == .defaultStore,
                let why = entitled(container.location.file)
            else { continue }
            var configuration = ConfigurationModel(
                location: container.location, models: container.models, versionedSchema: container.versionedSchema,
                purpose: .app, enablesCloudKit: true)
            configuration.cloudKitLeftOut = true
            configuration.cloudKitEntitlement = why
            project.configurations.append(configuration)
        }
        // `NSPersistentCloudKitContainer` syncs with the CloudKit container its target's entitlements name: where
        // every target that ships compiling the stack's file is entitled to none (EhPanda's empty entitlements),
        // nothing syncs. Entitlements that cannot be read change nothing.
        for index in project.coreDataStores.indices where project.coreDataStores[index].syncs {
            let shipping = targets(project.coreDataStores[index].location.file).filter { $0.kind != .test }
            if !shipping.isEmpty, shipping.allSatisfy({ $0.entitlements.cloudKit == .absent }) {
                project.coreDataStores[index].syncs = false
            }
        }
        placeUnreadAppGroups(&project, targets: targets)
        // A move from or to SwiftData's own folder for a configuration left at `.automatic`: the App Group of the
        // targets compiling the code, when they name one, else the app's own folder.
        for index in project.containers.indices
        where project.containers[index].stores.contains(where: { $0.path?.automaticGroup == true }) {
            let group = appGroup(of: targets(project.containers[index].location.file))
            project.containers[index].stores = project.containers[index].stores.map { location in
                guard let path = location.path, path.automaticGroup else { return location }
                return location.evaluated(at: path.settlingAutomaticGroup(in: group))
            }
        }
        for index in project.coreDataStores.indices where project.coreDataStores[index].path?.automaticGroup == true {
            let group = appGroup(of: targets(project.coreDataStores[index].location.file))
            project.coreDataStores[index].path = project.coreDataStores[index].path?.settlingAutomaticGroup(in: group)
        }
        // A delete of `configuration.url` for one left at `.automatic`: in the same App Group (hauptgang deletes the
        // group's store its failed open left).
        for index in project.storeDeletions.indices
        where project.storeDeletions[index].deletedPaths.contains(where: \.automaticGroup) {
            let group = appGroup(of: targets(project.storeDeletions[index].location.file))
            project.storeDeletions[index].deletedPaths = project.storeDeletions[index].deletedPaths.map {
                $0.settlingAutomaticGroup(in: group)
            }
        }
        project.storeMoves = project.storeMoves.map { move in
            let group = appGroup(of: targets(move.at.file))
            return (
                move.from?.settlingAutomaticGroup(in: group),
                move.to?.map { $0.settlingAutomaticGroup(in: group) }, move.at
            )
        }
    }

    /// A store in an App Group whose identifier the code reads at run time (an Info.plist key, a value set at
    /// launch), opened where every target that ships compiling the file is entitled to one App Group alone, the same:
    /// `containerURL(forSecurityApplicationGroupIdentifier:)` gives a folder for that group only, so the store is in
    /// it. Targets naming several groups, or none, or whose entitlements cannot be read, leave the folder untold.
    static func placeUnreadAppGroups(_ project: inout Project, targets: (String) -> [ProjectTarget]) {
        func onlyGroup(_ file: String) -> String? {
            let shipping = targets(file).filter { $0.kind != .test }
            guard !shipping.isEmpty, shipping.allSatisfy(\.entitlements.appGroupIsOnly),
                let group = appGroup(of: shipping), !group.contains("$(")
            else { return nil }
            // A group still holding a setting schemalint could not expand names no folder it can tell.
            return group
        }
        for index in project.containers.indices {
            let file = project.containers[index].location.file
            guard project.containers[index].stores.contains(where: { $0.inUnreadGroup != nil }),
                let group = onlyGroup(file)
            else { continue }
            project.containers[index].stores = project.containers[index].stores.map { location in
                guard let place = location.inUnreadGroup?.entitled(to: group) else { return location }
                return location.evaluated(at: place)
            }
        }
        for index in project.coreDataStores.indices {
            guard let place = project.coreDataStores[index].inUnreadGroup,
                let group = onlyGroup(project.coreDataStores[index].location.file)
            else { continue }
            project.coreDataStores[index].path = place.entitled(to: group)
            project.coreDataStores[index].inUnreadGroup = nil
        }
    }

    private static func pooled(_ project: Project, _ containers: [ContainerModel], because: String) -> StoreTopology {
        var store = Store(
            location: StoreLocation(kind: .unknown, key: "the app's stores"), targets: [], containers: containers,
            plans: project.plans, versions: project.versions, syncs: false)
        store.isPooled = true
        store.syncs = project.configurations.contains { $0.enablesCloudKit && $0.purpose == .app }
        return StoreTopology(stores: [store], isComplete: false, pooledBecause: because)
    }

    /// What kind of target opens each container: the kinds the project files give the targets compiling its file (an
    /// app target among them makes it the app's); where none says, folder names. A container in an extension's
    /// folder (`ReaderWidget/`) is an extension's, and one in no such folder the app's, but only when the folder is
    /// not inside the app's own: App Intents in `MyApp/Intents/` usually compile into the app. With neither (no
    /// project file, no such folder), every role is unknown: which target opens what cannot be told.
    static func roles(of containers: [ContainerModel], _ targets: (String) -> [ProjectTarget]) -> [TargetRole] {
        let files = containers.map(\.location.file)
        let named = files.map(targets)
        let marked = files.map { file in
            file.split(separator: "/").dropLast().firstIndex(where: TargetFolderName.marksTarget)
        }
        // The first folder of each app file no project names and no folder marks: a marked folder inside it may be
        // the app's own code. A file at the top holds everything.
        var appFolders = Set<String>()
        var appAtTop = false
        for (offset, file) in files.enumerated() where named[offset].isEmpty && marked[offset] == nil {
            let components = file.split(separator: "/")
            if components.count > 1 { appFolders.insert(String(components[0])) } else { appAtTop = true }
        }
        // A marked folder tells only when it is not inside the app's own folder.
        let trusted = { (offset: Int) -> Bool in
            guard let index = marked[offset], !appAtTop else { return false }
            return index == 0 || !appFolders.contains(String(files[offset].split(separator: "/")[0]))
        }
        let foldersTell = files.indices.contains { named[$0].isEmpty && trusted($0) }
        return files.indices.map { offset in
            let targets = named[offset]
            if !targets.isEmpty {
                if targets.contains(where: { $0.kind == .app }) { return .app }
                return targets.allSatisfy { $0.kind == .appExtension } ? .appExtension : .unknown
            }
            guard foldersTell else { return .unknown }
            guard let index = marked[offset] else { return .app }
            guard trusted(offset) else { return .unknown }
            let folder = files[offset].split(separator: "/")[index]
            return TargetFolderName.marksExtension(folder) ? .appExtension : .unknown
        }
    }

    /// The targets compiling a file, else the folder of another target it sits in (`ReaderWidget/`, `ShareExtension/`,
    /// `TVApp/`, `WatchApp/`: Xcode makes a folder per target), else none: the app's own folders (`App/`,
    /// `Services/`) are one target. A project generated by XcodeGen or Tuist has no `.xcodeproj` in the repository.
    static func targets(of file: String, _ targets: (String) -> [String]) -> [String] {
        let named = targets(file)
        if !named.isEmpty { return named }
        let folder = file.split(separator: "/").dropLast().first(where: TargetFolderName.marksTarget)
        return folder.map { [String($0)] } ?? []
    }

    private static func plans(of containers: [ContainerModel], _ project: Project) -> [MigrationPlan] {
        var seen = Set<SymbolID>()
        return containers.compactMap(\.plan).filter { seen.insert($0).inserted }.compactMap { id in
            project.plans.first { $0.id == id }
        }
    }

    private static func versions(of store: Store, _ project: Project) -> [SchemaVersion] {
        var held: [SchemaVersion] = []
        for plan in store.plans where !givenOnlyBesideOwnModels(plan, store, project) {
            held += (plan.schemas ?? []).compactMap { $0.version.flatMap { project.version($0) } }
        }
        for container in store.containers { held += opened(by: container, project) }
        var seen = Set<String>()
        return held.filter { seen.insert($0.key).inserted }
    }

    /// A plan that migrates nothing, given only to containers that pass their own models (`Schema([8 models])`
    /// beside a plan whose one version lists two): the store holds the containers' models, never the plan's version.
    package static func givenOnlyBesideOwnModels(_ plan: MigrationPlan, _ store: Store, _ project: Project) -> Bool {
        let given = store.containers.filter { $0.plan == plan.id }
        return !given.isEmpty && given.allSatisfy { ImplicitVersions.opensItsOwnModels($0, project) }
    }

    /// What a container opens directly: its `Schema(versionedSchema:)` version, or the versions (declared or
    /// implicit) that store exactly its models and every model they reach.
    static func opened(by container: ContainerModel, _ project: Project) -> [SchemaVersion] {
        if let id = container.versionedSchema, let version = project.version(id) { return [version] }
        guard let models = container.models?.compactMap(\.entity), !models.isEmpty else { return [] }
        let stored = Set(models + VersionBuilder.reachable(from: models, entities: project.entities))
        // A version a test declares to store the same models (a migration test's fixture) is no state the app writes.
        return project.versions.filter {
            Set($0.allEntities) == stored && !project.testFiles.contains($0.location.file)
        }
    }

    /// Whether a configuration this store is opened with turns CloudKit on: the configuration at the store's own
    /// index in each container, never another store's (a local cache beside a synced store does not sync).
    private static func syncs(_ store: Store, _ project: Project) -> Bool {
        var locations = Set<SourceLocation>()
        for container in store.containers {
            for (index, location) in container.stores.enumerated() where location == store.location {
                // What this container's call of the helper passes for CloudKit: its own answer.
                if let syncs = container.storeSyncs[index] {
                    if syncs { return true }
                    continue
                }
                if index < container.storeConfigurations.count, let written = container.storeConfigurations[index] {
                    locations.insert(written)
                } else if let alternatives = container.storeConfigurationAlternatives[index] {
                    locations.formUnion(alternatives)
                } else if container.stores.count == 1 {
                    // One store: whatever configuration it is given is this store's (the default one when none is
                    // given, read where the container is).
                    locations.formUnion(container.configurationLocations)
                    if container.configurationLocations.isEmpty { locations.insert(container.location) }
                }
            }
        }
        return project.configurations.contains { $0.enablesCloudKit && locations.contains($0.location) }
    }
}

extension StoreTopology.Store {
    /// The plan whose stages run on this store: one with stages (or stages schemalint could not read) and more than
    /// one version. SwiftData then must find the store's checksum among its versions.
    public func stagedPlan(_ context: RuleContext) -> MigrationPlan? { stagedPlans(context).first }

    /// Every plan whose stages run on it: one for a store told apart, possibly several for the pooled store.
    public func stagedPlans(_ context: RuleContext) -> [MigrationPlan] {
        InferenceTargets.stagedPlans(in: plans).filter { !context.isInert($0) }
    }

    /// The checksums of every version of its staged plans: a state with one of them is known to the store. Nil when
    /// no stage runs on it.
    public func stagedChecksums(_ context: RuleContext) -> Set<String>? {
        let plans = stagedPlans(context)
        return plans.isEmpty ? nil : plans.reduce(into: Set<String>()) { $0.formUnion(context.checksums(of: $1)) }
    }

    /// Whether every version of its staged plans had its models read: when one did not, a state missing from
    /// `stagedChecksums` may be that version's, and nothing is concluded from its absence.
    public func stagedVersionsRead(_ context: RuleContext) -> Bool {
        stagedPlans(context).allSatisfy { plan in
            context.steps(of: plan).versions.allSatisfy { $0.modelsUnread == nil }
        }
    }

    /// Where SwiftData takes this store when no stage runs: the models its containers open now.
    public func inferenceTargets(_ context: RuleContext) -> [SchemaVersion] {
        if isPooled { return context.currentTargets }
        var targets: [SchemaVersion] = []
        for container in containers
        where !container.hasMigrationPlanArgument || ImplicitVersions.opensItsOwnModels(container, context.project) {
            targets += StoreTopology.opened(by: container, context.project)
        }
        for plan in plans
        where plan.stages?.isEmpty == true
            && !StoreTopology.givenOnlyBesideOwnModels(plan, self, context.project)
        {
            if let newest = PlanSteps(plan: plan, project: context.project).newest { targets.append(newest) }
        }
        var seen = Set<String>()
        return targets.filter { seen.insert($0.key).inserted }
    }
}
