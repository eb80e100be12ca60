/// Which type names a file declares or extends, read from its bytes without parsing: the name after `struct`,
/// `enum`, `class`, `actor`, `protocol`, `typealias` and `extension`, and for `typealias X = Y...` the `Y` it aliases.
///
/// Pass 2 of the analysis asks this of every file that pass 1 skipped, so it is one linear walk over the bytes with
/// no allocation except for the names that follow a keyword. Comments and strings are not told apart: a false
/// match costs one parse, never a wrong result.
public enum DeclarationScanner {
    /// Whether the file declares or extends one of `names`, or has a `typealias` whose target starts with one of
    /// `aliasTargets` (`typealias Trip = SchemaV3.Trip`).
    public static func mentions(
        _ bytes: [UInt8], declaring names: Set<String>,
        aliasing aliasTargets: Set<String>
    ) -> Bool {
        bytes.withUnsafeBufferPointer { mentions($0, declaring: names, aliasing: aliasTargets) }
    }

    public static func mentions(
        _ buffer: UnsafeBufferPointer<UInt8>, declaring names: Set<String>,
        aliasing aliasTargets: Set<String>
    ) -> Bool {
        guard !names.isEmpty || !aliasTargets.isEmpty else { return false }
        var found = false
        walk(buffer) { name, target in
            found = (name.map(names.contains) ?? false) || (target.map(aliasTargets.contains) ?? false)
            return !found
        }
        return found
    }

    /// Every name a file declares or extends, and its typealiases' targets: what `mentions` asks, read once so later
    /// questions about other names are set lookups.
    public struct Declared: Sendable {
        public var names: Set<String> = []
        public var aliasTargets: Set<String> = []

        public func mentions(declaring names: Set<String>, aliasing aliasTargets: Set<String>) -> Bool {
            !self.names.isDisjoint(with: names) || !self.aliasTargets.isDisjoint(with: aliasTargets)
        }
    }

    public static func declared(_ buffer: UnsafeBufferPointer<UInt8>) -> Declared {
        var declared = Declared()
        walk(buffer) { name, target in
            if let name { declared.names.insert(name) }
            if let target { declared.aliasTargets.insert(target) }
            return true
        }
        return declared
    }

    /// Calls `visit` with the name after each declaration keyword, and a typealias's target; stops when it says so.
    private static func walk(_ buffer: UnsafeBufferPointer<UInt8>, _ visit: (String?, String?) -> Bool) {
        var index = 0
        let count = buffer.count
        while index < count {
            guard isIdentifierStart(buffer[index]), index == 0 || !isIdentifierByte(buffer[index - 1]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, isIdentifierByte(buffer[end]) { end += 1 }
            guard let keyword = keyword(buffer, index, end) else {
                index = end
                continue
            }
            let (name, after) = identifier(buffer, from: end)
            let target = keyword == .alias ? aliasTarget(buffer, from: after) : nil
            if (name != nil || target != nil) && !visit(name, target) { return }
            index = after
        }
    }

    /// Whether any whole identifier in the bytes is one of `names` (comments and strings included: a false match
    /// only keeps a plan checked).
    public static func mentionsIdentifier(_ buffer: UnsafeBufferPointer<UInt8>, in names: Set<String>) -> Bool {
        firstIdentifier(in: buffer, among: names) { _ in true }
    }

    /// Whether the bytes call one of `names`: the name followed by `(` or `.init(` (spaces between allowed), as a
    /// call of a function or an initialiser is written; a type annotation or a mention in a comment's prose is not.
    public static func callsIdentifier(_ buffer: UnsafeBufferPointer<UInt8>, in names: Set<String>) -> Bool {
        let initCall = Array(".init".utf8)
        return firstIdentifier(in: buffer, among: names) { end in
            var next = end
            if next + initCall.count <= buffer.count, equal(buffer, next, initCall) { next += initCall.count }
            while next < buffer.count, buffer[next] == UInt8(ascii: " ") { next += 1 }
            return next < buffer.count && buffer[next] == UInt8(ascii: "(")
        }
    }

    /// The `names` some whole identifier in the bytes is (comments and strings included).
    public static func identifiersMentioned(_ buffer: UnsafeBufferPointer<UInt8>, among names: Set<String>)
        -> Set<String>
    {
        var found = Set<String>()
        _ = firstIdentifier(in: buffer, among: names) { start, end in
            found.insert(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
            return found.count == names.count
        }
        return found
    }

    /// Whether some whole identifier in the bytes is one of `names` and `holds` for where it ends.
    private static func firstIdentifier(
        in buffer: UnsafeBufferPointer<UInt8>, among names: Set<String>, where holds: (_ end: Int) -> Bool
    ) -> Bool {
        firstIdentifier(in: buffer, among: names) { _, end in holds(end) }
    }

    /// Whether some whole identifier in the bytes is one of `names` and `holds` for where it starts and ends.
    private static func firstIdentifier(
        in buffer: UnsafeBufferPointer<UInt8>, among names: Set<String>,
        where holds: (_ start: Int, _ end: Int) -> Bool
    ) -> Bool {
        guard !names.isEmpty else { return false }
        let lengths = Set(names.map(\.utf8.count))
        var index = 0
        while index < buffer.count {
            guard isIdentifierStart(buffer[index]), index == 0 || !isIdentifierByte(buffer[index - 1]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < buffer.count, isIdentifierByte(buffer[end]) { end += 1 }
            if lengths.contains(end - index),
                names.contains(String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<end]), as: UTF8.self)),
                holds(index, end)
            {
                return true
            }
            index = end
        }
        return false
    }

    /// Whether the bytes declare a global or static value or function named one of `names`: the name after `let`,
    /// `var` or `func` outside every brace (`let kStoreName = ...`, `var storeName: String { ... }`), or after
    /// `static` or `class` on the same line (`static let storeName`, in a type or an extension). A function's locals
    /// (`let url = ...`) are no such name: a common one would bring in every file that declares it. Braces in strings
    /// and comments are counted too: a wrong depth costs one parse, or leaves a name unread ("cannot tell"). Nothing
    /// is allocated but for the wanted names' bytes. `membersToo`: at any depth (an instance method `func logCrash`).
    public static func declaresValue(
        _ buffer: UnsafeBufferPointer<UInt8>, in names: Set<String>, membersToo: Bool = false
    ) -> Bool {
        guard !names.isEmpty else { return false }
        let wanted = names.map { Array($0.utf8) }
        let lengths = Set(wanted.map(\.count))
        var index = 0
        let count = buffer.count
        var depth = 0
        // `static` or `class` since the last line, `;` or brace.
        var isStatic = false
        while index < count {
            let byte = buffer[index]
            guard isIdentifierStart(byte), index == 0 || !isIdentifierByte(buffer[index - 1]) else {
                if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth = max(0, depth - 1)
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: ";")
                {
                    isStatic = false
                }
                index += 1
                continue
            }
            var end = index + 1
            while end < count, isIdentifierByte(buffer[end]) { end += 1 }
            let length = end - index
            if (length == 6 && equal(buffer, index, staticKeyword))
                || (length == 5 && equal(buffer, index, classKeyword))
            {
                isStatic = true
                index = end
                continue
            }
            guard length == 3 || length == 4, depth == 0 || isStatic || membersToo,
                valueKeywords.contains(where: { $0.count == length && equal(buffer, index, $0) })
            else {
                index = end
                continue
            }
            // The name after spaces (and a backtick), compared byte for byte.
            var start = end
            while start < count, buffer[start] == UInt8(ascii: " ") || buffer[start] == UInt8(ascii: "\t") {
                start += 1
            }
            if start < count, buffer[start] == UInt8(ascii: "`") { start += 1 }
            var nameEnd = start
            while nameEnd < count, isIdentifierByte(buffer[nameEnd]) { nameEnd += 1 }
            if lengths.contains(nameEnd - start),
                wanted.contains(where: { $0.count == nameEnd - start && equal(buffer, start, $0) })
            {
                return true
            }
            index = max(nameEnd, end)
        }
        return false
    }

    private static let staticKeyword = Array("static".utf8)
    private static let classKeyword = Array("class".utf8)
    private static let valueKeywords: [[UInt8]] = ["let", "var", "func"].map { Array($0.utf8) }

    enum Keyword { case declaration, alias }

    private static let declarationKeywords: [[UInt8]] = ["struct", "enum", "class", "actor", "protocol", "extension"]
        .map { Array($0.utf8) }
    private static let typealiasKeyword = Array("typealias".utf8)

    private static func keyword(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword? {
        let length = end - start
        guard length >= 4 && length <= 9 else { return nil }
        if length == 9, equal(buffer, start, typealiasKeyword) { return .alias }
        for keyword in declarationKeywords where keyword.count == length && equal(buffer, start, keyword) {
            return .declaration
        }
        return nil
    }

    private static func equal(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: [UInt8]) -> Bool {
        for offset in 0..<word.count where buffer[start + offset] != word[offset] { return false }
        return true
    }

    /// The identifier after spaces (and a backtick), and where reading stopped.
    private static func identifier(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (String?, Int) {
        var index = start
        while index < buffer.count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") {
            index += 1
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: "`") { index += 1 }
        guard index < buffer.count, isIdentifierStart(buffer[index]) else { return (nil, index) }
        var end = index + 1
        while end < buffer.count, isIdentifierByte(buffer[end]) { end += 1 }
        return (String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<end]), as: UTF8.self), end)
    }

    /// For `typealias X<T> = Y.Z`: `Y`, read on the same line.
    private static func aliasTarget(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
        var index = start
        while index < buffer.count, buffer[index] != UInt8(ascii: "="), buffer[index] != UInt8(ascii: "\n") {
            index += 1
        }
        guard index < buffer.count, buffer[index] == UInt8(ascii: "=") else { return nil }
        return identifier(buffer, from: index + 1).0
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }
}
