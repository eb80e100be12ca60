import Foundation
import SchemaLintFacts
import SchemaLintRules
import SchemaLintStore

/// The store files a project keeps as fixtures (`stores:` in the configuration, `--stores` on the command line).
public enum StoreFixtures {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Files matching `patterns` (globs relative to `base`; `*`, `?` and `**` as in `included`), sorted, without
    /// SQLite's `-wal`, `-shm` and `-journal` siblings. A pattern that matches nothing is an error: a moved
    /// fixture folder must not silently switch the check off.
    public static func locate(_ patterns: [String], base: String) throws -> [String] {
        var found = Set<String>()
        for pattern in patterns {
            let absolute = Paths.absolute(pattern, in: base)
            var matches: [String] = []
            if !pattern.contains(where: { "*?[".contains($0) }) {
                if FileManager.default.fileExists(atPath: absolute) { matches = [SourceDiscovery.normalise(absolute)] }
            } else {
                matches = walk(matching: absolute)
            }
            matches.removeAll { path in ["-wal", "-shm", "-journal"].contains { path.hasSuffix($0) } }
            guard !matches.isEmpty else {
                throw Failure(
                    description:
                        "stores: '\(pattern)' matches no file (looked in \(base)). Fix the pattern or remove it")
            }
            found.formUnion(matches)
        }
        return found.sorted()
    }

    /// Walks from the longest wildcard-free folder of the pattern, at most 10,000 entries, never following links.
    private static func walk(matching pattern: String) -> [String] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let fixed = components.prefix { !$0.contains(where: { "*?[".contains($0) }) }
        let root = "/" + fixed.joined(separator: "/")
        let glob = PathFilter.Glob(components.dropFirst(fixed.count).joined(separator: "/"))
        var results: [String] = []
        var visited = 0
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        while let relative = enumerator.nextObject() as? String, visited < 10_000 {
            visited += 1
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            if glob.matches(relative.split(separator: "/"), orAncestor: false) {
                results.append(SourceDiscovery.normalise(path))
            }
        }
        return results
    }

    /// Reads every store's metadata and cached model; a store that cannot be read stops the check (exit 2).
    public static func read(_ paths: [String]) throws -> [StoreMetadata] {
        try paths.map { path in
            do {
                return try StoreReader.metadata(of: path)
            } catch let failure as StoreReader.Failure {
                throw Failure(description: failure.description)
            }
        }
    }
}
