import SchemaLintModel

/// The managed object model a store caches in `Z_MODELCACHE`, decoded into the same `ManagedModel` the source
/// analysis produces, so the two can be hashed and compared with one implementation.
public struct CachedModel: Sendable {
    public var schema: ManagedModel
    public var versionIdentifiers: [String]
    /// Delete rules by "Entity.relationship" (not hashed, shown by inspect-store).
    public var deleteRules: [String: Int]
    /// Properties whose hash schemalint cannot recompute (a derived attribute with an expression it cannot print).
    public var unverifiable: [Unverifiable]

    public struct Unverifiable: Sendable, CustomStringConvertible {
        public var entity: String
        public var property: String
        public var description: String {
            "\(entity).\(property) is a derived attribute whose expression or filter schemalint cannot print"
        }
    }
}

/// Reads Core Data's archived `NSManagedObjectModel`. Key names and flag bits are those Core Data itself encodes:
/// `_P` packs a property's flags (2 optional, 4 read-only, 8 transient, 0x400 ordered) and older archives spell
/// them out as `NSIsOptional`, `NSIsReadOnly`, `NSIsTransient`, `NSIsOrdered`; `NSFlagsKey` on an attribute holds
/// external storage (4) and preserve-value-on-deletion (16).
enum ModelCacheDecoder {
    static func decode(_ archive: KeyedArchive) throws -> CachedModel {
        guard let root = archive.root, root.className == "NSManagedObjectModel" else {
            throw BinaryPropertyList.Failure(description: "the cached model is not an NSManagedObjectModel")
        }
        var model = CachedModel(
            schema: ManagedModel(entities: []), versionIdentifiers: [], deleteRules: [:], unverifiable: [])
        model.versionIdentifiers = root.members("NSVersionIdentifiers").compactMap { archive.resolve($0)?.string }
            .sorted()
        var entities: [ManagedEntity] = []
        for entity in root.objects("NSEntities") where entity.className == "NSEntityDescription" {
            guard let name = entity.string("NSEntityName") else { continue }
            var properties: [ManagedProperty] = []
            for (key, value) in propertyTable(entity) {
                guard let property = archive.object(value),
                    let decoded = decodeProperty(
                        property, name: property.string("NSPropertyName") ?? key, entity: name, model: &model)
                else { continue }
                properties.append(decoded)
            }
            entities.append(
                ManagedEntity(
                    name: name,
                    isAbstract: entity.bool("NSIsAbstract"),
                    superentity: entity.object("NSSuperentity")?.string("NSEntityName"),
                    properties: properties.sorted { $0.name < $1.name },
                    versionHashModifier: entity.string("NSVersionHashModifier"),
                    uniquenessConstraints: entity.members("NSUniqueTuples").map { tuple in
                        let parts = archive.object(tuple).map { $0.fields["NS.objects"]?.array ?? [] } ?? []
                        return parts.compactMap { part in
                            archive.resolve(part)?.string ?? archive.object(part)?.string("NSPropertyName")
                        }
                    }))
        }
        model.schema = ManagedModel(entities: entities).inheritingProperties()
        return model
    }

    /// Entity properties are archived as a dictionary (name → description).
    private static func propertyTable(_ entity: ArchivedObject) -> [(String, PropertyListValue)] {
        guard let table = entity.object("NSProperties") else { return [] }
        let keys = table.fields["NS.keys"]?.array ?? []
        let values = table.fields["NS.objects"]?.array ?? []
        return zip(keys, values).map { (entity.archive.resolve($0)?.string ?? "", $1) }
    }

    private struct Flags {
        var isOptional = false, isReadOnly = false, isTransient = false, isOrdered = false
    }

    private static func flags(_ property: ArchivedObject) -> Flags {
        if let packed = property.integer("_P"), packed != 0 {
            return Flags(
                isOptional: packed & 0x2 != 0, isReadOnly: packed & 0x4 != 0,
                isTransient: packed & 0x8 != 0, isOrdered: packed & 0x400 != 0)
        }
        return Flags(
            isOptional: property.bool("NSIsOptional"), isReadOnly: property.bool("NSIsReadOnly"),
            isTransient: property.bool("NSIsTransient"), isOrdered: property.bool("NSIsOrdered"))
    }

    /// `depth`: composites nest; a damaged archive whose composite lists itself as its own element must end, not
    /// overflow the stack.
    private static func decodeProperty(
        _ property: ArchivedObject, name: String, entity: String, model: inout CachedModel, depth: Int = 0
    ) -> ManagedProperty? {
        guard depth < 16 else { return nil }
        let flags = flags(property)
        let modifier = property.string("NSVersionHashModifier").flatMap { $0.isEmpty ? nil : $0 }
        let kind: ManagedProperty.Kind
        switch property.className {
        case "NSRelationshipDescription":
            guard
                let destination = property.string("_NSDestinationEntityName")
                    ?? property.object("NSDestinationEntity")?.string("NSEntityName")
            else { return nil }
            var inverse =
                property.string("_NSInverseRelationshipName")
                ?? property.object("NSInverseRelationship")?.string("NSPropertyName")
            // A relationship that is its own inverse does not feed the inverse name into its hash.
            if inverse == name && destination == entity { inverse = nil }
            kind = .relationship(
                destination: destination, inverse: inverse,
                minCount: Int32(truncatingIfNeeded: property.integer("NSMinCount") ?? 0),
                maxCount: Int32(truncatingIfNeeded: property.integer("NSMaxCount") ?? 0),
                isOrdered: flags.isOrdered)
            if let rule = property.integer("NSDeleteRule") { model.deleteRules["\(entity).\(name)"] = Int(rule) }
        case "NSCompositeAttributeDescription":
            let elements = property.objects("NSCompositeElements").compactMap { element in
                decodeProperty(
                    element, name: element.string("NSPropertyName") ?? "", entity: entity, model: &model,
                    depth: depth + 1)
            }
            kind = .composite(elements: elements)
        case "NSDerivedAttributeDescription":
            let source = property.object("NSDerivationExpression")
            let expression = source.flatMap { ExpressionFormat.render($0) }
            if (source != nil && expression == nil) || property.object("NSFilteringPredicate") != nil {
                model.unverifiable.append(.init(entity: entity, property: name))
            }
            kind = .derived(
                type: Int32(truncatingIfNeeded: property.integer("NSAttributeType") ?? 0), expression: expression)
        case "NSAttributeDescription":
            let storage = property.integer("NSFlagsKey") ?? 0
            kind = .attribute(
                type: Int32(truncatingIfNeeded: property.integer("NSAttributeType") ?? 0),
                allowsExternalBinaryDataStorage: storage & 0x4 != 0,
                preservesValueInHistoryOnDeletion: storage & 0x10 != 0)
        default:
            // Fetched properties and anything newer: not part of the version hash (they are transient).
            return nil
        }
        return ManagedProperty(
            name: name, isOptional: flags.isOptional, isTransient: flags.isTransient,
            isReadOnly: flags.isReadOnly, versionHashModifier: modifier, kind: kind)
    }
}

/// `NSExpression.predicateFormat` for the expressions derived attributes use: key paths and functions of them.
enum ExpressionFormat {
    static func render(_ expression: ArchivedObject, depth: Int = 0) -> String? {
        guard depth < 32 else { return nil }
        switch expression.integer("NSExpressionType") {
        case 0?:  // constant
            switch expression.value("NSConstantValue") {
            case let .string(text)?: return "\"\(text)\""
            case let .integer(number)?: return String(number)
            case nil: return "nil"
            default: return nil
            }
        case 1?: return "SELF"
        case 3?:  // key path: valueForKey: on an operand
            let path = expression.members("NSArguments").compactMap(expression.archive.object).first?.string(
                "NSKeyPath")
            guard let path else { return nil }
            guard let operand = expression.object("NSOperand"), operand.integer("NSExpressionType") != 1 else {
                return path
            }
            return render(operand, depth: depth + 1).map { "\($0).\(path)" }
        case 4?:  // function
            guard let selector = expression.string("NSSelectorName") else { return nil }
            var arguments: [String] = []
            for argument in expression.members("NSArguments").compactMap(expression.archive.object) {
                guard let text = render(argument, depth: depth + 1) else { return nil }
                arguments.append(text)
            }
            return "\(selector)(\(arguments.joined(separator: ", ")))"
        case 10?: return expression.string("NSKeyPath")
        default: return nil
        }
    }
}
