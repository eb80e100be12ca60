/// The one answer to "what do callers pass to parameter P of function F?", for every evaluation that reads a
/// parameter (a flag, a string or URL, a list of models, a migration plan, a configuration), and the one guard
/// against values that are built through too many steps or refer back to themselves.
///
/// The rule is Swift's: each call gives its own value, read where the call is written; a call that leaves the argument
/// out gets the parameter's default, read where the function is declared; a call with no such label, to a parameter
/// without a default, cannot be a call of this function (Swift would not compile it) and is another function of the
/// same base name. No call seen: the default where one may be trusted, else unknown, with the reason.

/// Every call of a function in the analysed files, by the function's base name, with the file it is in.
struct CallSites {
    struct Site {
        var scope: [String]
        var file: String
        var arguments: [String: ValueSource]
        var models: [String: ModelSource]
        var configurations: [String: CallSite.Configuration]
        var types: [String: TypeExpr]
        var configurationLists: [String: CallSite.ConfigurationListArgument] = [:]
        var argumentOrder: [String] = []
        /// Written in preview or test code (`CallSite.purpose`), or in a test target's file.
        var purpose: ContainerPurpose?
        /// Where the called name is written (`CallSite.location`).
        var location: SourceLocation?
        /// `CallSite.caller`.
        var caller: String?
        /// The subclass named at the call when it calls an initialiser that subclass inherits
        /// (`inheritingInitialisers`): the object made is of that type.
        var inheritedBy: String?
    }

    /// How many calls of a helper are read one by one (each opens a container of its own, with what it passes);
    /// more are read together, as the set of values any of them passes. Past it, calls in tests and previews are
    /// left out when the app's own are few enough (popcorn's factory: four app calls and its package's tests).
    static let readApartLimit = 8

    private var sitesByFunction: [String: [Site]] = [:]
    /// Functions read for one call only: what that call passes, never what the others do.
    private var pinned: [String: Site] = [:]

    init(_ files: [ParsedFile]) {
        for file in files {
            let fileIsTest = file.isTestTarget ?? ContainerPurpose.isTestPath(file.path)
            for call in file.callSites {
                sitesByFunction[call.function, default: []].append(
                    Site(
                        scope: call.scope, file: file.path, arguments: call.arguments, models: call.models,
                        configurations: call.configurations, types: call.types,
                        configurationLists: call.configurationLists, argumentOrder: call.argumentOrder,
                        purpose: fileIsTest ? .test : call.purpose, location: call.location, caller: call.caller))
            }
        }
    }

    /// The calls an app's build makes: those written in tests or previews left out (a test's call of a store helper
    /// with a file of its own names no file users' devices hold).
    var outsideTestsAndPreviews: CallSites {
        var kept = self
        kept.sitesByFunction = sitesByFunction.mapValues { sites in
            sites.filter { $0.purpose != .test && $0.purpose != .preview }
        }.filter { !$0.value.isEmpty }
        return kept
    }

    /// The same calls, with a call of a class that declares no initialiser of its own read also as a call of the
    /// initialiser it inherits: `subclasses` maps a class's name to those of its subclasses that inherit its
    /// initialisers (SideStore's `PersistentContainer(name:bundle:)`, declared by `RSTPersistentContainer`).
    func inheritingInitialisers(_ subclasses: [String: [String]]) -> CallSites {
        var inheriting = self
        for (type, names) in subclasses.sorted(by: { $0.key < $1.key }) {
            for name in names {
                inheriting.sitesByFunction[type, default: []] += (sitesByFunction[name] ?? []).map { site in
                    var site = site
                    site.inheritedBy = name
                    return site
                }
            }
        }
        return inheriting
    }

    /// Every call of `function`, or the one call it is pinned to.
    func sites(of function: String) -> [Site] {
        if let site = pinned[function] { return [site] }
        return sitesByFunction[function] ?? []
    }

    /// The call of `function` written at `location` (a function's value read where it is called,
    /// `Self.storeURL(forName: name)`): its parameters are what that call passes. Nil where the function is already
    /// read for one call, or no call read is written there.
    /// `overload`: the call is of another function of the name than the one pinned (told apart by its labels), so
    /// is read for itself.
    /// Whether `function` is read for one call.
    func isPinned(_ function: String) -> Bool { pinned[function] != nil }

    func site(of function: String, at location: SourceLocation, overload: Bool = false) -> Site? {
        guard pinned[function] == nil || overload else { return nil }
        return sitesByFunction[function]?.first { $0.location == location && $0.file == location.file }
    }

    /// The same calls, with `function` read as `site` alone calls it: the container one call of a helper opens.
    func pinning(_ function: String, to site: Site) -> CallSites {
        var pinned = self
        pinned.pinned[function] = site
        return pinned
    }

    /// The calls read one by one: one set of calls per call of `function` (each pinned to it), when there are
    /// between one and `readApartLimit`; nil otherwise (the calls are read together). A call that leaves out a label
    /// in `required` (a parameter without a default) is another function of the same base name, not one of them.
    /// `labels`: all of the function's labels, when known: a call passing another is an overload's
    /// (`make(configuration:)` beside `make(at:)`).
    func readApart(_ function: String, required: Set<String> = [], labels: Set<String>? = nil)
        -> [(calls: CallSites, site: Site)]?
    {
        let sites = sites(of: function).filter { site in
            let passed = Set(site.arguments.keys).union(site.models.keys).union(site.configurations.keys)
                .union(site.types.keys)
            return required.isSubset(of: passed) && labels.map(passed.isSubset(of:)) != false
        }
        // A test's or preview's call opens no store of users': where there are too many, the app's are read apart.
        let app = sites.filter { $0.purpose != .test && $0.purpose != .preview }
        let read = sites.count <= Self.readApartLimit || app.isEmpty ? sites : app
        guard (1...Self.readApartLimit).contains(read.count) else { return nil }
        return read.map { (pinning(function, to: $0), $0) }
    }

    /// The files where the app's code enters the chains of calls that reach `function` (each call's own file where
    /// the function it is written in is called by nothing read: an `App`'s initialiser, a property's value, a
    /// delegate's method), outside tests and previews; nil where no call is seen. The targets compiling them are
    /// the ones that run it: a helper of a file the phone and the watch compile, which only the phone's code calls,
    /// opens no store on the watch. `through`: the functions whose calls were followed, `function` included.
    func entryFiles(of function: String) -> (files: [String], through: Set<String>)? {
        var seen: Set<String> = [function]
        func entries(_ sites: [Site], depth: Int) -> [String] {
            sites.flatMap { site -> [String] in
                guard depth < FoldGuard.depthLimit, let caller = site.caller else { return [site.file] }
                let callers = (sitesByFunction[caller] ?? []).filter { $0.purpose == nil || $0.purpose == .app }
                guard !callers.isEmpty else { return [site.file] }
                // Each function's callers are followed once: what they reach is already in the set.
                guard seen.insert(caller).inserted else { return [] }
                return entries(callers, depth: depth + 1)
            }
        }
        let sites = self.sites(of: function).filter { $0.purpose == nil || $0.purpose == .app }
        let found = Set(entries(sites, depth: 0))
        return found.isEmpty ? nil : (found.sorted(), seen)
    }

    /// What one call passes to a parameter, as one kind of value reads it.
    enum Passed<Source> {
        /// Written at the call: read where the call is.
        case passed(Source)
        /// The call leaves it out.
        case omitted
        /// The call passes it, as something this kind of value cannot read (why).
        case unreadable(String)
    }

    /// What a call that leaves the argument out gets.
    enum Default<Source> {
        /// The parameter has none: a call without the label is another function of the same base name.
        case none
        case value(Source)
        /// It may have one schemalint does not read: a call leaving it out cannot be told.
        case unread
    }

    /// One argument to read: what is passed, and the call it is written in (nil: the default, read where the
    /// function is declared).
    struct Argument<Source> {
        var source: Source
        var site: Site?
    }

    /// What each call of `function` passes to `label` (one entry per call that calls it), or why it cannot be told.
    /// `defaultWithoutCalls`: whether a parameter no call is seen for takes its default (callers in files that were
    /// not read may pass anything; a reader whose store would vanish on a wrong default says false).
    func arguments<Source>(
        _ label: String, of function: String, default given: Default<Source>, at location: SourceLocation,
        defaultWithoutCalls: Bool = true, passed: (Site) -> Passed<Source>
    ) -> Result<[Argument<Source>], UnknownValue> {
        var found: [Argument<Source>] = []
        let shown = Self.shown(label)
        for site in sites(of: function) {
            switch passed(site) {
            case let .passed(source): found.append(Argument(source: source, site: site))
            case let .unreadable(why):
                return .failure(
                    UnknownValue("a call of `\(function)` passes \(shown) \(why)", at: location))
            case .omitted:
                switch given {
                case .none: continue
                case let .value(source): found.append(Argument(source: source, site: nil))
                case .unread:
                    return .failure(
                        UnknownValue(
                            "a call of `\(function)` leaves \(shown) out, and its default is not read", at: location))
                }
            }
        }
        if !found.isEmpty { return .success(found) }
        if case let .value(source) = given, defaultWithoutCalls {
            return .success([Argument(source: source, site: nil)])
        }
        return .failure(
            UnknownValue("no call of `\(function)` in the files read passes \(shown)", at: location))
    }

    /// A parameter as messages name it: `` `url` ``, or `its first argument` for one without a label (`#0`).
    static func shown(_ label: String) -> String {
        guard label.hasPrefix("#"), let index = Int(label.dropFirst()) else { return "`\(label)`" }
        let ordinals = ["first", "second", "third", "fourth", "fifth"]
        return index < ordinals.count ? "its \(ordinals[index]) argument" : "its argument \(index + 1)"
    }

    /// The values any of `evaluated` may have (values `same` says are one counted once); unknown when one is, or when
    /// there are more than `FoldGuard.alternativesLimit` (`noun`: what they are, for the reason).
    static func join<Value>(
        _ evaluated: [Evaluated<Value>], at location: SourceLocation, noun: String = "values",
        same: (Value, Value) -> Bool
    ) -> Evaluated<Value> {
        var all: [Value] = []
        for each in evaluated {
            let values: [Value]
            switch each {
            case let .unknown(why): return .unknown(why)
            case let .value(value): values = [value]
            case let .oneOf(more): values = more
            }
            for value in values where !all.contains(where: { same($0, value) }) { all.append(value) }
        }
        if all.count > FoldGuard.alternativesLimit {
            return .unknown(
                UnknownValue("it is one of more than \(FoldGuard.alternativesLimit) \(noun)", at: location))
        }
        return all.count == 1 ? .value(all[0]) : .oneOf(all)
    }
}

extension CallSites.Site {
    /// The scope names in its arguments resolve in.
    func scope(in symbols: SymbolTable) -> SymbolID? { symbols.scope(scope, file: file) }
}

/// The one guard every evaluation shares: how deep a value may be built, how many values it may be one of, and the
/// names being read (one met again refers back to itself: unknown, never a hang).
struct FoldGuard {
    static let depthLimit = 16
    static let alternativesLimit = 8
    /// How many names (constants, functions, a type's `models`) may be read one inside the other: a chain of versions
    /// each adding to the one before (`V50.models` = `V49.models + [X.self]` ... down to V1's literal) reads whole.
    /// Each name on the chain is another (one met again refers back to itself), so this bounds only the stack.
    static let chainLimit = 128

    /// How many steps one value's evaluation may take: a parameter passed on through helpers called from many
    /// places is read once per way it can arrive, which grows as the product of the calls (KMReader's file copies).
    static let stepLimit = 1_000

    private var visiting: Set<String> = []
    private var steps = 0

    static func tooDeep(_ depth: Int) -> Bool { depth >= depthLimit }

    /// Counts one step; false once the value has taken more than `stepLimit`.
    mutating func step() -> Bool {
        steps += 1
        return steps <= Self.stepLimit
    }

    /// Whether the names being read, one inside the other, are too many to read one more.
    var chainTooLong: Bool { visiting.count >= Self.chainLimit }

    /// A named value: by the type (or none, for a global) and the file it is declared in, and its name. Two
    /// `fileprivate` globals of one name in two files are two values.
    static func key(owner: SymbolID?, file: String, name: String) -> String { "\(owner?.raw ?? -1)|\(file)|\(name)" }

    /// A member of a type (`V.models`).
    static func key(member name: String, of type: SymbolID) -> String { "\(type.raw).\(name)" }

    /// False when `key` is already being read.
    mutating func enter(_ key: String) -> Bool { visiting.insert(key).inserted }

    mutating func leave(_ key: String) { visiting.remove(key) }
}
