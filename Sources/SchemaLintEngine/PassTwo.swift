import Foundation
import SchemaLintSyntax

/// Pass 2's file selection: which of the files pass 1 skipped declare a name the schema needs or alias into the
/// versions. Deferred files (read from disk, bytes not kept) are read again into one buffer per worker; only
/// SwiftData apps ever get here, so an app without SwiftData reads each file once.
enum PassTwo {
    static func select(_ files: [SourceDiscovery.SourceFile], among candidates: [Int], wanted: MissingNames,
                       threads: Int?) -> [Int] {
        guard !candidates.isEmpty else { return [] }
        let slots = ResultSlots<Bool>(count: candidates.count)
        let workers = max(1, min(threads ?? Cores.available, candidates.count))
        let next = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let slot = next.increment()
                guard slot < candidates.count else { return }
                let file = files[candidates[slot]]
                guard file.isDeferred, let path = file.absolutePath else {
                    slots.set(slot, DeclarationScanner.mentions(file.bytes, declaring: wanted.declarations,
                                                                aliasing: wanted.aliasTargets))
                    continue
                }
                guard case let .success((count, _)) = SourceDiscovery.read(path, into: &buffer) else {
                    slots.set(slot, false)
                    continue
                }
                let found = buffer.withUnsafeBufferPointer { whole in
                    DeclarationScanner.mentions(UnsafeBufferPointer(rebasing: whole[0..<count]),
                                                declaring: wanted.declarations, aliasing: wanted.aliasTargets)
                }
                slots.set(slot, found)
            }
        }
        let verdicts = slots.values()
        return candidates.indices.filter { verdicts[$0] }.map { candidates[$0] }
    }
}
