import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Reads files while the walk is still finding them: the walk hands over what it has found in batches, helper
/// threads read them as they come, and the walking thread joins in once the walk is done. On a large tree the walk
/// (one thread listing a thousand folders) took as long as reading every file on two cores; now they overlap.
///
/// Values come back in the order the files were handed over, so output never depends on thread timing.
final class FileReadPipeline<File, Value>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Files handed over; each is let go of once taken (it may hold an `OpenFolder`).
    private var files: [File?] = []
    private var next = 0
    private var closed = false
    private var values: [(index: Int, value: Value)] = []
    private let helpers = DispatchGroup()
    private let read: @Sendable (File, inout [UInt8]) -> Value

    /// `helpers`: threads that start reading now; `read` reads one file with a buffer each thread reuses.
    init(helpers count: Int, read: @escaping @Sendable (File, inout [UInt8]) -> Value) {
        self.read = read
        for _ in 0..<count {
            DispatchQueue.global().async(group: helpers) { [self] in work() }
        }
    }

    /// More files to read, in walk order.
    func add(_ found: [File]) {
        guard !found.isEmpty else { return }
        condition.lock()
        files += found.map(Optional.some)
        condition.broadcast()
        condition.unlock()
    }

    /// Reads what is left on this thread too, waits for the helpers and returns every value in the order given.
    func finish() -> [Value] {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        work()
        helpers.wait()
        // Each value goes to its file's place: no sort of four thousand values by index.
        var ordered = [Value?](repeating: nil, count: files.count)
        for (index, value) in values { ordered[index] = value }
        values = []
        return ordered.map { $0! }
    }

    private func work() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var done: [(index: Int, value: Value)] = []
        while true {
            condition.lock()
            while next == files.count && !closed { condition.wait() }
            let start = next
            // A few at a time: fewer trips through the lock, and the others still get a share.
            let end = min(files.count, next + 8)
            next = end
            let batch = files[start..<end].compactMap { $0 }
            for index in start..<end { files[index] = nil }
            condition.unlock()
            if batch.isEmpty { break }
            for (offset, file) in batch.enumerated() { done.append((start + offset, read(file, &buffer))) }
        }
        condition.lock()
        values += done
        condition.unlock()
    }
}
