import SchemaLintModel

/// In an app with versioned schemas, every model should belong to some version.
public struct UnversionedModelRule: Rule {
    public let id = "unversioned_model"
    public let defaultSeverity = Severity.warning
    public let summary = "A @Model that no version lists or reaches, in an app that has versioned schemas."

    public func check(_ context: RuleContext) -> [Finding] {
        let project = context.project
        guard !project.versions.isEmpty else { return [] }
        let versioned = Set(project.versions.flatMap(\.allEntities))
        return project.entities.values.sorted { $0.location < $1.location }.compactMap { entity in
            // Models declared inside a version are model_missing_from_schema's to report.
            guard !versioned.contains(entity.id), entity.enclosingVersion == nil else { return nil }
            return finding(entity.location, "@Model \(entity.qualifiedName) is in no version's models, and this app uses versioned schemas: a container built from the plan does not know it, so inserting or fetching it fails at run time. Add it to the newest version's models (and a frozen copy when that version ships)")
        }
    }
}
