/// A value bound into a fixture row.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Attribute values for fixture rows: valid for their type, derived only from the entity, the property path and
/// the row number (FNV-1a, no randomness, no clock), so the same model always gives the same bytes.
enum FixtureValues {
    /// 2026-01-01 00:00:00 UTC in seconds since 2001-01-01, Core Data's reference date.
    static let referenceTimestamp = 788_918_400.0

    static func seed(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// `row` counts from 1 within the concrete entity.
    static func value(type: Int32, externalStorage: Bool, entity: String, path: [String], row: Int) -> SQLValue {
        let key = "\(entity).\(path.joined(separator: "."))#\(row)"
        let seed = Self.seed(key)
        switch type {
        case 100, 200, 300: return .integer(Int64(seed % 1000))
        case 800: return .integer(Int64(row % 2))
        // Non-integral, so SQLite keeps them REAL in FLOAT / TIMESTAMP columns, as Core Data's own values are.
        case 500, 600: return .real(Double(seed % 10_000) + 0.5)
        case 900: return .real(referenceTimestamp + Double(row) * 86_400 + Double(seed % 3_600) + 0.5)
        // NSDecimalNumber: the column's NUMERIC affinity keeps a number (myhome's `ZAMOUNT` holds 100).
        case 400: return .real(Double(seed % 10_000) + 0.25)
        case 700: return .text("\(entity) \(path.joined(separator: " ")) \(row)")
        case 1200: return .text("https://example.com/\(entity)/\(path.joined(separator: "/"))/\(row)")
        case 1100: return .blob(uuid(seed, Self.seed(key + "/uuid")))
        // SwiftData stores Codable collections as JSON in Binary Data columns (metacocktails' `ZFLAVORS`,
        // vivobody's `{}`); an empty JSON array is also plain bytes for a `Data` property. Core Data prefixes an
        // inline value of an external-storage attribute with 1 (2 marks a file reference).
        case 1000: return .blob((externalStorage ? [1] : []) + Array("[]".utf8))
        // NSSecureUnarchiveFromData's archive of an empty NSArray: decodes as `[]` for SwiftData's array
        // attributes; a custom transformer gets a small blob it may not read.
        case 1800: return .blob(emptyArrayArchive)
        default: return .null
        }
    }

    /// A version-4 UUID's 16 bytes from two seeds.
    static func uuid(_ high: UInt64, _ low: UInt64) -> [UInt8] {
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return bytes
    }

    /// `NSKeyedArchiver.archivedData(withRootObject: [] as NSArray, requiringSecureCoding: true)` as a binary plist.
    static let emptyArrayArchive: [UInt8] = [
        0x62, 0x70, 0x6c, 0x69, 0x73, 0x74, 0x30, 0x30, 0xd4, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x13, 0x16, 0x59,
        0x24, 0x61, 0x72, 0x63, 0x68, 0x69, 0x76, 0x65, 0x72, 0x58, 0x24, 0x6f, 0x62, 0x6a, 0x65, 0x63, 0x74, 0x73,
        0x54, 0x24, 0x74, 0x6f, 0x70, 0x58, 0x24, 0x76, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x5f, 0x10, 0x0f, 0x4e,
        0x53, 0x4b, 0x65, 0x79, 0x65, 0x64, 0x41, 0x72, 0x63, 0x68, 0x69, 0x76, 0x65, 0x72, 0xa3, 0x07, 0x08, 0x0d,
        0x55, 0x24, 0x6e, 0x75, 0x6c, 0x6c, 0xd2, 0x09, 0x0a, 0x0b, 0x0c, 0x56, 0x24, 0x63, 0x6c, 0x61, 0x73, 0x73,
        0x5a, 0x4e, 0x53, 0x2e, 0x6f, 0x62, 0x6a, 0x65, 0x63, 0x74, 0x73, 0x80, 0x02, 0xa0, 0xd2, 0x0e, 0x0f, 0x10,
        0x11, 0x58, 0x24, 0x63, 0x6c, 0x61, 0x73, 0x73, 0x65, 0x73, 0x5a, 0x24, 0x63, 0x6c, 0x61, 0x73, 0x73, 0x6e,
        0x61, 0x6d, 0x65, 0xa2, 0x11, 0x12, 0x57, 0x4e, 0x53, 0x41, 0x72, 0x72, 0x61, 0x79, 0x58, 0x4e, 0x53, 0x4f,
        0x62, 0x6a, 0x65, 0x63, 0x74, 0xd1, 0x14, 0x15, 0x54, 0x72, 0x6f, 0x6f, 0x74, 0x80, 0x01, 0x12, 0x00, 0x01,
        0x86, 0xa0, 0x08, 0x11, 0x1b, 0x24, 0x29, 0x32, 0x44, 0x48, 0x4e, 0x53, 0x5a, 0x65, 0x67, 0x68, 0x6d, 0x76,
        0x81, 0x84, 0x8c, 0x95, 0x98, 0x9d, 0x9f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x17, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0xa4,
    ]
}
