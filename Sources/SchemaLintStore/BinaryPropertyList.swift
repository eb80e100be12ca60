/// A reader for Apple's binary property lists (`bplist00`), the format of a Core Data store's metadata.
///
/// Written here rather than taken from Foundation because `PropertyListSerialization` on Linux does not expose
/// keyed-archive UIDs, and because a damaged store must produce an error, never a crash: every offset and length is
/// checked against the data before use.
public indirect enum PropertyListValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case date(Double)
    case data([UInt8])
    case string(String)
    case uid(Int)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    public var string: String? { if case let .string(value) = self { return value }; return nil }
    public var integer: Int64? { if case let .integer(value) = self { return value }; return nil }
    public var data: [UInt8]? { if case let .data(value) = self { return value }; return nil }
    public var array: [PropertyListValue]? { if case let .array(value) = self { return value }; return nil }
    public var dictionary: [String: PropertyListValue]? {
        if case let .dictionary(value) = self { return value }; return nil
    }
    public subscript(key: String) -> PropertyListValue? { dictionary?[key] }
}

public enum BinaryPropertyList {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func decode(_ bytes: [UInt8]) throws -> PropertyListValue {
        let reader = try Reader(bytes)
        // Objects may be shared, so a small file can describe an exponentially large tree: cap the work.
        var budget = max(100_000, reader.count * 64)
        return try reader.object(reader.top, depth: 0, budget: &budget)
    }

    private struct Reader {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let count: Int
        let top: Int
        let tableOffset: Int

        init(_ bytes: [UInt8]) throws {
            guard bytes.count >= 40, Array(bytes.prefix(8)) == Array("bplist00".utf8) else {
                throw Failure(description: "not a binary property list")
            }
            self.bytes = bytes
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            func big(_ start: Int) -> Int { (start..<start + 8).reduce(0) { $0 << 8 | Int(bytes[$1]) } }
            count = big(trailer + 8)
            top = big(trailer + 16)
            tableOffset = big(trailer + 24)
            // Every value is bounded by the data's size before any arithmetic, so damage cannot overflow.
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count <= bytes.count,
                top >= 0, top < count, tableOffset >= 8, tableOffset <= trailer,
                count * offsetSize <= trailer - tableOffset
            else {
                throw Failure(description: "damaged binary property list (bad trailer)")
            }
        }

        func integer(at start: Int, size: Int) throws -> Int {
            guard start >= 0, start <= bytes.count, size >= 0, size <= 8, size <= bytes.count - start else {
                throw Failure(description: "damaged binary property list (truncated)")
            }
            // A plain loop: this reads every reference of the file, and a closure per byte costs more than the read.
            var value = 0
            var index = start
            while index < start + size {
                value = value << 8 | Int(bytes[index])
                index += 1
            }
            return value
        }

        func offset(of object: Int) throws -> Int {
            guard object >= 0, object < count else {
                throw Failure(description: "damaged binary property list (bad reference)")
            }
            return try integer(at: tableOffset + object * offsetSize, size: offsetSize)
        }

        /// The length that follows a marker, and where the contents start.
        func length(_ marker: UInt8, at start: Int) throws -> (Int, Int) {
            let low = Int(marker & 0x0F)
            guard low == 0x0F else { return (low, start + 1) }
            guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else {
                throw Failure(description: "damaged binary property list (bad length)")
            }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            let count = try integer(at: start + 2, size: size)
            guard count >= 0, count <= bytes.count else {
                throw Failure(description: "damaged binary property list (bad length)")
            }
            return (count, start + 2 + size)
        }

        func slice(_ start: Int, _ count: Int) throws -> ArraySlice<UInt8> {
            guard count >= 0, start >= 0, start <= bytes.count, count <= bytes.count - start else {
                throw Failure(description: "damaged binary property list (truncated)")
            }
            return bytes[start..<start + count]
        }

        func object(_ index: Int, depth: Int, budget: inout Int) throws -> PropertyListValue {
            guard depth < 512 else { throw Failure(description: "binary property list nested too deeply") }
            budget -= 1
            guard budget > 0 else { throw Failure(description: "binary property list too large once expanded") }
            let start = try offset(of: index)
            guard start < bytes.count else { throw Failure(description: "damaged binary property list (bad offset)") }
            let marker = bytes[start]
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: return .null
                }
            case 0x1:
                let size = 1 << Int(marker & 0x0F)
                let raw = try slice(start + 1, size)
                let unsigned = raw.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                return .integer(Int64(bitPattern: unsigned))
            case 0x2, 0x3:
                let size = 1 << Int(marker & 0x0F)
                let raw = try slice(start + 1, size)
                let value: Double
                if size == 4 {
                    value = Double(Float(bitPattern: raw.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
                } else {
                    value = Double(bitPattern: raw.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                }
                return marker >> 4 == 0x2 ? .real(value) : .date(value)
            case 0x4:
                let (count, contents) = try length(marker, at: start)
                return .data(Array(try slice(contents, count)))
            case 0x5:
                let (count, contents) = try length(marker, at: start)
                return .string(String(decoding: try slice(contents, count), as: UTF8.self))
            case 0x6:
                let (count, contents) = try length(marker, at: start)
                guard count <= bytes.count / 2 else {
                    throw Failure(description: "damaged binary property list (bad length)")
                }
                let raw = try slice(contents, count * 2)
                let units = stride(from: raw.startIndex, to: raw.endIndex, by: 2).map {
                    UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1])
                }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                return .uid(try integer(at: start + 1, size: min(8, Int(marker & 0x0F) + 1)))
            case 0xA, 0xC:
                let (count, contents) = try length(marker, at: start)
                var items: [PropertyListValue] = []
                for item in 0..<count {
                    items.append(
                        try object(
                            try integer(at: contents + item * referenceSize, size: referenceSize), depth: depth + 1,
                            budget: &budget))
                }
                return .array(items)
            case 0xD:
                let (count, contents) = try length(marker, at: start)
                var result: [String: PropertyListValue] = [:]
                for entry in 0..<count {
                    let key = try object(
                        try integer(at: contents + entry * referenceSize, size: referenceSize), depth: depth + 1,
                        budget: &budget)
                    let value = try object(
                        try integer(at: contents + (count + entry) * referenceSize, size: referenceSize),
                        depth: depth + 1, budget: &budget)
                    guard let name = key.string else {
                        throw Failure(description: "binary property list with a non-string key")
                    }
                    result[name] = value
                }
                return .dictionary(result)
            default:
                throw Failure(description: "damaged binary property list (unknown object type \(marker >> 4))")
            }
        }
    }
}
