/// Where a store file is, as the evaluator reads a URL: a folder the system gives the app (or an App Group's shared
/// folder), the folders under it and the file. Written as one string, `⟨Application Support⟩/Stores/Model.sqlite`, so
/// it travels through `ValueEvaluator` like any string; a folder that cannot be read is `⟨?⟩`, which keeps the file
/// name known and the place unknown.
///
/// Two paths are one file only when both are known and equal; a known path and another known one are two files; with
/// either folder unknown, which it is cannot be told.
public struct StorePath: Hashable, Sendable {
    /// The folders a store can be based in.
    public enum Base: Hashable, Sendable {
        case applicationSupport, documents, caches, library, temporary, home
        case appGroup(String)
        case unknown
    }

    public var base: Base
    /// The components under the base, the file last.
    public var components: [String]
    /// With an unknown base: the folder is an App Group's whose identifier cannot be read
    /// (`containerURL(forSecurityApplicationGroupIdentifier: idFromInfoPlist)`). A target entitled to one App Group
    /// alone can only be given that group's folder (`entitled(to:)`).
    public var groupUnread = false
    /// In SwiftData's own folder for a configuration left at `groupContainer: .automatic` (`ModelConfiguration(schema:
    /// schema).url`): the target's App Group's `Library/Application Support` when its entitlements name one, else the
    /// app's Application Support (`base`). The project's targets settle it (`settlingAutomaticGroup(in:)`).
    public var automaticGroup = false

    public init(base: Base, components: [String]) {
        self.base = base
        self.components = components
    }

    public var file: String? { components.last }
    public var isKnown: Bool { base != .unknown }

    /// The place of `component` inside this one (a folder), an App Group whose identifier cannot be read kept so.
    public func appending(_ component: String) -> StorePath {
        var inside = StorePath(base: base, components: components + [component])
        inside.groupUnread = groupUnread
        inside.automaticGroup = automaticGroup
        return inside
    }

    /// This place in App Group `group`, when its folder is an App Group whose identifier cannot be read; nil
    /// otherwise.
    public func entitled(to group: String) -> StorePath? {
        guard base == .unknown, groupUnread else { return nil }
        return StorePath(base: .appGroup(group), components: components)
    }

    /// The marker a base is written with inside an evaluated string.
    static func marker(_ base: Base) -> String {
        switch base {
        case .applicationSupport: return "⟨Application Support⟩"
        case .documents: return "⟨Documents⟩"
        case .caches: return "⟨Caches⟩"
        case .library: return "⟨Library⟩"
        case .temporary: return "⟨tmp⟩"
        case .home: return "⟨home⟩"
        case let .appGroup(identifier): return "⟨group:\(identifier)⟩"
        case .unknown: return unknownMarker
        }
    }

    static let unknownMarker = "⟨?⟩"
    /// SwiftData's folder for a configuration left at `.automatic` (`automaticGroup`), by its `.directory` name.
    public static let automaticFolderName = "swiftDataAutomaticFolder"
    static let automaticMarker = "⟨SwiftData⟩"

    /// This place settled in App Group `group` (nil: none) where it is SwiftData's automatic folder; itself otherwise.
    public func settlingAutomaticGroup(in group: String?) -> StorePath {
        guard automaticGroup else { return self }
        guard let group else { return StorePath(base: base, components: components) }
        return StorePath(base: .appGroup(group), components: ["Library", "Application Support"] + components)
    }
    /// An App Group whose identifier cannot be read (`groupUnread`).
    static let unreadGroupMarker = "⟨group:?⟩"

    /// The base a `.directory` source names: a `FileManager.SearchPathDirectory` case or a `URL` static property.
    public static func base(named name: String) -> Base? {
        switch name {
        case "applicationSupportDirectory", "applicationSupport": return .applicationSupport
        case "documentDirectory", "documentsDirectory", "documents": return .documents
        case "cachesDirectory", "caches": return .caches
        case "libraryDirectory", "library": return .library
        case "temporaryDirectory", "itemReplacementDirectory", "tmp": return .temporary
        case "homeDirectory", "home": return .home
        default: return nil
        }
    }

    /// The evaluated string (`⟨Documents⟩/a/b.store`) read back; nil when it starts with no base marker (a bare name
    /// or a path schemalint did not build).
    public init?(evaluated: String) {
        guard evaluated.hasPrefix("⟨"), let close = evaluated.firstIndex(of: "⟩") else { return nil }
        let marker = String(evaluated[evaluated.index(after: evaluated.startIndex)..<close])
        var rest: [String] = []
        for part in evaluated[evaluated.index(after: close)...].split(separator: "/").map(String.init)
        where !part.isEmpty && part != "." {
            // `a/b/..` is `a` (`deletingLastPathComponent()`); above the base it stays, and the place is untold.
            if part == "..", let last = rest.last, last != ".." { rest.removeLast() } else { rest.append(part) }
        }
        if "⟨\(marker)⟩" == Self.automaticMarker {
            base = .applicationSupport
            automaticGroup = true
        } else if marker == "group:?" {
            base = .unknown
            groupUnread = true
        } else if marker.hasPrefix("group:") {
            base = .appGroup(String(marker.dropFirst("group:".count)))
        } else if marker == "?" {
            base = .unknown
        } else if let known = Self.allNamed.first(where: { Self.marker($0) == "⟨\(marker)⟩" }) {
            base = known
        } else {
            return nil
        }
        components = rest
    }

    private static let allNamed: [Base] = [.applicationSupport, .documents, .caches, .library, .temporary, .home]

    /// The string the evaluator carries.
    public var evaluated: String {
        ([
            automaticGroup
                ? Self.automaticMarker : groupUnread && base == .unknown ? Self.unreadGroupMarker : Self.marker(base)
        ] + components)
            .joined(separator: "/")
    }

    /// The store this path is, in the keys `StoreLocation` gives named stores: SwiftData's default and named stores
    /// live in Application Support (an App Group's `Library/Application Support` with a group container), so a URL
    /// spelling out that file is that store. Nil for any other file.
    public var namedStoreKey: String? {
        guard let file, file.hasSuffix(".store") else { return nil }
        let folders = components.dropLast()
        switch base {
        case .applicationSupport where folders.isEmpty:
            return file
        case let .appGroup(group) where Array(folders) == ["Library", "Application Support"]:
            return "\(group)/\(file)"
        default:
            return nil
        }
    }

    /// What comparing two places tells: one file, two files, or which cannot be told.
    public enum Sameness: Sendable, Equatable {
        case same, different, cannotTell
    }

    /// Two places are one file when both folders are known and the paths equal; two files when the file names differ,
    /// or both folders are known and differ (a store moved from Documents to Application Support under one name); a
    /// folder that cannot be read on either side leaves which it is untold.
    public func compared(with other: StorePath) -> Sameness {
        if let file, let otherFile = other.file, file != otherFile { return .different }
        let (one, two) = (normalised, other.normalised)
        guard one.isKnown, two.isKnown, !(one.components + two.components).contains("..") else { return .cannotTell }
        return one == two ? .same : .different
    }

    /// The same place with its base as deep as its folders say: `⟨Library⟩/Application Support/x` is
    /// `⟨Application Support⟩/x`, `⟨home⟩/Documents/x` is `⟨Documents⟩/x`.
    var normalised: StorePath {
        guard let first = components.first, components.count > 1 else { return self }
        let deeper: Base?
        switch (base, first) {
        case (.home, "Library"): deeper = .library
        case (.home, "Documents"): deeper = .documents
        case (.home, "tmp"): deeper = .temporary
        case (.library, "Application Support"): deeper = .applicationSupport
        case (.library, "Caches"): deeper = .caches
        default: deeper = nil
        }
        guard let deeper else { return self }
        return StorePath(base: deeper, components: Array(components.dropFirst())).normalised
    }

    /// Whether moving or copying this place takes `store` with it: the same file, a folder holding it, or the same
    /// file name in a folder that cannot be read (a move that may be it). SQLite's `-wal` and `-shm` files beside a
    /// store are moved with it by code that moves the store, so the store file itself is what counts.
    public func carries(_ store: StorePath) -> Bool {
        if base == .unknown { return file == store.file }
        return base == store.base && components.count <= store.components.count
            && Array(store.components.prefix(components.count)) == components
    }

    /// Whether a file copied to `place` may land in this store: its own file or folder, or a file beside it of its
    /// name and a suffix (`Journal.store-wal`); under a folder that cannot be read, one whose folders and file end
    /// this store's.
    public func holdsCopy(_ place: StorePath) -> Bool {
        guard isKnown else { return false }
        if place.isKnown, place.carries(self) { return true }
        guard let file, let copied = place.file, copied.hasPrefix(file) else { return false }
        let folders = Array(components.dropLast()), placeFolders = Array(place.components.dropLast())
        if place.isKnown { return base == place.base && folders == placeFolders }
        return placeFolders.count <= folders.count && Array(folders.suffix(placeFolders.count)) == placeFolders
    }

    /// The place of a store by its lockfile key: `file:` keys as written, SwiftData's default and named stores in
    /// Application Support (an App Group's `Library/Application Support` for `group/Name.store`). Nil for a key that
    /// names no place (a URL's text, an unknown store).
    public init?(storeKey written: String) {
        // On another device, the same place on that device: a move there is the app's own code's too.
        let key = StoreLocation.device(ofKey: written).key
        if key.hasPrefix("file:") {
            self.init(evaluated: String(key.dropFirst("file:".count)))
            return
        }
        guard key.hasSuffix(".store"), !key.hasPrefix("url:"), !key.contains("`") else { return nil }
        let parts = key.split(separator: "/").map(String.init)
        if parts.count == 1 {
            self.init(base: .applicationSupport, components: parts)
        } else if parts.count == 2 {
            self.init(base: .appGroup(parts[0]), components: ["Library", "Application Support", parts[1]])
        } else {
            return nil
        }
    }

    /// How messages name the place: `Documents/Stores/Model.sqlite`, `the App Group group.x's
    /// Library/Application Support/Model.store`.
    public var description: String {
        let tail = components.joined(separator: "/")
        switch base {
        case .applicationSupport: return "Application Support/" + tail
        case .documents: return "Documents/" + tail
        case .caches: return "Caches/" + tail
        case .library: return "Library/" + tail
        case .temporary: return "tmp/" + tail
        case .home: return "~/" + tail
        case let .appGroup(group): return "App Group \(group)/" + tail
        case .unknown: return "…/" + tail
        }
    }
}
