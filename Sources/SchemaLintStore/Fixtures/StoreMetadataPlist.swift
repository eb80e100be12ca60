import SchemaLintModel

/// The `Z_METADATA.Z_PLIST` of a store: what Core Data records about the model that wrote it.
///
/// Which keys a store has depends on the framework version that wrote it, not on whether SwiftData or a Core Data
/// app drove it: in the real stores every one has `NSPersistenceFrameworkVersion`, `NSStoreModelVersionHashes`,
/// `NSStoreModelVersionHashesVersion` (3), `NSStoreModelVersionIdentifiers`, `NSStoreType` and `_NSAutoVacuumLevel`;
/// `NSStoreModelVersionHashesDigest` from framework 1044 on (absent at 849), `NSStoreModelVersionChecksumKey` from
/// 1327 on (absent at 1044; Core Data apps' stores have it too), `NSPersistenceMaximumFrameworkVersion`, equal to the
/// framework version, from 1518 on (absent at 1414). The bounds are the versions observed, so a version between two
/// observed ones takes the later one's keys only if it is at least that version.
public enum StoreMetadataPlist {
    /// The newest framework of the real stores (iOS 26 / macOS 26 era), the default for fixtures.
    public static let currentFrameworkVersion = 1526

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `entityHashes`: entity name → 32-byte version hash, as the lockfile records them. `checksum`: the lockfile's
    /// checksum; it is checked against the one the hashes give (SHA-256 of the hashes in name order) and an error if
    /// it differs, so a fixture never carries an inconsistent pair. Nil: worked out from the hashes.
    /// The digest is always worked out from the hashes (SHA-512 of name ‖ hash in name order, as in every real
    /// store).
    public static func encode(
        entityHashes: [String: [UInt8]], versionIdentifiers: [String], checksum: String? = nil,
        frameworkVersion: Int = currentFrameworkVersion
    ) throws -> [UInt8] {
        BinaryPropertyListWriter.encode(
            try plist(
                entityHashes: entityHashes, versionIdentifiers: versionIdentifiers, checksum: checksum,
                frameworkVersion: frameworkVersion))
    }

    public static func plist(
        entityHashes: [String: [UInt8]], versionIdentifiers: [String], checksum: String? = nil,
        frameworkVersion: Int = currentFrameworkVersion
    ) throws -> PropertyListValue {
        guard !entityHashes.isEmpty else { throw Failure(description: "a store's metadata needs entity hashes") }
        for (name, hash) in entityHashes where hash.count != 32 {
            throw Failure(description: "the version hash of \(name) has \(hash.count) bytes, not 32")
        }
        let computed = VersionHasher.result(entityHashes: entityHashes)
        if let checksum, checksum != computed.checksum {
            throw Failure(
                description: "checksum \(checksum) is not the one the entity hashes give (\(computed.checksum))")
        }
        var plist: [String: PropertyListValue] = [
            "NSPersistenceFrameworkVersion": .integer(Int64(frameworkVersion)),
            "NSStoreModelVersionHashes": .dictionary(entityHashes.mapValues(PropertyListValue.data)),
            "NSStoreModelVersionHashesVersion": .integer(3),
            "NSStoreModelVersionIdentifiers": .array(versionIdentifiers.map(PropertyListValue.string)),
            "NSStoreType": .string("SQLite"),
            "_NSAutoVacuumLevel": .string("2"),
        ]
        if frameworkVersion >= 1044 { plist["NSStoreModelVersionHashesDigest"] = .string(computed.digest) }
        if frameworkVersion >= 1327 { plist["NSStoreModelVersionChecksumKey"] = .string(computed.checksum) }
        if frameworkVersion >= 1518 {
            plist["NSPersistenceMaximumFrameworkVersion"] = .integer(Int64(frameworkVersion))
        }
        return .dictionary(plist)
    }
}
