import Foundation
import SchemaLintModel

/// Git submodules a checkout lacks: `git clone` without `--recursive` (or a CI checkout without submodules) leaves
/// their folders empty, and the code in them, a store opened there or the container class an app's stack inherits
/// from, is never read. Nothing in the Swift files says so; `.gitmodules` does.
enum GitSubmodules {
    /// The problem to print for the submodules below `roots` whose folders are missing or empty, or nil when every
    /// one is checked out (or no `.gitmodules` lists any).
    static func absentProblem(roots: [String], workingDirectory: String) -> String? {
        let absent = Self.absent(below: roots)
        guard !absent.isEmpty else { return nil }
        let shown = absent.prefix(3).map { Workspace.display($0, workingDirectory: workingDirectory) }
        let more = absent.count > shown.count ? " and \(absent.count - shown.count) more" : ""
        let listed = shown.joined(separator: ", ") + more
        let subject = absent.count == 1 ? "git submodule \(listed) is" : "git submodules \(listed) are"
        return "\(subject) not checked out: code there is not read, so a store opened there, or a container class "
            + "defined there, goes unchecked; run `git submodule update --init --recursive`"
    }

    /// The absolute paths of the absent submodules below `roots`, sorted.
    static func absent(below roots: [String]) -> [String] {
        var listed = Set<String>()
        for root in Set(roots.map(SourceDiscovery.normalise)) {
            guard let repository = repositoryRoot(above: root) else { continue }
            for path in paths(inModulesFileOf: repository) {
                let absolute = SourceDiscovery.normalise(repository + "/" + path)
                guard absolute == root || absolute.hasPrefix(root == "/" ? "/" : root + "/") else { continue }
                listed.insert(absolute)
            }
        }
        return listed.filter(isEmptyOrMissing).sorted()
    }

    /// The nearest folder at or above `folder` holding `.gitmodules`, stopping at the repository's root (`.git`).
    private static func repositoryRoot(above folder: String) -> String? {
        var current = folder
        while true {
            if FileManager.default.fileExists(atPath: current + "/.gitmodules") { return current }
            if FileManager.default.fileExists(atPath: current + "/.git") { return nil }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }

    /// The `path = …` values of a `.gitmodules` file (git's config format: `[submodule "name"]` sections).
    static func paths(inModulesFile text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "path" else { return nil }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty || value.hasPrefix("/") || value.split(separator: "/").contains("..") ? nil : value
        }
    }

    private static func paths(inModulesFileOf repository: String) -> [String] {
        let file = repository + "/.gitmodules"
        guard case let .success(text) = RegularFile.text(file, limit: 1 << 20) else { return [] }
        return paths(inModulesFile: text)
    }

    private static func isEmptyOrMissing(_ folder: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return true }
        return entries.isEmpty
    }
}
