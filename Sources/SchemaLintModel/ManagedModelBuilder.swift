/// Turns one version's models into the Core Data model SwiftData would build from them, the way SwiftData
/// does it (docs/hashing.md): entity = class simple name, stored properties, inverse pairing (declared on one
/// end, recorded on both; inferred when exactly one unpaired relationship points back). Every place where
/// SwiftData's behaviour is not known for certain adds a reason to `uncertainties` instead of guessing quietly.
public struct ManagedModelBuilder {
    public struct Output {
        public var schema: ManagedModel
        public var uncertainties: [String]
        /// Inverse names per entity and relationship, as paired (declared or inferred).
        public var inverses: [String: [String: String]]
        public var inferredInverses: Set<String>
        /// The class used for each entity name.
        public var classes: [String: SymbolID]
    }

    let project: Project

    public init(project: Project) { self.project = project }

    public func map(_ version: SchemaVersion) -> Output {
        var uncertainties: [String] = []
        var classes: [String: SymbolID] = [:]
        var order: [String] = []
        for id in version.allEntities {
            guard let entity = project.entities[id] else { continue }
            if let existing = classes[entity.name] {
                if existing != id {
                    uncertainties.append(
                        "two classes claim the entity name '\(entity.name)' "
                            + "(\(project.entities[existing]!.qualifiedName) and \(entity.qualifiedName)); SwiftData "
                            + "binds the name to whichever it meets first"
                    )
                }
                continue
            }
            classes[entity.name] = id
            order.append(entity.name)
        }
        let pairing = InversePairing(project: project, classes: classes)
        uncertainties += pairing.uncertainties

        var entities: [ManagedEntity] = []
        for name in order {
            let entity = project.entities[classes[name]!]!
            var properties: [ManagedProperty] = []
            for property in entity.properties {
                properties.append(
                    storeProperty(property, entity: entity, pairing: pairing, uncertainties: &uncertainties))
            }
            var superentity: String? = nil
            if let superclass = entity.superclass, let superEntity = project.entities[superclass] {
                superentity = superEntity.name
                uncertainties.append(
                    "'\(entity.name)' inherits from '\(superEntity.name)': model inheritance has not been verified "
                        + "against a real store"
                )
            }
            var constraints: [[String]] = []
            for constraint in entity.uniqueness where !constraints.contains(constraint.properties) {
                constraints.append(constraint.properties)
            }
            entities.append(
                ManagedEntity(
                    name: name, superentity: superentity, properties: properties, uniquenessConstraints: constraints))
        }
        return Output(
            schema: ManagedModel(entities: entities), uncertainties: uncertainties.sortedUnique(),
            inverses: pairing.inverses, inferredInverses: pairing.inferred, classes: classes)
    }

    private func storeProperty(
        _ property: Property, entity: Entity, pairing: InversePairing, uncertainties: inout [String]
    ) -> ManagedProperty {
        let place = "\(entity.name).\(property.name)"
        switch property.kind {
        case let .relationship(relationship):
            let destination = project.entities[relationship.destination]?.name ?? "?"
            let arguments = property.relationshipArguments
            var inverse = pairing.inverses[entity.name]?[property.name]
            if inverse == property.name && destination == entity.name { inverse = nil }
            // A to-one is minimum 0 even when the Swift property is not optional: MetaCocktailsSwiftData's store
            // records `var ingredientBase: IngredientBase` as required with minimum 0.
            let minCount = Int32(arguments?.minimumModelCount ?? 0)
            let maxCount = Int32(arguments?.maximumModelCount ?? (relationship.isToMany ? 0 : 1))
            return ManagedProperty(
                name: property.name, isOptional: property.isOptional, versionHashModifier: property.hashModifier,
                kind: .relationship(
                    destination: destination, inverse: inverse, minCount: minCount,
                    maxCount: maxCount, isOrdered: false))
        case let .attribute(storage):
            for option in property.options where !Self.knownOptions.contains(option) {
                uncertainties.append("\(place) uses `.\(option)`, whose effect on the store has not been verified")
            }
            let options = property.options
            return ManagedProperty(
                name: property.name, isOptional: property.isOptional, versionHashModifier: property.hashModifier,
                kind: attributeKind(
                    storage, place: place, propertyOptional: property.isOptional, nested: false,
                    external: options.contains("externalStorage"),
                    preserve: options.contains("preserveValueOnDeletion"), uncertainties: &uncertainties))
        }
    }

    /// Options whose effect is known: hashed (external storage, preserve on deletion, unique) or known not to be.
    static let knownOptions: Set<String> = [
        "unique", "externalStorage", "preserveValueOnDeletion", "allowsCloudEncryption",
    ]

    /// How SwiftData flags a Swift type's storage in the store (docs/hashing.md, with the store behind each rule):
    /// a raw-value enum's one element is optional (ladder-phase4prep.store), every element of an optional composite
    /// is optional whatever its field says (vivobody-db99d12.store), a required composite keeps its fields'
    /// optionality (ladder's `ContactInfo`).
    private func attributeKind(
        _ storage: AttributeStorage, place: String, propertyOptional: Bool, nested: Bool,
        external: Bool, preserve: Bool, uncertainties: inout [String]
    ) -> ManagedProperty.Kind {
        func attribute(_ code: Int32) -> ManagedProperty.Kind {
            .attribute(
                type: code, allowsExternalBinaryDataStorage: external,
                preservesValueInHistoryOnDeletion: preserve)
        }
        switch storage {
        case let .scalar(code, _):
            return attribute(code)
        case let .transformable(_, uncertainty):
            if let uncertainty { uncertainties.append("\(place): \(uncertainty)") }
            return attribute(1800)
        case let .encoded(_, uncertainty):
            // Inside a composite, encoded values are stored like a model's own (MetaCocktailsSwiftData's store
            // holds `[Instruction]` and `[Booze]` as Binary Data elements); only the mapping itself can be uncertain.
            if let uncertainty { uncertainties.append("\(place): \(uncertainty)") }
            return attribute(1000)
        case let .composite(swiftType, elements, rawValueEnum):
            if nested {
                uncertainties.append(
                    "\(place) nests the composite '\(swiftType)': nested composites have not been "
                        + "verified against a real store")
            }
            return .composite(
                elements: elements.map { element in
                    let optional = element.isOptional || rawValueEnum || propertyOptional
                    return ManagedProperty(
                        name: element.name, isOptional: optional,
                        kind: attributeKind(
                            element.storage, place: "\(place).\(element.name)",
                            propertyOptional: optional, nested: true, external: false,
                            preserve: false, uncertainties: &uncertainties))
                })
        case let .unknown(_, reason):
            uncertainties.append("\(place): \(reason)")
            return attribute(0)
        }
    }
}

extension Array where Element == String {
    func sortedUnique() -> [String] { Array(Set(self)).sorted() }
}
