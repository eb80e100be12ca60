/// The version an unversioned app writes. An app container given models and no migration plan
/// (`.modelContainer(for: Trip.self)`, `ModelContainer(for: Schema([Trip.self, Visit.self]))`) stores those models and
/// every model they reach, under version identifier 1.0.0: that is what its users' stores hold, and what the next
/// release must still open (by inference, since no stage runs).
///
/// The same holds for a container given its own models beside a plan that migrates nothing (one version, no stages):
/// its store holds the container's models, not the plan's version.
///
/// One implicit version per distinct set of models, named after the first container that opens it. None for a set
/// some declared version already stores (`Schema(SchemaV2.models)`): that version is the state. None when a
/// container's models are not all resolved: a partial set would be a wrong checksum, not an uncertain one.
public enum ImplicitVersions {
    static let name = "Unversioned"

    static func add(to project: inout Project) {
        // A version a test declares (a migration test's fixture over the live models) is no state the app writes.
        let declared = Set(
            project.versions.filter { !project.testFiles.contains($0.location.file) }.map { Set($0.allEntities) })
        var seen: [Set<SymbolID>: Int] = [:]
        var implied: [SchemaVersion] = []
        for container in project.containers where container.purpose == .app {
            guard !container.hasMigrationPlanArgument || opensItsOwnModels(container, project) else { continue }
            guard container.versionedSchema == nil, let models = container.models, !models.isEmpty,
                models.allSatisfy({ $0.entity != nil })
            else { continue }
            let listed = unique(models.compactMap(\.entity))
            let reachable = VersionBuilder.reachable(from: listed, entities: project.entities)
            let stored = Set(listed + reachable)
            guard !declared.contains(stored), seen[stored] == nil else { continue }
            seen[stored] = implied.count
            let id = project.symbols.addImplied(name: name, location: container.location)
            var version = SchemaVersion(id: id, name: name, location: container.location, key: name)
            version.isImplicit = true
            version.identifier = VersionNumber(1, 0, 0)
            version.models = models
            version.modelsLocation = nil
            version.reachableOnly = reachable
            implied.append(version)
        }
        project.versions += implied
    }

    /// A container given its own models and a plan with one version and no stages (`Schema([8 models])` beside a
    /// plan listing two): no stage runs, so the store holds the container's models, whatever the plan's version lists.
    public static func opensItsOwnModels(_ container: ContainerModel, _ project: Project) -> Bool {
        guard container.models != nil, let id = container.plan,
            let plan = project.plans.first(where: { $0.id == id })
        else { return false }
        return (plan.schemas?.count ?? 0) <= 1 && plan.stages?.isEmpty == true
    }

    private static func unique(_ ids: [SymbolID]) -> [SymbolID] {
        var seen = Set<SymbolID>()
        return ids.filter { seen.insert($0).inserted }
    }
}
