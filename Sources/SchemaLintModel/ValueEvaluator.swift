/// The one evaluation of a value that decides a store: a `Bool` flag (`isStoredInMemoryOnly:`), a CloudKit database
/// (`cloudKitDatabase:`), a string. It follows literals, `!`, ternaries (the branch a known condition picks, else
/// either), constants and static or global variables of any type in any file (a `static var` that some code assigns
/// may hold anything), functions without arguments that return a value, and a parameter of the function it is read
/// in (what each caller passes, its default where a caller leaves it out). Its answer is a value, one of several, or
/// unknown with the reason and the place, as `ModelListEvaluator`'s is.
struct ValueEvaluator {
    let symbols: SymbolTable
    let values: NamedValueIndex
    private(set) var calls: CallSites
    /// Whether a parameter no call site is seen for takes its default. Callers in files that never mention a container
    /// or configuration are not read, so a default is not taken for what they pass where that would make a store
    /// vanish (an in-memory flag: the store would be dropped from every check).
    var defaultWithoutCallers = true
    /// What pass 2 should parse: types named where a value is read that no parsed file declares, and variables read
    /// (files that mention them may assign them).
    final class Wanted {
        var owners: Set<String> = []
        var names: Set<String> = []
        /// Members an extension may add to a standard type (`URL.storeURL`), by name: also in `names`.
        var members: Set<String> = []
        /// Names read bare that no parsed file declares (a top-level `let kStoreName` in a file of constants): also
        /// in `names`.
        var undeclared: Set<String> = []
        /// Functions whose parameter a value is read from with no call of them in the files read, with the files
        /// the parameter is read in.
        var callers: [String: Set<String>] = [:]
        /// Labels of parameters without a default that no call read passes (`Project.unpassedLabels`).
        var unpassed: [String: Set<String>] = [:]
        /// Functions (a type's name for its initialisers) whose parameters a value read is given by.
        var parameters: Set<String> = []

        /// Adds what `other` wants.
        func formUnion(_ other: Wanted) {
            guard other !== self else { return }
            owners.formUnion(other.owners)
            names.formUnion(other.names)
            members.formUnion(other.members)
            undeclared.formUnion(other.undeclared)
            callers.merge(other.callers) { $0.union($1) }
            unpassed.merge(other.unpassed) { $0.union($1) }
            parameters.formUnion(other.parameters)
        }
    }
    /// Labels no file that was not read writes (`Project.labelsWrittenNowhere`): a parameter of one without a
    /// default that no call read passes is passed by no call at all, so the code reading it never runs: the value
    /// is none (`oneOf([])`), not unknown.
    var writtenNowhere: Set<String> = []
    let wanted = Wanted()
    static let alternativesLimit = FoldGuard.alternativesLimit
    /// The case `self` is while a property of an enum of the app's is read through one (`Scope.production.folder`):
    /// a `switch self` in it takes that case's branch.
    var selfCase: (owner: SymbolID, value: ScalarValue)?
    /// For each function read for one call, the evaluation that call is written in: its arguments are read there,
    /// where a parameter of another function of the same name (`storeURL(folder: folder)` inside
    /// `storeURL(folder:)`) is what that function's call passes.
    var callers: [String: Caller] = [:]
    final class Caller {
        let evaluator: ValueEvaluator
        init(_ evaluator: ValueEvaluator) { self.evaluator = evaluator }
    }

    /// Whether a type around `scope` declares a property `name`: a bare name read there is that member, declared
    /// already (pass 2 has nothing to find: a common name, `name`, is declared static in many files).
    private func isMember(_ name: String, around scope: SymbolID?) -> Bool {
        var current = scope
        while let id = current {
            let symbol = symbols[id]
            if symbol.storedProperties.contains(where: { $0.name == name })
                || symbol.staticProperties.contains(where: { $0.value.name == name })
            {
                return true
            }
            current = symbol.parent
        }
        return false
    }

    func evaluate(_ source: ValueSource, scope: SymbolID?, file: String) -> Evaluated<ScalarValue> {
        var visiting = FoldGuard()
        return evaluate(source, scope: scope, file: file, visiting: &visiting, depth: 0)
    }

    /// Every value it may have, or (none) the reason one cannot be read.
    func possibilities(_ source: ValueSource, scope: SymbolID?, file: String)
        -> (values: [ScalarValue], unknown: UnknownValue?)
    {
        switch evaluate(source, scope: scope, file: file) {
        case let .value(value): return ([value], nil)
        case let .oneOf(values): return (values, nil)
        case let .unknown(why): return ([], why)
        }
    }

    func evaluate(
        _ source: ValueSource, scope: SymbolID?, file: String, visiting: inout FoldGuard, depth: Int
    ) -> Evaluated<ScalarValue> {
        // A parameter passed on to itself (`func open(sync: Bool) { ... open(sync: sync) }`) or names that copy each
        // other without end: unknown, never a hang.
        guard !FoldGuard.tooDeep(depth) else {
            return .unknown(
                UnknownValue("the value is passed on through too many steps to follow", at: location(of: source)))
        }
        guard visiting.step() else {
            return .unknown(
                UnknownValue("the value arrives through too many calls to follow", at: location(of: source)))
        }
        switch source {
        case let .bool(value): return .value(.bool(value))
        case let .string(value): return .value(.string(value))
        case let .member(name): return .value(.member(name))
        case let .unreadable(reason, location): return .unknown(UnknownValue(reason, at: location))
        case let .groupBound(value, groups, location):
            let evaluated = evaluate(value, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            let values: [ScalarValue]
            switch evaluated {
            case let .value(one): values = [one]
            case let .oneOf(several): values = several
            case .unknown: values = []
            }
            // `nil` for every value it may have (a parameter no call passes, left at its `nil` default): never bound.
            if !values.isEmpty, values.allSatisfy({ $0 == .member("none") }) { return .value(.bool(false)) }
            // A place in a known folder for every value (`URL.documentsDirectory.appending(path:)`): never nil.
            if !values.isEmpty, values.allSatisfy({ value in
                guard case let .string(path) = value, let place = StorePath(evaluated: path), place.isKnown
                else { return false }
                if case .appGroup = place.base { return false }
                return true
            }) {
                return .value(.bool(true))
            }
            let entitled = values.map { Self.entitledGroup($0, groups) }
            if !entitled.isEmpty, entitled.allSatisfy({ $0 == true }) { return .value(.bool(true)) }
            if !entitled.isEmpty, entitled.allSatisfy({ $0 == false }) { return .value(.bool(false)) }
            return .unknown(UnknownValue("whether a value is nil is read at run time", at: location))
        case let .groupChecked(value, groups, location):
            let evaluated = evaluate(value, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            return map(evaluated, at: location) { value in
                Self.entitledGroup(value, groups) == false ? .member("none") : value
            }
        case let .not(inner, location):
            let evaluated = evaluate(inner, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            return map(evaluated, at: location) { value in
                guard case let .bool(flag) = value else { return nil }
                return .bool(!flag)
            }
        case let .logical(all, operands, location):
            let evaluated = operands.map {
                evaluate($0, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            }
            return Self.logical(all: all, evaluated, at: location)
        case let .conditional(condition, then, otherwise, location):
            let decided = evaluate(condition, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            if case let .value(.bool(flag)) = decided {
                let taken = flag ? then : otherwise
                return evaluate(taken, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            }
            // A condition read at run time (or one schemalint cannot read): either branch.
            let branches = [then, otherwise].map {
                evaluate($0, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            }
            return join(branches, at: location)
        case let .switchOver(subject, patterns, branches, location):
            let decided = evaluate(subject, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            if case let .value(known) = decided {
                // The first case whose patterns hold the value, else `default`: the branch every build takes. A
                // pattern that cannot be read before it leaves the case unknown, so every branch stays possible.
                var taken: Int?
                var undecided = false
                search: for (index, casePatterns) in patterns.enumerated() {
                    guard let casePatterns else { continue }
                    for pattern in casePatterns {
                        switch evaluate(pattern, scope: scope, file: file, visiting: &visiting, depth: depth + 1) {
                        case let .value(value) where value == known:
                            taken = index
                            break search
                        case .value: continue
                        case .oneOf, .unknown:
                            undecided = true
                            break search
                        }
                    }
                }
                if taken == nil, !undecided { taken = patterns.firstIndex { $0 == nil } }
                if let taken, taken < branches.count {
                    return evaluate(branches[taken], scope: scope, file: file, visiting: &visiting, depth: depth + 1)
                }
            }
            let evaluated = branches.map {
                evaluate($0, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            }
            return join(evaluated, at: location)
        case let .oneOf(branches, location):
            let evaluated = branches.map {
                evaluate($0, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            }
            return join(evaluated, at: location)
        case let .concatenation(parts, location):
            let evaluated = parts.map {
                evaluate($0, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            }
            return concatenate(evaluated, at: location)
        case let .fileName(path, location):
            let evaluated = evaluate(path, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            return strings(evaluated, at: location) { path in
                // `URL(fileURLWithPath: "/a/b/")` names `b`: a trailing slash is no component of its own.
                let parts = path.split(separator: "/")
                return parts.last.map(String.init) ?? path
            }
        case let .directory(name, location):
            if name == StorePath.automaticFolderName { return .value(.string(StorePath.automaticMarker)) }
            guard let base = StorePath.base(named: name) else {
                return .unknown(UnknownValue("`\(name)` is no folder schemalint knows", at: location))
            }
            return .value(.string(StorePath.marker(base)))
        case let .appGroup(identifier, location):
            let evaluated = evaluate(identifier, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            // An App Group schemalint cannot read is a folder it cannot tell; the file under it may still be known,
            // and a target entitled to one App Group alone can only be given that one's (`StorePath.groupUnread`).
            if case .unknown = evaluated { return .value(.string(StorePath.unreadGroupMarker)) }
            return strings(evaluated, at: location) { StorePath.marker(.appGroup($0)) }
        case let .appendingPath(base, components, location):
            var folder = evaluate(base, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            if case .unknown = folder { folder = .value(.string(StorePath.unknownMarker)) }
            var parts = [folder]
            for component in components {
                parts.append(.value(.string("/")))
                parts.append(evaluate(component, scope: scope, file: file, visiting: &visiting, depth: depth + 1))
            }
            // `backups.appendingPathComponent(storeURL.lastPathComponent)`, the name of a store a stack opens in
            // another folder: a copy of that store (a backup), not a store of its own.
            if case .value(.member(CoreDataStackUse.openedStore))? = parts.last {
                return .value(.member(CoreDataStackUse.openedStore))
            }
            return concatenate(parts, at: location)
        case let .coalescing(value, fallback, location):
            // Nil (`.none`) is where the fallback is taken; any other value is itself.
            let none = ScalarValue.member("none")
            let evaluated = evaluate(value, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
            let values: [ScalarValue]
            switch evaluated {
            case .unknown: return evaluated
            case let .value(one): values = [one]
            case let .oneOf(several): values = several
            }
            var found = values.filter { $0 != none }.map { Evaluated<ScalarValue>.value($0) }
            if values.contains(none) {
                found.append(evaluate(fallback, scope: scope, file: file, visiting: &visiting, depth: depth + 1))
            }
            return join(found, at: location)
        case let .property(value, type, name, location):
            return property(name, of: value, type: type, at: location, scope: scope, file: file, visiting: &visiting,
                depth: depth)
        case let .named(reference):
            guard !FoldGuard.tooDeep(depth) else {
                return .unknown(
                    UnknownValue(
                        "`\(reference.written)` is built through too many steps to follow", at: reference.location))
            }
            if let found = enumValue(reference, scope: scope, file: file, visiting: &visiting, depth: depth) {
                return found
            }
            guard let entry = values.lookup(reference, scope: scope, file: file) else {
                // A name the SDK gives (`NSInMemoryStoreType`), where the app declares none of its own.
                if let known = ScalarValue.sdkValue(reference) { return .value(known) }
                // `settings.storeURL` with `let settings: StoreSettings`: the type's name is what is looked for.
                if let owner = values.baseType(of: reference, scope: scope, file: file)?.path?.first {
                    wanted.owners.insert(owner)
                    // `URL.storeURL(...)`: a member an extension adds to a standard type is found by its own name
                    // (files declaring `extension URL` are many; those that mention `storeURL` are few).
                    if StandardTypeStorage.standardNames.contains(owner) || owner == "FileManager"
                        || owner == "Bundle" {
                        wanted.names.insert(reference.name)
                        wanted.members.insert(reference.name)
                    }
                } else {
                    wanted.names.insert(reference.name)
                    if !isMember(reference.name, around: scope) { wanted.undeclared.insert(reference.name) }
                }
                return .unknown(
                    UnknownValue(
                        "`\(reference.written)` is not a constant schemalint can find", at: reference.location,
                        wantedOwner: values.baseType(of: reference, scope: scope, file: file)?.path?.first))
            }
            if entry.value.isVariable { wanted.names.insert(reference.name) }
            // Found only in another target's files (a widget's `extension URL { static func storeURL(for:) }`): this
            // target's own declaration of the name may be in a file not read yet.
            if values.isInOtherTargets(entry, from: file) {
                wanted.names.insert(reference.name)
                wanted.members.insert(reference.name)
            }
            if entry.value.isVariable, values.assigned.contains(reference.name) {
                return .unknown(
                    UnknownValue(
                        "`\(reference.written)` is a variable the code assigns, so its value is read at run time",
                        at: reference.location))
            }
            // Where it is declared too: a static function and an instance property of one name are two values.
            let key =
                FoldGuard.key(owner: entry.owner, file: entry.file, name: reference.name) + "@"
                + entry.value.location.description
            guard visiting.enter(key) else {
                return .unknown(UnknownValue("`\(reference.written)` refers back to itself", at: reference.location))
            }
            defer { visiting.leave(key) }
            // A function called here (`Self.storeURL(forName: name)`): what this call passes, not what any call does.
            // Another function of the name, told apart by the call's labels, is read for this call even inside one
            // pinned (`storeURL()` returning `storeURL(folder: f)`); the same one again is `visiting`'s to stop.
            let overload = reference.argumentLabels != nil && entry.value.parameters != nil
            if let site = calls.site(of: reference.name, at: reference.location, overload: overload) {
                var called = self
                called.calls = calls.pinning(reference.name, to: site)
                // Another function of the name read inside one pinned: its call's arguments are read as that one
                // reads them (only then: a function passing its parameter to itself would unpin without end).
                called.callers[reference.name] = calls.isPinned(reference.name) ? Caller(self) : nil
                return called.evaluate(entry, reference, visiting: &visiting, depth: depth)
            }
            // A call passing arguments that no call read is (its file's calls were not walked): wanted, as a
            // parameter no call is seen for is.
            if overload, entry.value.parameters?.isEmpty == false {
                wanted.callers[reference.name, default: []].insert(reference.location.file)
            }
            return evaluate(entry, reference, visiting: &visiting, depth: depth)
        case let .parameter(function, label, defaultValue, location):
            wanted.parameters.insert(function)
            if calls.sites(of: function).isEmpty { wanted.callers[function, default: []].insert(file) }
            let arguments = calls.arguments(
                label, of: function, default: defaultValue.map { .value($0) } ?? .none, at: location,
                defaultWithoutCalls: defaultWithoutCallers
            ) { site in site.arguments[label].map { .passed($0) } ?? .omitted }
            switch arguments {
            case let .failure(why):
                // A labelled parameter without a default that no call read passes (each call leaves it out, so is
                // another function's): if no other file writes the label either, nothing calls it.
                if defaultValue == nil, !label.hasPrefix("#"),
                    calls.sites(of: function).allSatisfy({ $0.arguments[label] == nil })
                {
                    if writtenNowhere.contains(label) { return .oneOf([]) }
                    wanted.unpassed[label, default: []].insert(file)
                }
                return .unknown(why)
            case let .success(arguments):
                let found = arguments.map { argument in
                    // Passed: read where the call is; the default: where the function is.
                    guard let site = argument.site else {
                        return evaluate(
                            argument.source, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
                    }
                    if let caller = callers[function], calls.isPinned(function) {
                        return caller.evaluator.evaluate(
                            argument.source, scope: site.scope(in: symbols), file: site.file, visiting: &visiting,
                            depth: depth + 1)
                    }
                    return evaluate(
                        argument.source, scope: site.scope(in: symbols), file: site.file, visiting: &visiting,
                        depth: depth + 1)
                }
                return join(found, at: location)
            }
        }
    }

    /// What a named value holds, read where it is declared.
    func evaluate(
        _ entry: NamedValueIndex.Entry, _ reference: ValueReference, visiting: inout FoldGuard, depth: Int
    ) -> Evaluated<ScalarValue> {
        if let selfCase, selfCase.owner != entry.owner {
            // Another type's member: `self` there is none of this enum's cases.
            var outside = self
            outside.selfCase = nil
            return outside.evaluate(entry, reference, visiting: &visiting, depth: depth)
        }
        switch entry.value.value {
        case let .scalar(inner):
            return evaluate(inner, scope: entry.owner, file: entry.file, visiting: &visiting, depth: depth + 1)
        case let .string(value):
            return .value(.string(value))
        case let .models(.named(next)):
            // A name copying another (`static func enabled() -> Bool { syncs }`): read as a list until used.
            return evaluate(
                .named(next), scope: entry.owner, file: entry.file, visiting: &visiting, depth: depth + 1)
        case .models, .type, .configuration, .configurations, .instance:
            return .unknown(UnknownValue("`\(reference.written)` is not a flag or a name", at: reference.location))
        }
    }

    /// Where a value is written, when it says.
    private func location(of source: ValueSource) -> SourceLocation {
        switch source {
        case let .named(reference): return reference.location
        case let .parameter(_, _, _, location), let .not(_, location), let .conditional(_, _, _, location),
            let .logical(_, _, location),
            let .oneOf(_, location), let .unreadable(_, location), let .switchOver(_, _, _, location),
            let .concatenation(_, location),
            let .fileName(_, location), let .directory(_, location), let .appGroup(_, location),
            let .appendingPath(_, _, location), let .coalescing(_, _, location), let .property(_, _, _, location),
            let .groupBound(_, _, location), let .groupChecked(_, _, location):
            return location
        case .bool, .string, .member: return SourceLocation(file: "", line: 1, column: 1)
        }
    }

    /// Whether a value is an App Group's folder (or a path in it) the targets are entitled to: true where they are
    /// or `groups` is not known, false where they are known not to be, nil for anything that is no group's folder.
    static func entitledGroup(_ value: ScalarValue, _ groups: Set<String>?) -> Bool? {
        guard case let .string(path) = value, let place = StorePath(evaluated: path),
            case let .appGroup(group) = place.base
        else { return nil }
        return groups?.contains(group) ?? true
    }

    /// `&&` (`all`) or `||` of flags: the operand that decides it alone (a `false` for `&&`, a `true` for `||`)
    /// decides it even where others are unknown; otherwise the values it may take, or unknown.
    static func logical(all: Bool, _ operands: [Evaluated<ScalarValue>], at location: SourceLocation)
        -> Evaluated<ScalarValue>
    {
        // For `&&`: true only if every operand may be true (a deciding false returns at once), false if any may be.
        // For `||` the same with true and false swapped.
        var mayFlip = false
        var unknown: UnknownValue?
        for operand in operands {
            let values: [ScalarValue]
            switch operand {
            case let .value(value): values = [value]
            case let .oneOf(choices): values = choices
            case let .unknown(why):
                unknown = unknown ?? why
                continue
            }
            let flags = values.compactMap { value -> Bool? in
                if case let .bool(flag) = value { return flag }
                return nil
            }
            guard flags.count == values.count else {
                return .unknown(UnknownValue("`\(all ? "&&" : "||")` of a value that is not a flag", at: location))
            }
            // The deciding value, whatever the possibility: the whole is decided.
            if !flags.contains(all) { return .value(.bool(!all)) }
            if flags.contains(!all) { mayFlip = true }
        }
        if let unknown { return .unknown(unknown) }
        return mayFlip ? .oneOf([.bool(false), .bool(true)]) : .value(.bool(all))
    }

    private func map(
        _ evaluated: Evaluated<ScalarValue>, at location: SourceLocation, _ transform: (ScalarValue) -> ScalarValue?
    ) -> Evaluated<ScalarValue> {
        let notAFlag = UnknownValue("`!` of a value that is not a flag", at: location)
        switch evaluated {
        case let .unknown(why): return .unknown(why)
        case let .value(value): return transform(value).map { .value($0) } ?? .unknown(notAFlag)
        case let .oneOf(values):
            let mapped = values.compactMap(transform)
            return mapped.count == values.count ? .oneOf(mapped) : .unknown(notAFlag)
        }
    }

    /// Each way the parts' strings can be put one after the other; unknown when a part is, or is not a string.
    private func concatenate(_ parts: [Evaluated<ScalarValue>], at location: SourceLocation) -> Evaluated<ScalarValue> {
        var joined: [String] = [""]
        for part in parts {
            let values: [ScalarValue]
            switch part {
            case let .unknown(why): return .unknown(why)
            case let .value(value): values = [value]
            case let .oneOf(choices): values = choices
            }
            let strings = values.compactMap { value -> String? in
                if case let .string(string) = value { return string }
                return nil
            }
            guard strings.count == values.count else {
                return .unknown(UnknownValue("a part of the string is not a string", at: location))
            }
            joined = joined.flatMap { head in strings.map { head + $0 } }
            if joined.count > Self.alternativesLimit {
                return .unknown(UnknownValue("it is one of more than \(Self.alternativesLimit) values", at: location))
            }
        }
        return join(joined.map { .value(.string($0)) }, at: location)
    }

    /// Each string value changed by `transform`; unknown when a value is not a string.
    private func strings(
        _ evaluated: Evaluated<ScalarValue>, at location: SourceLocation, _ transform: (String) -> String
    ) -> Evaluated<ScalarValue> {
        func change(_ value: ScalarValue) -> ScalarValue? {
            if case let .string(string) = value { return .string(transform(string)) }
            // A store a stack already opens (`ValueSourceReader.openedStore`) names its file as it is.
            if case .member(CoreDataStackUse.openedStore) = value { return value }
            return nil
        }
        let notAString = UnknownValue("a path that is not a string", at: location)
        switch evaluated {
        case let .unknown(why): return .unknown(why)
        case let .value(value): return change(value).map { .value($0) } ?? .unknown(notAString)
        case let .oneOf(values):
            let changed = values.compactMap(change)
            return changed.count == values.count ? join(changed.map { .value($0) }, at: location) : .unknown(notAString)
        }
    }

    /// The values any of `evaluated` may have; unknown when one is, or when there are too many to judge each.
    func join(_ evaluated: [Evaluated<ScalarValue>], at location: SourceLocation) -> Evaluated<ScalarValue> {
        CallSites.join(evaluated, at: location, same: ==)
    }
}

extension ScalarValue {
    /// Core Data's store types as the SDK names them: `NSInMemoryStoreType` (the string `InMemory`),
    /// `NSSQLiteStoreType`, `NSPersistentStore.StoreType.inMemory`; nil for any other name.
    static func sdkValue(_ reference: ValueReference) -> ScalarValue? {
        let constants = [
            "NSInMemoryStoreType": "InMemory", "NSSQLiteStoreType": "SQLite", "NSBinaryStoreType": "Binary",
            "NSXMLStoreType": "XML",
        ]
        let members = ["inMemory": "InMemory", "sqlite": "SQLite", "binary": "Binary", "xml": "XML"]
        guard let base = reference.base else { return constants[reference.name].map { .string($0) } }
        guard base.path?.last == "StoreType" else { return nil }
        return members[reference.name].map { .string($0) }
    }

    /// A store type that keeps the store in memory: `NSInMemoryStoreType`, `.inMemory`.
    var isInMemoryStoreType: Bool { self == .string("InMemory") || self == .member("inMemory") }

    /// A URL or path at `/dev/null` (`URL(fileURLWithPath: "/dev/null")`, `URL(string: "file:///dev/null")`): Core
    /// Data keeps a store there in memory.
    var isDevNull: Bool {
        if case let .string(path) = self { return path.hasSuffix("/dev/null") }
        return false
    }

    /// A `cloudKitDatabase:` value that syncs: `.automatic` or `.private(...)`; `.none` does not.
    var isCloudKitDatabase: Bool {
        if case let .member(name) = self { return name == "automatic" || name == "private" }
        return false
    }
}

extension ValueEvaluator {
    /// True when every value `source` may have is one `holds` says is kept in memory; false when any may not be, or
    /// it cannot be read (a store is kept in memory only for certain: otherwise it is the user's).
    func certainly(_ source: ValueSource, scope: SymbolID?, file: String, _ holds: (ScalarValue) -> Bool) -> Bool {
        let possible = possibilities(source, scope: scope, file: file)
        return possible.unknown == nil && !possible.values.isEmpty && possible.values.allSatisfy(holds)
    }

    /// The one in-memory decision for a store given by a URL (`.fileName(url)` or the URL itself) and, for Core Data,
    /// a store type: a URL at `/dev/null`, or an in-memory type, for every value they may have.
    func keptInMemory(url: ValueSource?, storeType: ValueSource?, scope: SymbolID?, file: String) -> Bool {
        if let storeType, certainly(storeType, scope: scope, file: file, \.isInMemoryStoreType) { return true }
        guard var url else { return false }
        if case let .fileName(whole, _) = url { url = whole }
        return certainly(url, scope: scope, file: file, \.isDevNull)
    }
}

