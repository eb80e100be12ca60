import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Lockfiles read in the background while the run reads sources and model bundles: decoding a large Core Data app's
/// lockfile (megabytes of entity snapshots) costs as much as reading its model bundles, and the bundles' versions
/// recorded in it are not read at all (`RecordedVersions`), so it starts as soon as discovery's walk has found it.
/// The result, or the error, is what `LockfileStore.load` gives for the same path.
public final class LockfileReading: @unchecked Sendable {
    private var results: [String: Result<Lockfile?, Error>] = [:]
    /// Each lockfile's Core Data entries made ready for `RecordedVersions`, when the run takes versions from them.
    private var records: [String: [String: RecordedVersions.Record]] = [:]
    private let preparesRecords: Bool
    private var started: Set<String> = []
    private let lock = NSLock()
    private let done = DispatchGroup()
    private let workingDirectory: String

    /// Starts reading each path that exists (relative paths are relative to `workingDirectory`). `preparingRecords`:
    /// the run takes model versions from the lockfile (`RecordedVersions`); its entries are made ready for that on
    /// the same thread, off the main one.
    public init(paths: Set<String>, workingDirectory: String, preparingRecords: Bool = false) {
        self.workingDirectory = SourceDiscovery.normalise(workingDirectory)
        preparesRecords = preparingRecords
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
                var prepared: [String: RecordedVersions.Record]?
                if preparesRecords, case let .success(lockfile?) = result {
                    prepared = RecordedVersions.records(of: lockfile)
                }
                lock.lock()
                results[absolute] = result
                records[absolute] = prepared
                lock.unlock()
            }
        }
    }

    /// The records `RecordedVersions` makes of the lockfile at `path`'s entries, when they were made while reading it.
    func records(at path: String) -> [String: RecordedVersions.Record]? {
        guard lockfile(at: path) != nil else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return records[Paths.absolute(path, in: workingDirectory)]
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
