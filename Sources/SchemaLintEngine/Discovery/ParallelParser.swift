import Dispatch
import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Parses files on every core. Results come back in input order, so output never depends on thread timing.
enum ParallelParser {
    /// Parser threads get a large stack: swift-syntax recurses deeply on some inputs (see `NestingGuard`).
    static let stackSize = 64 << 20

    /// `conditions(path)`: what the release builds compiling the file set for its `#if` clauses.
    /// `collectingCalls`: see `SwiftFileParser.parse`.
    static func parse(
        _ files: [SourceDiscovery.SourceFile], threads: Int? = nil,
        conditions: @escaping @Sendable (String) -> CompilationConditions = { _ in .unknown },
        collectingCalls: Bool = false
    ) -> [ParsedFile] {
        guard !files.isEmpty else { return [] }
        let results = ResultSlots<ParsedFile>(count: files.count)
        let workers = max(1, min(threads ?? Cores.available, files.count))
        // Files are handed out by index so a huge file doesn't hold up a whole fixed-size chunk.
        let next = AtomicCounter()
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            let thread = Thread {
                while true {
                    let index = next.increment()
                    guard index < files.count else { break }
                    let file = files[index]
                    results.set(
                        index,
                        SwiftFileParser.parse(
                            path: file.path, bytes: file.bytes, conditions: conditions(file.path),
                            collectingCalls: collectingCalls))
                }
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        done.wait()
        return results.values()
    }
}

/// Write-once slots filled from several threads.
final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }
    func values() -> [Value] { storage.compactMap { $0 } }
    func value(_ index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return storage[index]
    }
}

final class AtomicCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

/// Work on every core with the Dispatch pool (default stack size): indices are handed out one at a time, and each
/// worker keeps its own `state` (a reusable read buffer, say). Results come back in index order.
enum Workers {
    static func map<Value, State>(
        _ count: Int, threads: Int?, state makeState: @Sendable () -> State,
        _ transform: @Sendable (Int, inout State) -> Value
    ) -> [Value] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Value>(count: count)
        let next = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads ?? Cores.available, count))) { _ in
            var state = makeState()
            while true {
                let index = next.increment()
                guard index < count else { return }
                slots.set(index, transform(index, &state))
            }
        }
        return slots.values()
    }
}

/// How many cores to use by default.
enum Cores {
    static var available: Int { ProcessInfo.processInfo.activeProcessorCount }
}
