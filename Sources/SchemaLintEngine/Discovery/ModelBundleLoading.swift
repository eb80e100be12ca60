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
    static func load(
        _ found: [(absolute: String, display: String)], mappingModels: [(absolute: String, display: String)],
        membership findMembership: () -> ProjectMembership?, threads: Int?
    ) -> [ModelBundle] {
        guard !found.isEmpty else { return [] }
        var jobs: [(bundle: Int, folder: ModelBundleReader.VersionFolder)] = []
        for (index, bundle) in found.enumerated() {
            for folder in ModelBundleReader.versionFolders(path: bundle.absolute, display: bundle.display) {
                jobs.append((index, folder))
            }
        }
        let folders = jobs.map(\.folder)
        let memo = EntityMemo()
        // Mapping models are read once, beside the versions (one can be megabytes of XML).
        let read = Workers.map(folders.count + mappingModels.count, threads: threads, state: {}) { index, _ -> Read in
            index < folders.count
                ? .version(ModelBundleReader.readVersion(folders[index], memo: memo))
                : .mapping(MappingModelReader.modelPaths(path: mappingModels[index - folders.count].absolute))
        }
        let mappingPaths = read.dropFirst(folders.count).map(\.mappingPaths)
        var byBundle = [[ModelBundleVersion]](repeating: [], count: found.count)
        for (job, version) in zip(jobs, read.prefix(folders.count).compactMap(\.version)) {
            byBundle[job.bundle].append(version)
        }
        let membership = findMembership()
        return found.enumerated().map { index, found in
            var bundle = ModelBundleReader.assemble(
                path: found.absolute, display: found.display, versions: byBundle[index])
            bundle.isCompiled = compiled(found.display, membership: membership)
            let names = bundle.versions.map(\.name)
            let parent = folder(of: found.display)
            for (mapping, paths) in zip(mappingModels, mappingPaths) {
                let file = MappingModelReader.read(
                    path: mapping.absolute, display: mapping.display, versionNames: names, modelPaths: .some(paths))
                // A mapping model belongs to the bundle whose versions it names, or, when it names none schemalint
                // can read, to a bundle in its own folder.
                if (file.source != nil && file.destination != nil) || folder(of: mapping.display) == parent {
                    bundle.mappingModels.append(file)
                }
            }
            return bundle
        }.sorted { $0.path < $1.path }
    }

    /// What one reading job gave.
    private enum Read {
        case version(ModelBundleVersion)
        case mapping(MappingModelReader.ModelPaths?)

        var version: ModelBundleVersion? {
            if case .version(let version) = self { return version }
            return nil
        }

        var mappingPaths: MappingModelReader.ModelPaths? {
            if case .mapping(let paths) = self { return paths }
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
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }
}
