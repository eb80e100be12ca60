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

    /// `membership` is asked for only once every version is read, so the caller can read project files meanwhile.
    /// `recorded`: the lockfile's record of a version (see `RecordedVersions`), asked once every version's bytes are
    /// read; a version it gives is not read again. Versions it can never give (each bundle's current version, a
    /// bundle's only one) are read while it is awaited.
    static func load(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)],
        membership findMembership: () -> ProjectMembership?, recorded findRecorded: () -> RecordedVersions? = { nil },
        threads: Int?
    ) -> [ModelBundle] {
        guard !found.isEmpty else { return [] }
        var jobs: [(bundle: Int, folder: ModelBundleReader.VersionFolder)] = []
        for (index, bundle) in found.enumerated() {
            for folder in ModelBundleReader.versionFolders(path: bundle.absolute, display: bundle.display) {
                jobs.append((index, folder))
            }
        }
        let folders = jobs.map(\.folder)
        // Mapping models name their versions in `xcmapping.xml`, megabytes each in a large app: read beside the
        // versions' bytes.
        let mappingPaths = mappingModels.map(\.absolute)
        let fileCount = folders.count + mappingPaths.count
        let files = Workers.map(fileCount, threads: threads, state: {}) { index, _ -> FileRead in
            index < folders.count
                ? .version(ModelBundleReader.contents(of: folders[index]))
                : .mapping(MappingModelReader.modelPaths(path: mappingPaths[index - folders.count]))
        }
        let contents = files.prefix(folders.count).compactMap(\.version)
        let mappingNames = files.dropFirst(folders.count).map(\.mapping)
        let currents = found.map { bundle in
            ModelBundleReader.currentVersion(
                path: bundle.absolute + "/.xccurrentversion", display: bundle.display + "/.xccurrentversion")
        }
        var counts = [Int](repeating: 0, count: found.count)
        for job in jobs { counts[job.bundle] += 1 }
        // The current version is always read: migrations start from it and findings point into it.
        let alwaysRead = jobs.indices.filter { index in
            let job = jobs[index]
            if case let .named(name, _) = currents[job.bundle], name == job.folder.name { return true }
            return counts[job.bundle] == 1
        }
        let memo = EntityMemo()
        let early = ResultSlots<ModelBundleVersion>(count: jobs.count)
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            for index in alwaysRead { early.set(index, ModelBundleReader.readVersion(contents[index], memo: memo)) }
        }
        let always = Set(alwaysRead)
        var taken = [ModelBundleVersion?](repeating: nil, count: jobs.count)
        if let lockfile = findRecorded() {
            for (index, job) in jobs.enumerated() where !always.contains(index) {
                taken[index] = lockfile.version(contents[index], bundle: found[job.bundle].display)
            }
        }
        let recorded = taken
        let read = Workers.map(jobs.count, threads: threads, state: {}) { index, _ -> ModelBundleVersion? in
            always.contains(index)
                ? nil : recorded[index] ?? ModelBundleReader.readVersion(contents[index], memo: memo)
        }
        reading.wait()
        var byBundle = [[ModelBundleVersion]](repeating: [], count: found.count)
        for (index, job) in jobs.enumerated() {
            if let version = read[index] ?? early.value(index) { byBundle[job.bundle].append(version) }
        }
        let membership = findMembership()
        return found.enumerated().map { index, found in
            var bundle = ModelBundleReader.assemble(
                path: found.absolute, display: found.display, versions: byBundle[index], current: currents[index])
            bundle.isCompiled = compiled(found.display, membership: membership)
            let names = bundle.versions.map(\.name)
            let parent = folder(of: found.display)
            for (mapping, paths) in zip(mappingModels, mappingNames) {
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
    private enum FileRead: Sendable {
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
