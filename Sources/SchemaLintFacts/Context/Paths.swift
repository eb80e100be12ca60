/// Paths as strings: their folder and file name, without bridging to `NSString`. Resolving them against a folder
/// (`Paths.absolute`) is the engine's.
public enum Paths {
    /// The folder holding an absolute, normalised path (`/` for a top-level one): what `deletingLastPathComponent`
    /// gives for such paths, without bridging to `NSString`, which costs more than the rest of finding a file's app.
    public static func parent(_ path: String) -> String {
        guard let slash = lastSlash(path) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The folder part of a path as written (`App/Models` of `App/Models/Trip.swift`), empty when it has none.
    public static func folderPart(_ path: String) -> Substring {
        lastSlash(path).map { path[..<$0] } ?? ""
    }

    /// The last component of a path as written (`Trip.swift` of `App/Models/Trip.swift`).
    public static func fileName(_ path: String) -> String {
        lastSlash(path).map { String(path[path.utf8.index(after: $0)...]) } ?? path
    }

    /// Where the last `/` is. Asked for every file of a run: a loop over the bytes, not a walk back through
    /// `String.UTF8View` one checked index at a time (a tenth of grouping four thousand files into apps).
    package static func lastSlash(_ path: String) -> String.Index? {
        let offset = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var index = bytes.count
            while index > 0 {
                index -= 1
                if bytes[index] == UInt8(ascii: "/") { return index }
            }
            return nil
        }
        guard let offset else { return path.utf8.lastIndex(of: UInt8(ascii: "/")) }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }
}
