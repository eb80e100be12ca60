import Foundation

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

    public func rendered() -> String {
        var output = ""
        render(into: &output, indent: 0)
        return output + "\n"
    }

    private func render(into output: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), closePad = String(repeating: "  ", count: indent)
        switch self {
        case let .string(value): output += Self.quote(value)
        case let .int(value): output += String(value)
        case let .bool(value): output += value ? "true" : "false"
        case .null: output += "null"
        case let .array(values):
            if values.isEmpty { output += "[]"; return }
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += pad
                value.render(into: &output, indent: indent + 1)
                output += index + 1 < values.count ? ",\n" : "\n"
            }
            output += closePad + "]"
        case let .object(members):
            if members.isEmpty { output += "{}"; return }
            output += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                output += pad + Self.quote(key) + ": "
                members[key]!.render(into: &output, indent: indent + 1)
                output += index + 1 < keys.count ? ",\n" : "\n"
            }
            output += closePad + "}"
        }
    }

    static func quote(_ string: String) -> String {
        // Most strings need no escape: they are copied whole (a large lockfile holds hundreds of thousands).
        let plain = !string.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        if plain { return "\"" + string + "\"" }
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
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
