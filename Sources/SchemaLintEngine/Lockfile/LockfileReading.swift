import Foundation

/// Lockfiles read in the background while the run reads sources and model bundles: decoding a large Core Data app's
/// lockfile (megabytes of entity snapshots) costs as much as reading its model bundles, and neither needs the other.
/// The result, or the error, is what `LockfileStore.load` gives for the same path.
public final class LockfileReading: @unchecked Sendable {
    private var results: [String: Result<Lockfile?, Error>] = [:]
    private let lock = NSLock()
    private let done = DispatchGroup()

    /// Starts reading each path that exists.
    init(paths: Set<String>) {
        for path in paths.sorted() where FileManager.default.fileExists(atPath: path) {
            DispatchQueue.global().async(group: done) { [self] in
                let result = Result { try LockfileStore.load(path) }
                lock.lock()
                results[path] = result
                lock.unlock()
            }
        }
    }

    /// The lockfile at `path` (nil when it does not exist), once read; nil when this reading does not cover it.
    public func lockfile(at path: String) -> Result<Lockfile?, Error>? {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return results[path]
    }
}
