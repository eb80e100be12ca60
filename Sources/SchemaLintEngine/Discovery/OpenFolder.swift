import Foundation
import SchemaLintFacts
import SchemaLintRules

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A folder the walk has listed, kept open for the Swift files found in it: readers open each file by its name
/// relative to the folder instead of by its whole path again (resolving four thousand paths component by component
/// was a tenth of reading a large app). The descriptor closes when the last file holding it is read.
///
/// Few are open at once (`limit`): past that, files are opened by path as before, so a walk far ahead of its readers
/// never runs out of descriptors.
final class OpenFolder: @unchecked Sendable {
    let descriptor: Int32
    static let limit = 64
    private static let count = LiveCount()

    /// A second descriptor of the folder open at `folder`; nil when `limit` are open already or it cannot be had.
    init?(duplicating folder: Int32) {
        guard Self.count.take(below: Self.limit) else { return nil }
        let duplicate = fcntl(folder, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else {
            Self.count.give()
            return nil
        }
        descriptor = duplicate
    }

    deinit {
        close(descriptor)
        Self.count.give()
    }

    private final class LiveCount: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()

        func take(below limit: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return false }
            value += 1
            return true
        }

        func give() {
            lock.lock()
            value -= 1
            lock.unlock()
        }
    }
}
