/// What decoding a value type a version stores depends on, as `schemalint lock` records it: the store checksum says
/// whether a store opens, not whether the rows in it still decode. A `Codable` enum or struct kept inside encoded data
/// (an array, a dictionary, an enum with associated values) or an enum kept as its raw value is not part of the
/// checksum; remove a case, change a raw value, add a required field, and the store opens while the rows written
/// before fail to decode when fetched, or quietly mean something else.
///
/// Written in the lockfile in a reviewable form: enums by raw value or by case (with their associated values), structs
/// by coding key, each with the places the version stores it.
public struct ValueTypeRecord: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        /// A `Codable` class that is no model: synthesised coding writes its stored properties as a struct's.
        case `enum`, `struct`, `class`

        /// Kinds whose rows are written alike: a class's fields as a struct's.
        public var coding: Kind { self == .class ? .struct : self }
    }

    /// nil for a type schemalint cannot read (`unchecked` says why).
    public var kind: Kind?
    /// An enum's raw type (`String`, `Int`): rows hold the raw value.
    public var rawType: String?
    /// A raw-value enum's cases by name, each with its raw value (explicit or implicit) as text.
    public var rawValues: [String: String]?
    /// An enum without raw values, by coding key (the case's name, or its `CodingKeys` value): each case's
    /// associated values as `label: Type` (`_0: Type` unlabelled), the keys synthesised `Codable` writes them under.
    public var cases: [String: [String]]?
    /// A struct's decoded fields by coding key (the property's name, or its `CodingKeys` value): the Swift type.
    /// Fields synthesised `Codable` leaves out (a `let` with an initial value, one `CodingKeys` omits) are not listed.
    public var fields: [String: String]?
    /// Where the version stores it, each place with the type declared there: `Trip.status: Status`,
    /// `Trip.legs: [Leg]`, `Trip.legs.kind: Kind` (a field of a stored struct).
    public var storedIn: [String]
    /// Why what its rows hold cannot be read from source: coding written by hand, a type declared elsewhere.
    public var unchecked: String?

    public init(kind: Kind?, storedIn: [String] = []) {
        self.kind = kind
        self.storedIn = storedIn
    }

    /// The same decoding: what a row holds, whatever the places it is stored.
    public func decodesLike(_ other: ValueTypeRecord) -> Bool {
        (kind?.coding, rawType, rawValues, cases, fields, unchecked)
            == (other.kind?.coding, other.rawType, other.rawValues, other.cases, other.fields, other.unchecked)
    }

    /// How a field or associated value whose type schemalint cannot tell is written: compared with nothing.
    public static let untyped = StoredTypeInference.noAnnotation

    /// The places it is stored at, without their types (`Trip.legs`).
    public var places: [String] { storedIn.map { Self.splitMember($0).key } }

    /// `label: Type` (or `Trip.legs: [Leg]`) split into the key (or place) and the type.
    public static func splitMember(_ text: String) -> (key: String, type: String) {
        guard let colon = text.range(of: ": ") else { return (text, "") }
        return (String(text[..<colon.lowerBound]), String(text[colon.upperBound...]))
    }
}

/// The value types one version stores, with what the rule needs beside the record: where each is declared, and
/// which of its parts the store checksum already covers.
public struct ValueTypeCollection: Sendable {
    public struct Detail: Sendable {
        /// The type's declaration (nil for a type not declared in the analysed sources).
        public var location: SourceLocation?
        /// The places where it is kept inside encoded data (an array, a dictionary, an enum with associated values)
        /// or where its storage is not known. Elsewhere it is a composite attribute of its own (a model's attribute,
        /// or a field of one): a struct's fields, an enum's cases (without raw or associated values) or its raw type
        /// are then columns, and the store checksum moves with them.
        public var encodedAt: Set<String> = []
        /// Where each place is declared: the model's property.
        public var places: [String: SourceLocation] = [:]

        /// Whether it is a composite at every one of these places.
        public func isComposite(at places: [String]) -> Bool { !places.contains(where: encodedAt.contains) }
    }

    /// By qualified name (`Status`, `Catalog.Status`, `SchemaV1.Status`).
    public var records: [String: ValueTypeRecord] = [:]
    public var details: [String: Detail] = [:]

    public init() {}

    /// The types stored at a place (`Trip.status`; a dictionary's key and value are at one place), by name, each
    /// with the type declared at the place (`[String: Score]`).
    public func types(storedAt place: String) -> [(name: String, written: String)] {
        records.keys.sorted().compactMap { name in
            records[name]!.storedIn.lazy.map(ValueTypeRecord.splitMember).first { $0.key == place }
                .map { (name, $0.type) }
        }
    }
}

/// Walks a version's attributes (through optionals, arrays, dictionaries, sets and the fields of stored structs) to
/// every enum and struct they store, the way `AttributeTypeMapper` maps them to columns.
public struct ValueTypeCollector {
    let symbols: SymbolTable
    private var collection = ValueTypeCollection()
    /// Types being walked now, against `indirect` enums and structs that hold arrays of themselves.
    private var walking: Set<SymbolID> = []
    /// The types being walked whose `init(from:)` is written by hand, innermost last: what their fields hold is
    /// decoded by that code (ShuTaPla's `FilterState` reading a removed enum case with `try?`), not checked here.
    private var handDecoded: [String] = []

    /// The most fields deep a walk goes.
    static let depthLimit = 8

    /// Standard library and Foundation types whose shape never changes with the app.
    static let standardTypes: Set<String> = StandardTypeStorage.standardNames.union([
        "Int8", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Character", "Float80", "CGFloat", "CGPoint", "CGSize",
        "CGRect", "Bool", "Decimal", "Data", "Date", "URL", "UUID", "String",
    ])

    public static func collect(_ version: SchemaVersion, project: Project) -> ValueTypeCollection {
        var collector = ValueTypeCollector(symbols: project.symbols)
        var seen: Set<SymbolID> = []
        for id in version.allEntities where seen.insert(id).inserted {
            guard let entity = project.entity(id) else { continue }
            for property in entity.properties {
                guard case let .attribute(storage) = property.kind, !storage.isUntyped,
                    !property.options.contains(where: { $0.hasPrefix("transformable") })
                else { continue }
                let resolved = project.symbols.resolve(
                    property.declaredType, scope: entity.id, file: property.location.file)
                collector.visit(
                    resolved, at: collector.place("\(entity.name).\(property.name)", resolved),
                    declared: property.location, columns: true, depth: 0)
            }
        }
        for key in collector.collection.records.keys {
            collector.collection.records[key]!.storedIn.sort()
        }
        return collector.collection
    }

    /// `Trip.legs: [Leg]`: a place with the type declared there.
    func place(_ name: String, _ resolved: SymbolTable.Resolved) -> String { "\(name): \(describe(resolved))" }

    /// `place`: where the value is, with the type declared there (`Trip.legs: [Leg]`). `columns`: the value is
    /// stored as a composite's columns here (a model's own attribute, or a field of a composite), not inside encoded
    /// data.
    private mutating func visit(
        _ resolved: SymbolTable.Resolved, at place: String, declared: SourceLocation, columns: Bool, depth: Int
    ) {
        guard depth <= Self.depthLimit else { return }
        switch resolved {
        case let .optional(wrapped):
            visit(wrapped, at: place, declared: declared, columns: columns, depth: depth)
        case let .array(element):
            visit(element, at: place, declared: declared, columns: false, depth: depth)
        case let .dictionary(key, value):
            visit(key, at: place, declared: declared, columns: false, depth: depth)
            visit(value, at: place, declared: declared, columns: false, depth: depth)
        case let .external(path, arguments):
            for argument in arguments {
                visit(argument, at: place, declared: declared, columns: false, depth: depth)
            }
            external(path, at: place, declared: declared)
        case let .symbol(id):
            let symbol = symbols[id]
            guard symbol.kind == .struct || symbol.kind == .enum || isCodableClass(symbol), !walking.contains(id)
            else { return }
            note(symbol, at: place, declared: declared, columns: columns)
            walking.insert(id)
            defer { walking.remove(id) }
            let decodesByHand = symbol.codingMembers.contains(.decoder)
            if decodesByHand { handDecoded.append(symbol.qualifiedName) }
            defer { if decodesByHand { handDecoded.removeLast() } }
            if symbol.kind != .enum {
                for field in symbol.storedProperties {
                    guard case let .type(type) = StoredTypeInference(symbols: symbols).type(of: field, in: id) else {
                        continue
                    }
                    let resolved = symbols.resolve(type, scope: id, file: field.location.file)
                    visit(
                        resolved, at: self.place("\(Self.name(of: place)).\(field.name)", resolved),
                        declared: declared, columns: columns, depth: depth + 1)
                }
            } else {
                // Associated values are never columns: such an enum is not a composite.
                for enumCase in symbol.enumCases {
                    for value in enumCase.associatedValues {
                        let resolved = symbols.resolve(value.type, scope: id, file: symbol.file)
                        visit(
                            resolved, at: self.place("\(Self.name(of: place)).\(enumCase.name)", resolved),
                            declared: declared, columns: false, depth: depth + 1)
                    }
                }
            }
        case .other:
            break
        }
    }

    /// A type no analysed file declares: recorded as not checked, unless it is a standard one.
    private mutating func external(_ path: [String], at place: String, declared: SourceLocation) {
        var path = path
        if path.count > 1, StandardTypeStorage.modules.union(StandardTypeStorage.compositeModules).contains(path[0]) {
            path.removeFirst()
        }
        let name = path.joined(separator: ".")
        guard !Self.standardTypes.contains(name), StandardTypeStorage.knownComposite(path) == nil,
            !["Array", "Set", "Dictionary", "Optional", "ContiguousArray"].contains(name)
        else { return }
        var record = collection.records[name] ?? ValueTypeRecord(kind: nil)
        record.unchecked = "not declared in the analysed sources"
        record.storedIn.append(place)
        record.storedIn = Array(Set(record.storedIn))
        collection.records[name] = record
        var detail = collection.details[name] ?? ValueTypeCollection.Detail()
        detail.encodedAt.insert(Self.name(of: place))
        detail.places[Self.name(of: place)] = detail.places[Self.name(of: place)] ?? declared
        collection.details[name] = detail
    }

    /// Records one place a declared enum or struct is stored, and its shape the first time it is met.
    private mutating func note(_ symbol: SymbolTable.Symbol, at place: String, declared: SourceLocation, columns: Bool)
    {
        let name = symbol.qualifiedName
        var record = collection.records[name] ?? shape(of: symbol)
        if let decoder = handDecoded.last, record.unchecked == nil {
            record.unchecked = "it is decoded by the init(from:) of \(decoder), written by hand"
        }
        if !record.storedIn.contains(place) { record.storedIn.append(place) }
        collection.records[name] = record
        var detail = collection.details[name] ?? ValueTypeCollection.Detail(location: symbol.location)
        detail.places[Self.name(of: place)] = detail.places[Self.name(of: place)] ?? declared
        // As AttributeTypeMapper stores it: an enum with associated values is no composite.
        if !columns || symbol.enumCases.contains(where: \.hasAssociatedValues) {
            detail.encodedAt.insert(Self.name(of: place))
        }
        collection.details[name] = detail
    }

    /// `Trip.legs` of `Trip.legs: [Leg]`.
    static func name(of place: String) -> String { ValueTypeRecord.splitMember(place).key }

    // MARK: Shapes

    private func shape(of symbol: SymbolTable.Symbol) -> ValueTypeRecord {
        let kinds: [TypeKind: ValueTypeRecord.Kind] = [.struct: .struct, .class: .class]
        var record = ValueTypeRecord(kind: kinds[symbol.kind] ?? .enum)
        if !symbol.codingMembers.isEmpty {
            let written = symbol.codingMembers.sorted().map(\.rawValue).joined(separator: " and ")
            record.unchecked = "its \(written) is written by hand"
            return record
        }
        if symbol.kind == .class, let superclass = superclass(of: symbol) {
            record.unchecked = "it is coded as its superclass \(superclass) codes it"
            return record
        }
        let keys = codingKeys(of: symbol)
        if symbol.kind != .enum {
            var fields: [String: String] = [:]
            for field in symbol.storedProperties where !(field.isLet && field.hasDefault) {
                guard let key = keys.map({ $0[field.name] }) ?? field.name else { continue }
                switch StoredTypeInference(symbols: symbols).type(of: field, in: symbol.id) {
                case let .type(type):
                    fields[key] = describe(symbols.resolve(type, scope: symbol.id, file: field.location.file))
                case .unknown:
                    fields[key] = StoredTypeInference.noAnnotation
                }
            }
            record.fields = fields
        } else if let raw = rawType(of: symbol) {
            record.rawType = raw
            record.rawValues = rawValues(symbol.enumCases, rawType: raw)
        } else {
            var cases: [String: [String]] = [:]
            for enumCase in symbol.enumCases {
                guard let key = keys.map({ $0[enumCase.name] }) ?? enumCase.name else { continue }
                cases[key] = enumCase.associatedValues.enumerated().map { index, value in
                    let type = describe(symbols.resolve(value.type, scope: symbol.id, file: symbol.file))
                    return "\(value.label ?? "_\(index)"): \(type)"
                }
            }
            record.cases = cases
        }
        return record
    }

    /// A class stored as a value: `Codable` (or `Decodable`) where it or a class of the app it inherits from is
    /// declared, and no model (a model is a relationship, never encoded data).
    private func isCodableClass(_ symbol: SymbolTable.Symbol, depth: Int = 0) -> Bool {
        guard symbol.kind == .class, !symbol.attributes.contains("Model"), depth < Self.depthLimit else {
            return false
        }
        return symbol.inherited.contains { inherited in
            switch symbols.resolve(inherited.value, scope: inherited.scope, file: inherited.file) {
            case let .external(path, _): return ["Codable", "Decodable"].contains(path.last ?? "")
            case let .symbol(id): return isCodableClass(symbols[id], depth: depth + 1)
            default: return false
            }
        }
    }

    /// The app's class a class inherits from (whose coding its rows are written with), if any.
    private func superclass(of symbol: SymbolTable.Symbol) -> String? {
        for inherited in symbol.inherited {
            if case let .symbol(id) = symbols.resolve(inherited.value, scope: inherited.scope, file: inherited.file),
                symbols[id].kind == .class
            {
                return symbols[id].qualifiedName
            }
        }
        return nil
    }

    /// `enum CodingKeys: String, CodingKey` in the type or an extension: member name → key. nil when there is none.
    private func codingKeys(of symbol: SymbolTable.Symbol) -> [String: String]? {
        guard let id = symbol.nestedTypes["CodingKeys"]?.first, symbols[id].kind == .enum else { return nil }
        var keys: [String: String] = [:]
        for enumCase in symbols[id].enumCases {
            if case let .string(text) = enumCase.rawValue {
                keys[enumCase.name] = text
            } else {
                keys[enumCase.name] = enumCase.rawValue.map(Self.text) ?? enumCase.name
            }
        }
        return keys
    }

    /// The raw type an enum declares first among its inherited types, canonical (`Swift.String` is `String`).
    private func rawType(of symbol: SymbolTable.Symbol) -> String? {
        guard symbol.kind == .enum else { return nil }
        for inherited in symbol.inherited {
            guard
                case let .external(path, arguments) = symbols.resolve(
                    inherited.value, scope: inherited.scope, file: inherited.file),
                arguments.isEmpty, let name = StandardTypeStorage.canonicalName(path)
            else { continue }
            if Self.stringRawTypes.contains(name) || Self.integerRawTypes.contains(name)
                || Self.floatRawTypes.contains(name)
            {
                return name
            }
        }
        return nil
    }

    static let stringRawTypes: Set<String> = ["String", "Character"]
    static let integerRawTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    static let floatRawTypes: Set<String> = ["Double", "Float", "Float32", "Float64", "Float80", "CGFloat"]

    /// Each case's raw value as Swift gives it: written, else the case's name for strings, else one more than the case
    /// before for numbers (0 for the first).
    func rawValues(_ cases: [EnumCaseDeclaration], rawType: String) -> [String: String] {
        var values: [String: String] = [:]
        var next: Int? = 0
        for enumCase in cases {
            if let written = enumCase.rawValue {
                let value = Self.canonical(written, rawType: rawType)
                values[enumCase.name] = value
                next = Self.integer(value).map { $0 + 1 }
            } else if Self.stringRawTypes.contains(rawType) {
                values[enumCase.name] = enumCase.name
            } else if let implicit = next {
                values[enumCase.name] = Self.floatRawTypes.contains(rawType) ? "\(Double(implicit))" : "\(implicit)"
                next = implicit + 1
            } else {
                values[enumCase.name] = "<not written>"
            }
        }
        return values
    }

    /// A raw value as a row holds it: integers in decimal, floating-point numbers as Swift prints them.
    static func canonical(_ literal: RawValueLiteral, rawType: String) -> String {
        switch literal {
        case let .integer(text):
            guard let value = parseInteger(text) else { return text }
            return floatRawTypes.contains(rawType) ? "\(Double(value))" : "\(value)"
        case let .float(text):
            return Double(text.replacingOccurrences(of: "_", with: "")).map { "\($0)" } ?? text
        case let .string(text):
            return text
        case let .other(text):
            return text
        }
    }

    private static func text(_ literal: RawValueLiteral) -> String {
        switch literal {
        case let .string(text), let .integer(text), let .float(text), let .other(text): return text
        }
    }

    /// `-0x1F`, `1_000`, `0b101`, `0o7`.
    static func parseInteger(_ text: String) -> Int? {
        var digits = Substring(text.replacingOccurrences(of: "_", with: ""))
        let negative = digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            radix = base
            digits = digits.dropFirst(2)
        }
        guard let value = Int(digits, radix: radix) else { return nil }
        return negative ? -value : value
    }

    /// A decimal integer's value (a float whose value is whole counts: `2.0` is followed by `3.0`).
    static func integer(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        if let value = Double(text), value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        return nil
    }

    /// A resolved type as the record writes it: declared types by qualified name, standard ones canonical
    /// (`TimeInterval` is `Double`).
    func describe(_ resolved: SymbolTable.Resolved) -> String {
        switch resolved {
        case let .symbol(id): return symbols[id].qualifiedName
        case let .optional(wrapped): return describe(wrapped) + "?"
        case let .array(element): return "[\(describe(element))]"
        case let .dictionary(key, value): return "[\(describe(key)): \(describe(value))]"
        case let .external(path, arguments):
            let name = StandardTypeStorage.canonicalName(path) ?? path.joined(separator: ".")
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(describe).joined(separator: ", "))>"
        case let .other(text): return text
        }
    }
}

extension AttributeStorage {
    /// A property with no type written that schemalint could not type from its initial value.
    var isUntyped: Bool {
        if case let .unknown(swiftType, _) = self { return swiftType == StoredTypeInference.noAnnotation }
        return false
    }
}
