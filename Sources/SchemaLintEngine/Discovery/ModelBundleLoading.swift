import Foundation
import SchemaLintBundles
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// Reads the model bundles discovery found, every version on every core, and tells which a target compiles and
/// which mapping models belong to each.
enum ModelBundleLoading {
    static func load(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)],
        membership: ProjectMembership?, threads: Int?
    ) -> [ModelBundle] {
        load(found, mappingModels: mappingModels, membership: { membership }, threads: threads)
    }

    /// The bundles' files read and the versions that are always read parsed: what loading needs before it knows
    /// the lockfile and the project files.
    struct Prepared: Sendable {
        var jobs: [(bundle: Int, folder: ModelBundleReader.VersionFolder)]
        var contents: [ModelBundleReader.VersionContents]
        var mappingPaths: [MappingModelReader.ModelPaths?]
        var currents: [CurrentVersion]
        /// Each bundle's current version and a bundle's only one, parsed, by job index.
        var early: [Int: ModelBundleVersion]
        /// Entities parsed so far, for the versions still to read.
        var memo: EntityMemo
    }

    static func prepare(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)],
        threads: Int?
    ) -> Prepared {
        let memo = EntityMemo()
        return assemble(
            found.map { prepare(bundle: $0, memo: memo, threads: threads) },
            mappingPaths: Workers.map(mappingModels.count, threads: threads, state: {}) { index, _ in
                MappingModelReader.modelPaths(path: mappingModels[index].absolute)
            }, memo: memo)
    }

    /// One bundle's files read and the versions that are always read parsed.
    struct PreparedBundle: Sendable {
        var folders: [ModelBundleReader.VersionFolder]
        var contents: [ModelBundleReader.VersionContents]
        var current: CurrentVersion
        /// The current version and a bundle's only one, parsed, by index in `folders`.
        var early: [Int: ModelBundleVersion]
    }

    /// `keepingBytes`: keep every version's bytes, not only the current one's; without, the others are read for their
    /// digest alone (most are then taken from the lockfile, see `RecordedVersions`) and read again if needed.
    static func prepare(
        bundle: (absolute: String, display: String), memo: EntityMemo, keepingBytes: Bool = true, threads: Int?
    ) -> PreparedBundle {
        let folders = ModelBundleReader.versionFolders(path: bundle.absolute, display: bundle.display)
        let current = ModelBundleReader.currentVersion(
            path: bundle.absolute + "/.xccurrentversion", display: bundle.display + "/.xccurrentversion")
        // The current version is always read: migrations start from it and findings point into it.
        let isCurrent = folders.map { folder in
            if case let .named(name, _) = current, name == folder.name { return true }
            return folders.count == 1
        }
        let contents = Workers.map(folders.count, threads: threads, state: { [UInt8]() }) { index, buffer in
            ModelBundleReader.contents(
                of: folders[index], keepingBytes: keepingBytes || isCurrent[index], buffer: &buffer)
        }
        var early: [Int: ModelBundleVersion] = [:]
        for index in folders.indices where isCurrent[index] {
            early[index] = ModelBundleReader.readVersion(contents[index], memo: memo)
        }
        return PreparedBundle(folders: folders, contents: contents, current: current, early: early)
    }

    /// The bundles (in `found`'s order) and mapping models as `load` takes them.
    static func assemble(_ bundles: [PreparedBundle], mappingPaths: [MappingModelReader.ModelPaths?], memo: EntityMemo)
        -> Prepared
    {
        var prepared = Prepared(
            jobs: [], contents: [], mappingPaths: mappingPaths, currents: bundles.map(\.current), early: [:],
            memo: memo)
        for (index, bundle) in bundles.enumerated() {
            for (position, folder) in bundle.folders.enumerated() {
                if let version = bundle.early[position] { prepared.early[prepared.jobs.count] = version }
                prepared.jobs.append((index, folder))
            }
            prepared.contents += bundle.contents
        }
        return prepared
    }

    /// `prepared`: the same bundles already prepared (`ModelBundlePreparation`, from discovery's walk).
    /// `membership` is asked for only once every version is read, so the caller can read project files meanwhile.
    /// `recorded`: the lockfile's record of a version (see `RecordedVersions`); a version it gives is not read.
    static func load(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)],
        prepared preparation: ModelBundlePreparation? = nil, membership findMembership: () -> ProjectMembership?,
        recorded findRecorded: () -> RecordedVersions? = { nil }, threads: Int?
    ) -> [ModelBundle] {
        guard !found.isEmpty else { return [] }
        let prepared =
            preparation?.value(found, mappingModels: mappingModels)
            ?? prepare(found, mappingModels: mappingModels, threads: threads)
        let (jobs, contents, early, memo) = (prepared.jobs, prepared.contents, prepared.early, prepared.memo)
        StageTrace.mark("bundles prepared")
        let recorded = findRecorded()
        StageTrace.mark("lockfile records")
        let read = Workers.map(jobs.count, threads: threads, state: {}) { index, _ -> ModelBundleVersion in
            early[index]
                ?? recorded?.version(contents[index], bundle: found[jobs[index].bundle].display)
                ?? ModelBundleReader.readVersion(contents[index], memo: memo)
        }
        StageTrace.mark("versions read")
        var byBundle = [[ModelBundleVersion]](repeating: [], count: found.count)
        for (job, version) in zip(jobs, read) { byBundle[job.bundle].append(version) }
        let membership = findMembership()
        var bundles = found.enumerated().map { index, found in
            var bundle = ModelBundleReader.assemble(
                path: found.absolute, display: found.display, versions: byBundle[index],
                current: prepared.currents[index])
            let decision = membership?.decision(for: found.display)
            bundle.isCompiled = compiled(decision)
            bundle.isTestOnly = decision == .compiled(testOnly: true)
            bundle.oldestSystems = membership?.oldestSystems(for: found.display)
            return bundle
        }
        let attached = attach(mappingModels, paths: prepared.mappingPaths, to: &bundles, recorded: recorded)
        // The models each mapping model embeds, read once (each bundle compares those naming its versions), and only
        // for those no lockfile record vouches for.
        let needed = Array(Set(attached.filter { $0.changes == nil }.map(\.mapping))).sorted()
        let decoded = Workers.map(needed.count, threads: threads, state: {}) { index, _ in
            embeddedModels(prepared.mappingPaths[needed[index]])
        }
        let embedded = Dictionary(uniqueKeysWithValues: zip(needed, decoded))
        for item in attached {
            var file = bundles[item.bundle].mappingModels[item.position]
            if let changes = item.changes {
                file.changedSince = changes
            } else {
                file.embedded = embedded[item.mapping] ?? nil
                file.changedSince = MappingModelMatch.changes(file, in: bundles[item.bundle])
            }
            bundles[item.bundle].mappingModels[item.position] = file
        }
        return bundles.sorted { $0.path < $1.path }
    }

    /// Gives each bundle the mapping models that belong to it: those whose versions it has, or, when a mapping model
    /// names none schemalint can read, those in its own folder. Each as (bundle, place in its list, mapping model
    /// index), with the changes a lockfile record vouches for (`RecordedMappingModels`), if any.
    private static func attach(
        _ mappingModels: [(absolute: String, display: String)], paths: [MappingModelReader.ModelPaths?],
        to bundles: inout [ModelBundle], recorded: RecordedVersions?
    ) -> [(bundle: Int, position: Int, mapping: Int, changes: [String]?)] {
        var attached: [(bundle: Int, position: Int, mapping: Int, changes: [String]?)] = []
        for index in bundles.indices {
            let names = bundles[index].versions.map(\.name)
            let parent = Paths.folderPart(bundles[index].path)
            for (mappingIndex, (mapping, modelPaths)) in zip(mappingModels, paths).enumerated() {
                let file = MappingModelReader.read(
                    display: mapping.display, modelPaths: modelPaths, versionNames: names)
                guard (file.source != nil && file.destination != nil) || Paths.folderPart(mapping.display) == parent
                else { continue }
                let record = recorded?.mappingModel(
                    named: RecordedMappingModels.name(of: file), bundle: bundles[index].path)
                let changes = RecordedMappingModels.changes(file, in: bundles[index], recorded: record)
                attached.append((index, bundles[index].mappingModels.count, mappingIndex, changes))
                bundles[index].mappingModels.append(file)
            }
        }
        return attached
    }

    /// The source and destination models `xcmapping.xml` embeds, when both can be read (`ArchivedDataModel`).
    private static func embeddedModels(_ paths: MappingModelReader.ModelPaths?)
        -> (source: EmbeddedModel, destination: EmbeddedModel)?
    {
        guard let source = paths?.sourceData, let destination = paths?.destinationData,
            let sourceModel = try? ArchivedDataModel.decode(base64: source),
            let destinationModel = try? ArchivedDataModel.decode(base64: destination)
        else { return nil }
        return (sourceModel, destinationModel)
    }

    /// Whether a target compiles the bundle: nil when no readable project decides.
    private static func compiled(_ decision: ProjectMembership.Decision?) -> Bool? {
        switch decision {
        case .compiled?: return true
        case .notCompiled?: return false
        default: return nil
        }
    }
}

/// Model bundles prepared in the background from the moment discovery's walk finds them (`SourceDiscovery.found`):
/// their bytes, digests, mapping models and current versions are ready by the time the Swift files are read.
public final class ModelBundlePreparation: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchGroup()
    private let memo = EntityMemo()
    private let threads: Int?
    private let keepsBytes: Bool
    private var bundles: [String: ModelBundleLoading.PreparedBundle] = [:]
    private var mappingPaths: [String: MappingModelReader.ModelPaths?] = [:]

    /// `keepingBytes`: false when most versions will be taken from a lockfile (`check`): they are read for their
    /// digests alone, and again only if one has to be parsed.
    public init(threads: Int?, keepingBytes: Bool = true) {
        self.threads = threads
        keepsBytes = keepingBytes
    }

    /// Starts reading a bundle's files.
    public func add(bundle: (absolute: String, display: String)) {
        DispatchQueue.global().async(group: done) { [self] in
            let prepared = ModelBundleLoading.prepare(
                bundle: bundle, memo: memo, keepingBytes: keepsBytes, threads: threads)
            StageTrace.mark("bundle read: \(bundle.display)")
            lock.lock()
            bundles[bundle.absolute] = prepared
            lock.unlock()
        }
    }

    /// Starts reading the versions a mapping model names.
    public func add(mappingModel: (absolute: String, display: String)) {
        DispatchQueue.global().async(group: done) { [self] in
            let paths = MappingModelReader.modelPaths(path: mappingModel.absolute)
            lock.lock()
            mappingPaths[mappingModel.absolute] = .some(paths)
            lock.unlock()
        }
    }

    /// Once read, `found` and `mappingModels` as `load` takes them; one not added is read now.
    func value(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)]
    ) -> ModelBundleLoading.Prepared {
        done.wait()
        lock.lock()
        let (bundles, mappingPaths) = (self.bundles, self.mappingPaths)
        lock.unlock()
        return ModelBundleLoading.assemble(
            found.map {
                bundles[$0.absolute]
                    ?? ModelBundleLoading.prepare(bundle: $0, memo: memo, keepingBytes: keepsBytes, threads: threads)
            },
            mappingPaths: mappingModels.map {
                mappingPaths[$0.absolute] ?? MappingModelReader.modelPaths(path: $0.absolute)
            }, memo: memo)
    }
}
