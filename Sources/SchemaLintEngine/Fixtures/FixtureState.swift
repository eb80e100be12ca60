import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// One shipped state a user's store can be in, as `fixtures` writes it: the model the framework builds for it and
/// the values its store's metadata identifies it by, or why no faithful store can be written.
public struct FixtureState: Sendable {
    public enum Framework: String, Sendable { case swiftData, coreData }

    /// The lockfile's key: `SchemaV2`, `Unversioned`, or `Model.xcdatamodeld/Model 3` for a Core Data version.
    public var key: String
    public var framework: Framework
    /// The file the fixture is written to, relative to the output folder.
    public var fileName: String
    /// The model; nil when `unavailable` says why none can be written.
    public var schema: ManagedModel?
    /// What the store's metadata records (`NSStoreModelVersionIdentifiers`).
    public var versionIdentifiers: [String]
    /// Entity name to its 32-byte version hash, as locked.
    public var entityHashes: [String: [UInt8]]
    /// SwiftData's store checksum (`NSStoreModelVersionChecksumKey`), base64; nil for Core Data.
    public var checksum: String?
    /// Where the model was taken from: `the sources` or `the lockfile's snapshot`.
    public var origin: String
    /// The stores (`StoreLocation.key`) that held this state when it was locked.
    public var heldIn: [String]
    public var unavailable: String?
    /// Delete rules by `Entity.relationship` (Core Data's numbers: 0 no action, 1 nullify, 2 cascade, 3 deny), for
    /// the cached model: not hashed, but what the framework reads back from it.
    public var deleteRules: [String: Int] = [:]
    /// The framework version the store is written as (`NSPersistenceFrameworkVersion`): which metadata keys it has.
    /// nil: today's.
    public var frameworkVersion: Int?
    /// SwiftData's `#Index` key paths by entity (the snapshots' `indexes`): an SQLite index each.
    public var fetchIndexes: [String: [[String]]] = [:]

    /// A fixed store UUID derived from the state, so a fixture's bytes never change between runs.
    public var storeUUID: String {
        let digest = SHA256.hash(data: Array("\(key)|\(checksum ?? "")|\(Hex.encode(hashDigestInput))".utf8))
        let hex = Hex.encode(Array(digest.prefix(16))).uppercased()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range -> String in
            let start = hex.index(hex.startIndex, offsetBy: range.lowerBound)
            let end = hex.index(hex.startIndex, offsetBy: range.upperBound)
            return String(hex[start..<end])
        }
        return parts.joined(separator: "-")
    }

    private var hashDigestInput: [UInt8] {
        entityHashes.keys.sorted().flatMap { Array($0.utf8) + (entityHashes[$0] ?? []) }
    }
}
