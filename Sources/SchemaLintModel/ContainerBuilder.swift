/// Resolves the models that `ModelContainer` and `ModelConfiguration` calls name, from where they are written.
enum ContainerBuilder {
    /// Where a move or copy puts the file, each place it may be (nil for one that cannot be read); nil where the call
    /// names no destination. `URL(fileURLWithPath: target.path + suffix)` for each of a store's files is the store's
    /// own path. Read from what is parsed: what it cannot find is not looked for (KMReader's dozens of file copies
    /// would have pass 2 read 66 more files for nothing).
    private static func destination(
        of move: StoreMoveUse, scope: SymbolID?, file: String, _ symbols: SymbolTable, _ values: NamedValueIndex,
        _ calls: CallSites
    ) -> [StorePath?]? {
        guard var destination = move.destination else { return nil }
        if case let .fileName(whole, _) = destination { destination = whole }
        if case let .concatenation(parts, _) = destination, let first = parts.first { destination = first }
        let reading = ValueEvaluator(symbols: symbols, values: values, calls: calls)
        return places(reading.evaluate(destination, scope: scope, file: file))
    }

    static func bind(_ files: [ParsedFile], values: NamedValueIndex, into project: inout Project) {
        let symbols = project.symbols
        let calls = CallSites(files)
        let cloudKit = ValueEvaluator(symbols: symbols, values: values, calls: calls)
        // An in-memory store is dropped from every check: a parameter's default is not taken without a call seen.
        var flags = cloudKit
        flags.defaultWithoutCallers = false
        project.storeMoves = []
        for file in files {
            project.debugOnlyContainers += file.debugOnlyContainers
            let fileIsTest = file.isTestTarget ?? ContainerPurpose.isTestPath(file.path)
            if !fileIsTest {
                for move in file.storeMoves {
                    let scope = symbols.scope(move.scope, file: file.path)
                    var from = places(cloudKit.evaluate(move.source, scope: scope, file: file.path))
                    // A file of a name read at run time in a known folder (`folder.appendingPathComponent(name)` for
                    // each name a directory listing gives): any file there may be the store, as a move of the folder.
                    if from == [nil], case let .appendingPath(base, components, location) = move.source,
                        !components.isEmpty
                    {
                        let folder: ValueSource =
                            components.count == 1 ? base : .appendingPath(base, components.dropLast(), location)
                        let read = places(cloudKit.evaluate(folder, scope: scope, file: file.path))
                        if read.allSatisfy({ $0?.isKnown == true }) { from = read }
                    }
                    let into = destination(of: move, scope: scope, file: file.path, symbols, values, calls)
                    // Where it goes, when every place it may go is read for certain.
                    let known = into.map { $0.compactMap { $0 }.filter(\.isKnown) }
                    let to = known?.count == into?.count ? known : nil
                    project.storeMoves += from.map { ($0, to, move.location) }
                    if move.copiesAStore, from.contains(where: { $0 == nil }) {
                        project.unreadStoreCopies.append(move.location)
                    } else if from.contains(where: { $0 == nil }), let into {
                        // A folder that cannot be read keeps the folders and the file under it.
                        project.unreadCopiesInto += into.compactMap { $0?.file == nil ? nil : $0 }
                    }
                }
            }
            for use in file.containers {
                if let function = uncalledFunction(use, file: file.path, calls: calls, project: project) {
                    // Called nowhere only when no file pass 2 did not parse names it either (`labelsWrittenNowhere`).
                    if project.labelsWrittenNowhere.contains(function) {
                        project.uncalledContainers.append(use.location)
                        continue
                    }
                    project.unpassedLabels[function, default: []].insert(file.path)
                }
                // Each call of the helper that opens it opens a container of its own, with what that call passes.
                var opened: [ContainerModel] = []
                for (variant, callPurpose) in callVariants(of: use, configurations: file.configurations, calls: calls) {
                    // A call for which a branch around the container is known not to be taken does not reach it.
                    if !use.reachedIf.isEmpty {
                        let reaching = ValueEvaluator(symbols: symbols, values: values, calls: variant)
                        let scope = symbols.scope(use.scope, file: file.path)
                        let bypassed = use.reachedIf.contains { condition in
                            reaching.isTrue(condition.source, scope: scope, file: file.path)
                                .map { $0 != condition.holds } == true
                        }
                        project.unseenCallers.formUnion(reaching.wanted.callers.keys)
                        if bypassed { continue }
                    }
                    // One container per store it may open, where the code picks among several at run time.
                    for var container in build(
                        use, file: file, fileIsTest: fileIsTest, calls: variant, values: values, project: &project)
                    {
                        container.storeSyncs = cloudKitPerCall(
                            container, configurations: file.configurations, calls: variant, values: values,
                            symbols: symbols)
                        if let function = use.function, let reach = variant.entryFiles(of: function) {
                            (container.reachedFrom, container.reachedThrough) = (reach.files, reach.through.sorted())
                        }
                        // A call in preview or test code opens a preview's or a test's container.
                        if let callPurpose, [.app, .inMemory].contains(container.purpose) {
                            container.purpose = callPurpose
                        }
                        if let same = opened.firstIndex(where: { sameContainer($0, container) }) {
                            // Reached from either call's files (nil: from any).
                            opened[same].reachedFrom = opened[same].reachedFrom.flatMap { mine in
                                container.reachedFrom.map { Array(Set(mine + $0)).sorted() }
                            }
                            opened[same].reachedThrough = Array(
                                Set(opened[same].reachedThrough + container.reachedThrough)).sorted()
                        } else {
                            opened.append(container)
                        }
                    }
                }
                project.containers += opened
            }
            for use in file.configurations {
                let scope = symbols.scope(use.scope, file: file.path)
                let (models, versioned, _) = resolve(
                    use.models, scope: scope, file: file.path, at: use.location, project: project, values: values,
                    calls: calls)
                var purpose = use.purpose
                if purpose == .app,
                    flags.inMemory(use.inMemory, store: use.store, scope: scope, file: file.path) == true
                {
                    purpose = .inMemory
                }
                if fileIsTest, purpose == .app { purpose = .test }
                var configuration = ConfigurationModel(
                    location: use.location, models: models, versionedSchema: versioned, purpose: purpose,
                    enablesCloudKit: false)
                configuration.cloudKitLeftOut = use.cloudKit == nil
                configuration.readOnly = use.readOnly
                if let database = use.cloudKit {
                    let possible = cloudKit.possibilities(database, scope: scope, file: file.path)
                    configuration.enablesCloudKit = possible.values.contains { $0.isCloudKitDatabase }
                    configuration.cloudKitAutomaticOnly =
                        configuration.enablesCloudKit && !possible.values.contains { $0 == .member("private") }
                    configuration.cloudKitUnread = possible.unknown
                }
                configuration.store = strings(
                    use.store, scope: scope, file: file.path, values: values, calls: calls, project: &project)
                project.configurations.append(configuration)
            }
        }
        Self.settleFallbacks(&project)
        ConfigurationSchemas.split(&project)
        CoreDataStoreBuilder.bind(files, symbols: symbols, values: values, calls: calls, into: &project)
        project.unresolvedOwners.formUnion(cloudKit.wanted.owners)
        project.unresolvedConstants.formUnion(cloudKit.wanted.names)
    }

    /// An app container opened only when the one its `do` opens failed, on other files than that one's (Takt 2:
    /// `Takt.sqlite`, else the old `default.store`): the first succeeds on every device that can create a file, so
    /// its files are the app's stores and the fallback's are no store users' data is kept in (`.fallback`). A
    /// fallback on the same file (a retry, a store deleted and opened again) stays what it is.
    private static func settleFallbacks(_ project: inout Project) {
        let name = { (store: StoreLocation) in StoreLocation.displayName(key: store.key) }
        for index in project.containers.indices {
            let fallback = project.containers[index]
            guard fallback.purpose == .app, let primary = fallback.fallbackFor else { continue }
            let primaries = project.containers.filter { $0.location == primary && $0.purpose == .app }
            let opened = primaries.flatMap(\.stores)
            let known = (opened + fallback.stores).allSatisfy {
                [.defaultStore, .named].contains($0.kind) || $0.path?.isKnown == true
            }
            guard !primaries.isEmpty, known,
                fallback.stores.allSatisfy({ mine in
                    opened.allSatisfy { $0.key != mine.key && name($0) != name(mine) }
                })
            else { continue }
            project.containers[index].purpose = .fallback
        }
    }

    /// The function `use` is opened in, when it reads its parameters and no code read calls or names it
    /// (LifeLapse's `createCloudKitContainer(schema:)`, kept beside the one the app calls): no call passes it models
    /// or a store, so it opens nothing. Never an initialiser (the type's name is its function: `App` types are built
    /// by the system), nor a public type's function. A function without parameters is not judged so: a framework may
    /// call it by name (`viewDidLoad`, a delegate's method).
    private static func uncalledFunction(
        _ use: ContainerUse, file: String, calls: CallSites, project: Project
    ) -> String? {
        guard let function = use.function, use.readsParameters,
            calls.sites(of: function).isEmpty,
            !project.referencedNames.contains(function),
            // A public type's function may be called by another module.
            !use.scope.contains(where: project.publicTypes.contains)
        else { return nil }
        let scope = project.symbols.scope(use.scope, file: file)
        return project.symbols.resolveSymbol(.name(function), scope: scope, file: file) == nil ? function : nil
    }

    /// The calls a container is read for: one per call of the helper it is opened in when it reads the helper's
    /// parameters (up to `CallSites.readApartLimit`), with the purpose of the code that call is in; else all calls
    /// together.
    /// A configuration of its file whose CloudKit database is a parameter (`cloudSync ? .private(id) : .none`) reads
    /// it too: the phone's call and the watch's open one store each, one synced and one not.
    private static func callVariants(
        of use: ContainerUse, configurations: [ConfigurationUse], calls: CallSites
    ) -> [(CallSites, ContainerPurpose?)] {
        // A variadic list of configurations takes unlabelled arguments after its own: any label may follow.
        let labels = use.configurationListParameter?.isVariadic == true ? nil : use.functionLabels
        let cloudKitParameter = configurations.contains { configuration in
            use.storeConfigurationLocations.contains(configuration.location)
                && configuration.cloudKit?.mentionsParameter == true
        }
        // A configuration parameter `nil` by default, unwrapped before the container: a call leaving it out does
        // not reach it, as if the label were required.
        let unwrapped = Set(use.optionalConfigurationParameters.compactMap { use.configurationParameters[$0]?.label })
        guard let function = use.function, use.readsParameters || cloudKitParameter,
            let apart = calls.readApart(function, required: use.requiredLabels.union(unwrapped), labels: labels)
        else {
            return [(calls, nil)]
        }
        return apart.map { ($0.calls, $0.site.purpose.flatMap { $0 == .app ? nil : $0 }) }
    }

    /// For each store whose configuration's CloudKit database is a parameter of the helper the container is read for,
    /// whether that call's value syncs (`setupContainer(name: "local", cloud: .none)` beside `(name: "synced", cloud:
    /// .automatic)`): the store is its own call's, never the other's.
    private static func cloudKitPerCall(
        _ container: ContainerModel, configurations: [ConfigurationUse], calls: CallSites, values: NamedValueIndex,
        symbols: SymbolTable
    ) -> [Int: Bool] {
        var syncs: [Int: Bool] = [:]
        for (index, location) in container.storeConfigurations.enumerated() {
            guard let location, let use = configurations.first(where: { $0.location == location }),
                let database = use.cloudKit, database.mentionsParameter
            else { continue }
            let evaluator = ValueEvaluator(symbols: symbols, values: values, calls: calls)
            let possible = evaluator.possibilities(
                database, scope: symbols.scope(use.scope, file: location.file), file: location.file)
            guard possible.unknown == nil else { continue }
            syncs[index] = possible.values.contains { $0.isCloudKitDatabase }
        }
        return syncs
    }

    /// Two containers one helper opens for two calls that open the same: one container.
    private static func sameContainer(_ lhs: ContainerModel, _ rhs: ContainerModel) -> Bool {
        func models(_ container: ContainerModel) -> [String]? {
            container.models?.map { $0.entity.map { "#\($0.raw)" } ?? $0.written.description }.sorted()
        }
        return lhs.purpose == rhs.purpose && lhs.stores.map(\.key) == rhs.stores.map(\.key)
            && models(lhs) == models(rhs) && lhs.versionedSchema == rhs.versionedSchema && lhs.plan == rhs.plan
            && (lhs.modelsUnread == nil) == (rhs.modelsUnread == nil)
            && (lhs.inMemoryUnread == nil) == (rhs.inMemoryUnread == nil)
            && lhs.storeSyncs == rhs.storeSyncs
    }

    /// The containers one `ModelContainer` call opens as `calls` say its helper is called: one, or one per store it
    /// may open where the code picks a configuration among several at run time (`StoreLocation.choices`).
    private static func build(
        _ use: ContainerUse, file: ParsedFile, fileIsTest: Bool, calls: CallSites, values: NamedValueIndex,
        project: inout Project, passedList: [Listed]? = nil
    ) -> [ContainerModel] {
        var flags = ValueEvaluator(symbols: project.symbols, values: values, calls: calls)
        flags.defaultWithoutCallers = false
        let scope = project.symbols.scope(use.scope, file: file.path)
        // `configurations: configurations`, a `[ModelConfiguration]` parameter: the list each call passes (this call
        // alone where the helper is read one call at a time), one container per list where calls of a function
        // passing it on give several.
        if passedList == nil, let parameter = use.configurationListParameter,
            let lists = passedLists(
                parameter, calls: calls, values: values, project: &project, scope: scope, file: file.path,
                at: use.location),
            !lists.isEmpty
        {
            return lists.flatMap { list in
                build(
                    use, file: file, fileIsTest: fileIsTest, calls: calls, values: values, project: &project,
                    passedList: list)
            }
        }
        // `configurations: Configs.all`, a list a constant or function of another type or file holds: one store per
        // element, each read where it is declared.
        var use = use
        var listed: [Int: [Listed]] = [:]
        if let passedList {
            let count = passedList.count
            use.stores = Array(repeating: .unknown(at: use.location), count: count)
            use.configurationReferences = [:]
            use.configurationParameters = [:]
            use.inMemoryFlags = Array(repeating: nil, count: count)
            use.storeConfigurationLocations = Array(repeating: nil, count: count)
            listed = Dictionary(uniqueKeysWithValues: passedList.enumerated().map { ($0, [$1]) })
        } else if use.stores.count == 1, let reference = use.configurationReferences[0],
            let entry = values.lookup(reference, scope: scope, file: file.path),
            case let .configurations(list) = entry.value.value,
            let elements = elements(of: list, scope: entry.owner, file: entry.file, values: values)
        {
            let count = elements.count
            use.stores = Array(repeating: .unknown(at: list.location), count: count)
            use.configurationReferences = [:]
            use.inMemoryFlags = Array(repeating: nil, count: count)
            use.storeConfigurationLocations = Array(repeating: nil, count: count)
            listed = Dictionary(uniqueKeysWithValues: elements.enumerated().map { ($0, $1) })
        }
        var container = modelsAndPlan(
            use, scope: scope, file: file.path, calls: calls, values: values, project: &project)
        var opening = Opening(
            inMemory: inMemoryFlags(use, flags: flags, scope: scope, file: file.path, container: &container),
            configurations: use.stores.indices.map {
                $0 < use.storeConfigurationLocations.count ? use.storeConfigurationLocations[$0] : nil
            })
        // A flag a helper's callers give, no call of it read (Backyard Birds' `.backyardBirdsDataContainer()`, in a
        // file with no SwiftData word): pass 2 parses the files that mention the helper, where the calls may be.
        if container.inMemoryUnread != nil { project.unseenCallers.formUnion(flags.wanted.callers.keys) }
        // The place an app's store is at is what the app's build passes: a test's call of the type that opens it,
        // with a scratch file of its own, names no file users' devices hold (as for Core Data stacks).
        let places = use.purpose == .app && !fileIsTest ? calls.outsideTestsAndPreviews : calls
        container.stores = use.stores.enumerated().map { index, store in
            if let options = listed[index] {
                return self.listedStore(
                    index, options, flags: flags, calls: places, values: values, container: &container,
                    opening: &opening, project: &project)
            }
            return self.store(
                index, store, use: use, flags: flags, scope: scope, file: file.path, calls: places, values: values,
                container: &container, opening: &opening, project: &project)
        }
        container.storeConfigurations = opening.configurations
        let ways = opening.ways(of: container)
        return ways.map { way in
            var opened = container
            opened.stores = way.stores
            opened.storeConfigurations = way.configurations
            // One way left (the others ruled out at build time) is the store, for certain.
            if ways.count > 1 { opened.storePickedBy = way.pickedBy }
            for location in way.configurations.compactMap({ $0 })
            where !opened.configurationLocations.contains(location) {
                opened.configurationLocations.append(location)
            }
            return finish(opened, inMemory: way.inMemory, use: use, fileIsTest: fileIsTest, project: project)
        }
    }

    /// The container `use` opens with its models, versioned schema and migration plan read; its stores still as
    /// written.
    private static func modelsAndPlan(
        _ use: ContainerUse, scope: SymbolID?, file: String, calls: CallSites, values: NamedValueIndex,
        project: inout Project
    ) -> ContainerModel {
        let symbols = project.symbols
        var (models, versioned, schemaUse) = resolve(
            use.models, scope: scope, file: file, at: use.location, project: project, values: values, calls: calls)
        var plan = use.migrationPlan.flatMap { symbols.resolveSymbol($0, scope: scope, file: file) }
        if plan == nil, let reference = use.migrationPlanReference {
            plan = values.type(of: reference, scope: scope, file: file)
            if plan == nil, let owner = reference.base?.path?.first { project.unresolvedOwners.insert(owner) }
        }
        if let parameter = use.migrationPlanParameter {
            plan = passedPlan(parameter, default: plan, calls: calls, values: values, project: project)
        }
        if models == nil, versioned == nil, case let .named(reference) = use.models {
            if let owner = reference.base?.path?.first {
                project.unresolvedOwners.insert(owner)
            } else {
                // A bare name (CloudNews' global `let schema = Schema([...])` in a file with no container word):
                // pass 2 reads the files declaring it.
                project.undeclaredValues.insert(reference.name)
            }
        }
        // Models a helper's callers give (`Storage("piny", schema: schema)`), no call of it read: pass 2 reads the
        // files that call it, which may name no SwiftData type (piny's `static var storage = Storage(...)`).
        if models == nil, versioned == nil, case let .parameter(function, _, _, _) = use.models,
            calls.sites(of: function).isEmpty
        {
            project.unseenCallers.insert(function)
        }
        // `DocumentGroup(editing: .myDocument, migrationPlan: Plan.self)`: SwiftData opens each document with the
        // plan's last version.
        if use.opensDocuments, case .unknown = use.models, let plan,
            let last = project.plans.first(where: { $0.id == plan })?.schemas?.last?.version
        {
            versioned = last
        }
        var container = ContainerModel(
            location: use.location, models: models, versionedSchema: versioned, plan: plan,
            hasMigrationPlanArgument: use.hasMigrationPlanArgument, purpose: use.purpose)
        container.site = use.site
        container.isViewModifier = use.isViewModifier
        container.isFallback = use.isFallback
        container.fallbackFor = use.fallbackFor
        if use.hasMigrationPlanArgument, plan == nil {
            // StoryCast's `for plan in plans { try ModelContainer(..., migrationPlan: plan, ...) }`.
            let why =
                use.migrationPlanParameter != nil
                ? "its callers pass different plans, or one schemalint cannot read"
                : use.migrationPlanReference.map { "`\($0.name)` names no plan schemalint can find" }
                    ?? "it is not a plan type schemalint can read"
            container.planUnread = UnknownValue(why, at: use.migrationPlanReference?.location ?? use.location)
        }
        if models == nil, versioned == nil {
            container.modelsUnread = unread(
                use.models, scope: scope, file: file, at: use.location, project: project, values: values, calls: calls)
        }
        container.configurationLocations = use.configurationLocations
        if let schemaUse {
            container.versionedSchemaLocation = schemaUse.location
            container.versionedSchemaWritten = schemaUse.type
        }
        return container
    }

    /// Whether each store is kept in memory: true, false, or nil where it cannot be told (and then why, on the
    /// container).
    private static func inMemoryFlags(
        _ use: ContainerUse, flags: ValueEvaluator, scope: SymbolID?, file: String, container: inout ContainerModel
    ) -> [Bool?] {
        use.inMemoryFlags.enumerated().map { index, flag in
            let store = index < use.stores.count ? use.stores[index] : nil
            guard let flag else {
                return store.map { flags.inMemory(nil, store: $0, scope: scope, file: file) } ?? false
            }
            if let store, flags.inMemory(nil, store: store, scope: scope, file: file) == true { return true }
            let read = flags.isTrue(flag, scope: scope, file: file)
            if read == nil, container.inMemoryUnread == nil {
                container.inMemoryUnread = flags.possibilities(flag, scope: scope, file: file).unknown
            }
            return read
        }
    }

    /// What `build` learns of a container's stores one configuration at a time.
    private struct Opening {
        /// By store index: kept in memory (nil: cannot be told).
        var inMemory: [Bool?]
        /// By store index: where its configuration is written.
        var configurations: [SourceLocation?]
        /// By store index: the stores it may be, where the code picks among several.
        var choices: [Int: [Choice]] = [:]

        typealias Way = (
            stores: [StoreLocation], inMemory: [Bool?], configurations: [SourceLocation?], pickedBy: [String]
        )

        /// One container per way its stores may be picked (a few: more is a store it cannot tell, as before).
        func ways(of container: ContainerModel) -> [Way] {
            var ways: [Way] = [(container.stores, inMemory, configurations, [])]
            for (index, options) in choices.sorted(by: { $0.key < $1.key }) where !options.isEmpty {
                let product = ways.count * options.count
                guard product <= FoldGuard.alternativesLimit else { continue }
                ways = ways.flatMap { way in
                    options.map { option in
                        var next = way
                        next.stores[index] = option.store
                        if index < next.inMemory.count { next.inMemory[index] = option.inMemory }
                        if index < next.configurations.count { next.configurations[index] = option.configuration }
                        next.pickedBy += option.pickedBy.filter { !next.pickedBy.contains($0) }
                        return next
                    }
                }
            }
            return ways
        }
    }

    /// The store configuration `index` names: given by a parameter (the one store every caller passes, else as
    /// written), by a constant's name (the store its configuration names, read where it is declared), or written
    /// here; where the code picks among several, each it may pick goes into `opening.choices`.
    private static func store(
        _ index: Int, _ store: StoreLocation, use: ContainerUse, flags: ValueEvaluator, scope: SymbolID?,
        file: String, calls: CallSites, values: NamedValueIndex, container: inout ContainerModel,
        opening: inout Opening, project: inout Project
    ) -> StoreLocation {
        if let parameter = use.configurationParameters[index] {
            let passed = passedConfigurations(
                parameter, optional: use.optionalConfigurationParameters.contains(index),
                fallback: use.configurationParameterFallbacks[index], scope: scope, file: file, calls: calls,
                values: values, project: &project)
            guard !passed.isEmpty, Set(passed.map(\.store)).count == 1 else { return store }
            if index < opening.inMemory.count {
                let kept = Set(
                    passed.map { given -> Bool? in
                        flags.inMemory(given.inMemory, store: given.store, scope: given.scope, file: given.file)
                    })
                opening.inMemory[index] = kept.count == 1 ? kept.first! : nil
            }
            for location in passed.compactMap(\.location) where !container.configurationLocations.contains(location) {
                container.configurationLocations.append(location)
            }
            if Set(passed.map(\.location)).count == 1 { opening.configurations[index] = passed[0].location }
            return passed[0].store
        }
        if let reference = use.configurationReferences[index],
            let entry = values.lookup(reference, scope: scope, file: file),
            case let .configuration(named, flag, at) = entry.value.value
        {
            return configured(
                index, Listed(store: named, inMemory: flag, at: at, scope: entry.owner, file: entry.file), flags: flags,
                calls: calls, values: values, container: &container, opening: &opening, project: &project)
        }
        if let groups = inGroups(store, scope: scope, file: file, values: values, calls: calls, project: &project) {
            if groups.count == 1 { return groups[0] }
            opening.choices[index] = groups.map {
                Choice(
                    store: $0, inMemory: index < opening.inMemory.count ? opening.inMemory[index] : nil,
                    configuration: opening.configurations[index], pickedBy: [Self.written(store.groupContainerSource!)
                        .map { "`\($0)`" } ?? "the App Group its `groupContainer:` names"])
            }
            return .unknown(at: opening.configurations[index] ?? container.location)
        }
        if !store.choices.isEmpty {
            opening.choices[index] = chosen(
                store, scope: scope, file: file, values: values, calls: calls, project: &project)
        }
        let located = strings(store, scope: scope, file: file, values: values, calls: calls, project: &project)
        if store.choices.isEmpty {
            let places = urlChoices(store, scope: scope, file: file, values: values, calls: calls, project)
            if !places.isEmpty {
                opening.choices[index] = places.map {
                    Choice(
                        store: $0.store, inMemory: index < opening.inMemory.count ? opening.inMemory[index] : nil,
                        configuration: opening.configurations[index], pickedBy: $0.pickedBy)
                }
            }
        }
        return located
    }

    /// A configuration read where it is declared (a constant's, an element of a list): its store, in-memory flag and
    /// place, the scope and file its names resolve in, and the conditions that pick it (a list's branch).
    private struct Listed {
        var store: StoreLocation
        var inMemory: ValueSource?
        var at: SourceLocation
        var scope: SymbolID?
        var file: String
        var conditions: [StoreChoice.Condition] = []
    }

    /// The configuration at each index of a list, each way it may be built (one per branch picking a list): nil when
    /// the branches give lists of different lengths, or an element is no configuration schemalint can find.
    private static func elements(
        of list: ConfigurationList, scope: SymbolID?, file: String, values: NamedValueIndex
    ) -> [[Listed]]? {
        guard let count = list.ways.first?.elements.count, count > 0,
            list.ways.allSatisfy({ $0.elements.count == count })
        else { return nil }
        var found: [[Listed]] = Array(repeating: [], count: count)
        for way in list.ways {
            for (index, element) in way.elements.enumerated() {
                switch element {
                case let .written(store, inMemory, at):
                    found[index].append(
                        Listed(
                            store: store, inMemory: inMemory, at: at, scope: scope, file: file,
                            conditions: way.conditions))
                case let .named(reference):
                    guard let entry = values.lookup(reference, scope: scope, file: file),
                        case let .configuration(store, inMemory, at) = entry.value.value
                    else { return nil }
                    found[index].append(
                        Listed(
                            store: store, inMemory: inMemory, at: at, scope: entry.owner, file: entry.file,
                            conditions: way.conditions))
                }
            }
        }
        return found
    }

    /// The store of a configuration read where it is declared.
    private static func configured(
        _ index: Int, _ listed: Listed, flags: ValueEvaluator, calls: CallSites, values: NamedValueIndex,
        container: inout ContainerModel, opening: inout Opening, project: inout Project
    ) -> StoreLocation {
        let (named, at) = (listed.store, listed.at)
        if index < opening.inMemory.count {
            opening.inMemory[index] = flags.inMemory(
                listed.inMemory, store: named, scope: listed.scope, file: listed.file)
        }
        // Its CloudKit database is read where it is written.
        if !container.configurationLocations.contains(at) { container.configurationLocations.append(at) }
        opening.configurations[index] = at
        // Names in the constant's configuration resolve where the constant is declared.
        if !named.choices.isEmpty {
            opening.choices[index] = chosen(
                named, scope: listed.scope, file: listed.file, values: values, calls: calls, project: &project)
        }
        return strings(named, scope: listed.scope, file: listed.file, values: values, calls: calls, project: &project)
    }

    /// The store at `index` of a list given to a container: the configuration there, or (where branches pick among
    /// lists) each it may be, a branch a condition known at build time rules out dropped. Branches naming one store
    /// are that store, opened with each branch's configuration (it syncs when one of them may).
    private static func listedStore(
        _ index: Int, _ options: [Listed], flags: ValueEvaluator, calls: CallSites, values: NamedValueIndex,
        container: inout ContainerModel, opening: inout Opening, project: inout Project
    ) -> StoreLocation {
        if options.count == 1, options[0].conditions.isEmpty {
            return configured(
                index, options[0], flags: flags, calls: calls, values: values, container: &container,
                opening: &opening, project: &project)
        }
        var found: [Choice] = []
        var places: [SourceLocation] = []
        for option in options {
            var pickedBy: [String] = []
            var ruledOut = false
            for condition in option.conditions {
                switch flags.evaluate(condition.source, scope: option.scope, file: option.file) {
                case let .value(.bool(value)): ruledOut = ruledOut || value != condition.holds
                default: pickedBy.append(condition.written)
                }
            }
            guard !ruledOut else { continue }
            if !container.configurationLocations.contains(option.at) {
                container.configurationLocations.append(option.at)
            }
            if !places.contains(option.at) { places.append(option.at) }
            var each: [Choice]
            if option.store.choices.isEmpty {
                let resolved = strings(
                    option.store, scope: option.scope, file: option.file, values: values, calls: calls,
                    project: &project)
                let kept = flags.inMemory(option.inMemory, store: option.store, scope: option.scope, file: option.file)
                each = [Choice(store: resolved, inMemory: kept, configuration: option.at, pickedBy: [])]
            } else {
                each = chosen(
                    option.store, scope: option.scope, file: option.file, values: values, calls: calls,
                    project: &project)
            }
            for var choice in each {
                choice.pickedBy = pickedBy + choice.pickedBy.filter { !pickedBy.contains($0) }
                if let at = found.firstIndex(where: {
                    $0.store.key == choice.store.key && $0.store.kind == choice.store.kind
                }) {
                    if found[at].inMemory != choice.inMemory { found[at].inMemory = nil }
                    if found[at].configuration != choice.configuration { found[at].configuration = nil }
                    found[at].pickedBy += choice.pickedBy.filter { !found[at].pickedBy.contains($0) }
                    continue
                }
                found.append(choice)
            }
        }
        project.unresolvedOwners.formUnion(flags.wanted.owners)
        project.unresolvedConstants.formUnion(flags.wanted.names)
        project.unseenCallers.formUnion(flags.wanted.callers.keys)
        guard let first = found.first else { return .unknown(at: options[0].at) }
        if found.count == 1 {
            if index < opening.inMemory.count { opening.inMemory[index] = first.inMemory }
            opening.configurations[index] = first.configuration
            if first.configuration == nil { container.storeConfigurationAlternatives[index] = places }
            return first.store
        }
        opening.choices[index] = found
        return .unknown(at: options[0].at)
    }

    /// One store a configuration may be, where the code picks among several, as `ContainerBuilder` reads it.
    private struct Choice {
        var store: StoreLocation
        var inMemory: Bool?
        var configuration: SourceLocation?
        /// The conditions that pick it that are not known at build time, as written.
        var pickedBy: [String]
    }

    /// The stores `store` may be (`StoreLocation.choices`), each read where it is written: a choice a condition
    /// known at build time rules out is dropped. Empty when every choice is ruled out (no answer from a guess).
    private static func chosen(
        _ store: StoreLocation, scope: SymbolID?, file: String, values: NamedValueIndex, calls: CallSites,
        project: inout Project
    ) -> [Choice] {
        var flags = ValueEvaluator(symbols: project.symbols, values: values, calls: calls)
        flags.defaultWithoutCallers = false
        var found: [Choice] = []
        for choice in store.choices {
            var pickedBy: [String] = []
            var ruledOut = false
            for condition in choice.conditions {
                switch flags.evaluate(condition.source, scope: scope, file: file) {
                case let .value(.bool(value)): ruledOut = ruledOut || value != condition.holds
                default: pickedBy.append(condition.written)
                }
            }
            project.unresolvedOwners.formUnion(flags.wanted.owners)
            project.unresolvedConstants.formUnion(flags.wanted.names)
            // A condition on a parameter of a function no file read calls: pass 2 reads the files that call it.
            project.unseenCallers.formUnion(flags.wanted.callers.keys)
            guard !ruledOut else { continue }
            let resolved = strings(
                choice.store, scope: scope, file: file, values: values, calls: calls, project: &project)
            let kept = flags.inMemory(choice.inMemory, store: choice.store, scope: scope, file: file)
            if let at = found.firstIndex(where: { $0.store.key == resolved.key && $0.store.kind == resolved.kind }) {
                // Two branches that name one store: one choice (kept in memory only if both are; its CloudKit read
                // from every configuration the container is given, not the first branch's alone).
                if found[at].inMemory != kept { found[at].inMemory = nil }
                if found[at].configuration != choice.location { found[at].configuration = nil }
                found[at].pickedBy += pickedBy.filter { !found[at].pickedBy.contains($0) }
                continue
            }
            found.append(Choice(store: resolved, inMemory: kept, configuration: choice.location, pickedBy: pickedBy))
        }
        return found
    }

    /// The files a URL may name where the code picks among several at run time (a getter returning one in each
    /// branch of an `if`, a `guard`'s fallback, a `switch`): each one's store, when every one is a known place.
    /// Empty for one place, or where one cannot be read (the store stays one schemalint cannot tell).
    static func urlChoices(
        _ store: StoreLocation, scope: SymbolID?, file: String, values: NamedValueIndex, calls: CallSites,
        _ project: Project
    ) -> [(store: StoreLocation, pickedBy: [String])] {
        guard store.kind == .url, case let .fileName(url, _)? = store.fileSource else { return [] }
        let evaluator = ValueEvaluator(symbols: project.symbols, values: values, calls: calls)
        guard case let .oneOf(evaluated) = unwrapped(evaluator.evaluate(url, scope: scope, file: file)) else {
            return []
        }
        let places = places(.oneOf(evaluated))
        guard places.count > 1, places.allSatisfy({ $0?.isKnown == true && $0?.file != nil }) else { return [] }
        let picked = written(url).map { "the branch `\($0)` takes" } ?? "the branch its URL takes"
        var found: [(store: StoreLocation, pickedBy: [String])] = []
        for case let place? in places where !found.contains(where: { $0.store.path == place }) {
            found.append((store.evaluated(at: place), [picked]))
        }
        return found
    }

    /// The stores a default or named configuration may be whose `groupContainer:` is given by a name or call
    /// (`groupContainer: Stores.group`, a computed property returning `hasGroup ? .identifier(id) : .none`): in each
    /// App Group it may name, or in the app's own container. Nil where it cannot be read.
    private static func inGroups(
        _ store: StoreLocation, scope: SymbolID?, file: String, values: NamedValueIndex, calls: CallSites,
        project: inout Project
    ) -> [StoreLocation]? {
        guard let source = store.groupContainerSource, store.kind == .defaultStore || store.kind == .named
        else { return nil }
        let own = strings(store, scope: scope, file: file, values: values, calls: calls, project: &project)
        guard own.kind == .defaultStore || (own.kind == .named && !own.key.contains("/") && !own.key.contains("`"))
        else { return nil }
        let evaluator = ValueEvaluator(symbols: project.symbols, values: values, calls: calls)
        let possible = evaluator.possibilities(source, scope: scope, file: file)
        project.unresolvedOwners.formUnion(evaluator.wanted.owners)
        project.unresolvedConstants.formUnion(evaluator.wanted.names)
        guard possible.unknown == nil, !possible.values.isEmpty else { return nil }
        let name = own.kind == .defaultStore ? "default" : String(own.key.dropLast(".store".count))
        var found: [StoreLocation] = []
        for value in possible.values {
            var located = own
            switch value {
            case let .string(text):
                guard let place = StorePath(evaluated: text), case let .appGroup(group) = place.base,
                    place.components.isEmpty
                else { return nil }
                located = name == "default"
                    ? StoreLocation(kind: .named, key: "\(group)/default.store") : .named(name, group: group)
                located.groupLeftAutomatic = false
            case .member("none"): located.groupLeftAutomatic = false
            case .member("automatic"): located.groupLeftAutomatic = true
            default: return nil
            }
            if !found.contains(where: { $0.key == located.key && $0.groupLeftAutomatic == located.groupLeftAutomatic })
            {
                found.append(located)
            }
        }
        return found
    }

    /// A URL as the code names it, for what picks among its files.
    private static func written(_ source: ValueSource) -> String? {
        switch source {
        case let .named(reference): return reference.written
        case let .fileName(inner, _): return written(inner)
        default: return nil
        }
    }

    /// What a container's purpose is once its stores are known: in memory, a test's, a preview's.
    private static func finish(
        _ given: ContainerModel, inMemory: [Bool?], use: ContainerUse, fileIsTest: Bool, project: Project
    ) -> ContainerModel {
        var container = given
        // In memory only when every store it opens is, for every value its flags can have.
        if container.purpose == .app, !inMemory.isEmpty, inMemory.allSatisfy({ $0 == true }) {
            container.purpose = .inMemory
        }
        // A test target's container is a test's, in memory or not: no build users install opens it
        // (DaisyDos's test helper opening its V8 in memory said nothing of the app's store holding V8).
        if fileIsTest, [.app, .inMemory].contains(container.purpose) { container.purpose = .test }
        container.holder = use.holder
        // Held by a variable or function only previews name (`let previewContainer = { ... }()` used in
        // `#Preview` blocks): a preview's container, not the app's.
        if container.purpose == .app, let holder = use.holder, project.referencedNames.contains(holder),
            !project.namesOutsidePreviews.contains(holder)
        {
            container.purpose = .preview
        }
        return container
    }

    /// The plan every caller passes to a `migrationPlan` parameter (its default where one leaves it out); nil when
    /// callers pass different plans or one schemalint cannot read, or no caller is seen and there is no default.
    private static func passedPlan(
        _ parameter: CallSite.Parameter, default defaultPlan: SymbolID?, calls: CallSites, values: NamedValueIndex,
        project: Project
    ) -> SymbolID? {
        enum Plan {
            case type(TypeExpr)
            case reference(ValueReference)
            case resolved(SymbolID)
        }
        let arguments = calls.arguments(
            parameter.label, of: parameter.function, default: defaultPlan.map { .value(.resolved($0)) } ?? .none,
            at: SourceLocation(file: "", line: 1, column: 1)
        ) { site -> CallSites.Passed<Plan> in
            if let type = site.types[parameter.label] { return .passed(.type(type)) }
            if case let .named(reference)? = site.models[parameter.label] { return .passed(.reference(reference)) }
            return site.arguments[parameter.label] == nil ? .omitted : .unreadable("a value that names no plan")
        }
        // A call passing what names no plan, or (with no default) no call seen: no plan schemalint can tell.
        guard case let .success(arguments) = arguments else { return nil }
        var plans: Set<SymbolID> = []
        for argument in arguments {
            let scope = argument.site?.scope(in: project.symbols)
            let file = argument.site?.file ?? ""
            let id: SymbolID?
            switch argument.source {
            case let .type(type): id = project.symbols.resolveSymbol(type, scope: scope, file: file)
            case let .reference(reference): id = values.type(of: reference, scope: scope, file: file)
            case let .resolved(resolved): id = resolved
            }
            guard let id else { return nil }
            plans.insert(id)
        }
        return plans.count == 1 ? plans.first : nil
    }

    /// What every caller passes to a configuration parameter: the store, the in-memory flag (and where it resolves),
    /// where the configuration is written. Empty when some caller's configuration cannot be read, or none is seen
    /// (a caller leaving it out gets a default configuration schemalint does not read). `optional`: the parameter
    /// is `nil` by default and unwrapped before the container: a call leaving it out or passing `nil` does not reach
    /// the container (Sprung's fallback, given an in-memory configuration by its only call that passes one).
    private static func passedConfigurations(
        _ parameter: CallSite.Parameter, optional: Bool = false, fallback: CallSite.Configuration? = nil,
        scope home: SymbolID?, file homeFile: String, calls: CallSites, values: NamedValueIndex,
        project: inout Project, depth: Int = 0
    ) -> [(store: StoreLocation, inMemory: ValueSource?, scope: SymbolID?, file: String, location: SourceLocation?)] {
        guard !FoldGuard.tooDeep(depth) else { return [] }
        let given: CallSites.Default<CallSite.Configuration> =
            fallback.map { .value($0) } ?? (optional ? .none : .unread)
        let arguments = calls.arguments(
            parameter.label, of: parameter.function, default: given, at: SourceLocation(file: "", line: 1, column: 1),
            defaultWithoutCalls: false
        ) { site in
            if let given = site.configurations[parameter.label] { return .passed(given) }
            switch site.arguments[parameter.label] {
            case let .parameter(function, label, _, _)?:
                // The caller's own parameter, passed on: what its callers pass (roadsense's two helpers).
                var forwarded = CallSite.Configuration(store: .defaultStore, inMemory: nil)
                forwarded.forwarded = CallSite.Parameter(function: function, label: label)
                return .passed(forwarded)
            case nil: return .omitted
            case .member("none")? where optional || fallback != nil: return .omitted
            default: return .unreadable("a value that is no configuration")
            }
        }
        guard case let .success(arguments) = arguments else { return [] }
        var passed: [(StoreLocation, ValueSource?, SymbolID?, String, SourceLocation?)] = []
        for argument in arguments {
            // The fallback, read where the container is.
            let given = argument.source
            let scope = argument.site.map { $0.scope(in: project.symbols) } ?? home
            let file = argument.site?.file ?? homeFile
            if let outer = given.forwarded {
                let inner = passedConfigurations(
                    outer, scope: scope, file: file, calls: calls, values: values, project: &project,
                    depth: depth + 1)
                guard !inner.isEmpty else { return [] }
                passed += inner
            } else if let reference = given.reference {
                guard let entry = values.lookup(reference, scope: scope, file: file),
                    case let .configuration(named, flag, at) = entry.value.value
                else { return [] }
                let store = strings(
                    named, scope: entry.owner, file: entry.file, values: values, calls: calls, project: &project)
                passed.append((store, flag, entry.owner, entry.file, at))
            } else if !given.store.choices.isEmpty {
                // One of several the caller's branches pick (Catbird's `if let storeURL { ... } else { ... }`):
                // the one store left where conditions known at build time rule the others out.
                let picked = chosen(
                    given.store, scope: scope, file: file, values: values, calls: calls, project: &project)
                guard picked.count == 1, picked[0].store.kind != .unknown else { return [] }
                let flag = picked[0].inMemory.map(ValueSource.bool) ?? given.inMemory
                passed.append((picked[0].store, flag, scope, file, picked[0].configuration ?? given.location))
            } else {
                let store = strings(
                    given.store, scope: scope, file: file, values: values, calls: calls, project: &project)
                guard store.kind != .unknown else { return [] }
                passed.append((store, given.inMemory, scope, file, given.location))
            }
        }
        return passed
    }

    /// The lists of configurations calls pass to a `[ModelConfiguration]` parameter, one per call (the default,
    /// read where the function is, for a call leaving it out; a list passed on from the caller's own parameter, what
    /// each of the caller's calls passes): nil when a call's list cannot be read, no call is seen, or there are more
    /// than `CallSites.readApartLimit` (the store is then one schemalint cannot tell).
    private static func passedLists(
        _ list: ConfigurationListParameter, calls: CallSites, values: NamedValueIndex, project: inout Project,
        scope: SymbolID?, file: String, at location: SourceLocation, depth: Int = 0
    ) -> [[Listed]]? {
        guard !FoldGuard.tooDeep(depth) else { return nil }
        let label = list.parameter.label
        let given: CallSites.Default<CallSite.ConfigurationListArgument> =
            list.defaultList.map { .value(.list($0)) } ?? (list.hasDefault ? .unread : .none)
        let arguments = calls.arguments(
            label, of: list.parameter.function, default: given, at: location, defaultWithoutCalls: false
        ) { site -> CallSites.Passed<CallSite.ConfigurationListArgument> in
            guard list.isVariadic else {
                if let passed = site.configurationLists[label] { return .passed(passed) }
                return site.arguments[label] == nil ? .omitted : .unreadable("a list schemalint cannot read")
            }
            // `make(a, b)`: the argument with its label and the unlabelled ones after it.
            guard let start = site.argumentOrder.firstIndex(of: label) else { return .omitted }
            var run: [CallSite.Configuration] = []
            for key in site.argumentOrder[start...] {
                if key != label, !key.hasPrefix("#") { break }
                guard let configuration = site.configurations[key] else {
                    return .unreadable("a value that is no configuration")
                }
                run.append(configuration)
            }
            return .passed(.list(run))
        }
        guard case let .success(arguments) = arguments else { return nil }
        var found: [[Listed]] = []
        for argument in arguments {
            let (at, within) = argument.site.map { ($0.scope(in: project.symbols), $0.file) } ?? (scope, file)
            switch argument.source {
            case let .list(configurations):
                var each: [Listed] = []
                for configuration in configurations {
                    guard let read = listed(configuration, scope: at, file: within, values: values, project: &project)
                    else { return nil }
                    each.append(read)
                }
                found.append(each)
            case let .forwarded(outer):
                let forwarded = ConfigurationListParameter(
                    parameter: outer, isVariadic: false, hasDefault: true, defaultList: nil)
                guard
                    let lists = passedLists(
                        forwarded, calls: calls, values: values, project: &project, scope: at, file: within,
                        at: location, depth: depth + 1)
                else { return nil }
                found += lists
            }
            if found.count > CallSites.readApartLimit { return nil }
        }
        return found
    }

    /// One configuration of a list a call passes, read where it is written (a constant's where it is declared).
    private static func listed(
        _ configuration: CallSite.Configuration, scope: SymbolID?, file: String, values: NamedValueIndex,
        project: inout Project
    ) -> Listed? {
        guard let reference = configuration.reference else {
            guard let at = configuration.location else { return nil }
            return Listed(
                store: configuration.store, inMemory: configuration.inMemory, at: at, scope: scope, file: file)
        }
        guard let entry = values.lookup(reference, scope: scope, file: file),
            case let .configuration(store, inMemory, at) = entry.value.value
        else {
            if let owner = reference.base?.path?.first { project.unresolvedOwners.insert(owner) }
            return nil
        }
        return Listed(store: store, inMemory: inMemory, at: at, scope: entry.owner, file: entry.file)
    }

    /// The places an evaluated path may be: one each, nil for one that cannot be read.
    private static func places(_ evaluated: Evaluated<ScalarValue>) -> [StorePath?] {
        let values: [ScalarValue]
        switch evaluated {
        case .unknown: return [nil]
        case let .value(value): values = [value]
        case let .oneOf(choices): values = choices
        }
        return values.map { value in
            guard case let .string(text) = value else { return nil }
            return StorePath(evaluated: text)
        }
    }

    /// A store whose App Group or name is given by a constant (`AppGroup.identifier`), with the string the constant
    /// holds put in, when the project declares it: two files naming one constant, or one the literal, are one store.
    /// One it cannot find is wanted by pass 2: the type holding it, or the global's name.
    private static func strings(
        _ store: StoreLocation, scope: SymbolID?, file: String, values: NamedValueIndex, calls: CallSites,
        project: inout Project
    ) -> StoreLocation {
        if let source = store.fileSource {
            // The file a URL names, for a Core Data store SwiftData may take over (its identity stays the URL).
            var store = store
            let evaluator = ValueEvaluator(symbols: project.symbols, values: values, calls: calls)
            // A store untold by its text (a parameter's URL) is told only by a known place, never by a name alone.
            if store.kind != .unknown, let name = fileName(source, evaluator, scope: scope, file: file) {
                store.file = name
            }
            // The place, when the URL evaluates to one known folder: the store is that file, however it is spelt.
            if case let .fileName(url, _) = source,
                case let .value(.string(evaluated)) = unwrapped(evaluator.evaluate(url, scope: scope, file: file)),
                let place = StorePath(evaluated: evaluated), place.file != nil
            {
                if place.isKnown {
                    store = store.evaluated(at: place)
                } else if place.groupUnread {
                    // In an App Group whose identifier cannot be read: kept, for the targets' entitlements to tell.
                    store.inUnreadGroup = place
                }
            }
            // What it could not find is looked for by pass 2, as for every value: the calls of a helper given the URL.
            if store.kind == .unknown, case let .fileName(.parameter(function, _, _, _), _) = source,
                calls.sites(of: function).isEmpty
            {
                project.unseenCallers.insert(function)
            }
            // And the calls of a function its URL is built by (`storeURL()` returning `makeURL(folder: f)`), when
            // the place is not known.
            if !(store.path?.isKnown ?? false) { project.callersToWalk.formUnion(evaluator.wanted.callers.keys) }
            project.unresolvedOwners.formUnion(evaluator.wanted.owners)
            project.unresolvedConstants.formUnion(evaluator.wanted.names)
            return store
        }
        // A name or App Group the evaluator reads (a parameter's callers, a local variable, a function): one value
        // each, or the store stays one schemalint cannot name for certain.
        if store.nameSource != nil || store.groupSource != nil {
            // A name no call is seen for is not taken from the default: the store would be named for certain.
            var evaluator = ValueEvaluator(symbols: project.symbols, values: values, calls: calls)
            evaluator.defaultWithoutCallers = false
            func single(_ source: ValueSource?, nilIsDefault: Bool = false) -> String?? {
                guard let source else { return .some(nil) }
                switch evaluator.evaluate(source, scope: scope, file: file) {
                case let .value(.string(text)): return text
                // A name that is `nil` for this call (`isStub ? "stub" : nil`, a parameter `String? = nil` left out):
                // the unnamed configuration's store, as `ModelConfiguration(nil, ...)`.
                case .value(.member("none")) where nilIsDefault: return .some(nil)
                default: return nil
                }
            }
            // An App Group that is one of a few known identifiers (one per `#if` clause a build may take): which one
            // cannot be told, and the key says the candidates (never certain: in backticks).
            func candidates(_ source: ValueSource?) -> String?? {
                guard let source, case let .oneOf(values) = evaluator.evaluate(source, scope: scope, file: file)
                else { return nil }
                let texts = values.compactMap { value -> String? in
                    if case let .string(text) = value { return text }
                    return nil
                }
                guard texts.count == values.count, texts.count > 1 else { return nil }
                return "`\(Set(texts).sorted().joined(separator: " or "))`"
            }
            let (name, group) = (
                single(store.nameSource, nilIsDefault: true),
                single(store.groupSource) ?? candidates(store.groupSource))
            project.unresolvedOwners.formUnion(evaluator.wanted.owners)
            project.unresolvedConstants.formUnion(evaluator.wanted.names)
            if let name, let group {
                var named = StoreLocation.named(name ?? "default", group: group)
                named.groupLeftAutomatic = store.groupLeftAutomatic
                return named
            }
        }
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

    /// A URL given to a configuration is never nil: where it is read through an optional that may be (`if let
    /// target = Paths.storeURL()` of a function returning nil without an App Group), the values it has when not.
    static func unwrapped(_ evaluated: Evaluated<ScalarValue>) -> Evaluated<ScalarValue> {
        guard case let .oneOf(values) = evaluated else { return evaluated }
        let kept = values.filter { $0 != .member("none") }
        guard !kept.isEmpty else { return evaluated }
        return kept.count == 1 ? .value(kept[0]) : .oneOf(kept)
    }

    /// The name of the file a configuration's `url:` names, when every value it may have names one.
    private static func fileName(
        _ source: ValueSource, _ evaluator: ValueEvaluator, scope: SymbolID?, file: String
    ) -> String? {
        if case let .value(.string(name)) = evaluator.evaluate(source, scope: scope, file: file) { return name }
        guard case let .fileName(url, _) = source,
            case let .oneOf(paths) = unwrapped(evaluator.evaluate(url, scope: scope, file: file))
        else { return nil }
        let names = Set(
            paths.map { value -> String? in
                guard case let .string(path) = value else { return nil }
                return path.split(separator: "/").last.map(String.init)
            })
        guard names.count == 1, let name = names.first else { return nil }
        return name
    }

    /// The models a source names, or the version it stores (with where that version is written), by the one
    /// evaluation every model list gets (`ModelListEvaluator`). A list it cannot read, or one of several lists, is
    /// none: the container's models are not known.
    private static func resolve(
        _ source: ModelSource, scope: SymbolID?, file: String, at location: SourceLocation, project: Project,
        values: NamedValueIndex, calls: CallSites
    ) -> ([ModelReference]?, SymbolID?, TypeUse?) {
        let versions = Set(project.versions.map(\.id))
        let evaluator = ModelListEvaluator(
            symbols: project.symbols, entities: project.entities, values: values, isVersion: versions.contains,
            calls: calls)
        switch evaluator.evaluate(source, scope: scope, file: file, at: location) {
        case let .value(.models(models)): return (models, nil, nil)
        case let .value(.version(id, use)): return (nil, id, use)
        case .oneOf, .unknown: return (nil, nil, nil)
        }
    }

    /// Why a container's models cannot be read, for `--verbose`: nil when they can.
    private static func unread(
        _ source: ModelSource, scope: SymbolID?, file: String, at location: SourceLocation, project: Project,
        values: NamedValueIndex, calls: CallSites
    ) -> UnknownValue? {
        let versions = Set(project.versions.map(\.id))
        let evaluator = ModelListEvaluator(
            symbols: project.symbols, entities: project.entities, values: values, isVersion: versions.contains,
            calls: calls)
        switch evaluator.evaluate(source, scope: scope, file: file, at: location) {
        case .value: return nil
        case let .oneOf(lists): return UnknownValue("they are one of \(lists.count) different lists", at: location)
        case let .unknown(why): return why
        }
    }
}

extension ContainerPurpose {
    /// Files in a test target: a folder named `Tests`, or ending in `Tests` / `UITests` (`AppTests/`, `AppUITests/`).
    public static func isTestPath(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") || $0 == "Test" || $0 == "TestSupport" }
    }
}

extension ValueEvaluator {
    /// Whether a configuration keeps its store in memory: its `isStoredInMemoryOnly:` flag, or a URL at `/dev/null`
    /// (the one decision `keptInMemory` makes for every store). True, false, or nil where the flag cannot be told.
    func inMemory(_ flag: ValueSource?, store: StoreLocation, scope: SymbolID?, file: String) -> Bool? {
        if keptInMemory(url: store.fileSource, storeType: nil, scope: scope, file: file) { return true }
        guard let flag else { return false }
        return isTrue(flag, scope: scope, file: file)
    }

    /// True when the flag is `true` for every value it can have, false when it is `false` for every one, nil when it
    /// may be either or cannot be read.
    func isTrue(_ flag: ValueSource, scope: SymbolID?, file: String) -> Bool? {
        let possible = possibilities(flag, scope: scope, file: file)
        guard possible.unknown == nil, !possible.values.isEmpty else { return nil }
        if possible.values.allSatisfy({ $0 == ScalarValue.bool(true) }) { return true }
        if possible.values.allSatisfy({ $0 == ScalarValue.bool(false) }) { return false }
        return nil
    }
}
