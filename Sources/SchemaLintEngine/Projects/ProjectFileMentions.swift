#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Whether a project file can compile any of a few files, told from its bytes alone: a large app's main
/// `project.pbxproj` takes longer to read than everything else a run does, and most of an app's projects never
/// mention its model bundle. A project lists each file it compiles by name (a file reference's `path` or `name`), or
/// a whole folder (Xcode 16's synchronized folders); one that does neither cannot compile the file.
enum ProjectFileMentions {
    static func mayList(_ names: Set<String>, in bytes: [UInt8]) -> Bool {
        if contains(Array("PBXFileSystemSynchronized".utf8), in: bytes) { return true }
        return names.contains { name in
            let utf8 = Array(name.utf8)
            // Xcode escapes quotes and backslashes, and may escape what is not ASCII: such a name is taken as named.
            let plain = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != 0x5C }
            return !plain || utf8.isEmpty || contains(utf8, in: bytes)
        }
    }

    /// `memchr` to each candidate first byte, then `memcmp` (`memmem` is not in every C library Swift imports).
    private static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return needle.isEmpty }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { wanted in
                guard let base = haystack.baseAddress, let pattern = wanted.baseAddress else { return false }
                var offset = 0
                let last = haystack.count - wanted.count
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, pattern, wanted.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }
}
