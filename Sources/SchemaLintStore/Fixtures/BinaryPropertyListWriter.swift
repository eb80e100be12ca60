/// Writes `PropertyListValue`s as binary property lists (`bplist00`), the format of `Z_METADATA.Z_PLIST` and of the
/// keyed archive in `Z_MODELCACHE`. Written here, not taken from Foundation, because fixture stores must be
/// byte-identical on every platform and run: dictionary keys are written sorted, and equal scalars (strings, numbers,
/// dates, data, UIDs) are written once and shared, as Apple's writer does, so a keyed archive's thousands of
/// repeated `$class` and `NS.objects` keys cost one object each.
public enum BinaryPropertyListWriter {
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var flattener = Flattener()
        let top = flattener.add(value)
        return flattener.serialize(top: top)
    }

    /// A scalar's identity for sharing: equal values of the same type (and only those) become one object.
    /// A real and a date with the same bits stay apart; `0` and `false` stay apart.
    private enum ScalarKey: Hashable {
        case null, bool(Bool), integer(Int64), real(UInt64), date(UInt64), data([UInt8]), string(String), uid(Int)
    }

    /// An object of the file: a scalar's bytes already made, or a collection's references.
    private enum Node {
        case scalar(PropertyListValue)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private struct Flattener {
        var nodes: [Node] = []
        var shared: [ScalarKey: Int] = [:]

        /// Objects are numbered in the order first met (a collection before its members, a dictionary's keys before
        /// its values), which is the order Apple's writer uses and the order they are written in.
        mutating func add(_ value: PropertyListValue) -> Int {
            switch value {
            case let .array(items):
                let index = reserve()
                nodes[index] = .array(items.map { add($0) })
                return index
            case let .dictionary(entries):
                let index = reserve()
                let names = entries.keys.sorted()
                let keys = names.map { add(.string($0)) }
                let values = names.map { add(entries[$0]!) }
                nodes[index] = .dictionary(keys: keys, values: values)
                return index
            default:
                let key = Self.key(value)
                if let index = shared[key] { return index }
                nodes.append(.scalar(value))
                shared[key] = nodes.count - 1
                return nodes.count - 1
            }
        }

        mutating func reserve() -> Int {
            nodes.append(.array([]))
            return nodes.count - 1
        }

        static func key(_ value: PropertyListValue) -> ScalarKey {
            switch value {
            case .null: return .null
            case let .bool(flag): return .bool(flag)
            case let .integer(number): return .integer(number)
            case let .real(number): return .real(number.bitPattern)
            case let .date(seconds): return .date(seconds.bitPattern)
            case let .data(bytes): return .data(bytes)
            case let .string(text): return .string(text)
            case let .uid(index): return .uid(index)
            case .array, .dictionary: preconditionFailure("collections are never shared")
            }
        }

        func serialize(top: Int) -> [UInt8] {
            let referenceSize = Self.byteCount(UInt64(max(nodes.count - 1, 0)))
            var output = Array("bplist00".utf8)
            var offsets: [Int] = []
            offsets.reserveCapacity(nodes.count)
            for node in nodes {
                offsets.append(output.count)
                switch node {
                case let .scalar(value):
                    Self.append(value, to: &output)
                case let .array(items):
                    Self.appendMarker(0xA, count: items.count, to: &output)
                    for item in items { Self.appendBigEndian(UInt64(item), size: referenceSize, to: &output) }
                case let .dictionary(keys, values):
                    Self.appendMarker(0xD, count: keys.count, to: &output)
                    for item in keys + values {
                        Self.appendBigEndian(UInt64(item), size: referenceSize, to: &output)
                    }
                }
            }
            let tableOffset = output.count
            let offsetSize = Self.byteCount(UInt64(max(offsets.last ?? 0, 0)))
            for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
            // Trailer: five unused bytes, the sort version, the two sizes, then three 8-byte numbers.
            output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
            Self.appendBigEndian(UInt64(nodes.count), size: 8, to: &output)
            Self.appendBigEndian(UInt64(top), size: 8, to: &output)
            Self.appendBigEndian(UInt64(tableOffset), size: 8, to: &output)
            return output
        }

        /// The fewest of 1, 2, 4 or 8 bytes that hold `value` (unsigned).
        static func byteCount(_ value: UInt64) -> Int {
            if value <= 0xFF { return 1 }
            if value <= 0xFFFF { return 2 }
            if value <= 0xFFFF_FFFF { return 4 }
            return 8
        }

        static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
            for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }

        /// A type nibble with a count: up to 14 in the marker itself, larger counts as a following integer object.
        static func appendMarker(_ type: UInt8, count: Int, to output: inout [UInt8]) {
            if count < 15 {
                output.append(type << 4 | UInt8(count))
            } else {
                output.append(type << 4 | 0x0F)
                appendInteger(Int64(count), to: &output)
            }
        }

        /// Non-negative integers in 1, 2 or 4 bytes as they fit; negative ones and larger ones in 8 (signed).
        static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
            let size = number < 0 ? 8 : byteCount(UInt64(number))
            output.append(0x10 | UInt8(size.trailingZeroBitCount))
            appendBigEndian(UInt64(bitPattern: number), size: size, to: &output)
        }

        static func append(_ value: PropertyListValue, to output: inout [UInt8]) {
            switch value {
            case .null: output.append(0x00)
            case let .bool(flag): output.append(flag ? 0x09 : 0x08)
            case let .integer(number): appendInteger(number, to: &output)
            case let .real(number):
                output.append(0x23)
                appendBigEndian(number.bitPattern, size: 8, to: &output)
            case let .date(seconds):
                output.append(0x33)
                appendBigEndian(seconds.bitPattern, size: 8, to: &output)
            case let .data(bytes):
                appendMarker(0x4, count: bytes.count, to: &output)
                output += bytes
            case let .string(text):
                // ASCII as single bytes; anything else as big-endian UTF-16, the two encodings the format has.
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    appendMarker(0x5, count: text.utf8.count, to: &output)
                    output += text.utf8
                } else {
                    let units = Array(text.utf16)
                    appendMarker(0x6, count: units.count, to: &output)
                    for unit in units { output += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
                }
            case let .uid(index):
                let size = byteCount(UInt64(max(index, 0)))
                output.append(0x80 | UInt8(size - 1))
                appendBigEndian(UInt64(max(index, 0)), size: size, to: &output)
            case .array, .dictionary: preconditionFailure("collections are written by serialize")
            }
        }
    }
}
