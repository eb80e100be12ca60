import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Format 1 baselines (written before findings had subjects) name the semantic place a location belongs to
/// (`plan TravelApp.MigrationPlan`, `SchemaV2.Trip.notes`), so a
/// finding can be recognised after unrelated edits move its line.
struct SemanticPlaces {
    private var places: [String: [(line: Int, column: Int, name: String)]] = [:]

    init(_ project: Project) {
        func add(_ location: SourceLocation?, _ name: String) {
            guard let location else { return }
            places[location.file, default: []].append((location.line, location.column, name))
        }
        for entity in project.entities.values {
            add(entity.location, entity.qualifiedName)
            for property in entity.properties {
                add(property.location, "\(entity.qualifiedName).\(property.name)")
                add(property.relationship?.inverse?.written.location, "\(entity.qualifiedName).\(property.name)")
            }
            for constraint in entity.uniqueness + entity.indexes { add(constraint.location, entity.qualifiedName) }
        }
        for version in project.versions {
            add(version.location, version.name)
            add(version.modelsLocation, "\(version.name).models")
            add(version.identifierLocation, "\(version.name).versionIdentifier")
            for model in version.models ?? [] { add(model.location, "\(version.name).models") }
        }
        for plan in project.plans {
            add(plan.location, plan.name)
            add(plan.schemasLocation, "\(plan.name).schemas")
            add(plan.stagesLocation, "\(plan.name).stages")
            for reference in plan.schemas ?? [] { add(reference.location, "\(plan.name).schemas") }
            for stage in (plan.stages ?? []) + plan.declaredStages {
                let name =
                    "\(plan.name).stages.\(stage.displayName)"
                add(stage.location, name)
                add(stage.expression.location, name)
                for closure in stage.expression.closures {
                    for use in closure.typeUses { add(use.location, name) }
                    for swallowed in closure.swallowedErrors { add(swallowed.location, name) }
                }
            }
        }
        for container in project.containers {
            add(container.location, "ModelContainer")
            for model in container.models ?? [] { add(model.location, "ModelContainer") }
        }
        for alias in project.symbols.topLevelTypealiases { add(alias.value.location, "typealias \(alias.value.name)") }
    }

    /// The place declared exactly at the location, else the nearest one above it on the same line, else the file.
    func place(of location: SourceLocation) -> String {
        let candidates = places[location.file, default: []].filter { $0.line == location.line }
        if let exact = candidates.first(where: { $0.column == location.column }) { return exact.name }
        if let before = candidates.filter({ $0.column <= location.column }).max(by: { $0.column < $1.column }) {
            return before.name
        }
        return location.file
    }
}
