/// Where the code reads properties by name, enough to tell that nothing reads a `lazy var` of one type: a lazy
/// container whose property nothing reads is never made, so it opens no store (PinPhoto's template `AppDelegate
/// .persistentContainer`, left behind when a `CoreDataManager` with a `persistentContainer` of its own took over).
public struct PropertyReads: Sendable, Equatable {
    /// Names read as a member of something (`manager.persistentContainer`, `self.persistentContainer`).
    public var asMembers: Set<String> = []
    /// Bare names read where no enclosing type declares a property of that name (global code, an extension, a
    /// subclass): they may be any type's.
    public var bare: Set<String> = []
    /// Bare names read inside a type whose own body declares a property of that name: that type's property, by
    /// name, with the types (their own names) they are read in.
    public var ownProperty: [String: Set<String>] = [:]

    public init() {}

    public mutating func formUnion(_ other: PropertyReads) {
        asMembers.formUnion(other.asMembers)
        bare.formUnion(other.bare)
        ownProperty.merge(other.ownProperty) { $0.union($1) }
    }

    /// Whether any code may read the property `name` of the type named `type`.
    public func mayRead(_ name: String, of type: String) -> Bool {
        asMembers.contains(name) || bare.contains(name) || ownProperty[name]?.contains(type) == true
    }
}
