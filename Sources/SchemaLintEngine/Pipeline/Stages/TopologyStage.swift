import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Stage 4: the project as the rules judge it, and which store each app container opens. Plans nothing uses are
/// hashed and locked with their versions, but the rules about plans skip them; what the targets' entitlements turn on
/// (an App Group, CloudKit where `cloudKitDatabase` is left at `.automatic`) is applied before the stores are built.
struct TopologyStage {
    var threads: Int?
    var membership: ProjectMembership?
    /// The files are the whole app (`Analyzer.readsWholeApp`).
    var readsWholeApp = false

    struct Output {
        /// The project without the plans nothing uses, entitlements applied.
        var checked: Project
        var topology: StoreTopology
        var unreferencedPlans: [MigrationPlan]
        var unusedModels: Set<SymbolID>
    }

    func run(_ project: Project, files: [SourceDiscovery.SourceFile], relevant: [Bool]) -> Output {
        let skipped = files.indices.filter { !relevant[$0] }
        let unused = UnusedDeclarations.unreferenced(project, files: files, skipped: skipped, threads: threads)
        var checked = project
        checked.plans.removeAll { unused.contains($0.id) }
        // The targets the project files say compile each file, asked once per file.
        var targets: [String: [StoreTopology.ProjectTarget]] = [:]
        // Where no project file names a file's targets, the app whose `@main` folder holds it (`AppEntryFolders`).
        let entries = AppEntryFolders(project)
        let targetsOf = { (file: String) -> [StoreTopology.ProjectTarget] in
            if let known = targets[file] { return known }
            var found = membership?.targets(for: file) ?? []
            if found.isEmpty { found = entries.target(of: file) }
            targets[file] = found
            return found
        }
        StoreTopology.applyEntitlements(&checked, targets: targetsOf)
        StoreTopology.splitCoreDataStoresByDevice(&checked, targets: targetsOf)
        let topology = StoreTopology.build(checked, readsWholeApp: readsWholeApp, targets: targetsOf)
        return Output(
            checked: checked, topology: topology, unreferencedPlans: project.plans.filter { unused.contains($0.id) },
            unusedModels: UnusedDeclarations.unusedModels(project, files: files, skipped: skipped, threads: threads))
    }
}
