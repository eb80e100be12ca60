import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Reads a lockfile's `coreData` section straight from its bytes. A large Core Data app's lockfile is megabytes of
/// entity snapshots, and `JSONDecoder`'s Codable machinery took longer over them than everything else `check` does
/// after discovery; this reader fills the same values as it goes, with no intermediate tree.
///
/// It reads exactly what the Codable types declare (keys absent or `null` are nil for optional fields, unknown keys
/// are stepped over) and gives up on anything else: a value of another type, a number with a fraction or exponent, a
/// key given twice, a string it would have to guess at. `LockfileStore` then decodes the section with `JSONDecoder`,
/// which says what is wrong; so the result, or the error, is always what `JSONDecoder` gives.
enum CoreDataSectionReader {
    enum Section: Equatable {
        case absent
        /// The bundles, and where the section's value is in the file.
        case read([String: LockedBundle], Range<Int>)
    }

    /// The section, or nil when this reader gives up.
    static func read(_ bytes: [UInt8]) -> Section? {
        bytes.withUnsafeBufferPointer { buffer in
            var json = JSONCursor(bytes: buffer)
            var section: Section = .absent
            var seen = false
            let read = json.document { json, key in
                guard key == "coreData" else { return json.skipValue() }
                guard !seen else { return false }
                seen = true
                if json.null() { return true }
                let start = json.index
                guard let bundles = json.map(lockedBundle) else { return false }
                section = .read(bundles, start..<json.index)
                return true
            }
            return read ? section : nil
        }
    }

    /// The file with the section's value replaced by `null`: what is left for `JSONDecoder` to read.
    static func remainder(of bytes: [UInt8], without range: Range<Int>) -> [UInt8] {
        Array(bytes[..<range.lowerBound]) + Array("null".utf8) + Array(bytes[range.upperBound...])
    }

    private static func lockedBundle(_ json: inout JSONCursor) -> LockedBundle? {
        var path: String?
        var current: String??
        var currentHistory: [String]??
        var versions: [String: LockedModelVersion]?
        var entities: [String: LockedEntity]?
        var mappingModels: [String: LockedMappingModel]??
        var unreadable: [String: UnreadableModelVersion]??
        let read = json.object { json, key in
            switch key {
            case "path": return json.required(&path) { $0.string() }
            case "mappingModels": return json.optional(&mappingModels) { $0.map(mappingModel) }
            case "unreadable": return json.optional(&unreadable) { $0.map(unreadableVersion) }
            case "current": return json.optional(&current) { $0.string() }
            case "currentHistory": return json.optional(&currentHistory) { $0.array { $0.string() } }
            case "versions": return json.required(&versions) { $0.map(modelVersion) }
            case "entities": return json.required(&entities) { $0.map(lockedEntity) }
            default: return json.skipValue()
            }
        }
        guard read, let path, let versions, let entities else { return nil }
        return LockedBundle(
            path: path, current: current ?? nil, currentHistory: currentHistory ?? nil, versions: versions,
            entities: entities, mappingModels: mappingModels ?? nil, unreadable: unreadable ?? nil)
    }

    private static func unreadableVersion(_ json: inout JSONCursor) -> UnreadableModelVersion? {
        var contents, why: String?
        var lockedAt, release: String??
        let read = json.object { json, key in
            switch key {
            case "contents": return json.required(&contents) { $0.string() }
            case "why": return json.required(&why) { $0.string() }
            case "lockedAt": return json.optional(&lockedAt) { $0.string() }
            case "release": return json.optional(&release) { $0.string() }
            default: return json.skipValue()
            }
        }
        guard read, let contents, let why else { return nil }
        return UnreadableModelVersion(contents: contents, why: why, lockedAt: lockedAt ?? nil, release: release ?? nil)
    }

    private static func mappingModel(_ json: inout JSONCursor) -> LockedMappingModel? {
        var embedded, source, destination: String?
        var changes: [String]??
        let read = json.object { json, key in
            switch key {
            case "embedded": return json.required(&embedded) { $0.string() }
            case "source": return json.required(&source) { $0.string() }
            case "destination": return json.required(&destination) { $0.string() }
            case "changes": return json.optional(&changes) { $0.array { $0.string() } }
            default: return json.skipValue()
            }
        }
        guard read, let embedded, let source, let destination else { return nil }
        return LockedMappingModel(embedded: embedded, source: source, destination: destination, changes: changes ?? nil)
    }

    private static func lockedEntity(_ json: inout JSONCursor) -> LockedEntity? {
        var hash: String?
        var snapshot: EntitySnapshot?
        let read = json.object { json, key in
            switch key {
            case "hash": return json.required(&hash) { $0.string() }
            case "snapshot": return json.required(&snapshot, entitySnapshot)
            default: return json.skipValue()
            }
        }
        guard read, let hash, let snapshot else { return nil }
        return LockedEntity(hash: hash, snapshot: snapshot)
    }

    private static func modelVersion(_ json: inout JSONCursor) -> LockedModelVersion? {
        var checksum: String?
        var entities: [String: String]?
        var identifier, contents, lockedAt, release, retired: String??
        var uncertainties, heldIn: [String]??
        var accepted: [Acceptance]??
        let read = json.object { json, key in
            switch key {
            case "checksum": return json.required(&checksum) { $0.string() }
            case "entities": return json.required(&entities) { $0.map { $0.string() } }
            case "identifier": return json.optional(&identifier) { $0.string() }
            case "uncertainties": return json.optional(&uncertainties) { $0.array { $0.string() } }
            case "contents": return json.optional(&contents) { $0.string() }
            case "lockedAt": return json.optional(&lockedAt) { $0.string() }
            case "release": return json.optional(&release) { $0.string() }
            case "accepted": return json.optional(&accepted) { $0.array(acceptance) }
            case "retired": return json.optional(&retired) { $0.string() }
            case "heldIn": return json.optional(&heldIn) { $0.array { $0.string() } }
            default: return json.skipValue()
            }
        }
        guard read, let checksum, let entities else { return nil }
        return LockedModelVersion(
            identifier: identifier ?? nil, checksum: checksum, entities: entities, uncertainties: uncertainties ?? nil,
            contents: contents ?? nil, lockedAt: lockedAt ?? nil, release: release ?? nil, accepted: accepted ?? nil,
            retired: retired ?? nil, heldIn: heldIn ?? nil)
    }

    private static func acceptance(_ json: inout JSONCursor) -> Acceptance? {
        var reason, previousChecksum, previousFingerprint: String?
        let read = json.object { json, key in
            switch key {
            case "reason": return json.required(&reason) { $0.string() }
            case "previousChecksum": return json.required(&previousChecksum) { $0.string() }
            case "previousFingerprint": return json.required(&previousFingerprint) { $0.string() }
            default: return json.skipValue()
            }
        }
        guard read, let reason, let previousChecksum, let previousFingerprint else { return nil }
        return Acceptance(reason: reason, previousChecksum: previousChecksum, previousFingerprint: previousFingerprint)
    }

    private static func entitySnapshot(_ json: inout JSONCursor) -> EntitySnapshot? {
        var name: String?
        var superentity, originalName: String??
        var properties: [PropertySnapshot]?
        var unique, indexes: [String]??
        let read = json.object { json, key in
            switch key {
            case "name": return json.required(&name) { $0.string() }
            case "superentity": return json.optional(&superentity) { $0.string() }
            case "originalName": return json.optional(&originalName) { $0.string() }
            case "properties": return json.required(&properties) { $0.array(propertySnapshot) }
            case "unique": return json.optional(&unique) { $0.array { $0.string() } }
            case "indexes": return json.optional(&indexes) { $0.array { $0.string() } }
            default: return json.skipValue()
            }
        }
        guard read, let name, let properties else { return nil }
        var snapshot = EntitySnapshot(
            name: name, superentity: superentity ?? nil, properties: properties, unique: unique ?? nil,
            indexes: indexes ?? nil)
        snapshot.originalName = originalName ?? nil
        return snapshot
    }

    private static func propertySnapshot(_ json: inout JSONCursor) -> PropertySnapshot? {
        var name, type: String?
        var kind: PropertyKind?
        var optional, hasDefault: Bool?
        var originalName, hashModifier, inverse, deleteRule: String??
        var options: [String]??
        var minCount, maxCount: Int??
        let read = json.object { json, key in
            switch key {
            case "name": return json.required(&name) { $0.string() }
            case "kind": return json.required(&kind) { $0.string().flatMap(PropertyKind.init(rawValue:)) }
            case "type": return json.required(&type) { $0.string() }
            case "optional": return json.required(&optional) { $0.bool() }
            case "hasDefault": return json.required(&hasDefault) { $0.bool() }
            case "options": return json.optional(&options) { $0.array { $0.string() } }
            case "originalName": return json.optional(&originalName) { $0.string() }
            case "hashModifier": return json.optional(&hashModifier) { $0.string() }
            case "inverse": return json.optional(&inverse) { $0.string() }
            case "deleteRule": return json.optional(&deleteRule) { $0.string() }
            case "minCount": return json.optional(&minCount) { $0.integer() }
            case "maxCount": return json.optional(&maxCount) { $0.integer() }
            default: return json.skipValue()
            }
        }
        guard read, let name, let kind, let type, let optional, let hasDefault else { return nil }
        return PropertySnapshot(
            name: name, kind: kind, type: type, optional: optional, hasDefault: hasDefault, options: options ?? nil,
            originalName: originalName ?? nil, hashModifier: hashModifier ?? nil, inverse: inverse ?? nil,
            deleteRule: deleteRule ?? nil, minCount: minCount ?? nil, maxCount: maxCount ?? nil)
    }
}

/// A JSON reader over bytes that fills values as it goes and gives up (false, nil) rather than guess: see
/// `CoreDataSectionReader`. Objects are read member by member, the caller taking each key's value.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    /// Nesting deeper than any lockfile has: given up on rather than recursed into.
    private static let maximumDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The whole document: one object, its members given to `member`, nothing after it.
    mutating func document(_ member: (inout JSONCursor, String) -> Bool) -> Bool {
        skipWhitespace()
        guard object(member) else { return false }
        skipWhitespace()
        return index == bytes.count
    }

    /// An object; `member` reads (or skips) the value of each key, false to give up.
    mutating func object(_ member: (inout JSONCursor, String) -> Bool) -> Bool {
        guard depth < Self.maximumDepth, take(UInt8(ascii: "{")) else { return false }
        depth += 1
        defer { depth -= 1 }
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = string() else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(&self, key) else { return false }
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// An object read as a dictionary; a key given twice gives up.
    mutating func map<Value>(_ read: (inout JSONCursor) -> Value?) -> [String: Value]? {
        var values: [String: Value] = [:]
        let complete = object { json, key in
            guard values[key] == nil, let value = read(&json) else { return false }
            values[key] = value
            return true
        }
        return complete ? values : nil
    }

    mutating func array<Value>(_ read: (inout JSONCursor) -> Value?) -> [Value]? {
        guard depth < Self.maximumDepth, take(UInt8(ascii: "[")) else { return nil }
        depth += 1
        defer { depth -= 1 }
        var items: [Value] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return items }
        while true {
            skipWhitespace()
            guard let item = read(&self) else { return nil }
            items.append(item)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? items : nil
        }
    }

    /// A required field's value into `slot`: `null`, another type or a second occurrence gives up.
    mutating func required<Value>(_ slot: inout Value?, _ read: (inout JSONCursor) -> Value?) -> Bool {
        guard slot == nil, let value = read(&self) else { return false }
        slot = value
        return true
    }

    /// An optional field's value into `slot` (`.some(nil)` for `null`); a second occurrence gives up.
    mutating func optional<Value>(_ slot: inout Value??, _ read: (inout JSONCursor) -> Value?) -> Bool {
        guard slot == nil else { return false }
        if null() {
            slot = .some(nil)
            return true
        }
        guard let value = read(&self) else { return false }
        slot = .some(value)
        return true
    }

    /// Takes a `null`, if one is next.
    mutating func null() -> Bool { literal("null") }

    mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// Steps over a value of any kind, checking it as it goes.
    mutating func skipValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object { json, _ in json.skipValue() }
        case UInt8(ascii: "["): return array { json in json.skipValue() ? true : nil } != nil
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return null()
        default: return skipNumber()
        }
    }

    /// Any JSON number (a fraction or exponent included: only a value this reader must build has to be whole).
    private mutating func skipNumber() -> Bool {
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        _ = take(UInt8(ascii: "-"))
        let digits = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > digits, index - digits == 1 || bytes[digits] != UInt8(ascii: "0") else { return false }
        if take(UInt8(ascii: ".")) {
            let fraction = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > fraction else { return false }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            let exponent = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > exponent else { return false }
        }
        return true
    }

    /// A string without escapes is taken from the bytes as they are; escapes are resolved, and anything JSON does
    /// not allow (a control character, a bad escape, a lone surrogate) gives up.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                // ASCII is valid UTF-8 as it stands (most keys and values): no generic validation for it.
                let text = ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        var output = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    output += Array(String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                output.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the `\u` already read), with a surrogate pair's second half.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hexQuad() else { return nil }
        if (0xD800..<0xDC00).contains(first) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let second = hexQuad(),
                (0xDC00..<0xE000).contains(second)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        }
        return Unicode.Scalar(first)
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A whole number as JSON writes one (no leading zeros); a fraction or exponent gives up.
    mutating func integer() -> Int? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        guard index > digits, index - digits == 1 || bytes[digits] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            return nil
        }
        return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        // Indentation eight spaces at a time: a pretty-printed lockfile is two-fifths spaces.
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
            {
                index += 8
            }
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
