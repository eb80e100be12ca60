#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif
import SchemaLintFacts
import SchemaLintRules

/// Whether a project file can compile any of a few files, told from its bytes alone: a large app's main
/// `project.pbxproj` takes longer to read than everything else a run does, and most of an app's projects never
/// mention its model bundle. A project lists each file it compiles by name (a file reference's `path` or `name`), or
/// a whole folder (Xcode 16's synchronized folders); one that does neither cannot compile the file.
enum ProjectFileMentions {
    static func mayList(_ names: Set<String>, in bytes: [UInt8]) -> Bool {
        if contains(Array("FileSystemSynchronized".utf8), in: bytes) { return true }
        return names.contains { name in
            let utf8 = Array(name.utf8)
            // Xcode escapes quotes and backslashes, and may escape what is not ASCII: such a name is taken as named.
            let plain = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != 0x5C }
            return !plain || utf8.isEmpty || contains(utf8, in: bytes)
        }
    }

    /// `memchr` to each place the needle's rarest byte could be, then `memcmp` (`memmem` is not in every C library
    /// Swift imports). A project file is mostly `PBX`, hex IDs and common words: anchoring on the first byte of a
    /// needle such as `PBXFileSystemSynchronized` would stop every few bytes.
    static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= bytes.count else { return false }
        let anchor = needle.indices.min { rarity(needle[$0]) < rarity(needle[$1]) } ?? 0
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { wanted in
                guard let base = haystack.baseAddress, let pattern = wanted.baseAddress else { return false }
                // Positions of the anchor byte that leave room for the needle around it.
                var offset = anchor
                let last = haystack.count - wanted.count + anchor
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(needle[anchor]), last - offset + 1) else {
                        return false
                    }
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at - anchor, pattern, wanted.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    /// Lower for bytes rarer in project files: letters English and Xcode's keys seldom use come first.
    private static func rarity(_ byte: UInt8) -> Int {
        let rare = Array("zqjZQJXKVWYkvxwy".utf8)
        if let rank = rare.firstIndex(of: byte) { return rank }
        if byte >= 0x80 { return rare.count }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") ? 100 : 200
    }
}
