import Foundation
import SchemaLintFacts
import SchemaLintRules

/// A property-list value as `project.pbxproj` holds them: strings, arrays and dictionaries (data is kept as text;
/// projects never rely on it).
enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The strings of an array value (object identifiers, path lists); other elements are left out.
    var strings: [String] { array?.compactMap(\.string) ?? [] }

    struct Failure: Error {
        let offset: Int
    }

    /// Reads a project file: the old-style (OpenStep) text format Xcode writes, with a reader of its own, as
    /// Foundation's reader spends most of its time bridging every value into Swift (a 2 MB project: ~110 ms against
    /// ~10 ms here). XML and binary property lists go through Foundation.
    static func read(_ bytes: [UInt8]) throws -> PropertyListValue {
        let start = bytes.prefix(8)
        if start.starts(with: Array("bplist".utf8)) || start.starts(with: Array("<?xml".utf8)) {
            let value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            guard let converted = Self(foundation: value) else { throw Failure(offset: 0) }
            return converted
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = OpenStepReader(bytes: buffer)
            let value = try reader.value()
            reader.skipBlanks()
            guard reader.offset == buffer.count else { throw Failure(offset: reader.offset) }
            return value
        }
    }

    init?(foundation value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            var values: [PropertyListValue] = []
            for element in array {
                guard let converted = Self(foundation: element) else { return nil }
                values.append(converted)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                guard let converted = Self(foundation: element) else { return nil }
                values[key] = converted
            }
            self = .dictionary(values)
        case let number as NSNumber:
            self = .string(number.stringValue)
        case let data as Data:
            self = .string(data.map { String(format: "%02x", $0) }.joined())
        default:
            return nil
        }
    }
}

/// The old-style property-list grammar: `{ key = value; }`, `( value, )`, quoted and bare strings, `<hex data>`,
/// and `/* */` and `//` comments between tokens.
private struct OpenStepReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark before the first comment.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    mutating func value(depth: Int = 0) throws -> PropertyListValue {
        guard depth < 256 else { throw PropertyListValue.Failure(offset: offset) }
        skipBlanks()
        guard offset < bytes.count else { throw PropertyListValue.Failure(offset: offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var dictionary: [String: PropertyListValue] = [:]
            while true {
                if try closes(UInt8(ascii: "}")) { return .dictionary(dictionary) }
                let key = try string()
                try expect(UInt8(ascii: "="))
                dictionary[key] = try value(depth: depth + 1)
                try expect(UInt8(ascii: ";"))
            }
        case UInt8(ascii: "("):
            offset += 1
            var array: [PropertyListValue] = []
            while true {
                if try closes(UInt8(ascii: ")")) { return .array(array) }
                array.append(try value(depth: depth + 1))
                skipBlanks()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if offset >= bytes.count || bytes[offset] != UInt8(ascii: ")") {
                    throw PropertyListValue.Failure(offset: offset)
                }
            }
        case UInt8(ascii: "<"):
            let start = offset + 1
            guard let end = (start..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: ">") }) else {
                throw PropertyListValue.Failure(offset: offset)
            }
            offset = end + 1
            let hex = UnsafeBufferPointer(rebasing: bytes[start..<end]).filter { !Self.isBlank($0) }
            return .string(String(decoding: hex, as: UTF8.self))
        default:
            return .string(try string())
        }
    }

    /// Whether the next token is `closing` (taken); the file ending first is an error.
    mutating func closes(_ closing: UInt8) throws -> Bool {
        skipBlanks()
        guard offset < bytes.count else { throw PropertyListValue.Failure(offset: offset) }
        guard bytes[offset] == closing else { return false }
        offset += 1
        return true
    }

    mutating func expect(_ byte: UInt8) throws {
        skipBlanks()
        guard offset < bytes.count, bytes[offset] == byte else { throw PropertyListValue.Failure(offset: offset) }
        offset += 1
    }

    /// A quoted or bare string.
    mutating func string() throws -> String {
        skipBlanks()
        guard offset < bytes.count else { throw PropertyListValue.Failure(offset: offset) }
        if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
            return try quoted(bytes[offset])
        }
        let start = offset
        while offset < bytes.count, Self.isBare(bytes[offset]) { offset += 1 }
        guard offset > start else { throw PropertyListValue.Failure(offset: offset) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    private mutating func quoted(_ quote: UInt8) throws -> String {
        offset += 1
        let start = offset
        // Most quoted strings have no escapes: take their bytes as they are.
        while offset < bytes.count, bytes[offset] != quote, bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        guard offset < bytes.count else { throw PropertyListValue.Failure(offset: start) }
        if bytes[offset] == quote {
            defer { offset += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }
        var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count, bytes[offset] != quote {
            guard bytes[offset] == UInt8(ascii: "\\") else {
                text.append(bytes[offset])
                offset += 1
                continue
            }
            offset += 1
            guard offset < bytes.count else { break }
            text.append(contentsOf: escape())
        }
        guard offset < bytes.count else { throw PropertyListValue.Failure(offset: start) }
        offset += 1
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes an escape after `\` stands for: `\n`-style letters, `\U` with up to four hex digits, up to three
    /// octal digits, or the character itself.
    private mutating func escape() -> [UInt8] {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var scalar: UInt32 = 0
            var digits = 0
            while digits < 4, offset < bytes.count, let digit = Self.hexValue(bytes[offset]) {
                scalar = scalar * 16 + UInt32(digit)
                offset += 1
                digits += 1
            }
            return Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset]) {
                value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                offset += 1
                digits += 1
            }
            return Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
        default:
            return [byte]
        }
    }

    /// Skips white space and comments.
    mutating func skipBlanks() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if Self.isBlank(byte) {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                offset += 2
                while offset + 1 < bytes.count,
                    !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
                {
                    offset += 1
                }
                offset = min(bytes.count, offset + 2)
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
            } else {
                return
            }
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// The characters of an unquoted string, as Foundation's reader takes them.
    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"),
            UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
