import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Pass 2's file selection: which of the files pass 1 skipped declare a name the schema needs or alias into the
/// versions. Deferred files (read from disk, bytes not kept) are read again into one buffer per worker; only
/// SwiftData apps ever get here, so an app without SwiftData reads each file once.
///
/// What each skipped file declares is read once, in the first round: a later round (names the files an earlier one
/// brought in need, such as the types a stored struct's fields name) is set lookups, not another walk over every
/// file; only a constant (mentioned) or a value (declared: `MissingNames.values`) first wanted in a later round reads
/// the files again.
struct PassTwo {
    private var declared: [Int: DeclarationScanner.Declared] = [:]

    mutating func select(
        _ files: [SourceDiscovery.SourceFile], among candidates: [Int], wanted: MissingNames,
        stackCallers: [Int: Set<String>] = [:], threads: Int?
    ) -> [Int] {
        let names = wanted.declarations, targets = wanted.aliasTargets, constants = wanted.mentioned
        let (values, callers, methods) = (wanted.values, wanted.callers, wanted.methods)
        let unread = candidates.filter { declared[$0] == nil }
        let rereads =
            constants.isEmpty && values.isEmpty && methods.isEmpty && callers.isEmpty && stackCallers.isEmpty
            ? [] : candidates.filter { declared[$0] != nil }
        let toRead = unread + rereads
        let newBuffer: @Sendable () -> [UInt8] = { [UInt8](repeating: 0, count: 1 << 16) }
        let results = Workers.map(toRead.count, threads: threads, state: newBuffer) {
            slot, buffer -> (DeclarationScanner.Declared, Bool)? in
            let file = files[toRead[slot]]
            let callersHere =
                ContainerPurpose.isTestPath(file.path) ? [] : callers.union(stackCallers[toRead[slot]] ?? [])
            func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (DeclarationScanner.Declared, Bool) {
                (
                    DeclarationScanner.declared(bytes),
                    DeclarationScanner.mentionsIdentifier(bytes, in: constants)
                        || DeclarationScanner.declaresValue(bytes, in: values)
                        || DeclarationScanner.declaresValue(bytes, in: methods, membersToo: true)
                        || DeclarationScanner.callsIdentifier(bytes, in: callersHere)
                )
            }
            guard file.isDeferred, let path = file.absolutePath else {
                return file.bytes.withUnsafeBufferPointer(scan)
            }
            guard case let .success((count, _)) = SourceDiscovery.read(path, into: &buffer) else { return nil }
            return buffer.withUnsafeBufferPointer { whole in scan(UnsafeBufferPointer(rebasing: whole[0..<count])) }
        }
        var mentionsConstant = Set<Int>()
        for (slot, index) in toRead.enumerated() {
            guard let (found, constant) = results[slot] else { continue }
            declared[index] = found
            if constant { mentionsConstant.insert(index) }
        }
        return candidates.filter { index in
            mentionsConstant.contains(index)
                || declared[index]?.mentions(declaring: names, aliasing: targets) == true
        }
    }

    /// Which of `names` each of the files (at `candidates`) mentions as a whole identifier, comments and strings
    /// included, by index: a name none mentions is written in none of them.
    func mentioned(_ names: Set<String>, in files: [SourceDiscovery.SourceFile], among candidates: [Int], threads: Int?)
        -> [Int: Set<String>]
    {
        let newBuffer: @Sendable () -> [UInt8] = { [UInt8](repeating: 0, count: 1 << 16) }
        let results = Workers.map(candidates.count, threads: threads, state: newBuffer) {
            slot, buffer -> Set<String>? in
            let file = files[candidates[slot]]
            let scan = { (bytes: UnsafeBufferPointer<UInt8>) in
                DeclarationScanner.identifiersMentioned(bytes, among: names)
            }
            guard file.isDeferred, let path = file.absolutePath else {
                return file.bytes.withUnsafeBufferPointer(scan)
            }
            // A file that cannot be read again may mention any of them.
            guard case let .success((count, _)) = SourceDiscovery.read(path, into: &buffer) else { return names }
            return buffer.withUnsafeBufferPointer { whole in scan(UnsafeBufferPointer(rebasing: whole[0..<count])) }
        }
        var found: [Int: Set<String>] = [:]
        for (slot, index) in candidates.enumerated() {
            let mentions = results[slot] ?? names
            if !mentions.isEmpty { found[index] = mentions }
        }
        return found
    }
}
