import Foundation
import SchemaLintSyntax

/// Pass 2's file selection: which of the files pass 1 skipped declare a name the schema needs or alias into the
/// versions. Deferred files (read from disk, bytes not kept) are read again into one buffer per worker; only
/// SwiftData apps ever get here, so an app without SwiftData reads each file once.
enum PassTwo {
    static func select(
        _ files: [SourceDiscovery.SourceFile], among candidates: [Int], wanted: MissingNames,
        threads: Int?
    ) -> [Int] {
        let names = wanted.declarations, targets = wanted.aliasTargets, constants = wanted.constants
        let newBuffer: @Sendable () -> [UInt8] = { [UInt8](repeating: 0, count: 1 << 16) }
        let verdicts = Workers.map(candidates.count, threads: threads, state: newBuffer) { slot, buffer -> Bool in
            let file = files[candidates[slot]]
            guard file.isDeferred, let path = file.absolutePath else {
                return file.bytes.withUnsafeBufferPointer { bytes in
                    DeclarationScanner.mentions(bytes, declaring: names, aliasing: targets)
                        || DeclarationScanner.mentionsIdentifier(bytes, in: constants)
                }
            }
            guard case let .success((count, _)) = SourceDiscovery.read(path, into: &buffer) else { return false }
            return buffer.withUnsafeBufferPointer { whole in
                let content = UnsafeBufferPointer(rebasing: whole[0..<count])
                return DeclarationScanner.mentions(content, declaring: names, aliasing: targets)
                    || DeclarationScanner.mentionsIdentifier(content, in: constants)
            }
        }
        return candidates.indices.filter { verdicts[$0] }.map { candidates[$0] }
    }
}
