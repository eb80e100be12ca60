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
        let read = Workers.map(folders.count, threads: threads, state: {}) { index, _ in
            ModelBundleReader.readVersion(folders[index], memo: memo)
        }
        var byBundle = [[ModelBundleVersion]](repeating: [], count: found.count)
        for (job, version) in zip(jobs, read) { byBundle[job.bundle].append(version) }
        let membership = findMembership()
        return found.enumerated().map { index, found in
            var bundle = ModelBundleReader.assemble(
                path: found.absolute, display: found.display, versions: byBundle[index])
            bundle.isCompiled = compiled(found.display, membership: membership)
            let names = bundle.versions.map(\.name)
            let parent = folder(of: found.display)
            for mapping in mappingModels {
                let file = MappingModelReader.read(
                    path: mapping.absolute, display: mapping.display, versionNames: names)
                // A mapping model belongs to the bundle whose versions it names, or, when it names none schemalint
                // can read, to a bundle in its own folder.
                if (file.source != nil && file.destination != nil) || folder(of: mapping.display) == parent {
                    bundle.mappingModels.append(file)
                }
            }
            return bundle
        }.sorted { $0.path < $1.path }
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
