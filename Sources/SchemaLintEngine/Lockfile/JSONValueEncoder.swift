import SchemaLintFacts
import SchemaLintRules

/// Encodes an `Encodable` value straight into a `JSONValue`: the value `JSONEncoder` then `JSONDecoder` gave (keys as
/// the types write them, nil optionals left out, integers as `.int`), without writing a large lockfile's megabytes
/// of text and parsing them again, which cost more than the rest of writing it.
///
/// It covers what lockfiles hold: strings, booleans, integers, optionals, arrays, dictionaries and the structs made
/// of them. A floating-point value has no `JSONValue` case, so it is refused (the round trip refused a fraction too);
/// `Data` and `Date` would be encoded by their own `encode(to:)` here, not as `JSONEncoder` spells them. No lockfile
/// type stores any of the three.
enum JSONValueEncoder {
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.value
    }

    /// What one value encoded so far: a scalar, or the members or elements its containers added (a container can be
    /// asked for again, and a nested one is filled after its parent made it, so nodes are shared references).
    fileprivate final class Node {
        var scalar: JSONValue?
        var members: [String: Node]?
        var elements: [Node]?

        /// A value that encoded nothing is an empty object, as `JSONEncoder` writes it.
        var value: JSONValue {
            if let scalar { return scalar }
            if let elements { return .array(elements.map(\.value)) }
            return .object((members ?? [:]).mapValues(\.value))
        }

        func keyed() {
            if members == nil { (scalar, elements, members) = (nil, nil, [:]) }
        }

        func unkeyed() {
            if elements == nil { (scalar, members, elements) = (nil, nil, []) }
        }

        func member(_ key: String) -> Node {
            keyed()
            let child = Node()
            members![key] = child
            return child
        }

        func element() -> Node {
            unkeyed()
            let child = Node()
            elements!.append(child)
            return child
        }
    }

    fileprivate static func integer<T: BinaryInteger>(_ value: T, _ path: [any CodingKey]) throws -> JSONValue {
        guard let exact = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: path, debugDescription: "\(value) does not fit in an Int"))
        }
        return .int(exact)
    }

    fileprivate static func refuse(_ value: Any, _ path: [any CodingKey]) -> EncodingError {
        .invalidValue(value, .init(codingPath: path, debugDescription: "JSONValue holds no floating-point numbers"))
    }
}

private struct NodeEncoder: Encoder {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.keyed()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.unkeyed()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).scalar = value }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        throw JSONValueEncoder.refuse(value, codingPath + [key])
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        throw JSONValueEncoder.refuse(value, codingPath + [key])
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        set(try JSONValueEncoder.integer(value, codingPath + [key]), key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        set(try JSONValueEncoder.integer(value, codingPath + [key]), key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        set(try JSONValueEncoder.integer(value, codingPath + [key]), key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.keyed()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.unkeyed()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath + [AnyKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]
    var count: Int { node.elements?.count ?? 0 }

    private var nextPath: [any CodingKey] { codingPath + [AnyKey(intValue: count)] }
    private func append(_ value: JSONValue) { node.element().scalar = value }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { throw JSONValueEncoder.refuse(value, nextPath) }
    mutating func encode(_ value: Float) throws { throw JSONValueEncoder.refuse(value, nextPath) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(try JSONValueEncoder.integer(value, nextPath)) }
    mutating func encode(_ value: UInt) throws { append(try JSONValueEncoder.integer(value, nextPath)) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { append(try JSONValueEncoder.integer(value, nextPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try value.encode(to: NodeEncoder(node: node.element(), codingPath: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = nextPath
        let child = node.element()
        child.keyed()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = node.element()
        child.unkeyed()
        return UnkeyedNodeContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: node.element(), codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue) { (node.members, node.elements, node.scalar) = (nil, nil, value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { throw JSONValueEncoder.refuse(value, codingPath) }
    mutating func encode(_ value: Float) throws { throw JSONValueEncoder.refuse(value, codingPath) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { set(try JSONValueEncoder.integer(value, codingPath)) }
    mutating func encode(_ value: UInt) throws { set(try JSONValueEncoder.integer(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { set(try JSONValueEncoder.integer(value, codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}
