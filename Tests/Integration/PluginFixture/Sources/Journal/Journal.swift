/// Compiles everywhere; the SwiftData schema below only where SwiftData exists.
public struct Journal {
    public init() {}
}
