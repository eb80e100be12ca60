
/// Core Data's version hashes (hashes version 3), as SwiftData writes them into a store's metadata:
/// `NSStoreModelVersionHashes`, `NSStoreModelVersionChecksumKey` and `NSStoreModelVersionHashesDigest`.
/// The byte layout is documented in docs/hashing.md and pinned by golden tests against real stores.
public enum VersionHasher {
    public struct Result: Sendable, Hashable {
        /// Entity name to its 32-byte version hash.
        public var entityHashes: [String: [UInt8]]
        /// base64(SHA-256 of the entity hashes in name order): what staged migration matches stores by.
        public var checksum: String
        /// base64(SHA-512 of name ‖ hash for each entity in name order). Worked out when asked for: only `hash` and
        /// the store self-check show it, and a large bundle's hundred versions would each pay for it.
        public var digest: String {
            var digest = SHA512()
            for name in entityHashes.keys.sorted() {
                digest.update(data: Array(name.utf8))
                digest.update(data: entityHashes[name]!)
            }
            return Base64.encode(digest.finalize())
        }
    }

    /// Entity hashes already computed, by the entity and its ancestors: the versions of a Core Data bundle repeat
    /// most entities unchanged, and a hash is two SHA-256 runs per property. One per thread.
    public final class Cache {
        var hashes: [[ManagedEntity]: [UInt8]] = [:]
        public init() {}
    }

    /// `known`: entity hashes already worked out (entities without a parent, hashed when first read).
    public static func hash(_ schema: ManagedModel, cache: Cache? = nil, known: [String: [UInt8]] = [:]) -> Result {
        var hashes: [String: [UInt8]] = [:]
        let byName = Dictionary(schema.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in schema.entities {
            if let hash = known[entity.name] {
                hashes[entity.name] = hash
                continue
            }
            guard let cache else {
                hashes[entity.name] = entityHash(entity, byName: byName, depth: 0)
                continue
            }
            var chain = [entity]
            while let parent = chain.last?.superentity.flatMap({ byName[$0] }), chain.count < 64 {
                chain.append(parent)
            }
            if let known = cache.hashes[chain] {
                hashes[entity.name] = known
            } else {
                let computed = entityHash(entity, byName: byName, depth: 0)
                cache.hashes[chain] = computed
                hashes[entity.name] = computed
            }
        }
        return result(entityHashes: hashes)
    }

    /// The checksum of a version whose entity hashes are known. `names`: the entities' names in order, when the
    /// caller has them sorted already.
    public static func result(entityHashes hashes: [String: [UInt8]], names: [String]? = nil) -> Result {
        // One buffer of the hashes in name order, hashed once.
        var ordered: [UInt8] = []
        ordered.reserveCapacity(32 * hashes.count)
        for name in names ?? hashes.keys.sorted() { ordered += hashes[name]! }
        return Result(entityHashes: hashes, checksum: Base64.encode(SHA256.hash(data: ordered)))
    }

    /// The version hash of an entity without a parent entity.
    public static func entityHash(_ entity: ManagedEntity) -> [UInt8] { entityHash(entity, byName: [:], depth: 0) }

    static func entityHash(_ entity: ManagedEntity, byName: [String: ManagedEntity], depth: Int) -> [UInt8] {
        var bytes = Array(entity.name.utf8)
        bytes.append(entity.isAbstract ? 1 : 0)
        if let superName = entity.superentity, let superentity = byName[superName], depth < 64 {
            bytes += entityHash(superentity, byName: byName, depth: depth + 1)
        }
        for property in entity.properties.filter({ !$0.isTransient }).sorted(by: { $0.name < $1.name }) {
            bytes += propertyHash(property)
        }
        if let modifier = entity.versionHashModifier { bytes += Array(modifier.utf8) }
        for constraint in entity.uniquenessConstraints.map({ $0.joined(separator: ".") }).sorted() {
            bytes += Array(constraint.utf8)
        }
        return sha256(bytes)
    }

    public static func propertyHash(_ property: ManagedProperty) -> [UInt8] {
        switch property.kind {
        case let .composite(elements):
            let parts = elements.filter { !$0.isTransient }.sorted { $0.name < $1.name }.flatMap(propertyHash)
            return sha256(parts)
        case let .attribute(type, external, preserve):
            var bytes = baseHash(property)
            bytes += littleEndian(type)
            if external { bytes.append(1) }
            if preserve { bytes.append(1) }
            return sha256(bytes)
        case let .derived(_, expression):
            // Core Data computes the attribute's own hash here and then leaves it out: only the format counts.
            return sha256(Array((expression ?? "").utf8))
        case let .relationship(destination, inverse, minCount, maxCount, isOrdered):
            var bytes = baseHash(property)
            bytes += Array(destination.utf8)
            // A relationship that is its own inverse carries `inverse: nil` here (Core Data skips it).
            if let inverse { bytes += Array(inverse.utf8) }
            bytes += littleEndian(maxCount)
            bytes += littleEndian(minCount)
            if isOrdered { bytes += [1, 0] }
            return sha256(bytes)
        }
    }

    private static func baseHash(_ property: ManagedProperty) -> [UInt8] {
        var bytes = Array(property.name.utf8)
        let flags =
            UInt16(property.isOptional ? 1 : 0) | UInt16(property.isTransient ? 2 : 0)
            | UInt16(property.isReadOnly ? 4 : 0)
        bytes += [UInt8(flags & 0xFF), UInt8(flags >> 8)]
        if let modifier = property.versionHashModifier { bytes += Array(modifier.utf8) }
        return sha256(bytes)
    }

    private static func littleEndian(_ value: Int32) -> [UInt8] {
        let bits = UInt32(bitPattern: value)
        return [UInt8(bits & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8((bits >> 16) & 0xFF), UInt8(bits >> 24)]
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256.hash(data: bytes) }
}

/// Hex and base64 without Foundation, so output is byte-identical everywhere.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index], b1 = index + 1 < bytes.count ? bytes[index + 1] : 0,
                b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            output.append(alphabet[Int(b0 >> 2)])
            output.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            output.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            output.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}

public enum Hex {
    /// The bytes of lowercase or uppercase hex digits; nil for an odd count or any other character.
    public static func decode(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
