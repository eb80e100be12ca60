import Foundation

/// A small XML reader for the files Xcode writes in model bundles (`contents`, `.xccurrentversion`,
/// `xcmapping.xml`): elements with their attributes, text, and the line each element starts on, so a finding can
/// point at the `<attribute>` it is about. It reads bytes, never `String` indices, and stops with the line of the
/// first thing it cannot read: a damaged file is named and skipped, never guessed at.
///
/// Not a general XML parser: no namespaces, no DTD internal subsets (a `<!DOCTYPE>` is skipped whole), and only the
/// five predefined entities plus character references.
public struct XMLElement: Sendable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLElement]
    /// Character data directly inside the element, entities resolved.
    public var text: String
    /// 1-based line of the element's `<`.
    public var line: Int
    /// For an element read raw (`XMLReader.read(_:rawChildren:)`): its bytes, `<` to the end of its closing tag,
    /// unread. Its name and line are set; attributes, children and text are empty.
    public var raw: ArraySlice<UInt8>?
    /// For an element whose text is spanned (`XMLReader.read(_:keepingTextWhere:spanningTextWhere:)`) and is one run
    /// of plain character data (no entity or CDATA section): where that run lies in the document's bytes, `text`
    /// then empty. Its text is those bytes as they are, not copied out of the document.
    public var textSpan: Range<Int>?

    public subscript(attribute: String) -> String? { attributes[attribute] }

    public func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }
    public func child(named name: String) -> XMLElement? { children.first { $0.name == name } }
}

public struct XMLFailure: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}

public enum XMLReader {
    /// Deeper nesting than any model file has is refused rather than followed (a hostile file cannot exhaust the
    /// stack).
    static let maximumDepth = 256

    public static func read(_ bytes: [UInt8]) throws -> XMLElement {
        var scanner = Scanner(bytes: bytes)
        return try scanner.document()
    }

    /// Reads the document, but takes the root's children named in `rawChildren` as their bytes, unread (`raw`): a
    /// caller that has read the same bytes before reuses what it made of them. Such a child ends at the first closing
    /// tag of its name; if that cut is wrong (a comment or CDATA section holding the closing tag, the same element
    /// nested), the bytes taken leave a comment, section or element open, so reading them alone fails and the caller
    /// reads the file whole.
    public static func read(_ bytes: [UInt8], rawChildren: Set<String>) throws -> XMLElement {
        var scanner = Scanner(bytes: bytes)
        scanner.rawChildren = rawChildren
        return try scanner.document()
    }

    /// Reads the document, keeping the text of only the elements `keep` accepts by name and attributes (every other
    /// element's `text` is empty, though it is checked as it is read): `xcmapping.xml` holds megabytes of encoded
    /// models whose text no caller reads.
    ///
    /// `spanningTextWhere`: elements whose text is wanted but may be megabytes (the models `xcmapping.xml` embeds):
    /// when it is one plain run it is given as `textSpan`, not copied; otherwise it is kept as `text`.
    public static func read(
        _ bytes: [UInt8], keepingTextWhere keep: @escaping (String, [String: String]) -> Bool,
        spanningTextWhere span: ((String, [String: String]) -> Bool)? = nil
    ) throws -> XMLElement {
        var scanner = Scanner(bytes: bytes)
        scanner.keepsText = keep
        scanner.spansText = span
        return try scanner.document()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var rawChildren: Set<String> = []
        /// When set, which elements' text is kept (by name and attributes).
        var keepsText: ((String, [String: String]) -> Bool)?
        /// When set, which elements' text is given as a span of the bytes when it is one plain run.
        var spansText: ((String, [String: String]) -> Bool)?

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte order mark is allowed before the declaration.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws -> XMLElement {
            var root: XMLElement?
            while true {
                skipWhitespace()
                guard index < bytes.count else { break }
                guard bytes[index] == UInt8(ascii: "<") else { throw fail("text outside the root element") }
                if try skipMarkup() { continue }
                guard root == nil else { throw fail("a second root element") }
                root = try element(depth: 0)
            }
            guard let root else { throw fail("no root element") }
            return root
        }

        /// Skips a declaration, processing instruction, comment or DOCTYPE at `<`; false when an element starts here.
        mutating func skipMarkup() throws -> Bool {
            if starts("<?") { try skip(past: "?>", what: "processing instruction"); return true }
            if starts("<!--") { try skip(past: "-->", what: "comment"); return true }
            if starts("<!DOCTYPE") || starts("<!doctype") {
                try skip(past: ">", what: "DOCTYPE")
                return true
            }
            return false
        }

        mutating func element(depth: Int) throws -> XMLElement {
            guard depth < XMLReader.maximumDepth else { throw fail("elements nested deeper than \(maximumDepth)") }
            let startLine = line
            index += 1  // <
            let name = try self.name()
            var attributes: [String: String] = [:]
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw fail("file ends inside <\(name)>") }
                if starts("/>") {
                    index += 2
                    return XMLElement(name: name, attributes: attributes, children: [], text: "", line: startLine)
                }
                if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                let key = try self.name()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw fail("attribute \(key) of <\(name)> has no value")
                }
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                else { throw fail("attribute \(key) of <\(name)> is not quoted") }
                let quote = bytes[index]
                index += 1
                let value = try characters(until: quote)
                index += 1
                guard attributes[key] == nil else { throw fail("attribute \(key) repeated in <\(name)>") }
                attributes[key] = value
            }
            var children: [XMLElement] = []
            var text: [UInt8] = []
            let spansText = self.spansText?(name, attributes) ?? false
            let keepsText = spansText || (self.keepsText?(name, attributes) ?? true)
            // A spanned element's first run, while it is the only character data read: copied into `text` as soon
            // as more follows.
            var span: Range<Int>?
            var runs = 0
            while true {
                guard index < bytes.count else { throw fail("file ends inside <\(name)>, opened on line \(startLine)") }
                if bytes[index] != UInt8(ascii: "<") {
                    if spansText, runs == 0 {
                        let end = Self.firstOf(
                            UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "<"), in: bytes, from: index)
                        if end < bytes.count, bytes[end] == UInt8(ascii: "<") {
                            span = index..<end
                            line += Self.newlines(in: bytes, index..<end)
                            index = end
                            runs = 1
                            continue
                        }
                    }
                    if let run = span { text += bytes[run] }
                    span = nil
                    runs += 1
                    try appendCharacters(until: UInt8(ascii: "<"), to: &text, keeping: keepsText)
                    continue
                }
                if starts("</") {
                    index += 2
                    let closing = try self.name()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), closing == name else {
                        throw fail("</\(closing)> closes <\(name)> opened on line \(startLine)")
                    }
                    index += 1
                    var element = XMLElement(
                        name: name, attributes: attributes, children: children,
                        text: String(decoding: text, as: UTF8.self), line: startLine)
                    element.textSpan = span
                    return element
                }
                if starts("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    if let run = span { text += bytes[run] }
                    span = nil
                    runs += 1
                    if keepsText { text += bytes[start..<(index - 3)] }
                    continue
                }
                if try skipMarkup() { continue }
                if depth == 0, !rawChildren.isEmpty, let raw = rawElement() {
                    children.append(raw)
                    continue
                }
                children.append(try element(depth: depth + 1))
            }
        }

        /// The element at `<` taken whole as bytes, when its name is one of `rawChildren` and a closing tag of that
        /// name follows; nil to read it as usual.
        mutating func rawElement() -> XMLElement? {
            let start = index
            index += 1
            guard let name = try? self.name(), rawChildren.contains(name) else {
                index = start
                return nil
            }
            // A self-closing element is cheap to read as usual.
            var cursor = index
            var quote: UInt8?
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                cursor += 1
            }
            guard cursor < bytes.count, bytes[cursor - 1] != UInt8(ascii: "/") else {
                index = start
                return nil
            }
            let closing = Array("</\(name)".utf8)
            guard let end = Self.end(of: closing, in: bytes, from: cursor) else {
                index = start
                return nil
            }
            let element = XMLElement(
                name: name, attributes: [:], children: [], text: "", line: line, raw: bytes[start..<end])
            line += Self.newlines(in: bytes, start..<end)
            index = end
            return element
        }

        /// Just past the first `closing` tag (`</name`, blanks, `>`) from `position`; nil when there is none or the
        /// first one is not followed by `>`.
        static func end(of closing: [UInt8], in bytes: [UInt8], from position: Int) -> Int? {
            bytes.withUnsafeBufferPointer { buffer -> Int? in
                guard let base = buffer.baseAddress else { return nil }
                var cursor = position
                var found: Int?
                while cursor + closing.count <= buffer.count {
                    // memchr finds each `<`; most bytes of a model file are not one.
                    guard let next = memchr(base + cursor, Int32(closing[0]), buffer.count - cursor) else { break }
                    let at = UnsafeRawPointer(next) - UnsafeRawPointer(base)
                    guard at + closing.count <= buffer.count else { break }
                    if memcmp(base + at, closing, closing.count) == 0 {
                        found = at
                        break
                    }
                    cursor = at + 1
                }
                guard let found else { return nil }
                var end = found + closing.count
                while end < buffer.count, buffer[end] == 0x20 || buffer[end] == 0x09 || buffer[end] == 0x0A
                    || buffer[end] == 0x0D
                {
                    end += 1
                }
                return end < buffer.count && buffer[end] == UInt8(ascii: ">") ? end + 1 : nil
            }
        }

        /// The index of the first of three bytes at or after `start`; `bytes.count` when there is none.
        static func firstOf(_ first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: [UInt8], from start: Int)
            -> Int
        {
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, start < raw.count else { return bytes.count }
                var nearest = raw.count
                func search(_ stop: UInt8) {
                    guard nearest > start, let found = memchr(base + start, Int32(stop), nearest - start) else {
                        return
                    }
                    nearest = base.distance(to: UnsafeRawPointer(found))
                }
                search(first)
                search(second)
                search(third)
                return nearest
            }
        }

        /// Line feeds in `range`, eight bytes at a time.
        static func newlines(in bytes: [UInt8], _ range: Range<Int>) -> Int {
            bytes.withUnsafeBytes { raw in
                var count = 0
                var position = range.lowerBound
                let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                let feeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
                while position + 8 <= range.upperBound {
                    // Bytes equal to 0x0A become zero; then exactly the zero bytes get their high bit set.
                    let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) ^ feeds
                    let zeros = ~(((word & lows) &+ lows) | word | lows)
                    count += zeros.nonzeroBitCount
                    position += 8
                }
                while position < range.upperBound {
                    if raw[position] == 0x0A { count += 1 }
                    position += 1
                }
                return count
            }
        }

        mutating func name() throws -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isNameByte =
                    byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: ":")
                guard isNameByte else { break }
                index += 1
            }
            guard index > start else { throw fail("a name was expected") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Character data up to (not including) `terminator`, with entities and character references resolved.
        mutating func characters(until terminator: UInt8) throws -> String {
            var output: [UInt8] = []
            try appendCharacters(until: terminator, to: &output)
            return String(decoding: output, as: UTF8.self)
        }

        /// `characters(until:)`, appended to `output` as bytes (an element's text is gathered from several runs); only
        /// read and checked when not `keeping`.
        mutating func appendCharacters(until terminator: UInt8, to output: inout [UInt8], keeping: Bool = true) throws
        {
            // Most values hold no entity: taken from the bytes as they are.
            let start = index
            // memchr to the nearest of the bytes that end a plain run: megabytes of base64 in `xcmapping.xml` are
            // one run.
            let plain = Self.firstOf(terminator, UInt8(ascii: "&"), UInt8(ascii: "<"), in: bytes, from: start)
            if plain < bytes.count, bytes[plain] == terminator {
                line += Self.newlines(in: bytes, start..<plain)
                index = plain
                if keeping { output += bytes[start..<plain] }
                return
            }
            while index < bytes.count, bytes[index] != terminator {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") { line += 1 }
                if byte == UInt8(ascii: "&") {
                    let resolved = try entity()
                    if keeping { output += resolved }
                    continue
                }
                if byte == UInt8(ascii: "<") { throw fail("'<' inside an attribute value") }
                if keeping { output.append(byte) }
                index += 1
            }
            guard index < bytes.count else { throw fail("file ends inside a value") }
        }

        mutating func entity() throws -> [UInt8] {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - start < 12 { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw fail("an unfinished '&'") }
            let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
            index += 1
            switch name {
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "amp": return [UInt8(ascii: "&")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            default:
                let number: UInt32?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    number = UInt32(name.dropFirst(2), radix: 16)
                } else if name.hasPrefix("#") {
                    number = UInt32(name.dropFirst())
                } else {
                    number = nil
                }
                guard let number, let scalar = Unicode.Scalar(number) else { throw fail("unknown entity &\(name);") }
                return Array(String(Character(scalar)).utf8)
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        mutating func skip(past terminator: StaticString, what: String) throws {
            let first = terminator.utf8Start.pointee
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                if bytes[index] == first, starts(terminator) {
                    index += terminator.utf8CodeUnitCount
                    return
                }
                index += 1
            }
            throw fail("unfinished \(what)")
        }

        /// Whether the bytes at `index` are `text` (a literal: nothing is allocated to compare, and this runs several
        /// times per element).
        func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let pattern = text.utf8Start
            for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
            return true
        }

        func fail(_ reason: String) -> XMLFailure { XMLFailure(line: line, reason: reason) }
    }
}
