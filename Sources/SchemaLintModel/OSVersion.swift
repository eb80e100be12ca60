/// A system version as a build setting or a manifest writes it (`12.0`, `10.14`, `17`), compared part by part:
/// `10.14` is newer than `10.9`.
public struct OSVersion: Comparable, Sendable, CustomStringConvertible {
    public var parts: [Int]

    /// Nil unless every part is a number (`$(INHERITED_TARGET)`, `latest` are not versions).
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = pieces.compactMap { Int($0) }
        guard !pieces.isEmpty, numbers.count == pieces.count, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        parts = numbers
    }

    public init(_ parts: Int...) { self.parts = parts }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let (left, right) = (lhs.parts.indices.contains(index) ? lhs.parts[index] : 0,
                                 rhs.parts.indices.contains(index) ? rhs.parts[index] : 0)
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
