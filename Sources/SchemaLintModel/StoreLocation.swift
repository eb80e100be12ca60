/// Which file on the device a container's store is: SwiftData migrates one store file at a time, so every shipped
/// state belongs to the store that holds it, and two containers are the same store only when they name the same file.
public struct StoreLocation: Hashable, Sendable, Comparable {
    public enum Kind: String, Hashable, Sendable {
        /// No name and no URL: `default.store` in the app's Application Support (or its App Group's, when the target
        /// has one and the configuration leaves `groupContainer` at `.automatic`).
        case defaultStore = "default"
        /// `ModelConfiguration("Cache")`: `Cache.store`.
        case named
        /// `ModelConfiguration(url: ...)`: the URL's expression, with the file's local variables put in.
        case url
        /// A configuration schemalint cannot read (built elsewhere): its own store, never pooled with another.
        case unknown
        /// The documents of one type a `DocumentGroup` opens, each a store of its own at a place the user picks:
        /// `document:` and the type as written. No one file, so no move of it to tell; every document is opened
        /// with the scene's models and plan.
        case document
    }

    public var kind: Kind
    /// What tells two stores apart: the store's name and App Group, or the URL's expression as written.
    public var key: String
    /// Names of constants written in the key as `` `name` `` (an App Group identifier given by name): the project
    /// puts in the string each one holds, where it can find it. Not part of the store's identity.
    public var constants: [String: ValueReference] = [:]
    /// The name and App Group as written (`ModelConfiguration(name)`, `.identifier(group)`), for `ValueEvaluator`
    /// where they are not literals or constants: a parameter, a local variable, a function. Not part of the identity.
    public var nameSource: ValueSource?
    public var groupSource: ValueSource?
    /// `groupContainer:` given by a name or call (`groupContainer: Stores.group`), for `ValueEvaluator`: an App
    /// Group's folder (`.identifier(id)`), `.none` or `.automatic`, or one of them picked at run time. Not part of the
    /// identity.
    public var groupContainerSource: ValueSource?
    /// `url:` read as the file it names (`ValueEvaluator`), and that file's name once evaluated (`Model.sqlite`):
    /// a SwiftData store on the file a Core Data stack opens takes that store over. Not part of the identity.
    public var fileSource: ValueSource?
    public var file: String?
    /// Where the file is, when its URL evaluates to one known place (`StorePath`): the key is then that place, so a
    /// URL spelt two ways is one store and a file moved to another folder is another.
    public var path: StorePath?
    /// The place in an App Group whose identifier cannot be read (`StorePath.groupUnread`): `path` stays nil, and the
    /// targets' entitlements may tell the group (`StoreTopology.placeUnreadAppGroups`). Not part of the identity.
    public var inUnreadGroup: StorePath?
    /// The key as the URL's expression was written, before it was evaluated: what lockfiles written by earlier
    /// releases of schemalint recorded. Not part of the identity.
    public var writtenKey: String?
    /// Whether `groupContainer` is left at `.automatic` (not given, or given as `.automatic`): a default or named
    /// store is then in the App Group of the target opening it, when its entitlements name one. False for `.none`, an
    /// App Group given, a value schemalint cannot read, or a file a URL names. Not part of the identity.
    public var groupLeftAutomatic = true
    /// Put in an App Group by the entitlements of the targets opening it (`inAppGroup`), its code naming none.
    public var inGroupByEntitlements = false
    /// Where the code picks the store among several (the branches of an `if` or `switch` assigning or returning
    /// configurations, a ternary App Group): each store it may be, with what picks it. The location itself is then
    /// `.unknown`: it is never one of them for certain. Not part of the identity.
    public var choices: [StoreChoice] = []

    public init(kind: Kind, key: String) {
        self.kind = kind
        self.key = key
    }

    public static func == (lhs: StoreLocation, rhs: StoreLocation) -> Bool {
        (lhs.kind, lhs.key) == (rhs.kind, rhs.key)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(key)
    }

    public static let defaultStore = StoreLocation(kind: .defaultStore, key: "default.store")

    /// `ModelConfiguration("Name", groupContainer: .identifier("group.x"))`. `ModelConfiguration("default")` is the
    /// file an unnamed configuration opens, `default.store`: the same store.
    public static func named(_ name: String, group: String? = nil) -> StoreLocation {
        if name == "default", group == nil { return .defaultStore }
        var named = StoreLocation(kind: .named, key: (group.map { "\($0)/" } ?? "") + name + ".store")
        named.groupLeftAutomatic = group == nil
        return named
    }

    /// The store in App Group `group` that this one is when its target's entitlements put it there (`groupContainer`
    /// left at `.automatic`): `group/default.store`, `group/Name.store`, the keys a store given
    /// `.identifier(group)` has. Lockfiles that recorded it by its own key still name it.
    public func inAppGroup(_ group: String) -> StoreLocation {
        var located = StoreLocation(kind: .named, key: "\(group)/\(key)")
        located.constants = constants
        located.writtenKey = key
        located.groupLeftAutomatic = false
        located.inGroupByEntitlements = true
        return located
    }

    /// The key with each constant it names replaced by the string the constant holds (`resolve` finds it).
    public func resolving(_ resolve: (ValueReference) -> String?) -> StoreLocation {
        var resolved = self
        for (written, reference) in constants.sorted(by: { $0.key < $1.key }) {
            guard let value = resolve(reference) else { continue }
            resolved.key = resolved.key.replacingOccurrences(of: "`\(written)`", with: value)
            resolved.constants[written] = nil
        }
        // A name given by a constant holding "default": the file an unnamed configuration opens.
        if resolved.kind == .named, resolved.key == StoreLocation.defaultStore.key {
            var unnamed = StoreLocation.defaultStore
            unnamed.groupLeftAutomatic = groupLeftAutomatic
            return unnamed
        }
        return resolved
    }

    /// The store a URL names once evaluated to a known place: SwiftData's default or named store when it is that
    /// file (`URL.applicationSupportDirectory.appending(path: "default.store")` is `ModelConfiguration()`'s), else a
    /// store keyed by its place. The written key is kept for lockfiles that recorded it.
    public func evaluated(at place: StorePath) -> StoreLocation {
        var located: StoreLocation
        if let named = place.namedStoreKey {
            located = named == StoreLocation.defaultStore.key ? .defaultStore : StoreLocation(kind: .named, key: named)
        } else {
            located = StoreLocation(kind: .url, key: "file:" + place.evaluated)
        }
        located.path = place
        located.file = place.file
        located.fileSource = fileSource
        located.writtenKey = key
        located.groupLeftAutomatic = false
        return located
    }

    /// The same store on another device than the phone (a watch app's): its key says the device, so it is never the
    /// phone's file of the same name or group.
    public func onDevice(_ device: String) -> StoreLocation {
        var moved = self
        moved.key = "\(device):\(key)"
        moved.writtenKey = nil
        return moved
    }

    /// Whether `keys` (a lockfile's `heldIn`) name this store: by its key, or by the key an earlier release of
    /// schemalint wrote for the same expression.
    ///
    /// `ownContainer` (`LockedVersion.heldInOwnContainer`): keys recorded as the app's own container's file, where
    /// the targets' entitlements named no App Group. A store the entitlements put in a group now is not one of those:
    /// the file moved to the group's folder.
    public func isRecorded(in keys: [String], ownContainer: [String]? = nil) -> Bool {
        if keys.contains(key) { return true }
        guard let writtenKey, keys.contains(writtenKey) else { return false }
        return !(inGroupByEntitlements && ownContainer?.contains(writtenKey) == true)
    }

    /// One of `choices` (each taken where its conditions hold, a choice that is itself one of several flattened):
    /// the store they all name when they name one, else a store schemalint cannot tell for certain, keyed by
    /// `location`, that holds them.
    public static func oneOf(_ choices: [StoreChoice], at location: SourceLocation) -> StoreLocation {
        var flat: [StoreChoice] = []
        for choice in choices {
            guard !choice.store.choices.isEmpty else {
                flat.append(choice)
                continue
            }
            for inner in choice.store.choices {
                var merged = inner
                merged.conditions = choice.conditions + inner.conditions
                merged.location = inner.location ?? choice.location
                merged.inMemory = inner.inMemory ?? choice.inMemory
                flat.append(merged)
            }
        }
        if let first = flat.first, flat.allSatisfy({ $0.store.key == first.store.key && $0.store.kind != .unknown }) {
            return first.store
        }
        var unknown = StoreLocation.unknown(at: location)
        unknown.choices = flat
        return unknown
    }

    /// The same, each choice kept in memory as `flag` (its configuration's `isStoredInMemoryOnly:`) says where it
    /// says nothing of its own.
    public func choicesKept(inMemory flag: ValueSource?) -> StoreLocation {
        guard let flag, !choices.isEmpty else { return self }
        var kept = self
        kept.choices = choices.map { choice in
            var choice = choice
            choice.inMemory = choice.inMemory ?? flag
            return choice
        }
        return kept
    }

    /// A store schemalint cannot tell, keyed by where it is opened so it is never the same as another.
    public static func unknown(at location: SourceLocation) -> StoreLocation {
        StoreLocation(kind: .unknown, key: "\(location)")
    }

    /// How messages name it: `default.store`, `Cache.store`, `the store at <url>`.
    public var description: String { description(whole: false) }

    /// `whole`: a long URL expression is not cut, and a place whose folder is not known says the URL it was read
    /// from: what tells apart two stores whose short names are the same.
    public func description(whole: Bool) -> String {
        // A store on another device: named as the phone's would be, and the device said (its key's prefix is no
        // name a user knows).
        let (device, own) = Self.device(ofKey: key)
        if let device {
            var phone = self
            phone.key = own
            return "\(phone.description(whole: whole)) (on \(device))"
        }
        if whole, kind == .url {
            if path != nil, let written = writtenKey, written.hasPrefix("url:") {
                return "the store at \(path!.description) (`\(written.dropFirst("url:".count))`)"
            }
            if path == nil { return "the store at `\(key.dropFirst("url:".count))`" }
        }
        switch kind {
        case .defaultStore, .named: return key
        case .url where path != nil:
            return "the store at \(path!.description)"
        case .url:
            // A URL built in a closure can be long: the start says how it is built and the end names the file,
            // which is what tells stores built the same way apart (`…appendingPathComponent("Feed.sqlite")`).
            let written = key.dropFirst("url:".count)
            return "the store at `\(written.count > 90 ? written.prefix(40) + "…" + written.suffix(49) : written)`"
        case .unknown: return "the store opened at \(key) (its location is built where schemalint cannot read it)"
        case .document: return "the documents of type `\(key.dropFirst("document:".count))` (each a store of its own)"
        }
    }

    /// How messages name a store recorded by its key (a lockfile's `heldIn`): a place as its folder and file, a URL
    /// as written, a name as it is.
    public static func displayName(key: String) -> String {
        let (device, own) = device(ofKey: key)
        if let device { return "\(displayName(key: own)) (on \(device))" }
        if key.hasPrefix("file:"), let place = StorePath(evaluated: String(key.dropFirst("file:".count))) {
            return place.description
        }
        if key.hasPrefix("url:") { return StoreLocation(kind: .url, key: key).description }
        return key
    }

    /// Whether a key names its file for certain: a store name and App Group written as strings. A URL's expression
    /// can be spelt anew without moving the file, and a constant another platform's build sets otherwise may hold
    /// anything: a store is said to be left behind only when both keys are certain.
    public static func isCertain(key: String) -> Bool {
        let own = device(ofKey: key).key
        return !own.hasPrefix("url:") && !own.contains("`")
    }

    /// The devices other than the phone a key may say its store is on (`onDevice`), as targets' SDKs name them.
    public static let devices = ["watchOS", "tvOS", "visionOS", "macOS"]

    /// A key's device (nil: the phone) and the key the store has on it: `macOS:file:⟨Application Support⟩/a.store`
    /// is `file:⟨Application Support⟩/a.store` on a Mac. Whatever reads a key (a message, a place, whether it is
    /// certain) reads the store's own key, never the prefix as a part of it.
    public static func device(ofKey key: String) -> (device: String?, key: String) {
        for device in devices where key.hasPrefix(device + ":") {
            return (device, String(key.dropFirst(device.count + 1)))
        }
        return (nil, key)
    }

    public static func < (lhs: StoreLocation, rhs: StoreLocation) -> Bool {
        (lhs.kind.rawValue, lhs.key) < (rhs.kind.rawValue, rhs.key)
    }
}

/// One store a configuration may open where the code picks among several at run time (`StoreLocation.choices`).
public struct StoreChoice: Sendable {
    /// A condition the code tests on the way to this store, and the value it must have there: a branch a condition
    /// known at build time rules out is dropped (`ValueEvaluator`), the others stay possible.
    public struct Condition: Sendable {
        public var source: ValueSource
        /// As written, for messages: `` `Defaults[.useGroup]` ``.
        public var written: String
        public var holds: Bool
        public init(source: ValueSource, written: String, holds: Bool) {
            (self.source, self.written, self.holds) = (source, written, holds)
        }
    }

    public var store: StoreLocation
    /// Where its `ModelConfiguration(...)` is written (CloudKit is read there).
    public var location: SourceLocation?
    /// Its `isStoredInMemoryOnly:` argument, as written.
    public var inMemory: ValueSource?
    public var conditions: [Condition] = []

    public init(store: StoreLocation, location: SourceLocation?, inMemory: ValueSource?, conditions: [Condition] = []) {
        (self.store, self.location, self.inMemory, self.conditions) = (store, location, inMemory, conditions)
    }
}
