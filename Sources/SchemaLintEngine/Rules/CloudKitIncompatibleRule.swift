import SchemaLintModel

/// CloudKit sync only works with models every device can fill in and merge.
public struct CloudKitIncompatibleRule: Rule {
    public let id = "cloudkit_incompatible"
    public let defaultSeverity = Severity.error
    public let summary = "Models of a ModelConfiguration that enables CloudKit break CloudKit's rules (unique, required, .deny, custom stages)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<String>()
        let project = context.project
        for configuration in project.configurations where configuration.enablesCloudKit {
            let listed = configurationModels(configuration, context: context)
            let entities = listed + VersionBuilder.reachable(from: listed, entities: project.entities)
            func report(_ location: SourceLocation, _ message: String) {
                guard seen.insert("\(location)|\(message)").inserted else { return }
                findings.append(finding(location, message + " (CloudKit is enabled by the ModelConfiguration at \(configuration.location))"))
            }
            for entity in entities.compactMap({ project.entity($0) }) {
                for constraint in entity.uniqueness {
                    report(constraint.location, "\(entity.name) has a uniqueness constraint (\(constraint.properties.joined(separator: ", "))): CloudKit cannot enforce uniqueness, and the container fails to load. Remove .unique/#Unique and de-duplicate in code")
                }
                for property in entity.properties {
                    let place = "\(entity.name).\(property.name)"
                    switch property.kind {
                    case .attribute where !property.isOptional && !property.hasDefault:
                        report(property.location, "\(place) is non-optional without a default value: CloudKit requires every attribute to be optional or have a default (\"CloudKit integration requires that all attributes be optional, or have a default value set\"). Make it optional or give it a default")
                    case .relationship where !property.isOptional:
                        report(property.location, "\(place) is a non-optional relationship: CloudKit requires every relationship to be optional. Declare it as \(property.declaredType)?")
                    default:
                        break
                    }
                    if property.relationshipArguments?.deleteRule == "deny" {
                        report(property.location, "\(place) uses the .deny delete rule, which CloudKit does not support. Use .nullify or .cascade")
                    }
                }
            }
            for container in project.containers {
                guard let planID = container.plan, let plan = project.plans.first(where: { $0.id == planID }),
                      container.location.file == configuration.location.file else { continue }
                for stage in plan.stages ?? [] where stage.kind == .custom {
                    report(stage.location, "\(plan.name) has a custom stage: with CloudKit, other devices still sync the old shape, so only lightweight, additive changes are safe. Make the change additive and lightweight")
                }
            }
        }
        return findings
    }

    /// The configuration's own models, else those of the containers created in the same file.
    private func configurationModels(_ configuration: ConfigurationModel, context: RuleContext) -> [SymbolID] {
        let project = context.project
        if let models = configuration.models { return models.compactMap(\.entity) }
        if let versioned = configuration.versionedSchema { return project.version(versioned)?.listedEntities ?? [] }
        return project.containers.filter { $0.location.file == configuration.location.file }.flatMap { container -> [SymbolID] in
            if let models = container.models { return models.compactMap(\.entity) }
            if let versioned = container.versionedSchema { return project.version(versioned)?.listedEntities ?? [] }
            return []
        }
    }
}
