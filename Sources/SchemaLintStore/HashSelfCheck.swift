import SchemaLintModel

/// Recomputes a store's entity hashes, checksum and digest from its own cached model and compares them with what
/// its metadata records. This checks schemalint's Core Data hashing independently of how Swift source is mapped:
/// if a store fails it, the hasher (not the source analysis) is wrong.
public struct HashSelfCheck: Sendable {
    /// Entities whose recomputed hash equals the recorded one.
    public var matchingEntities: [String]
    /// Everything that differs, one line each.
    public var mismatches: [String]
    /// Entities left out because their hash depends on something schemalint cannot reproduce.
    public var skipped: [String]

    public var passed: Bool { mismatches.isEmpty }

    /// Nil when the store has no decodable cached model.
    public init?(_ metadata: StoreMetadata) {
        guard let model = metadata.model else { return nil }
        let computed = VersionHasher.hash(model.schema)
        let skippedEntities = Set(model.unverifiable.map(\.entity))
        matchingEntities = []
        mismatches = []
        skipped = skippedEntities.sorted()
        for name in Set(metadata.entityHashes.keys).union(computed.entityHashes.keys).sorted()
        where !skippedEntities.contains(name) {
            switch (metadata.entityHashes[name], computed.entityHashes[name]) {
            case let (recorded?, recomputed?) where recorded == recomputed:
                matchingEntities.append(name)
            case let (recorded?, recomputed?):
                mismatches.append(
                    "entity \(name): recorded \(Hex.encode(recorded)), recomputed \(Hex.encode(recomputed))")
            case (_?, nil):
                mismatches.append("entity \(name) has a recorded hash but is not in the cached model")
            case (nil, _):
                mismatches.append("entity \(name) is in the cached model but has no recorded hash")
            }
        }
        guard skippedEntities.isEmpty else { return }
        if let checksum = metadata.checksum, checksum != computed.checksum {
            mismatches.append("checksum: recorded \(checksum), recomputed \(computed.checksum)")
        }
        if let digest = metadata.digest, digest != computed.digest {
            mismatches.append("digest: recorded \(digest), recomputed \(computed.digest)")
        }
    }
}
