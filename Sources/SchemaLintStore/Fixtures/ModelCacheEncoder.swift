import CZlib
import SchemaLintModel

/// Writes a `ManagedModel` as the archived `NSManagedObjectModel` Core Data keeps in `Z_MODELCACHE.Z_CONTENT`: a
/// keyed archive, raw-deflated (zlib level 5, no header), which is byte for byte how the real stores' blobs compress.
///
/// The classes and keys are those of the real stores' archives (see docs in FixtureEncodingTests): a model's entities
/// in an `NSKnownKeysDictionary1` sorted by name, each entity's properties (inherited ones included, as separate
/// objects pointing to that entity) in an `NSMutableDictionary`, back-references (`NSEntity`, `NSDestinationEntity`,
/// `NSInverseRelationship`, `NSSuperentity`, `NSManagedObjectModel`) encoded conditionally as Core Data does.
/// What the schema does not say is written as a model without it would have it: no default values, no indexes, no
/// user info, class names left to the framework (`$null`, as SwiftData writes), delete rule nullify unless given.
public enum ModelCacheEncoder {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `configurations`: configuration name → entity names (SwiftData writes `["default": every entity]`; a Core Data
    /// model without configurations has none). `deleteRules`: by "Entity.relationship", Core Data's numbers
    /// (0 no action, 1 nullify, 2 cascade, 3 deny).
    public static func encode(
        _ schema: ManagedModel, versionIdentifiers: [String], configurations: [String: [String]] = [:],
        deleteRules: [String: Int] = [:]
    ) throws -> [UInt8] {
        try Deflate.raw(
            archive(
                schema, versionIdentifiers: versionIdentifiers, configurations: configurations,
                deleteRules: deleteRules))
    }

    /// The keyed archive's bytes before compression.
    public static func archive(
        _ schema: ManagedModel, versionIdentifiers: [String], configurations: [String: [String]] = [:],
        deleteRules: [String: Int] = [:]
    ) throws -> [UInt8] {
        var builder = ModelArchiveBuilder(schema: schema.inheritingProperties(), deleteRules: deleteRules)
        let root = try builder.build(versionIdentifiers: versionIdentifiers, configurations: configurations)
        return try builder.writer.encode(root: root)
    }
}

/// zlib's deflate without a header, at the level and window the real stores' caches were written with.
enum Deflate {
    static func raw(_ input: [UInt8], level: Int32 = 5) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw ModelCacheEncoder.Failure(description: "zlib could not start deflating") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        var source = input
        let status = source.withUnsafeMutableBufferPointer { from in
            output.withUnsafeMutableBufferPointer { to in
                stream.next_in = from.baseAddress
                stream.avail_in = uInt(from.count)
                stream.next_out = to.baseAddress
                stream.avail_out = uInt(to.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw ModelCacheEncoder.Failure(description: "zlib could not deflate the model (status \(status))")
        }
        return Array(output.prefix(Int(stream.total_out)))
    }
}

/// Declares the model's objects in a `KeyedArchiveWriter`: entities and their properties are reserved first, so
/// relationships and inverses can point at objects whatever their order.
struct ModelArchiveBuilder {
    typealias Field = KeyedArchiveWriter.Field
    static let classes: [String: [String]] = [
        "NSManagedObjectModel": ["NSManagedObjectModel", "NSObject"],
        "NSEntityDescription": ["NSEntityDescription", "NSObject"],
        "NSAttributeDescription": ["NSAttributeDescription", "NSPropertyDescription", "NSObject"],
        "NSCompositeAttributeDescription": [
            "NSCompositeAttributeDescription", "NSAttributeDescription", "NSPropertyDescription", "NSObject",
        ],
        "NSDerivedAttributeDescription": [
            "NSDerivedAttributeDescription", "NSAttributeDescription", "NSPropertyDescription", "NSObject",
        ],
        "NSRelationshipDescription": ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"],
    ]
    static let mutableDictionary = ["NSMutableDictionary", "NSDictionary", "NSObject"]
    static let mutableArray = ["NSMutableArray", "NSArray", "NSObject"]
    static let set = ["NSSet", "NSObject"]
    /// Core Data's `_P` packs a property's flags; every property of the real archives has the bits 0xF1 set.
    static let packedBase: Int64 = 0xF1

    let schema: ManagedModel
    let deleteRules: [String: Int]
    var writer = KeyedArchiveWriter()
    var entityObjects: [String: KeyedArchiveWriter.Object] = [:]
    /// Entity name → property name → its object.
    var propertyObjects: [String: [String: KeyedArchiveWriter.Object]] = [:]

    init(schema: ManagedModel, deleteRules: [String: Int]) {
        self.schema = schema
        self.deleteRules = deleteRules
    }

    mutating func build(versionIdentifiers: [String], configurations: [String: [String]]) throws
        -> KeyedArchiveWriter.Object
    {
        let model = writer.reserve()
        for entity in schema.entities {
            guard entityObjects[entity.name] == nil else {
                throw ModelCacheEncoder.Failure(description: "the model has two entities named \(entity.name)")
            }
            entityObjects[entity.name] = writer.reserve()
            var objects: [String: KeyedArchiveWriter.Object] = [:]
            for property in entity.properties {
                guard objects[property.name] == nil else {
                    throw ModelCacheEncoder.Failure(
                        description: "entity \(entity.name) has two properties named \(property.name)")
                }
                objects[property.name] = writer.reserve()
            }
            propertyObjects[entity.name] = objects
        }
        for entity in schema.entities { try defineEntity(entity, model: model) }
        let names = schema.entities.map(\.name)
        let mapping = writer.make(
            classes: ["NSKnownKeysMappingStrategy1", "NSKnownKeysMappingStrategy", "NSObject"],
            fields: [
                ("keys", .object(writer.array(names.map(Field.string)))), ("length", .integer(Int64(names.count))),
                ("version", .integer(1)),
            ])
        let entities = writer.make(
            classes: [
                "NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary", "NSObject",
            ],
            fields: [
                ("searchMapping", .object(mapping)),
                ("emptyToken", .string("__empty_slot_token_4c24_98dc_ac1e_b773__")),
                ("values", .object(writer.array(names.map { .object(entityObjects[$0]!) }))), ("version", .integer(1)),
            ])
        var fields: [(String, Field)] = [("NSEntities", .object(entities)), ("NSFetchRequestTemplates", .null)]
        if !configurations.isEmpty {
            let entries = try configurations.keys.sorted().map { name -> (String, Field) in
                let members = try configurations[name]!.sorted().map { entity -> Field in
                    guard let object = entityObjects[entity] else {
                        throw ModelCacheEncoder.Failure(
                            description: "configuration \(name) names \(entity), which is not in the model")
                    }
                    return .conditional(object)
                }
                return (name, .object(writer.array(members, classes: Self.set)))
            }
            fields.append(("NSConfigurations", .object(writer.dictionary(entries, classes: Self.mutableDictionary))))
        }
        fields.append(
            ("NSVersionIdentifiers", .object(writer.array(versionIdentifiers.map(Field.string), classes: Self.set))))
        writer.define(model, classes: Self.classes["NSManagedObjectModel"]!, fields: fields)
        return model
    }

    mutating func defineEntity(_ entity: ManagedEntity, model: KeyedArchiveWriter.Object) throws {
        let object = entityObjects[entity.name]!
        let subentities = schema.entities.filter { $0.superentity == entity.name }.map {
            ($0.name, Field.conditional(entityObjects[$0.name]!))
        }
        var properties: [(String, Field)] = []
        for property in entity.properties.sorted(by: { $0.name < $1.name }) {
            let propertyObject = propertyObjects[entity.name]![property.name]!
            try defineProperty(property, as: propertyObject, entity: entity.name, owner: .conditional(object))
            properties.append((property.name, .object(propertyObject)))
        }
        let tuples = entity.uniquenessConstraints.map { tuple in
            Field.object(writer.array(tuple.map(Field.string), classes: Self.mutableArray))
        }
        var fields: [(String, Field)] = [
            ("NSEntityName", .string(entity.name)),
            ("NSSuperentity", entity.superentity.flatMap { entityObjects[$0] }.map(Field.conditional) ?? .null),
            ("NSSubentities", .object(writer.dictionary(subentities, classes: Self.mutableDictionary))),
            ("NSProperties", .object(writer.dictionary(properties, classes: Self.mutableDictionary))),
            ("NSManagedObjectModel", .conditional(model)),
            ("NSClassNameForEntity", .null),
            ("NSRenamingIdentifier", .string(entity.name)),
            ("NSUserInfo", .object(writer.dictionary([]))),
            ("NSVersionHashModifier", entity.versionHashModifier.map(Field.string) ?? .null),
            ("NSUniqueTuples", .object(writer.array(tuples, classes: Self.mutableArray))),
        ]
        if entity.isAbstract { fields.append(("NSIsAbstract", .bool(true))) }
        writer.define(object, classes: Self.classes["NSEntityDescription"]!, fields: fields)
    }

    /// `owner`: the entity reference (`NSEntity`); a composite's elements point to the composite's entity too.
    mutating func defineProperty(
        _ property: ManagedProperty, as object: KeyedArchiveWriter.Object, entity: String, owner: Field, depth: Int = 0
    ) throws {
        guard depth < 16 else { throw ModelCacheEncoder.Failure(description: "composites nested too deeply") }
        var packed = Self.packedBase
        var fields: [(String, Field)] = [("NSPropertyName", .string(property.name))]
        fields.append(("NSEntity", owner))
        fields.append(("NSRenamingIdentifier", .string(property.name)))
        if property.isOptional {
            packed |= 0x2
            fields.append(("NSIsOptional", .bool(true)))
        }
        if property.isReadOnly {
            packed |= 0x4
            fields.append(("NSIsReadOnly", .bool(true)))
        }
        if property.isTransient {
            packed |= 0x8
            fields.append(("NSIsTransient", .bool(true)))
        }
        if let modifier = property.versionHashModifier {
            fields.append(("NSVersionHashModifier", .string(modifier)))
        }
        let className: String
        switch property.kind {
        case let .attribute(type, external, preserve):
            className = "NSAttributeDescription"
            fields += attributeFields(type: type, flags: (external ? 0x4 : 0) | (preserve ? 0x10 : 0))
        case let .composite(elements):
            className = "NSCompositeAttributeDescription"
            fields += attributeFields(type: 2100, flags: 0)
            var members: [Field] = []
            for element in elements {
                let elementObject = writer.reserve()
                try defineProperty(element, as: elementObject, entity: entity, owner: owner, depth: depth + 1)
                members.append(.object(elementObject))
            }
            fields.append(("NSCompositeElements", .object(writer.array(members, classes: Self.mutableArray))))
        case let .derived(type, expression):
            className = "NSDerivedAttributeDescription"
            fields += attributeFields(type: type, flags: 0)
            var derivation = Field.null
            if let expression {
                derivation = .object(try ExpressionWriter.write(expression, into: &writer))
            }
            fields += [("NSDerivationExpression", derivation), ("NSFilteringPredicate", .null)]
        case let .relationship(destination, inverse, minCount, maxCount, isOrdered):
            className = "NSRelationshipDescription"
            if isOrdered {
                packed |= 0x400
                fields.append(("NSIsOrdered", .bool(true)))
            }
            let inverseObject = inverse.flatMap { propertyObjects[destination]?[$0] }
            fields += [
                ("_NSDestinationEntityName", .string(destination)),
                ("NSDestinationEntity", entityObjects[destination].map(Field.conditional) ?? .null),
                ("_NSInverseRelationshipName", inverse.map(Field.string) ?? .null),
                ("NSInverseRelationship", inverseObject.map(Field.conditional) ?? .null),
                ("NSMinCount", .integer(Int64(minCount))), ("NSMaxCount", .integer(Int64(maxCount))),
                ("NSDeleteRule", .integer(Int64(deleteRules["\(entity).\(property.name)"] ?? 1))),
            ]
        }
        fields.append(("_P", .integer(packed)))
        writer.define(object, classes: Self.classes[className]!, fields: fields)
    }

    /// The keys every attribute (plain, composite, derived) carries: its type, the class of its values as Core Data
    /// names it for that type, no default value, and `NSFlagsKey` (4 external storage, 16 preserve on deletion).
    func attributeFields(type: Int32, flags: Int64) -> [(String, Field)] {
        let valueClass: String?
        switch type {
        case 100, 200, 300, 500, 600, 800: valueClass = "NSNumber"
        case 400: valueClass = "NSDecimalNumber"
        case 700: valueClass = "NSString"
        case 900: valueClass = "NSDate"
        case 1000: valueClass = "NSData"
        case 1100: valueClass = "NSUUID"
        case 1200: valueClass = "NSURL"
        case 2100: valueClass = "NSDictionary"
        default: valueClass = nil  // undefined, object ID, transformable: the framework decides
        }
        // SwiftData's transformables name the secure unarchiving transformer; Core Data's default one is unsafe.
        let transformer: Field = type == 1800 ? .string("NSSecureUnarchiveFromData") : .null
        return [
            ("NSAttributeType", .integer(Int64(type))),
            ("NSAttributeValueClassName", valueClass.map(Field.string) ?? .null),
            ("NSDefaultValue", .null), ("NSValueTransformerName", transformer), ("NSFlagsKey", .integer(flags)),
        ]
    }
}

/// A derived attribute's expression, from the text `ExpressionFormat` prints (`NSExpression.predicateFormat`) back
/// to the archived `NSExpression` objects Core Data writes: functions (`count:(pages)`, an operand naming
/// `_NSPredicateUtilities`), key paths (`valueForKey:` on `SELF`), `SELF`, string and integer constants, `nil`.
/// Text it cannot read is an error, never an expression that prints differently.
enum ExpressionWriter {
    typealias Field = KeyedArchiveWriter.Field
    static let expression = ["NSExpression", "NSObject"]

    static func write(_ text: String, into writer: inout KeyedArchiveWriter) throws -> KeyedArchiveWriter.Object {
        var rest = Substring(text)
        let object = try parse(&rest, into: &writer, depth: 0)
        guard rest.isEmpty else { throw failure(text) }
        return object
    }

    static func failure(_ text: some StringProtocol) -> ModelCacheEncoder.Failure {
        ModelCacheEncoder.Failure(description: "cannot write the derivation expression \(text)")
    }

    static func parse(_ text: inout Substring, into writer: inout KeyedArchiveWriter, depth: Int) throws
        -> KeyedArchiveWriter.Object
    {
        guard depth < 32 else { throw failure(text) }
        if text.first == "\"" {
            guard let end = text.dropFirst().firstIndex(of: "\"") else { throw failure(text) }
            let value = String(text[text.index(after: text.startIndex)..<end])
            text = text[text.index(after: end)...]
            return constant(.string(value), into: &writer)
        }
        let word = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" || $0 == "." || $0 == "-" }
        guard !word.isEmpty else { throw failure(text) }
        text = text.dropFirst(word.count)
        if text.first == "(" {
            text = text.dropFirst()
            var arguments: [Field] = []
            while text.first != ")" {
                if !arguments.isEmpty {
                    guard text.hasPrefix(", ") else { throw failure(text) }
                    text = text.dropFirst(2)
                }
                arguments.append(.object(try parse(&text, into: &writer, depth: depth + 1)))
            }
            text = text.dropFirst()
            let utilities = writer.make(
                classes: ["NSConstantValueExpression"] + expression,
                fields: [
                    ("NSExpressionType", .integer(0)),
                    ("NSConstantValueClassName", .string("_NSPredicateUtilities")),
                ])
            return writer.make(
                classes: ["NSFunctionExpression"] + expression,
                fields: [
                    ("NSOperand", .object(utilities)), ("NSSelectorName", .string(String(word))),
                    ("NSExpressionType", .integer(4)), ("NSArguments", .object(writer.array(arguments))),
                ])
        }
        if word == "nil" { return constant(nil, into: &writer) }
        if word == "SELF" { return selfExpression(into: &writer) }
        if let number = Int64(word) { return constant(.integer(number), into: &writer) }
        guard word.first?.isLetter == true || word.first == "_", !word.contains(":") else { throw failure(word) }
        let specifier = writer.make(
            classes: ["NSKeyPathSpecifierExpression"] + expression,
            fields: [("NSExpressionType", .integer(10)), ("NSKeyPath", .string(String(word)))])
        return writer.make(
            classes: ["NSKeyPathExpression", "NSFunctionExpression"] + expression,
            fields: [
                ("NSOperand", .object(selfExpression(into: &writer))), ("NSSelectorName", .string("valueForKey:")),
                ("NSExpressionType", .integer(3)),
                ("NSArguments", .object(writer.array([.object(specifier)], classes: ModelArchiveBuilder.mutableArray))),
            ])
    }

    static func selfExpression(into writer: inout KeyedArchiveWriter) -> KeyedArchiveWriter.Object {
        writer.make(classes: ["NSSelfExpression"] + expression, fields: [("NSExpressionType", .integer(1))])
    }

    static func constant(_ value: Field?, into writer: inout KeyedArchiveWriter) -> KeyedArchiveWriter.Object {
        writer.make(
            classes: ["NSConstantValueExpression"] + expression,
            fields: [("NSExpressionType", .integer(0)), ("NSConstantValue", value ?? .null)])
    }
}
