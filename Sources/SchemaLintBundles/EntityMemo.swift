import SchemaLintModel

/// `<entity>` elements already read, by their bytes, with what reading them gave (lines counted from the element's
/// own first line). One memo serves one thread: readers on other cores keep their own.
public final class EntityMemo {
    struct Entry {
        var entity: StoreEntity
        var details: ModelDetails
        var uncertainties: Set<String>
    }

    /// The bytes of one element, compared and hashed whole (an `ArraySlice`'s own hashing goes byte by byte).
    private struct Key: Hashable {
        let bytes: ArraySlice<UInt8>

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (left: Key, right: Key) -> Bool {
            left.bytes.count == right.bytes.count
                && left.bytes.withUnsafeBytes { l in right.bytes.withUnsafeBytes { r in l.elementsEqual(r) } }
        }
    }

    private var entries: [Key: Entry] = [:]

    public init() {}

    /// What the element `bytes` holds: from the memo, or read now (alone, as a document of its own). Throws
    /// `MemoMiss` when it cannot be read alone; the version is then read whole.
    func entity(_ bytes: ArraySlice<UInt8>, file: String) throws -> Entry {
        let key = Key(bytes: bytes)
        if let known = entries[key] { return known }
        guard let element = try? XMLReader.read(Array(bytes)), element.name == "entity" else { throw MemoMiss() }
        var reader = EntityReader(file: file, composites: [:])
        guard let entity = try? reader.entity(element) else { throw MemoMiss() }
        let entry = Entry(entity: entity, details: reader.details, uncertainties: reader.uncertainties)
        entries[key] = entry
        return entry
    }
}

/// A version the memo cannot read: it is read whole instead.
struct MemoMiss: Error {}
