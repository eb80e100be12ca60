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
    }

    public var kind: Kind
    /// What tells two stores apart: the store's name and App Group, or the URL's expression as written.
    public var key: String

    public init(kind: Kind, key: String) {
        self.kind = kind
        self.key = key
    }

    public static let defaultStore = StoreLocation(kind: .defaultStore, key: "default.store")

    /// `ModelConfiguration("Name", groupContainer: .identifier("group.x"))`.
    public static func named(_ name: String, group: String? = nil) -> StoreLocation {
        StoreLocation(kind: .named, key: (group.map { "\($0)/" } ?? "") + name + ".store")
    }

    /// A store schemalint cannot tell, keyed by where it is opened so it is never the same as another.
    public static func unknown(at location: SourceLocation) -> StoreLocation {
        StoreLocation(kind: .unknown, key: "\(location)")
    }

    /// How messages name it: `default.store`, `Cache.store`, `the store at <url>`.
    public var description: String {
        switch kind {
        case .defaultStore, .named: return key
        case .url: return "the store at `\(key)`"
        case .unknown: return "the store opened at \(key) (its location is built where schemalint cannot read it)"
        }
    }

    public static func < (lhs: StoreLocation, rhs: StoreLocation) -> Bool {
        (lhs.kind.rawValue, lhs.key) < (rhs.kind.rawValue, rhs.key)
    }
}
