import Foundation
import SchemaLintModel

/// `<entity>` elements already read, by their bytes, with what reading them gave (lines counted from the element's
/// own first line). Shared by the readers on every core (what an element gives does not depend on who read it).
public final class EntityMemo: @unchecked Sendable {
    struct Entry {
        var entity: ManagedEntity
        var details: ModelDetails
        var uncertainties: Set<String>
        /// Hash and snapshot, for an entity without a parent (they depend on nothing else).
        var state: ModelBundleVersion.EntityState?
    }

    /// The bytes of one element. Hashed by their length and their first and last 64 bytes (an entity's name and
    /// its last properties: hashing megabytes of repeated elements whole costs more than reading them), compared
    /// whole.
    private struct Key: Hashable {
        let bytes: ArraySlice<UInt8>

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { raw in
                let edge = min(64, raw.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[0..<edge]))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[(raw.count - edge)...]))
            }
        }

        static func == (left: Key, right: Key) -> Bool {
            left.bytes.count == right.bytes.count
                && left.bytes.withUnsafeBytes { l in
                    right.bytes.withUnsafeBytes { r in
                        guard let a = l.baseAddress, let b = r.baseAddress else { return l.count == r.count }
                        return memcmp(a, b, l.count) == 0
                    }
                }
        }
    }

    private var entries: [Key: Entry] = [:]
    private let lock = NSLock()

    public init() {}

    /// What the element `bytes` holds: from the memo, or read now (alone, as a document of its own). Throws
    /// `MemoMiss` when it cannot be read alone; the version is then read whole.
    func entity(_ bytes: ArraySlice<UInt8>, file: String) throws -> Entry {
        let key = Key(bytes: bytes)
        lock.lock()
        let known = entries[key]
        lock.unlock()
        if let known { return known }
        guard let element = try? XMLReader.read(Array(bytes)), element.name == "entity" else { throw MemoMiss() }
        var reader = EntityReader(file: file, composites: [:])
        guard let entity = try? reader.entity(element) else { throw MemoMiss() }
        let state = entity.superentity == nil
            ? ModelBundleVersion.EntityState(
                hash: VersionHasher.entityHash(entity),
                snapshot: VersionAnalysis.bundleSnapshot(of: entity, details: reader.details))
            : nil
        let entry = Entry(entity: entity, details: reader.details, uncertainties: reader.uncertainties, state: state)
        lock.lock()
        entries[key] = entry
        lock.unlock()
        return entry
    }
}

/// A version the memo cannot read: it is read whole instead.
struct MemoMiss: Error {}
