import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRewrite
import SchemaLintRules

/// Decides what `schemalint bump` writes for an app that has no migration plan yet: a first version holding the
/// models its app container stores today (moved into the version where they stand, typealiases at their names), a
/// plan listing it, and `migrationPlan:` on the containers that open those models. `Bumper` carries it out and
/// proves the version's checksum is the implicit version's, the one users' stores carry.
struct AdoptionPlanner {
    struct Plan {
        var implicit: SchemaVersion
        var versionName: String
        var planName: String
        var newFile: String
        var newText: String
        var edits: [SourceEdit]
        var summaries: [String]
        var notes: [String]
    }

    let analysis: Analysis
    let existingPaths: Set<String>

    /// nil when the app already has a plan (the ordinary bump applies).
    func plan(_ request: BumpPlanner.Request) throws -> Plan? {
        let project = analysis.project
        guard project.plans.isEmpty else { return nil }
        let implicit = project.versions.filter(\.isImplicit)
        guard let state = implicit.first else {
            throw BumpPlanner.Refusal(
                "no SchemaMigrationPlan and no app container whose models schemalint resolves: bump starts the "
                    + "next version of a plan, or adopts one for an app container it can read")
        }
        guard implicit.count == 1 else {
            let places = implicit.map { "\($0.location)" }.joined(separator: ", ")
            throw BumpPlanner.Refusal(
                "\(implicit.count) app containers store different sets of models (\(places)): each is a store "
                    + "of its own; give them one plan by hand, or make them open the same models first")
        }
        let versionName = request.name ?? "SchemaV1"
        let planName = request.plan ?? "MigrationPlan"
        for name in [versionName, planName]
        where project.symbols.symbols.contains(where: { $0.parent == nil && $0.name == name }) {
            throw BumpPlanner.Refusal("a type named \(name) already exists: pass --name or --plan")
        }
        let entities = state.allEntities.compactMap { project.entity($0) }
        var names: [SymbolID: String] = [:]
        for entity in entities {
            // A model nested in another model moves with it; one nested in anything else cannot move.
            var path = [entity.name]
            var parent = project.symbols[entity.id].parent
            while let outer = parent, project.entity(outer) != nil {
                path.insert(project.symbols[outer].name, at: 0)
                parent = project.symbols[outer].parent
            }
            guard parent == nil else {
                throw BumpPlanner.Refusal(
                    "\(entity.location): \(entity.name) is declared inside \(project.symbols[parent!].name); bump "
                        + "moves models declared at the top level of a file (or inside one)")
            }
            names[entity.id] = path.joined(separator: ".")
        }
        var edits: [SourceEdit] = []
        var summaries: [String] = []
        let topLevel = entities.filter { project.symbols[$0.id].parent == nil }
        for entity in topLevel.sorted(by: { $0.location < $1.location }) {
            edits.append(.nestClass(declaration: entity.location, into: versionName))
            summaries.append(
                "\(entity.location): moved \(entity.name) into \(versionName); typealias \(entity.name) keeps its name")
        }
        var notes: [String] = []
        let stored = Set(state.allEntities)
        for container in project.containers where container.purpose == .app && !container.hasMigrationPlanArgument {
            guard let models = container.models, Set(models.compactMap(\.entity)).isSubset(of: stored),
                container.versionedSchema == nil
            else { continue }
            if container.isViewModifier {
                notes.append(
                    "\(container.location): SwiftUI's .modelContainer(for:) takes no migration plan, so this "
                        + "container still opens the store without \(planName). Open it as "
                        + "ModelContainer(for: \(versionName).models..., migrationPlan: \(planName).self) and pass it "
                        + "with .modelContainer(container) before the next version adds a stage")
            } else {
                edits.append(
                    .addArgument(
                        call: container.location, label: "migrationPlan", value: "\(planName).self", after: "for"))
                summaries.append("\(container.location): the container now opens the store with \(planName)")
            }
        }
        var seen = Set<SymbolID>()
        let listed = (state.listedEntities + state.reachableOnly).filter { seen.insert($0).inserted }
        let text: String
        do {
            text = try AdoptionWriter(
                versionName: versionName, planName: planName,
                models: listed.compactMap { names[$0] },
                isPublic: entities.contains { project.declaredPublicTypes.contains($0.name) }
            ).file()
        } catch let refusal as RewriteRefusal {
            throw BumpPlanner.Refusal(refusal.description)
        }
        return Plan(
            implicit: state, versionName: versionName, planName: planName,
            newFile: try newFilePath(files: entities.map(\.location.file), name: versionName),
            newText: text, edits: edits, summaries: summaries, notes: notes)
    }

    /// `Models/SchemaV1.swift` in the deepest folder that holds every model.
    private func newFilePath(files: [String], name: String) throws -> String {
        let folders = files.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
        var common = folders.first.map(Array.init) ?? []
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        let folder = common.joined(separator: "/")
        let path = folder.isEmpty ? "\(name).swift" : "\(folder)/\(name).swift"
        guard !existingPaths.contains(path) else {
            throw BumpPlanner.Refusal("\(path) already exists; bump writes the new version to a new file")
        }
        return path
    }
}
