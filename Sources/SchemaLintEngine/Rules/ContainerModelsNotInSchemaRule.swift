import SchemaLintModel

/// The container's models must be exactly what the plan's newest version stores.
public struct ContainerModelsNotInSchemaRule: Rule {
    public let id = "container_models_not_in_schema"
    public let defaultSeverity = Severity.error
    public let summary = "A ModelContainer with a migration plan lists models that the plan's newest version does not contain."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for container in context.appContainers {
            // An inert plan (one version, no stages) migrates nothing: apps ship with it and a wider container.
            guard let plan = context.plan(container.plan), !context.isInert(plan),
                  let newest = context.steps(of: plan).newest else { continue }
            let inNewest = Set(newest.allEntities)
            if let versioned = container.versionedSchema, versioned != newest.id {
                findings.append(finding(container.location, "this container uses the schema of \(project.symbols[versioned].qualifiedName), but the newest version of \(plan.name) is \(newest.name): the container's model matches no final version and opening the store fails. Use Schema(versionedSchema: \(newest.name).self)"))
            }
            for model in container.models ?? [] {
                guard let id = model.entity, !inNewest.contains(id), let entity = project.entity(id) else { continue }
                let current = context.entity(named: entity.name, in: newest)
                let detail = current.map { "; the newest version uses \($0.qualifiedName) for \(entity.name)" } ?? ""
                findings.append(finding(model.location, "\(entity.qualifiedName) is not in \(newest.name), the newest version of \(plan.name)\(detail): the container's schema then matches no version, so opening the store fails or casts crash. Give the container exactly \(newest.name)'s models (or Schema(versionedSchema: \(newest.name).self))"))
            }
        }
        return findings
    }
}
