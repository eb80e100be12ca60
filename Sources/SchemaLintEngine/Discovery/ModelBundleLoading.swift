import Foundation
import SchemaLintBundles
import SchemaLintModel

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
        var jobs: [(bundle: Int, folder: ModelBundleReader.VersionFolder)] = []
        for (index, bundle) in found.enumerated() {
            for folder in ModelBundleReader.versionFolders(path: bundle.absolute, display: bundle.display) {
                jobs.append((index, folder))
            }
        }
        let folders = jobs.map(\.folder)
        // Mapping models name their versions in `xcmapping.xml`, megabytes each in a large app: read beside the
        // versions' bytes.
        let mappingFiles = mappingModels.map(\.absolute)
        let files = Workers.map(folders.count + mappingFiles.count, threads: threads, state: {}) {
            index, _ -> FileRead in
            index < folders.count
                ? .version(ModelBundleReader.contents(of: folders[index]))
                : .mapping(MappingModelReader.modelPaths(path: mappingFiles[index - folders.count]))
        }
        let contents = files.prefix(folders.count).compactMap(\.version)
        let currents = found.map { bundle in
            ModelBundleReader.currentVersion(
                path: bundle.absolute + "/.xccurrentversion", display: bundle.display + "/.xccurrentversion")
        }
        var counts = [Int](repeating: 0, count: found.count)
        for job in jobs { counts[job.bundle] += 1 }
        // The current version is always read: migrations start from it and findings point into it.
        let memo = EntityMemo()
        var early: [Int: ModelBundleVersion] = [:]
        for (index, job) in jobs.enumerated() {
            var current = counts[job.bundle] == 1
            if case let .named(name, _) = currents[job.bundle], name == job.folder.name { current = true }
            if current { early[index] = ModelBundleReader.readVersion(contents[index], memo: memo) }
        }
        return Prepared(
            jobs: jobs, contents: contents, mappingPaths: files.dropFirst(folders.count).map(\.mapping),
            currents: currents, early: early, memo: memo)
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
        let prepared = preparation?.value() ?? prepare(found, mappingModels: mappingModels, threads: threads)
        let (jobs, contents, early, memo) = (prepared.jobs, prepared.contents, prepared.early, prepared.memo)
        var taken = [ModelBundleVersion?](repeating: nil, count: jobs.count)
        if let lockfile = findRecorded() {
            for (index, job) in jobs.enumerated() where early[index] == nil {
                taken[index] = lockfile.version(contents[index], bundle: found[job.bundle].display)
            }
        }
        let recorded = taken
        let read = Workers.map(jobs.count, threads: threads, state: {}) { index, _ -> ModelBundleVersion in
            early[index] ?? recorded[index] ?? ModelBundleReader.readVersion(contents[index], memo: memo)
        }
        var byBundle = [[ModelBundleVersion]](repeating: [], count: found.count)
        for (job, version) in zip(jobs, read) { byBundle[job.bundle].append(version) }
        let membership = findMembership()
        return found.enumerated().map { index, found in
            var bundle = ModelBundleReader.assemble(
                path: found.absolute, display: found.display, versions: byBundle[index],
                current: prepared.currents[index])
            bundle.isCompiled = compiled(found.display, membership: membership)
            let names = bundle.versions.map(\.name)
            let parent = folder(of: found.display)
            for (mapping, paths) in zip(mappingModels, prepared.mappingPaths) {
                let file = MappingModelReader.read(display: mapping.display, modelPaths: paths, versionNames: names)
                // A mapping model belongs to the bundle whose versions it names, or, when it names none schemalint
                // can read, to a bundle in its own folder.
                if (file.source != nil && file.destination != nil) || folder(of: mapping.display) == parent {
                    bundle.mappingModels.append(file)
                }
            }
            return bundle
        }.sorted { $0.path < $1.path }
    }

    /// What reading one file of a bundle gave: a version's bytes, or a mapping model's version paths.
    enum FileRead: Sendable {
        case version(ModelBundleReader.VersionContents)
        case mapping(MappingModelReader.ModelPaths?)

        var version: ModelBundleReader.VersionContents? {
            if case let .version(contents) = self { return contents }
            return nil
        }

        var mapping: MappingModelReader.ModelPaths? {
            if case let .mapping(paths) = self { return paths }
            return nil
        }
    }

    /// Whether a target compiles the bundle: nil when no readable project decides.
    private static func compiled(_ path: String, membership: ProjectMembership?) -> Bool? {
        switch membership?.decision(for: path) {
        case .compiled?: return true
        case .notCompiled?: return false
        default: return nil
        }
    }

    private static func folder(of path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }
}

/// Model bundles prepared in the background from the moment discovery's walk has found them
/// (`ModelBundleLoading.prepare`): their bytes, digests, mapping models and current versions are ready by the time
/// the Swift files are read.
public final class ModelBundlePreparation: @unchecked Sendable {
    private var prepared: ModelBundleLoading.Prepared?
    private let done = DispatchGroup()

    public init(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)],
        threads: Int?
    ) {
        DispatchQueue.global().async(group: done) { [self] in
            prepared = ModelBundleLoading.prepare(found, mappingModels: mappingModels, threads: threads)
        }
    }

    func value() -> ModelBundleLoading.Prepared? {
        done.wait()
        return prepared
    }
}
