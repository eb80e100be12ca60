import SchemaLintModel

/// A version's `models` list must name every model the version declares and every model its models point at.
public struct ModelMissingFromSchemaRule: Rule {
    public let id = "model_missing_from_schema"
    public let defaultSeverity = Severity.error
    public let summary = "A @Model declared in a version, or reached by a listed model's relationship, is missing from its models list."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for version in project.versions {
            guard let models = version.models, let listLocation = version.modelsLocation else { continue }
            let listed = Set(models.compactMap(\.entity))
            let declared = project.entities.values.filter { $0.enclosingVersion == version.id }.sorted { $0.location < $1.location }
            for entity in declared where !listed.contains(entity.id) {
                findings.append(finding(listLocation, "\(version.name) declares @Model \(entity.name) (\(entity.location)) but its models list does not include it: SwiftData leaves it out of this version's schema. Add \(entity.name).self to \(version.name).models"))
            }
            for entityID in models.compactMap(\.entity) {
                guard let entity = project.entity(entityID) else { continue }
                for property in entity.properties {
                    guard let destination = property.relationship?.destination, !listed.contains(destination),
                          let target = project.entity(destination) else { continue }
                    let sameName = listed.compactMap { project.entity($0) }.first { $0.name == target.name }
                    let detail = sameName.map { " (the version lists \($0.qualifiedName), a different class with the same entity name)" } ?? ""
                    findings.append(finding(listLocation, "\(entity.name).\(property.name) points at \(target.qualifiedName), which \(version.name).models does not list\(detail): SwiftData pulls it into the schema through the relationship, so the version's checksum depends on a model it does not name. Add \(target.name).self to \(version.name).models"))
                }
            }
        }
        return findings
    }
}
