/// Resolves the store files Core Data stacks open (`ParsedFile.coreDataStacks`) with the one value evaluator: a file
/// named by a parameter's default, a constant of another type, a function in another file or an interpolated string
/// reads as the same file; what cannot be read is a store whose file is unknown, never a guess.
enum CoreDataStoreBuilder {
    /// Whether no code reads the property `name` of the type named `type`: not in the files parsed, and (once pass 2
    /// looked, `stackPropertiesReadNowhere`) not mentioned in the others. Unread so far, it is asked for.
    private static func unread(_ name: String, of type: String?, _ project: inout Project) -> Bool {
        guard let type, !project.propertyReads.mayRead(name, of: type) else { return false }
        if project.stackPropertiesReadNowhere.contains(name) { return true }
        project.stackPropertiesUnread.insert(name)
        return false
    }

    static func bind(
        _ files: [ParsedFile], symbols: SymbolTable, values: NamedValueIndex, calls: CallSites,
        into project: inout Project
    ) {
        // A subclass that declares no initialiser is made by its superclass's: its calls are that one's too.
        let calls = calls.inheritingInitialisers(ContainerSubclasses.inheritingInitialisers(symbols: project.symbols))
        let evaluator = ValueEvaluator(symbols: symbols, values: values, calls: calls)
        // An app's stack opens the files its app's calls give it: a test's call names a test's file.
        var appFiles = ValueEvaluator(symbols: symbols, values: values, calls: calls.outsideTestsAndPreviews)
        // A stack given its file by a label no call writes (an initialiser nothing calls) opens no store.
        appFiles.writtenNowhere = project.labelsWrittenNowhere
        // What failed opens are given is read as every store's value is, but sends pass 2 looking for nothing.
        let evidence = ValueEvaluator(symbols: symbols, values: values, calls: calls)
        defer {
            // Pass 2 looks for the types a file's name is read from and for members extensions add to standard types
            // (`URL.storeURL(...)`), not for every bare name: a stack's instance properties (`self.modelName`) are
            // mentioned in the app's largest files, and reading those would not tell them.
            project.unresolvedOwners.formUnion(evaluator.wanted.owners)
            project.unresolvedConstants.formUnion(evaluator.wanted.members)
            // A bare name no parsed file declares (`kStoreName`) is looked for where it is declared, not mentioned.
            project.undeclaredValues.formUnion(evaluator.wanted.undeclared)
            project.undeclaredValues.formUnion(appFiles.wanted.undeclared)
            // A stack given its file by a parameter of a function no file read calls is looked for in the files pass
            // 1 skipped only among those a target compiling the stack compiles too (`unseenStackCallers` below): a
            // framework's stack is called by its example app (LoopKit's `PersistenceController` by `LoopKit
            // Example`), another target whose folder is no user's, and reading that call hid a TRUE
            // `shipped_schema_edited`. Calls in the files read still decide.
            project.unresolvedOwners.formUnion(appFiles.wanted.owners)
            project.unresolvedConstants.formUnion(appFiles.wanted.members)
            project.unseenStackCallers.merge(appFiles.wanted.callers) { $0.union($1) }
            project.unpassedLabels.merge(appFiles.wanted.unpassed) { $0.union($1) }
        }
        let rewriters = StoreRepairMatcher.rewriters(files)
        let neverReturning = Set(files.flatMap(\.neverReturning))
        // Methods on `Optional` the files read declare as unwraps (`require()`): a model reached through them is read
        // as through `!`.
        let unwrappers = Set(files.flatMap(\.optionalUnwrappers))
        let subclasses = ContainerSubclasses(files, symbols: project.symbols)
        let byName = DescriptionsByName(files, symbols: project.symbols)
        project.unresolvedOwners.formUnion(byName.wantedOwners)
        project.undeclaredValues.formUnion(byName.wantedNames)
        // Files pass 1 skipped that make a container of a subclass by its name alone (an extension target's
        // `SharedContainer(name: "Model")`): read in pass 2, as files naming a constant are.
        project.unresolvedConstants.formUnion(subclasses.names)
        for file in files {
            // Files a container of a subclass takes as its own: no stack of their own beside it.
            let takenBySubclasses = Set(
                file.coreDataStacks.filter { stack in
                    stack.containerType.map {
                        subclasses.container(
                            $0, scope: project.symbols.scope(stack.scope, file: file.path),
                            file: file.path) != nil
                    } ?? false
                }.flatMap { $0.stores.map(\.location) })
            project.storeCopies += file.storeCopies
            let fileIsTest = file.isTestTarget ?? ContainerPurpose.isTestPath(file.path)
            if !fileIsTest {
                project.storeMigrators += file.storeMigrators
                // An open that keeps its store in memory (a flag, a store type or a URL at `/dev/null`, decided
                // as every store's is) has no file to lose.
                // A delete after a `do` whose every `catch` stops the app (`logger.logCrash(error)` ending in
                // `fatalError`) is reached by no failure.
                let reached = file.storeDeletions.filter { deletion in
                    deletion.catchCalls.isEmpty
                        || !deletion.catchCalls.allSatisfy { !neverReturning.isDisjoint(with: $0) }
                }
                for deletion in reached { project.undeclaredCatchCalls.formUnion(deletion.catchCalls.joined()) }
                project.storeDeletions += reached.map { deletion in
                    var deletion = deletion
                    if !deletion.throwaway,
                        deletion.inMemoryEvidence.contains(where: { evidence.keepsInMemory($0, file: file.path) })
                    {
                        deletion.throwaway = true
                    }
                    if let place = deletion.place {
                        let values: [ScalarValue]
                        switch evidence.evaluate(place.value, scope: nil, file: file.path) {
                        case let .value(one): values = [one]
                        case let .oneOf(several): values = several
                        case .unknown: values = []
                        }
                        let read = values.map { value -> StorePath? in
                            guard case let .string(path) = value, let read = StorePath(evaluated: path), read.isKnown
                            else { return nil }
                            return read
                        }
                        if !read.isEmpty, read.allSatisfy({ $0 != nil }) {
                            deletion.deletedPaths = read.compactMap { $0 }
                        }
                    }
                    return deletion
                }
                project.storeRepairs += StoreRepairMatcher.repairs(file, rewriters: rewriters)
                project.storeWipes += file.storeWipes
                for written in file.migrationFlags {
                    let scope = project.symbols.scope(written.scope, file: file.path)
                    switch evaluator.isTrue(written.value, scope: scope, file: file.path) {
                    case true?: break
                    case false?:
                        if written.flag == .migratesAutomatically {
                            project.automaticMigrationOff.append(written.location)
                        } else {
                            project.inferenceOff.append(written.location)
                        }
                    case nil:
                        let why = evaluator.possibilities(written.value, scope: scope, file: file.path).unknown
                        project.migrationFlagsUnread.append(
                            why ?? UnknownValue("it may be true or false", at: written.location))
                    }
                }
            }
            for given in file.coreDataStacks where !byName.taken.contains(given.location) {
                // A `lazy var` no code reads is never made: it opens no store. Unread in the parsed files, it is
                // looked for in the others (`stackPropertiesReadNowhere`) before it is left out.
                if let property = given.lazyProperty, unread(property, of: given.scope.last, &project) {
                    project.unreadLazyStacks.append(given.location)
                    continue
                }
                var stack = given
                // A description held in a property no code reads is given to no container (Stackd's
                // `let storeDescription = NSPersistentStoreDescription(url: url)` beside its container's folder).
                if stack.filesOnly {
                    // Read before `removeAll` changes `stack`: reading it inside is an overlapping access.
                    let type = stack.scope.last
                    stack.stores.removeAll { file in
                        file.heldBy.map { unread($0, of: file.scope?.last ?? type, &project) } ?? false
                    }
                    if stack.stores.isEmpty { continue }
                }
                // Descriptions given by name from another file: the files they are built with.
                if let files = byName.adopted[stack.location] {
                    stack.stores.removeAll { !$0.describedBy.isEmpty }
                    stack.stores += files
                    stack.cloudKitByDescription = stack.stores.contains { $0.cloudKitOptions != nil }
                }
                let scope = project.symbols.scope(stack.scope, file: file.path)
                let shared = !fileIsTest && stack.purpose == .app ? appFiles : evaluator
                // Each call of the initialiser (or function) whose parameters decide the stack builds a stack of its
                // own, with its own file and model (`Stack(name: "Cold")`, `Stack(name: "Cache", isPersistent:
                // false)`); two calls opening the same are one.
                let first = project.coreDataStores.endIndex
                for (reading, site) in Self.perCall(stack, reading: shared, scope: scope, file: file.path) {
                    // A container of another type: a stack only when that type is a subclass of Core Data's container.
                    // Made by a call of a subclass that inherits the initialiser: that subclass's (its folder).
                    var subclass: ContainerSubclasses.Found?
                    if let type = stack.containerType {
                        let made = site.flatMap { site in
                            site.inheritedBy.flatMap {
                                subclasses.container(
                                    .named([$0], arguments: []), scope: site.scope(in: project.symbols),
                                    file: site.file)
                            }
                        }
                        guard let found = made ?? subclasses.container(type, scope: scope, file: file.path) else {
                            continue
                        }
                        subclass = found
                    } else if stack.name == nil, stack.model == nil, stack.stores.count == 1,
                        stack.stores[0].location == stack.location, takenBySubclasses.contains(stack.location)
                    {
                        continue
                    }
                    func string(_ source: ValueSource, in scope: SymbolID? = scope) -> (String?, UnknownValue?) {
                        switch reading.evaluate(source, scope: scope, file: file.path) {
                        case let .value(.string(value)): return (value, nil)
                        case .value, .oneOf:
                            return (nil, UnknownValue("it is one of several values", at: stack.location))
                        case let .unknown(why): return (nil, why)
                        }
                    }
                    var purpose = stack.purpose
                    // Options `nil` for every value they may have turn the sync off; options that cannot be read do
                    // not.
                    // Options set through the descriptions' variables are each one's own (below).
                    let syncs =
                        (subclass?.syncs ?? stack.syncs)
                        && !(stack.cloudKitOptions.map {
                            reading.certainly($0, scope: scope, file: file.path) { $0 == .member("none") }
                                && !stack.cloudKitByDescription
                        } ?? false)
                    if fileIsTest, purpose == .app { purpose = .test }
                    let name = stack.name.map { string($0) }
                    var model: String?
                    var modelUnread = stack.modelUnread
                    // A model picked at run time among bundles named by constants (`encrypted ? "Sealed" : "Plain"`):
                    // the stack opens its files with each of them, one store per model.
                    var models: [String?] = []
                    if let written = stack.model {
                        let (value, _) = string(written)
                        model = value.map(Self.bundleName)
                        modelUnread = value == nil
                        if value == nil, case let .oneOf(several) = reading.evaluate(
                            written, scope: scope, file: file.path)
                        {
                            var names: [String] = []
                            for case let .string(text) in several where !names.contains(Self.bundleName(text)) {
                                names.append(Self.bundleName(text))
                            }
                            if names.count == several.count, names.count > 1 {
                                models = names
                                modelUnread = false
                            }
                        }
                        // Unwrapped by a method no file read declares as an unwrap: which model cannot be told, and
                        // pass 2 reads the files extending `Optional`.
                        if !unwrappers.isSuperset(of: stack.modelUnwrappedBy) {
                            (model, modelUnread, models) = (nil, true, [])
                            project.optionalExtensionsWanted = true
                        }
                    } else if let name, !stack.modelUnread {
                        // `NSPersistentContainer(name:)` without a model loads the bundle of that name.
                        model = name.0
                        modelUnread = name.0 == nil
                    }
                    // An empty model (`NSManagedObjectModel()`) opens a file only to destroy or inspect it.
                    if model == CoreDataStackUse.emptyModel { continue }
                    // A file given by a parameter no call passes: the code building the stack never runs, its
                    // container's own file included.
                    if stack.stores.contains(where: { store in
                        if case let .oneOf(values) = reading.evaluate(store.file, scope: scope, file: file.path) {
                            return values.isEmpty
                        }
                        return false
                    }) {
                        continue
                    }
                    if models.isEmpty { models = [model] }
                    var stores: [(SourceLocation, String?, UnknownValue?, Bool)] = []
                    var places: [SourceLocation: StorePath] = [:]
                    var picks: [(SourceLocation, StorePath, Bool)] = []
                    // What the code sets on each description: its configuration, and whether it syncs.
                    var configurations: [SourceLocation: String] = [:]
                    var described: [SourceLocation: Bool] = [:]
                    // Descriptions made from the container's own description's URL, where the code replaces them: the
                    // container's own file, opened from there.
                    var ownFileAt: [SourceLocation] = []
                    // An in-memory file given on every path (`container.persistentStoreDescriptions.first!.url =
                    // URL(fileURLWithPath: "/dev/null")`, OpenSesame's preview stack): the container's own
                    // description is that one, and opens no file of its own.
                    var alwaysInMemory = false
                    for store in stack.stores {
                        // Names in the URL are read where it is written (`Self.storeURL` in a nested type's getter).
                        let scope = store.scope.map { project.symbols.scope($0, file: file.path) } ?? scope
                        // Given in a branch no call takes (`if isPersistent { ... }` for `isPersistent: false`): not
                        // opened by this stack. A call that is not read takes no default here: the file stays.
                        if let condition = store.condition {
                            var strict = reading
                            strict.defaultWithoutCallers = false
                            if strict.isTrue(condition, scope: scope, file: file.path) == false { continue }
                        }
                        if let written = store.configuration, case let (value?, _) = string(written, in: scope) {
                            configurations[store.location] = value
                        }
                        if stack.cloudKitByDescription {
                            // A description the code makes syncs only with options of its own (not `nil`).
                            described[store.location] =
                                store.cloudKitOptions.map { options in
                                    !reading.certainly(options, scope: scope, file: file.path) { $0 == .member("none") }
                                } ?? false
                        } else if store.madeFresh, stack.cloudKitOptions == nil, subclass?.syncs != true {
                            // No options set anywhere in the stack's type: a description the code makes has none, and
                            // does not sync although its container would (Meme-Ory's App Group store). A CloudKit
                            // subclass may set them in its own type, which is not read here: left as it syncs.
                            described[store.location] = false
                        }
                        // A URL read back from a stack's own description is a file counted where that stack is; a
                        // description made from it (`NSPersistentStoreDescription(url: container
                        // .persistentStoreDescriptions.first?.url ?? fallback)`) for descriptions that replace the
                        // container's is that file.
                        if case .value(.member(CoreDataStackUse.openedStore)) = reading.evaluate(
                            store.file, scope: scope, file: file.path)
                        {
                            if stack.descriptionsReplaced, !store.added, Self.isOwnURL(store.file),
                                !reading.keptInMemory(
                                    url: nil, storeType: store.storeType, scope: scope, file: file.path)
                            {
                                ownFileAt.append(store.location)
                            }
                            continue
                        }
                        let inMemory = reading.keptInMemory(
                            url: store.file, storeType: store.storeType, scope: scope, file: file.path)
                        if inMemory, !store.added, store.givenWhereMade, store.condition == nil,
                            store.branches.isEmpty
                        {
                            alwaysInMemory = true
                        }
                        // A description's type alone names no file: it counts only to keep the store in memory. Nor
                        // does `description.url = nil` (an in-memory store's, or one Core Data refuses to load).
                        if case let .fileName(url, _) = store.file, case .member("none") = url {
                            if inMemory { stores.append((store.location, nil, nil, true)) }
                            continue
                        }
                        if store.typeOnly {
                            if inMemory { stores.append((store.location, nil, nil, true)) }
                            continue
                        }
                        let (name, why) = string(store.file, in: scope)
                        // The folder the file is in, where the URL names one schemalint knows (`.cachesDirectory`).
                        if case let .fileName(url, _) = store.file, case let (path?, _) = string(url, in: scope),
                            let place = StorePath(evaluated: path), place.isKnown || place.groupUnread
                        {
                            // In an App Group whose identifier cannot be read: kept apart, for the targets'
                            // entitlements.
                            places[store.location] = place
                        }
                        // A URL the code picks at run time among known places (a getter's branches): each one a file
                        // the stack may open, every one checked as holding users' rows. A file whose folder cannot be
                        // read beside them (an App Group named at run time) is one by its name alone.
                        if case let .fileName(url, _) = store.file,
                            case let .oneOf(every) = reading.evaluate(url, scope: scope, file: file.path)
                        {
                            // `/dev/null` on one branch (`if inMemory { url = /dev/null } else { ... }`) keeps that
                            // open in memory: no file of it, the other branches' files are the store.
                            let several = every.filter { !$0.isDevNull }
                            let picked = several.map { value -> StorePath? in
                                guard case let .string(text) = value, let place = StorePath(evaluated: text),
                                    place.file != nil
                                else { return nil }
                                return place
                            }
                            if picked.allSatisfy({ $0 != nil }), picked.contains(where: { $0?.isKnown == true }) {
                                var seen: [StorePath] = []
                                for case let place? in picked where !seen.contains(place) {
                                    seen.append(place)
                                    picks.append((store.location, place, inMemory))
                                }
                                continue
                            }
                        }
                        stores.append((store.location, name, why, inMemory))
                    }
                    // `if inMemory { description.url = URL(fileURLWithPath: "/dev/null") }`: an in-memory store beside
                    // the container's own file is a preview's or a test's, not a replacement.
                    // A container that loads its own descriptions elsewhere opens its own file beside the others.
                    // Descriptions replaced on some paths only leave the container's own file on the others.
                    var ownFile: [SourceLocation] = []
                    if (stores.allSatisfy(\.3) && picks.isEmpty && !alwaysInMemory) || stack.loadsOwnFile
                        || stack.descriptionsMayBeKept || stack.stores.contains(where: \.ownDescriptionOnSomePaths),
                        !stack.descriptionsReplaced
                    {
                        ownFile = [stack.location]
                    }
                    for location in ownFile + ownFileAt {
                        guard let name else { break }
                        // The container's own description: `<name>.sqlite` in the default folder (Application Support),
                        // in source order among the descriptions when one of them opens it.
                        let at =
                            ownFileAt.contains(location)
                            ? stores.firstIndex { ($0.0.line, $0.0.column) > (location.line, location.column) }
                            : nil
                        stores.insert(
                            (location, name.0.map { $0 + ".sqlite" }, name.1, false), at: at ?? stores.endIndex)
                        if let file = name.0 {
                            // A subclass's `defaultDirectoryURL()`, read where it is written: a folder it cannot
                            // read leaves the place untold.
                            var folder = StorePath(base: .applicationSupport, components: [])
                            if let override = subclass?.folder {
                                let evaluated = evaluator.evaluate(override.0, scope: override.1, file: override.2)
                                if case let .value(.string(path)) = evaluated, let read = StorePath(evaluated: path) {
                                    folder = read
                                } else {
                                    folder = StorePath(base: .unknown, components: [])
                                }
                            }
                            // An App Group named at run time is kept, for the targets' entitlements to tell.
                            if folder.isKnown || folder.groupUnread {
                                places[location] = folder.appending(file + ".sqlite")
                            }
                        }
                    }
                    for model in models {
                        for (location, file, why, inMemory) in stores {
                            var store = CoreDataStore(
                                location: location, purpose: inMemory ? .inMemory : purpose,
                                file: file, fileUnread: file == nil ? why : nil, model: model, modelUnread: modelUnread,
                                syncs: syncs && (described[location] ?? true))
                            store.configuration = configurations[location]
                            if let place = places[location] {
                                if place.isKnown { store.path = place } else { store.inUnreadGroup = place }
                            }
                            project.coreDataStores.append(store)
                        }
                        for (location, place, inMemory) in picks {
                            var store = CoreDataStore(
                                location: location, purpose: inMemory ? .inMemory : purpose, file: place.file,
                                fileUnread: nil, model: model, modelUnread: modelUnread,
                                syncs: syncs && (described[location] ?? true))
                            store.configuration = configurations[location]
                            store.path = place
                            if place.groupUnread { store.inUnreadGroup = place }
                            project.coreDataStores.append(store)
                        }
                    }
                    shared.wanted.formUnion(reading.wanted)
                }
                Self.dropRepeated(&project.coreDataStores, from: first)
            }
        }
    }

    /// The readings of one stack: one per call of the function whose parameters its file, model or branches read
    /// (a stack type's initialiser: `CoreDataStack(name: "Cold")`, `CoreDataStack(name: "Cache", isPersistent:
    /// false)`), each read as that call alone calls it, where `CallSites.readApart` reads the calls one by one; else
    /// the calls together (`reading`).
    static func perCall(_ stack: CoreDataStackUse, reading: ValueEvaluator, scope: SymbolID?, file: String)
        -> [(reading: ValueEvaluator, site: CallSites.Site?)]
    {
        let probe = ValueEvaluator(symbols: reading.symbols, values: reading.values, calls: reading.calls)
        var sources = [stack.name, stack.model].compactMap { $0 }
        for store in stack.stores {
            sources += [store.file, store.storeType, store.condition].compactMap { $0 }
        }
        for source in sources { _ = probe.evaluate(source, scope: scope, file: file) }
        // The initialisers of the type the stack is in, where its values read theirs (helpers they call with them,
        // `Self.storeURL(forName: name)`, are read through them); else the one function whose parameters they read.
        let read = probe.wanted.parameters
        let initialisers = read.filter { stack.scope.contains($0) }
        let pinned = initialisers.count == 1 ? initialisers : read
        guard pinned.count == 1, let function = pinned.first, let apart = reading.calls.readApart(function)
        else { return [(reading, nil)] }
        return apart.map { call in
            var pinned = ValueEvaluator(symbols: reading.symbols, values: reading.values, calls: call.calls)
            pinned.writtenNowhere = reading.writtenNowhere
            pinned.defaultWithoutCallers = reading.defaultWithoutCallers
            return (pinned, call.site)
        }
    }

    /// Leaves out the stores from `first` on that repeat one before them from `first` on (two calls of a stack's
    /// initialiser opening the same file with the same model).
    static func dropRepeated(_ stores: inout [CoreDataStore], from first: Int) {
        var kept: [CoreDataStore] = []
        for store in stores[first...] where !kept.contains(where: { Self.same($0, store) }) { kept.append(store) }
        stores.replaceSubrange(first..., with: kept)
    }

    private static func same(_ lhs: CoreDataStore, _ rhs: CoreDataStore) -> Bool {
        lhs.location == rhs.location && lhs.purpose == rhs.purpose && lhs.file == rhs.file
            && (lhs.fileUnread == nil) == (rhs.fileUnread == nil) && lhs.model == rhs.model
            && lhs.modelUnread == rhs.modelUnread && lhs.syncs == rhs.syncs && lhs.configuration == rhs.configuration
            && lhs.path == rhs.path && lhs.inUnreadGroup == rhs.inUnreadGroup
    }

    /// The URL of a description the stack opens, read back as it is (`persistentStoreDescriptions.first?.url`, with
    /// a fallback after `??`): not a file named after it in another folder (a backup's).
    static func isOwnURL(_ source: ValueSource) -> Bool {
        switch source {
        case .member(CoreDataStackUse.openedStore): return true
        case let .fileName(inner, _), let .coalescing(inner, _, _): return isOwnURL(inner)
        default: return false
        }
    }

    /// `Model.momd`, `Model.xcdatamodeld` or `Model`: the bundle's name.
    static func bundleName(_ resource: String) -> String {
        for suffix in [".momd", ".mom", ".xcdatamodeld"] where resource.hasSuffix(suffix) {
            return String(resource.dropLast(suffix.count))
        }
        return resource
    }
}

extension ValueEvaluator {
    /// Whether what a failed open is given keeps its store in memory, for every value it may have.
    func keepsInMemory(_ evidence: StoreDeletionUse.InMemoryEvidence, file: String) -> Bool {
        switch evidence.kind {
        case .flag: return isTrue(evidence.value, scope: nil, file: file) == true
        case .storeType: return keptInMemory(url: nil, storeType: evidence.value, scope: nil, file: file)
        case .url: return keptInMemory(url: evidence.value, storeType: nil, scope: nil, file: file)
        }
    }
}

/// The app's subclasses of `NSPersistentContainer` and `NSPersistentCloudKitContainer`, and the folder each puts the
/// files its descriptions do not name in: its own `defaultDirectoryURL()`, or the nearest superclass's that overrides
/// it, else Core Data's (Application Support).
struct ContainerSubclasses {
    struct Found {
        /// A subclass of `NSPersistentCloudKitContainer`.
        var syncs: Bool
        /// The overriding function's value, with the scope and file it is read in; nil: Core Data's default.
        var folder: (ValueSource, SymbolID?, String)?
    }

    private let symbols: SymbolTable
    private var folders: [SymbolID: (ValueSource, String)] = [:]
    /// Their names, for pass 2 to read the files that mention them.
    private(set) var names: Set<String> = []

    init(_ files: [ParsedFile], symbols: SymbolTable) {
        self.symbols = symbols
        for file in files {
            for override in file.coreDataFolders {
                if let id = symbols.scope(override.scope, file: file.path), folders[id] == nil {
                    folders[id] = (override.folder, file.path)
                }
            }
        }
        for symbol in symbols.symbols where symbol.kind == .class && subclass(symbol.id) != nil {
            names.insert(symbol.name)
        }
    }

    /// The container `type` makes, written in `file` inside `scope`; nil when it is no subclass of Core Data's
    /// container schemalint can find.
    func container(_ type: TypeExpr, scope: SymbolID?, file: String) -> Found? {
        symbols.resolveSymbol(type, scope: scope, file: file).flatMap(subclass)
    }

    /// By the name of each class of the app's that declares an initialiser, the names of its subclasses that declare
    /// no designated one and so inherit them (through such subclasses too).
    static func inheritingInitialisers(symbols: SymbolTable) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for symbol in symbols.symbols where symbol.kind == .class && !symbol.declaresDesignatedInitialiser {
            var cursor = symbol.id
            for _ in 0..<FoldGuard.depthLimit {
                let superclass = symbols[cursor].inherited.lazy.compactMap { inherited -> SymbolID? in
                    let resolved = symbols.resolve(inherited.value, scope: inherited.scope, file: inherited.file)
                    guard case let .symbol(id) = resolved, symbols[id].kind == .class else { return nil }
                    return id
                }.first
                guard let superclass, superclass != symbol.id else { break }
                if symbols[superclass].declaresInitialiser {
                    found[symbols[superclass].name, default: []].append(symbol.name)
                    break
                }
                cursor = superclass
            }
        }
        return found.mapValues { Array(Set($0)).sorted() }
    }

    private func subclass(_ id: SymbolID) -> Found? {
        var cursor = id
        var folder: (ValueSource, SymbolID?, String)?
        for _ in 0..<16 {
            let symbol = symbols[cursor]
            guard symbol.kind == .class else { return nil }
            if folder == nil, let (value, file) = folders[cursor] { folder = (value, cursor, file) }
            var next: SymbolID?
            for inherited in symbol.inherited {
                switch symbols.resolve(inherited.value, scope: inherited.scope, file: inherited.file) {
                case let .external(path, _) where path.last == "NSPersistentContainer":
                    return Found(syncs: false, folder: folder)
                case let .external(path, _) where path.last == "NSPersistentCloudKitContainer":
                    return Found(syncs: true, folder: folder)
                case let .symbol(superclass) where symbols[superclass].kind == .class:
                    next = next ?? superclass
                default:
                    continue
                }
            }
            guard let next, next != cursor else { return nil }
            cursor = next
        }
        return nil
    }
}
