#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Fast substring search over raw source bytes: a vectorised `memchr` for an anchor byte, then `memcmp`.
/// Used to decide cheaply which files, and which parts of the pipeline, can matter.
public enum ByteScanner {
    public struct Needle: Sendable {
        public var bytes: [UInt8]
        /// Position of the anchor byte inside the needle.
        public var offset: Int
        /// Only where no identifier character touches it on either side: `ModelConfiguration` as a name, not
        /// inside `viewModelConfigurationMismatch`.
        public var wholeWord: Bool
        /// The needle's last byte and the one after the anchor (the anchor's own when it is last): compared before
        /// the whole needle, since most anchors found in Swift code begin other words.
        let last: UInt8
        let afterAnchor: UInt8

        public init(_ text: String, anchor: UInt8, wholeWord: Bool = false) {
            bytes = Array(text.utf8)
            offset = bytes.firstIndex(of: anchor) ?? 0
            self.wholeWord = wholeWord
            last = bytes.last ?? 0
            afterAnchor = offset + 1 < bytes.count ? bytes[offset + 1] : last
        }
    }

    /// A byte that can continue a Swift identifier: ASCII letters, digits, `_`, and any byte of a non-ASCII
    /// character (Swift identifiers may hold those).
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// Whether any of `needles` (all containing `anchor`) occurs in `buffer`.
    public static func occurs(_ needles: [Needle], anchor: UInt8, in buffer: UnsafeRawBufferPointer) -> Bool {
        var found = false
        forEachMatch(needles, anchor: anchor, in: buffer) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the index in `needles` of each match (all containing `anchor`), in the order they occur in
    /// `buffer`, while it returns true. One `memchr` pass serves needles that answer different questions (a file's
    /// SwiftData words and its Core Data stack's, all anchored on `C`).
    @inline(__always)
    public static func forEachMatch(
        _ needles: [Needle], anchor: UInt8, in buffer: UnsafeRawBufferPointer, _ body: (Int) -> Bool
    ) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        var position = 0
        while position < buffer.count, let hit = memchr(base + position, Int32(anchor), buffer.count - position) {
            let index = base.distance(to: UnsafeRawPointer(hit))
            for (which, needle) in needles.enumerated() {
                let start = index - needle.offset
                let count = needle.bytes.count
                guard start >= 0, start + count <= buffer.count else { continue }
                let after = needle.offset + 1 < count ? index + 1 : index
                guard buffer[after] == needle.afterAnchor, buffer[start + count - 1] == needle.last,
                    needle.bytes.withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, count) }) == 0
                else { continue }
                if needle.wholeWord {
                    let end = start + needle.bytes.count
                    // `@Model` starts with `@`: only its end can touch an identifier.
                    if isIdentifierByte(needle.bytes[0]), start > 0, isIdentifierByte(buffer[start - 1]) { continue }
                    if end < buffer.count, isIdentifierByte(buffer[end]) { continue }
                }
                guard body(which) else { return }
                // One match per place: the needles at a place are tried in order.
                break
            }
            position = index + 1
        }
    }

    /// Whether `needle` occurs in `haystack`.
    public static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        guard let first = needle.utf8.first else { return false }
        return haystack.withUnsafeBytes { occurs([Needle(needle, anchor: first)], anchor: first, in: $0) }
    }
}
