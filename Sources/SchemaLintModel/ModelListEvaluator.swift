/// Why a value could not be read, and where: never a guess standing in for it.
public struct UnknownValue: Sendable, Hashable, CustomStringConvertible, Error {
    public var reason: String
    public var location: SourceLocation
    /// A type named where the value is built that no parsed file declares: pass 2 looks for it.
    public var wantedOwner: String?

    public init(_ reason: String, at location: SourceLocation, wantedOwner: String? = nil) {
        self.reason = reason
        self.location = location
        self.wantedOwner = wantedOwner
    }

    public var description: String { "\(reason) (\(location))" }

    /// The reason, with its place unless it is `place`, where the line saying it already points.
    public func described(at place: SourceLocation) -> String {
        location == place ? reason : description
    }
}

/// What an evaluation gives: one value, one of several (each possible, depending on something read at run time), or
/// unknown with the reason. A reader that needs one answer takes `.value` or a set whose members all agree, and says
/// "cannot tell" otherwise.
public enum Evaluated<Value: Sendable>: Sendable {
    case value(Value)
    case oneOf([Value])
    case unknown(UnknownValue)
}

/// The one evaluation of a list of models, wherever it is written: a version's `models`, a container's `for:`, a
/// `Schema(...)`, a constant. It follows literals, `+`, `Array(...)`, another version's or another type's `models`,
/// static and global constants, computed properties and functions without arguments that return a list, and the
/// branches of a ternary (a set of lists). What it cannot follow is unknown, with the reason and the place.
struct ModelListEvaluator {
    /// A list of models, or (given whole, not inside a sum) a version: a container given `V.models` or
    /// `Schema(versionedSchema: V.self)` stores exactly that version.
    enum List: Sendable {
        case models([ModelReference])
        case version(SymbolID, TypeUse)
    }

    let symbols: SymbolTable
    let entities: [SymbolID: Entity]
    let values: NamedValueIndex
    let isVersion: (SymbolID) -> Bool
    /// What callers pass to a parameter a container is given its models by.
    var calls: CallSites?
    /// More possible lists than this is unknown: a set that large is no answer.
    static let alternativesLimit = FoldGuard.alternativesLimit

    /// `source` as written in `file`, inside `scope`; `location`: where it is given, for a list that is not there.
    func evaluate(_ source: ModelSource, scope: SymbolID?, file: String, at location: SourceLocation)
        -> Evaluated<List>
    {
        var visiting = FoldGuard()
        return evaluate(source, scope: scope, file: file, at: location, visiting: &visiting, depth: 0)
    }

    /// The models of the type `id` (a version or any other type) lists in its `models` member, flattened.
    func models(of id: SymbolID, at location: SourceLocation) -> Evaluated<[ModelReference]> {
        var visiting = FoldGuard()
        return membersModels(id, at: location, visiting: &visiting, depth: 0)
    }

    private func evaluate(
        _ source: ModelSource, scope: SymbolID?, file: String, at location: SourceLocation,
        visiting: inout FoldGuard, depth: Int
    ) -> Evaluated<List> {
        guard !FoldGuard.tooDeep(depth) else { return .unknown(tooManySteps(location)) }
        switch source {
        case let .models(uses):
            return .value(
                .models(
                    uses.map { use in
                        let id = symbols.resolveSymbol(use.type, scope: scope, file: file)
                        return ModelReference(
                            written: use.type, location: use.location,
                            entity: id.flatMap { entities[$0] != nil ? $0 : nil })
                    }))
        case let .versionedSchema(use):
            guard let id = symbols.resolveSymbol(use.type, scope: scope, file: file) else {
                return .unknown(
                    UnknownValue(
                        "`\(use.type).models` names a type schemalint cannot find", at: use.location,
                        wantedOwner: use.type.path?.first))
            }
            if isVersion(id) { return .value(.version(id, use)) }
            return lists(membersModels(id, at: use.location, visiting: &visiting, depth: depth + 1))
        case let .named(reference):
            guard let entry = values.lookup(reference, scope: scope, file: file) else {
                return .unknown(
                    UnknownValue(
                        "`\(reference.written)` is not a constant or function schemalint can find",
                        at: reference.location, wantedOwner: reference.base?.path?.first))
            }
            let key = FoldGuard.key(owner: entry.owner, file: entry.file, name: reference.name)
            guard !visiting.chainTooLong else { return .unknown(tooManySteps(reference.location)) }
            guard visiting.enter(key) else {
                return .unknown(UnknownValue("`\(reference.written)` refers back to itself", at: reference.location))
            }
            defer { visiting.leave(key) }
            // `Schema(versionedSchema: currentSchema)` with `let currentSchema: VersionedSchema.Type = V2.self`
            // (Bloom): the version the constant holds.
            if case let .type(type) = entry.value.value {
                return evaluate(
                    .versionedSchema(TypeUse(type: type, location: reference.location)), scope: entry.owner,
                    file: entry.file, at: location, visiting: &visiting, depth: depth + 1)
            }
            guard case let .models(inner) = entry.value.value else {
                return .unknown(UnknownValue("`\(reference.written)` is not a list of models", at: reference.location))
            }
            // Another name: its value is read afresh (the chain of names is bounded by `FoldGuard.chainLimit`).
            return evaluate(
                inner, scope: entry.owner, file: entry.file, at: entry.value.location, visiting: &visiting, depth: 0)
        case let .concatenation(parts, _):
            var sums: [[ModelReference]] = [[]]
            for part in parts {
                let flat = flatten(
                    evaluate(part, scope: scope, file: file, at: location, visiting: &visiting, depth: depth + 1),
                    visiting: &visiting, depth: depth)
                let choices: [[ModelReference]]
                switch flat {
                case let .unknown(why): return .unknown(why)
                case let .value(list): choices = [list]
                case let .oneOf(lists): choices = lists
                }
                sums = sums.flatMap { sum in choices.map { sum + $0 } }
                if sums.count > Self.alternativesLimit { return tooMany(location) }
            }
            return sums.count == 1 ? .value(.models(sums[0])) : .oneOf(sums.map { .models($0) })
        case let .alternatives(branches, whole):
            var found: [List] = []
            for branch in branches {
                switch evaluate(branch, scope: scope, file: file, at: whole, visiting: &visiting, depth: depth + 1) {
                case let .unknown(why): return .unknown(why)
                case let .value(list): found.append(list)
                case let .oneOf(lists): found += lists
                }
            }
            if found.count > Self.alternativesLimit { return tooMany(whole) }
            // Branches that list the same models are one answer.
            var distinct: [List] = []
            for list in found where !distinct.contains(where: { same($0, list) }) { distinct.append(list) }
            return distinct.count == 1 ? .value(distinct[0]) : .oneOf(distinct)
        case let .parameter(function, label, defaultValue, location):
            let arguments = (calls ?? CallSites([])).arguments(
                label, of: function, default: defaultValue.map { .value($0) } ?? .none, at: location
            ) { site in
                if let passed = site.models[label] { return .passed(passed) }
                // `for: SchemaV1.self` given to a `VersionedSchema.Type` parameter: that version's models.
                if let type = site.types[label], let at = site.location {
                    return .passed(.versionedSchema(TypeUse(type: type, location: at)))
                }
                return site.arguments[label] == nil ? .omitted : .unreadable("a value schemalint cannot read")
            }
            switch arguments {
            case let .failure(why): return .unknown(why)
            case let .success(arguments):
                let found = arguments.map { argument in
                    // Passed: read where the call is; the default: where the function is.
                    let (scope, file) = argument.site.map { ($0.scope(in: symbols), $0.file) } ?? (scope, file)
                    return evaluate(
                        argument.source, scope: scope, file: file, at: location, visiting: &visiting, depth: depth + 1)
                }
                return CallSites.join(found, at: location, noun: "possible lists", same: same)
            }
        case let .modelsOfEach(inner, whole):
            let types: [(SymbolID, SourceLocation)]
            switch self.types(of: inner, scope: scope, file: file, at: whole, visiting: &visiting, depth: depth + 1) {
            case let .failure(why): return .unknown(why)
            case let .success(found): types = found
            }
            var sums: [[ModelReference]] = [[]]
            for (id, place) in types {
                let choices: [[ModelReference]]
                switch membersModels(id, at: place, visiting: &visiting, depth: depth + 1) {
                case let .unknown(why): return .unknown(why)
                case let .value(list): choices = [list]
                case let .oneOf(lists): choices = lists
                }
                sums = sums.flatMap { sum in choices.map { sum + $0 } }
                if sums.count > Self.alternativesLimit { return tooMany(whole) }
            }
            return sums.count == 1 ? .value(.models(sums[0])) : .oneOf(sums.map { .models($0) })
        case let .unreadable(reason, where_):
            return .unknown(UnknownValue(reason, at: where_))
        case .unknown:
            return .unknown(UnknownValue("no list of models is given", at: location))
        }
    }

    /// The types a list of types names (`[Notes.self, Tags.self]`, a constant holding one, a sum of them), each
    /// resolved where it is written; a failure for anything else.
    private func types(
        of source: ModelSource, scope: SymbolID?, file: String, at location: SourceLocation,
        visiting: inout FoldGuard, depth: Int
    ) -> Result<[(SymbolID, SourceLocation)], UnknownValue> {
        guard !FoldGuard.tooDeep(depth) else { return .failure(tooManySteps(location)) }
        switch source {
        case let .models(uses):
            var found: [(SymbolID, SourceLocation)] = []
            for use in uses {
                guard let id = symbols.resolveSymbol(use.type, scope: scope, file: file) else {
                    return .failure(
                        UnknownValue(
                            "`\(use.type)` names a type schemalint cannot find", at: use.location,
                            wantedOwner: use.type.path?.first))
                }
                found.append((id, use.location))
            }
            return .success(found)
        case let .named(reference):
            guard let entry = values.lookup(reference, scope: scope, file: file) else {
                return .failure(
                    UnknownValue(
                        "`\(reference.written)` is not a constant schemalint can find", at: reference.location,
                        wantedOwner: reference.base?.path?.first))
            }
            let key = FoldGuard.key(owner: entry.owner, file: entry.file, name: reference.name)
            guard !visiting.chainTooLong else { return .failure(tooManySteps(reference.location)) }
            guard visiting.enter(key) else {
                return .failure(UnknownValue("`\(reference.written)` refers back to itself", at: reference.location))
            }
            defer { visiting.leave(key) }
            switch entry.value.value {
            case let .models(inner):
                return types(
                    of: inner, scope: entry.owner, file: entry.file, at: entry.value.location, visiting: &visiting,
                    depth: 0)
            case let .type(type):
                guard let id = symbols.resolveSymbol(type, scope: entry.owner, file: entry.file) else {
                    return .failure(
                        UnknownValue("`\(type)` names a type schemalint cannot find", at: entry.value.location))
                }
                return .success([(id, entry.value.location)])
            default:
                return .failure(
                    UnknownValue("`\(reference.written)` is not a list of types", at: reference.location))
            }
        case let .concatenation(parts, _):
            var found: [(SymbolID, SourceLocation)] = []
            for part in parts {
                switch types(of: part, scope: scope, file: file, at: location, visiting: &visiting, depth: depth + 1) {
                case let .failure(why): return .failure(why)
                case let .success(more): found += more
                }
            }
            return .success(found)
        case let .unreadable(reason, where_):
            return .failure(UnknownValue(reason, at: where_))
        default:
            return .failure(UnknownValue("the list of types whose `models` are taken cannot be read", at: location))
        }
    }

    private func tooManySteps(_ location: SourceLocation) -> UnknownValue {
        UnknownValue("the list is built through too many steps to follow", at: location)
    }

    private func tooMany(_ location: SourceLocation) -> Evaluated<List> {
        .unknown(UnknownValue("it is one of more than \(Self.alternativesLimit) possible lists", at: location))
    }

    /// The `models` member of type `id`, whatever it is written as.
    private func membersModels(_ id: SymbolID, at location: SourceLocation, visiting: inout FoldGuard, depth: Int)
        -> Evaluated<[ModelReference]>
    {
        let symbol = symbols[id]
        guard let entry = values.member("models", of: id) ?? defaultModels(of: id) else {
            let declared = symbol.staticProperties.first { $0.value.name == "models" }
            if let declared {
                let name = symbol.qualifiedName
                return .unknown(
                    UnknownValue("`\(name).models` is not a list schemalint can read", at: declared.value.location))
            }
            return .unknown(UnknownValue("`\(symbol.qualifiedName)` has no `models` schemalint can find", at: location))
        }
        let key = FoldGuard.key(member: "models", of: id)
        guard !visiting.chainTooLong else { return .unknown(tooManySteps(location)) }
        guard visiting.enter(key) else {
            return .unknown(UnknownValue("`\(symbol.qualifiedName).models` refers back to itself", at: location))
        }
        defer { visiting.leave(key) }
        guard case let .models(source) = entry.value.value else {
            return .unknown(
                UnknownValue("`\(symbol.qualifiedName).models` is not a list of models", at: entry.value.location))
        }
        // Another type's list is read afresh, as a name is: a chain of versions each adding to the one before reads
        // whole however long, and a version met again on it refers back to itself.
        return flatten(
            evaluate(
                source, scope: entry.owner, file: entry.file, at: entry.value.location, visiting: &visiting, depth: 0),
            visiting: &visiting, depth: 0)
    }

    /// The `models` a protocol extension gives a type that declares none of its own (`extension SharedModels {
    /// static var models ... }` for `enum V1: VersionedSchema, SharedModels`): the one protocol it conforms to,
    /// directly, that gives one. Nil when none does, or several do (Swift would not compile that).
    func defaultModels(of id: SymbolID) -> NamedValueIndex.Entry? {
        let symbol = symbols[id]
        guard !symbol.staticProperties.contains(where: { $0.value.name == "models" }) else { return nil }
        let given = symbol.inherited.compactMap { inherited -> NamedValueIndex.Entry? in
            guard let owner = symbols.resolveSymbol(inherited.value, scope: inherited.scope, file: inherited.file),
                symbols[owner].kind == .protocol
            else { return nil }
            return values.member("models", of: owner)
        }
        return given.count == 1 ? given[0] : nil
    }

    /// A version given whole, as the models it lists.
    private func flatten(_ evaluated: Evaluated<List>, visiting: inout FoldGuard, depth: Int)
        -> Evaluated<[ModelReference]>
    {
        func expand(_ list: List) -> Evaluated<[ModelReference]> {
            switch list {
            case let .models(models): return .value(models)
            case let .version(id, use):
                return membersModels(id, at: use.location, visiting: &visiting, depth: depth + 1)
            }
        }
        switch evaluated {
        case let .unknown(why): return .unknown(why)
        case let .value(list): return expand(list)
        case let .oneOf(lists):
            var all: [[ModelReference]] = []
            for list in lists {
                switch expand(list) {
                case let .unknown(why): return .unknown(why)
                case let .value(models): all.append(models)
                case let .oneOf(more): all += more
                }
            }
            return .oneOf(all)
        }
    }

    private func lists(_ models: Evaluated<[ModelReference]>) -> Evaluated<List> {
        switch models {
        case let .value(list): return .value(.models(list))
        case let .oneOf(lists): return .oneOf(lists.map { .models($0) })
        case let .unknown(why): return .unknown(why)
        }
    }

    private func same(_ lhs: List, _ rhs: List) -> Bool {
        switch (lhs, rhs) {
        case let (.version(a, _), .version(b, _)): return a == b
        case let (.models(a), .models(b)): return Self.sameModels(a, b)
        default: return false
        }
    }

    /// The same models, in any order: a store model is a set of entities.
    static func sameModels(_ lhs: [ModelReference], _ rhs: [ModelReference]) -> Bool {
        func key(_ models: [ModelReference]) -> Set<String> {
            Set(models.map { $0.entity.map { "#\($0.raw)" } ?? $0.written.description })
        }
        return key(lhs) == key(rhs)
    }
}

extension ValueReference {
    /// As written: `Base.name` or `name`.
    var written: String { base.map { "\($0).\(name)" } ?? name }
}
