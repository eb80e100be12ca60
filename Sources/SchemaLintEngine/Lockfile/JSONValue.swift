import Foundation
import SchemaLintFacts
import SchemaLintRules

/// A JSON value with one canonical rendering: keys sorted by their UTF-8 bytes, two-space indentation,
/// `"key": value`, a final newline. Used for the lockfile and JSON output so bytes never differ between
/// Linux and macOS or between runs.
public indirect enum JSONValue: Equatable, Sendable, Decodable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    public func rendered() -> String { String(decoding: renderedBytes(), as: UTF8.self) }

    /// `rendered()`'s UTF-8, written as bytes: a large app's lockfile is megabytes, and appending to a `String` piece
    /// by piece cost more than encoding it.
    public func renderedBytes() -> [UInt8] {
        var output: [UInt8] = []
        render(into: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    private func render(into output: inout [UInt8], indent: Int) {
        switch self {
        case let .string(value): Self.quote(value, into: &output)
        case let .int(value): output.append(contentsOf: String(value).utf8)
        case let .bool(value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case let .array(values):
            if values.isEmpty { return output.append(contentsOf: "[]".utf8) }
            output.append(contentsOf: "[\n".utf8)
            for (index, value) in values.enumerated() {
                Self.pad(&output, indent + 1)
                value.render(into: &output, indent: indent + 1)
                if index + 1 < values.count { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
            }
            Self.pad(&output, indent)
            output.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { return output.append(contentsOf: "{}".utf8) }
            output.append(contentsOf: "{\n".utf8)
            // Keys in the order of their UTF-8 bytes.
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                Self.pad(&output, indent + 1)
                Self.quote(member.key, into: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.render(into: &output, indent: indent + 1)
                if index + 1 < sorted.count { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
            }
            Self.pad(&output, indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func pad(_ output: inout [UInt8], _ level: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// A quotation mark, a backslash and control characters below U+0020 escaped; everything else as it is. Byte by
    /// byte: no byte of a multi-byte UTF-8 sequence is below 0x80, so the bytes to escape are exactly those.
    private static func quote(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A Codable value in the canonical form: the same types that read a file write it, so every field name is
    /// written once (in the type) and the bytes are the same on every platform.
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoder.encode(value)
    }

    /// An object from optional members: nil values are left out.
    public static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        var result: [String: JSONValue] = [:]
        for (key, value) in members { if let value { result[key] = value } }
        return .object(result)
    }

    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}
