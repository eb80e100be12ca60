/// Resolves the models that `ModelContainer` and `ModelConfiguration` calls name, from where they are written.
enum ContainerBuilder {
    static func bind(_ files: [ParsedFile], values: NamedValueIndex, into project: inout Project) {
        let symbols = project.symbols
        let calls = CallSites(files.flatMap(\.boolArguments))
        for file in files {
            let fileIsTest = file.isTestTarget ?? ContainerPurpose.isTestPath(file.path)
            for use in file.containers {
                let scope = symbols.scope(use.scope, file: file.path)
                let (models, versioned, schemaUse) = resolve(
                    use.models, scope: scope, file: file.path, at: use.location, project: project, values: values)
                var plan = use.migrationPlan.flatMap { symbols.resolveSymbol($0, scope: scope, file: file.path) }
                if plan == nil, let reference = use.migrationPlanReference {
                    plan = values.type(of: reference, scope: scope, file: file.path)
                    if plan == nil, let owner = reference.base?.path?.first { project.unresolvedOwners.insert(owner) }
                }
                if models == nil, versioned == nil, case let .named(reference) = use.models,
                    let owner = reference.base?.path?.first
                {
                    project.unresolvedOwners.insert(owner)
                }
                let purpose = fileIsTest && use.purpose == .app ? .test : use.purpose
                var container = ContainerModel(
                    location: use.location, models: models, versionedSchema: versioned, plan: plan,
                    hasMigrationPlanArgument: use.hasMigrationPlanArgument, purpose: purpose)
                container.site = use.site
                container.isViewModifier = use.isViewModifier
                var inMemory = 0
                container.stores = use.stores.enumerated().map { index, store in
                    // A configuration given by a constant's name: the store the constant's configuration names.
                    if let reference = use.configurationReferences[index],
                        let entry = values.lookup(reference, scope: scope, file: file.path),
                        case let .configuration(named, isInMemory) = entry.value.value
                    {
                        if isInMemory { inMemory += 1 }
                        // Names in the constant's configuration resolve where the constant is declared.
                        return strings(named, scope: entry.owner, file: entry.file, values: values, project: &project)
                    }
                    return strings(store, scope: scope, file: file.path, values: values, project: &project)
                }
                if container.purpose == .app, inMemory > 0, inMemory == use.stores.count {
                    container.purpose = .inMemory
                }
                container.configurationLocations = use.configurationLocations
                if let schemaUse {
                    container.versionedSchemaLocation = schemaUse.location
                    container.versionedSchemaWritten = schemaUse.type
                }
                project.containers.append(container)
            }
            for use in file.configurations {
                let scope = symbols.scope(use.scope, file: file.path)
                let (models, versioned, _) = resolve(
                    use.models, scope: scope, file: file.path, at: use.location, project: project, values: values)
                let purpose = fileIsTest && use.purpose == .app ? .test : use.purpose
                var configuration = ConfigurationModel(
                    location: use.location, models: models, versionedSchema: versioned,
                    cloudKit: use.cloudKit, purpose: purpose,
                    enablesCloudKit: calls.enables(use.cloudKit))
                configuration.store = strings(
                    use.store, scope: scope, file: file.path, values: values, project: &project)
                project.configurations.append(configuration)
            }
        }
    }

    /// A store whose App Group or name is given by a constant (`AppGroup.identifier`), with the string the constant
    /// holds put in, when the project declares it: two files naming one constant, or one the literal, are one store.
    /// One it cannot find is wanted by pass 2: the type holding it, or the global's name.
    private static func strings(
        _ store: StoreLocation, scope: SymbolID?, file: String, values: NamedValueIndex, project: inout Project
    ) -> StoreLocation {
        var missing: [ValueReference] = []
        let resolved = store.resolving { reference in
            guard let entry = values.lookup(reference, scope: scope, file: file),
                case let .string(value) = entry.value.value
            else {
                missing.append(reference)
                return nil
            }
            return value
        }
        for reference in missing {
            if let owner = reference.base?.path?.first {
                project.unresolvedOwners.insert(owner)
            } else {
                project.unresolvedConstants.insert(reference.name)
            }
        }
        return resolved
    }

    /// The models a source names, or the version it stores (with where that version is written), by the one
    /// evaluation every model list gets (`ModelListEvaluator`). A list it cannot read, or one of several lists, is
    /// none: the container's models are not known.
    private static func resolve(
        _ source: ModelSource, scope: SymbolID?, file: String, at location: SourceLocation, project: Project,
        values: NamedValueIndex
    ) -> ([ModelReference]?, SymbolID?, TypeUse?) {
        let versions = Set(project.versions.map(\.id))
        let evaluator = ModelListEvaluator(
            symbols: project.symbols, entities: project.entities, values: values, isVersion: versions.contains)
        switch evaluator.evaluate(source, scope: scope, file: file, at: location) {
        case let .value(.models(models)): return (models, nil, nil)
        case let .value(.version(id, use)): return (nil, id, use)
        case .oneOf, .unknown: return (nil, nil, nil)
        }
    }
}

extension ContainerPurpose {
    /// Files in a test target: a folder named `Tests`, or ending in `Tests` / `UITests` (`AppTests/`, `AppUITests/`).
    public static func isTestPath(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") || $0 == "Test" || $0 == "TestSupport" }
    }
}

/// Every `label: value` passed in the analysed files, to decide a `CloudKitSetting.parameter`.
struct CallSites {
    private var values: [String: [Bool?]] = [:]

    init(_ arguments: [BoolArgument]) {
        for argument in arguments {
            values["\(argument.function)|\(argument.label)", default: []].append(argument.value)
        }
    }

    /// On when written on; for a parameter, on when its default turns it on and some call site leaves it out, or
    /// when any call site passes the value that turns it on or something that is not a literal. An expression
    /// schemalint cannot fold is taken as on only when it names CloudKit's databases.
    func enables(_ setting: CloudKitSetting) -> Bool {
        switch setting {
        case .off: return false
        case .on: return true
        case let .unknown(written): return written.contains(".automatic") || written.contains(".private")
        case let .parameter(function, label, defaultValue, onWhen, _):
            let passed = values["\(function)|\(label)"] ?? []
            if passed.contains(where: { $0 == nil || $0 == onWhen }) { return true }
            // No call site passes it: the default decides. Without a default, the callers were not seen: say on.
            guard let defaultValue else { return true }
            return defaultValue == onWhen
        }
    }
}
