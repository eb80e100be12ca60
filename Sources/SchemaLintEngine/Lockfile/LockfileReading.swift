import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Lockfiles read in the background while the run reads sources and model bundles: decoding a large Core Data app's
/// lockfile (megabytes of entity snapshots) costs as much as reading its model bundles, and the bundles' versions
/// recorded in it are not read at all (`RecordedVersions`), so it starts as soon as discovery's walk has found it.
/// The result, or the error, is what `LockfileStore.load` gives for the same path.
public final class LockfileReading: @unchecked Sendable {
    private var results: [String: Result<Lockfile?, Error>] = [:]
    private var started: Set<String> = []
    private let lock = NSLock()
    private let done = DispatchGroup()
    private let workingDirectory: String

    /// Starts reading each path that exists (relative paths are relative to `workingDirectory`).
    public init(paths: Set<String>, workingDirectory: String) {
        self.workingDirectory = SourceDiscovery.normalise(workingDirectory)
        read(paths)
    }

    /// Starts reading the paths not read yet.
    public func read(_ paths: Set<String>) {
        for path in paths.sorted() {
            let absolute = Paths.absolute(path, in: workingDirectory)
            lock.lock()
            let isNew = started.insert(absolute).inserted
            lock.unlock()
            guard isNew, FileManager.default.fileExists(atPath: absolute) else { continue }
            DispatchQueue.global().async(group: done) { [self] in
                StageTrace.mark("lockfile read starts")
                let result = Result { try LockfileStore.load(path, readingFrom: absolute) }
                StageTrace.mark("lockfile decoded")
                lock.lock()
                results[absolute] = result
                lock.unlock()
            }
        }
    }

    /// The lockfile at `path` (nil when it does not exist), once read; nil when this reading does not cover it.
    public func lockfile(at path: String) -> Result<Lockfile?, Error>? {
        let absolute = Paths.absolute(path, in: workingDirectory)
        lock.lock()
        let covered = started.contains(absolute)
        lock.unlock()
        guard covered else { return nil }
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return results[absolute] ?? .success(nil)
    }
}
