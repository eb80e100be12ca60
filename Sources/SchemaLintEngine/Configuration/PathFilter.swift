import SchemaLintFacts
import SchemaLintRules

/// `included` / `excluded` / `stores` globs: `*`, `?` and `[...]` (`[12]`, `[a-z]`, `[!x]`) within a path component,
/// `**` across components. A pattern names a
/// file or a folder; naming a folder covers everything in it. Paths are relative to the configuration's folder.
public struct PathFilter: Sendable {
    public var included: [Glob]
    public var excluded: [Glob]
    /// The configuration's folder, absolute, without a trailing slash.
    public var base: String

    public init(included: [String], excluded: [String], base: String) {
        self.included = included.map(Glob.init)
        self.excluded = excluded.map(Glob.init)
        self.base = base
    }

    public var isEmpty: Bool { included.isEmpty && excluded.isEmpty }

    /// Whether the walk should enter a folder (absolute path).
    public func allowsDirectory(_ absolute: String) -> Bool {
        guard let relative = relative(absolute) else { return true }
        return !excluded.contains { $0.matches(relative, orAncestor: true) }
    }

    /// Whether a file (absolute path) is analysed.
    public func allowsFile(_ absolute: String) -> Bool {
        guard let relative = relative(absolute) else { return included.isEmpty }
        if excluded.contains(where: { $0.matches(relative, orAncestor: true) }) { return false }
        return included.isEmpty || included.contains { $0.matches(relative, orAncestor: true) }
    }

    private func relative(_ absolute: String) -> [Substring]? {
        let prefix = base == "/" ? "/" : base + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return absolute.dropFirst(prefix.count).split(separator: "/")
    }

    public struct Glob: Sendable {
        let components: [Substring]

        public init(_ pattern: String) {
            var trimmed = Substring(pattern)
            while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
            components = trimmed.split(separator: "/")
        }

        /// Matches the path itself or, with `orAncestor`, any folder above it.
        func matches(_ path: [Substring], orAncestor: Bool) -> Bool {
            if Self.match(components[...], path[...]) { return true }
            guard orAncestor, path.count > 1 else { return false }
            return (1..<path.count).contains { Self.match(components[...], path.prefix($0)) }
        }

        static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
            guard let head = pattern.first else { return path.isEmpty }
            if head == "**" {
                let rest = pattern.dropFirst()
                return (0...path.count).contains { match(rest, path.dropFirst($0)) }
            }
            guard let component = path.first, matchComponent(Array(head.utf8)[...], Array(component.utf8)[...]) else {
                return false
            }
            return match(pattern.dropFirst(), path.dropFirst())
        }

        static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
            guard let head = pattern.first else { return text.isEmpty }
            switch head {
            case UInt8(ascii: "*"):
                return (0...text.count).contains { matchComponent(pattern.dropFirst(), text.dropFirst($0)) }
            case UInt8(ascii: "?"):
                return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
            case UInt8(ascii: "["):
                guard let character = text.first else { return false }
                guard let (matched, rest) = matchClass(pattern.dropFirst(), character) else {
                    // No closing bracket: `[` is an ordinary character.
                    return character == head && matchComponent(pattern.dropFirst(), text.dropFirst())
                }
                return matched && matchComponent(rest, text.dropFirst())
            default:
                return text.first == head && matchComponent(pattern.dropFirst(), text.dropFirst())
            }
        }

        /// A bracket class after its `[`: whether `character` is in it, and the pattern after its `]`; nil when the
        /// class is never closed.
        static func matchClass(_ pattern: ArraySlice<UInt8>, _ character: UInt8) -> (Bool, ArraySlice<UInt8>)? {
            var rest = pattern
            var negated = false
            if let first = rest.first, first == UInt8(ascii: "!") || first == UInt8(ascii: "^") {
                negated = true
                rest = rest.dropFirst()
            }
            var matched = false
            var isFirst = true
            while let head = rest.first {
                if head == UInt8(ascii: "]") && !isFirst { return (matched != negated, rest.dropFirst()) }
                isFirst = false
                rest = rest.dropFirst()
                if rest.count >= 2, rest.first == UInt8(ascii: "-"), rest.dropFirst().first != UInt8(ascii: "]") {
                    let upper = rest.dropFirst().first!
                    if head <= character && character <= upper { matched = true }
                    rest = rest.dropFirst(2)
                } else if head == character {
                    matched = true
                }
            }
            return nil
        }
    }
}
