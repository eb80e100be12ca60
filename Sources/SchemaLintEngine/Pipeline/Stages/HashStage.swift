import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Stage 3: the model bundles joined to the project, and every version hashed: SwiftData versions whose models could
/// be read (a checksum of a list never read would be a confident wrong answer: `Analysis.unreadVersions`), and the
/// Core Data model versions that could be read, on every core.
struct HashStage {
    var threads: Int?
    var modelBundles: [ModelBundle]?

    struct Output {
        var project: Project
        var versions: [VersionAnalysis]
        var modelVersions: [VersionAnalysis]
    }

    func run(_ project: Project, valueTypes: [SymbolID: ValueTypeCollection]?, lockfile: Lockfile?) -> Output {
        var project = project
        project.modelBundles = modelBundles ?? []
        // Keyed within the app: two bundles of the same name share no key, so no hash, lock entry or report.
        ModelBundle.assignKeys(&project.modelBundles)
        lockfile?.adoptLockedKeys(&project.modelBundles)
        project.modelBundlesRead = modelBundles != nil
        var versions = project.versions.filter { $0.modelsUnread == nil }.map {
            VersionAnalysis(version: $0, project: project, valueTypes: valueTypes?[$0.id])
        }
        ImplicitVersionKeys.assign(&project, &versions)
        let readable = project.modelBundles.flatMap { bundle in
            bundle.versions.filter { $0.problem == nil }.map { (version: $0, key: bundle.key(of: $0)) }
        }
        let modelVersions = Workers.map(readable.count, threads: threads, state: { VersionHasher.Cache() }) {
            index, cache in
            VersionAnalysis(bundleVersion: readable[index].version, key: readable[index].key, cache: cache)
        }
        return Output(project: project, versions: versions, modelVersions: modelVersions)
    }
}
