/// Resolves the models that `ModelContainer` and `ModelConfiguration` calls name, from where they are written.
enum ContainerBuilder {
    static func bind(_ files: [ParsedFile], into project: inout Project) {
        let symbols = project.symbols
        for file in files {
            for use in file.containers {
                let scope = symbols.scope(use.scope, file: file.path)
                let (models, versioned) = resolve(use.models, scope: scope, file: file.path, project: project)
                let plan = use.migrationPlan.flatMap { symbols.resolveSymbol($0, scope: scope, file: file.path) }
                project.containers.append(ContainerModel(location: use.location, models: models, versionedSchema: versioned,
                                                         plan: plan, hasMigrationPlanArgument: use.hasMigrationPlanArgument))
            }
            for use in file.configurations {
                let scope = symbols.scope(use.scope, file: file.path)
                let (models, versioned) = resolve(use.models, scope: scope, file: file.path, project: project)
                project.configurations.append(ConfigurationModel(location: use.location, models: models, versionedSchema: versioned,
                                                                 cloudKitDatabase: use.cloudKitDatabase))
            }
        }
    }

    private static func resolve(_ source: ModelSource, scope: SymbolID?, file: String, project: Project) -> ([ModelReference]?, SymbolID?) {
        switch source {
        case let .models(uses):
            return (uses.map { use in
                let id = project.symbols.resolveSymbol(use.type, scope: scope, file: file)
                return ModelReference(written: use.type, location: use.location, entity: id.flatMap { project.entities[$0] != nil ? $0 : nil })
            }, nil)
        case let .versionedSchema(use):
            let id = project.symbols.resolveSymbol(use.type, scope: scope, file: file)
            return (nil, id.flatMap { project.version($0) != nil ? $0 : nil })
        case .unknown:
            return (nil, nil)
        }
    }
}
