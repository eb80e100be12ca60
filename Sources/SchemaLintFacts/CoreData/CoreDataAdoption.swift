import SchemaLintModel

/// A SwiftData app container opening the store a Core Data model wrote: its configuration's URL names a `.sqlite`
/// file (SwiftData's own stores are `.store`) and its models are, by entity name, mostly a Core Data model's. The
/// Core Data side is the bundle's last locked current version (what users' stores hold), else its current version.
///
/// SwiftData opens such a store as is when its models hash like the Core Data model; otherwise it migrates it by
/// inference, from the model cached in the store, which drops rows of entities it no longer has.
package struct CoreDataAdoption {
    package var store: StoreTopology.Store
    /// The SwiftData version the store is opened with (a plan's first version, else the container's models).
    package var version: SchemaVersion
    package var bundle: String
    package var coreDataVersion: String
    package var coreData: [EntitySnapshot]
    var coreDataHashes: [String: String]
    /// A plan running stages lists the SwiftData versions the store must be one of (134504 otherwise).
    package var stagedPlan: MigrationPlan?
    /// A version the store can hold hashes like the Core Data model: SwiftData opens the store without a migration.
    package var opensAsIs = false
    /// A Core Data stack of the app still opens the same file (`CoreDataStoreFiles`): the bundle's stores still
    /// migrate as Core Data's, and SwiftData meets them in the bundle's current version, whichever opens it first.
    package var sharedWithCoreData = false

    /// Every SwiftData store that takes over a Core Data store, whether its models hash alike or not. With
    /// `elsewhere`, instead, the SwiftData stores holding a locked bundle's models in another file than every one the
    /// lockfile records its stores in (SwiftCalendar: Core Data in Application Support, then SwiftData in the App
    /// Group): they take over nothing, and what the bundle's stores hold is left behind.
    package static func find(_ context: RuleContext, elsewhere: Bool = false) -> [CoreDataAdoption] {
        // A URL naming a `.sqlite` file, or the file a Core Data stack here opens (`CoreDataStoreFiles`).
        let stackFiles = context.coreDataStoreFiles
        let described = Set(stackFiles.allFiles)
        let stores = context.topology.stores.filter { store in
            store.location.kind == .url
                && (store.location.key.contains(".sqlite") || store.location.file?.hasSuffix(".sqlite") == true
                    || store.location.file.map(described.contains) == true)
        }
        // Most runs open no such store: the Core Data models (a current version assembled from the lockfile) are
        // not worked out for nothing.
        guard !stores.isEmpty else { return [] }
        let models = coreDataModels(context)
        guard !models.isEmpty else { return [] }
        var found: [CoreDataAdoption] = []
        for store in stores {
            let opened = store.versions
            guard let version = openingVersion(store, context), let analysis = context.analysis(of: version) else {
                continue
            }
            let names = Set(analysis.snapshot.map(\.name))
            // The model most of whose entities the SwiftData models have; a file named like the bundle wins ties.
            let best = models.max { a, b in
                let (x, y) = (Set(a.entities.map(\.name)).intersection(names).count,
                              Set(b.entities.map(\.name)).intersection(names).count)
                if x != y { return x < y }
                return !opens(store, a.bundle, a.name, stackFiles) && opens(store, b.bundle, b.name, stackFiles)
            }
            guard var model = best else { continue }
            let shared = Set(model.entities.map(\.name)).intersection(names).count
            let namedLikeIt = opens(store, model.bundle, model.name, stackFiles)
            guard namedLikeIt || (shared > 0 && shared * 2 >= model.entities.count) else { continue }
            guard Self.isElsewhere(store, model.bundle, context) == elsewhere else { continue }
            let sharedFile = store.location.file.map { stackFiles.fileNames(of: model.bundle)?.contains($0) == true }
            if sharedFile == true, let current = currentModel(model.bundle, context) { model = current }
            var adoption = CoreDataAdoption(
                store: store, version: version, bundle: model.bundle, coreDataVersion: model.version,
                coreData: model.entities, coreDataHashes: model.hashes,
                stagedPlan: context.planRunningStages(on: version, in: [store]))
            adoption.sharedWithCoreData = sharedFile == true
            // Any version the store can hold with the Core Data model's hashes opens it as is.
            adoption.opensAsIs = opened.contains { candidate in
                context.analysis(of: candidate)?.hashes.entityHashes.mapValues(Hex.encode) == model.hashes
            }
            found.append(adoption)
        }
        return found
    }

    /// Whether a SwiftData store is the file a bundle's stores are in: named like the bundle (`Model.sqlite`), or the
    /// file a Core Data stack here opens it at.
    private static func opens(
        _ store: StoreTopology.Store, _ bundle: String, _ name: String, _ files: CoreDataStoreFiles
    ) -> Bool {
        if store.location.key.contains(name + ".sqlite") || store.location.file == name + ".sqlite" { return true }
        guard let file = store.location.file else { return false }
        return files.fileNames(of: bundle)?.contains(file) == true
    }

    /// The SwiftData stores holding a locked bundle's models in other files than its stores, while no Core Data stack
    /// opens the bundle, in a whole app where no code copies stores: the bundle's stores are left behind
    /// (`store_abandoned`; `upgrades` says they are no longer opened).
    package static func movedAway(_ bundleKey: String, _ context: RuleContext) -> [CoreDataAdoption] {
        let files = context.coreDataStoreFiles
        guard context.readsWholeApp, !files.copiesStores, files.files(of: bundleKey) == nil else { return [] }
        return find(context, elsewhere: true).filter { $0.bundle == bundleKey }
    }

    /// Whether the lockfile records files holding the bundle's versions and the store is certainly none of them.
    private static func isElsewhere(_ store: StoreTopology.Store, _ bundle: String, _ context: RuleContext) -> Bool {
        let versions = context.lockfile?.coreData?[bundle]?.versions ?? [:]
        let held = Set(versions.values.filter { $0.retired == nil }.flatMap { $0.heldIn ?? [] })
        guard !held.isEmpty, let place = StorePath(storeKey: store.location.key) else { return false }
        return held.allSatisfy { CoreDataStoreFiles.place($0).compared(with: place) == .different }
    }

    /// A plan's first version (the oldest a store can be in), else the newest version the store holds.
    private static func openingVersion(_ store: StoreTopology.Store, _ context: RuleContext) -> SchemaVersion? {
        for plan in store.plans {
            if let first = context.versions(of: plan).first { return first }
        }
        return store.versions.last
    }

    private struct CoreDataModel {
        var bundle: String
        var name: String
        var version: String
        var entities: [EntitySnapshot]
        var hashes: [String: String]
    }

    /// Each bundle's last locked current version, else its current version in the sources.
    private static func coreDataModels(_ context: RuleContext) -> [CoreDataModel] {
        var models: [String: CoreDataModel] = [:]
        for (key, locked) in context.lockfile?.coreData ?? [:] {
            guard let current = locked.current, let entry = locked.lockedVersion(current) else { continue }
            models[key] = CoreDataModel(
                bundle: key, name: stem(key), version: current, entities: entry.entities, hashes: entry.entityHashes)
        }
        for bundle in context.project.modelBundles where models[bundle.key] == nil {
            guard let current = bundle.currentVersion, let analysis = context.analyses[bundle.key(of: current)] else {
                continue
            }
            models[bundle.key] = CoreDataModel(
                bundle: bundle.key, name: bundle.name, version: current.name, entities: analysis.snapshot,
                hashes: analysis.hashes.entityHashes.mapValues(Hex.encode))
        }
        return models.keys.sorted().map { models[$0]! }
    }

    /// A bundle's current version in the sources: what a Core Data stack still opening the file migrates it to.
    private static func currentModel(_ key: String, _ context: RuleContext) -> CoreDataModel? {
        guard let bundle = context.project.modelBundles.first(where: { $0.key == key }),
            let current = bundle.currentVersion, let analysis = context.analyses[bundle.key(of: current)]
        else { return nil }
        return CoreDataModel(
            bundle: bundle.key, name: bundle.name, version: current.name, entities: analysis.snapshot,
            hashes: analysis.hashes.entityHashes.mapValues(Hex.encode))
    }

    private static func stem(_ key: String) -> String {
        key.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// The SwiftData version's store model in Core Data's terms (`String (700)`), as the Core Data side is written,
    /// with the defaults, original names and delete rules only the Swift side knows. A relationship's delete rule is
    /// what SwiftData sets: `@Relationship(deleteRule:)`, else `.nullify`; written as a model file writes it
    /// (`cascade`, `no action`), so a rule both sides share is no change (Pocket 8.20: forty "cascade → none").
    package static func storeSnapshot(_ analysis: VersionAnalysis) -> [EntitySnapshot] {
        let swift = Dictionary(analysis.snapshot.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return analysis.store.snapshot.map { entity in
            var entity = entity
            entity.abstract = nil
            entity.hashModifier = nil
            let declared = Dictionary(
                (swift[entity.name]?.properties ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            entity.properties = entity.properties.map { property in
                var property = property
                // A relationship's `= []` is no default a model stores (nor has the Core Data side one).
                property.hasDefault = property.kind == .attribute && declared[property.name]?.hasDefault == true
                property.originalName = declared[property.name]?.originalName
                if property.kind == .relationship {
                    property.deleteRule = declared[property.name]?.deleteRule.map(coreDataDeleteRule)
                }
                return property
            }
            return entity
        }
    }

    /// A SwiftData delete rule (`DeleteRule.rawValue`) as a model file's `deletionRule`, lower-cased, reads.
    static func coreDataDeleteRule(_ rule: String) -> String {
        rule == DeleteRule.noAction.rawValue ? "no action" : rule
    }

    /// `Entity.property` of the properties whose storage schemalint cannot map with certainty: compared by nothing.
    package static func unmapped(_ analysis: VersionAnalysis) -> Set<String> {
        Set(analysis.uncertainties.compactMap { $0.split(separator: ":").first.map(String.init) })
    }
}
