import SchemaLintModel

/// A version's `models` list must name every model the version declares, or SwiftData leaves it out.
///
/// Not reported: a nested model the list leaves out but a listed model reaches through a relationship (SwiftData
/// follows relationships and includes it, so the checksum is the same), and models a historical version reaches
/// that can still change (`historical_schema_uses_live_model` reports those, with the right fix: a frozen copy).
public struct ModelMissingFromSchemaRule: Rule {
    public let id = "model_missing_from_schema"
    public let defaultSeverity = Severity.error
    public let summary = "A @Model declared inside a version is missing from its models list and reached by no listed model."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for version in project.versions {
            guard let models = version.models, let listLocation = version.modelsLocation else { continue }
            let listed = models.compactMap(\.entity)
            let included = Set(listed + VersionBuilder.reachable(from: listed, entities: project.entities))
            let declared = project.entities.values.filter { $0.enclosingVersion == version.id }.sorted { $0.location < $1.location }
            for entity in declared where !included.contains(entity.id) {
                findings.append(finding(listLocation, "\(version.name) declares @Model \(entity.name) (\(entity.location)) but its models list does not include it and no listed model reaches it: SwiftData leaves it out of this version's schema, so a container of this version cannot store it. Add \(entity.name).self to \(version.name).models"))
            }
        }
        return findings
    }
}
