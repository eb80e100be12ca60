import SchemaLintModel

/// Reads one `.xcdatamodel/contents` into the store model Core Data compiles from it, following the mapping written
/// down in docs/hashing.md ("Core Data model files"): what enters an entity's version hash, and what does not.
///
/// Transient attributes and fetched properties never reach the store and are left out. A file that cannot be read
/// as a model (bad XML, an attribute type `momc` would refuse, a parent entity that is missing or contains itself)
/// gives a version with a `problem` and no entities.
public enum ModelContentsReader {
    /// Which reading of model files this is, written into each `ContentsDigest`: raise it whenever a release reads
    /// the same bytes into other hashes, snapshots or uncertainties, so lockfiles of the earlier reading are read
    /// again rather than trusted.
    /// 2: a sub-entity's inherited properties carry the parent's default, delete rule and renaming identifier.
    public static let readingRevision = 2

    /// Core Data's attribute type codes by the names Xcode writes.
    static let attributeTypes: [String: Int32] = [
        "Undefined": 0, "Integer 16": 100, "Integer 32": 200, "Integer 64": 300, "Decimal": 400, "Double": 500,
        "Float": 600, "String": 700, "Boolean": 800, "Date": 900, "Binary": 1000, "UUID": 1100, "URI": 1200,
        "Transformable": 1800, "ObjectID": 2000, "Composite": 2100,
    ]

    /// `memo`: entities already read in other versions, by their bytes. A bundle's versions repeat most entities
    /// byte for byte (Xcode writes an unchanged entity the same way), so each distinct `<entity>` is read once.
    public static func read(
        _ bytes: [UInt8], name: String, file: String, memo: EntityMemo? = nil
    ) -> ModelBundleVersion {
        if let memo {
            if let version = try? read(bytes, name: name, file: file, memo: memo) { return version }
            // A cut the memo could not use (see XMLReader.read(_:rawChildren:)): read the file whole.
        }
        func broken(_ reason: String, line: Int = 1) -> ModelBundleVersion {
            ModelBundleVersion(
                name: name, location: SourceLocation(file: file, line: line, column: 1), identifier: nil,
                schema: ManagedModel(entities: []), details: ModelDetails(), uncertainties: [], problem: reason)
        }
        let root: XMLElement
        do {
            root = try XMLReader.read(bytes)
        } catch let failure as XMLFailure {
            return broken("is not well-formed XML (\(failure))", line: failure.line)
        } catch {
            return broken("cannot be read as XML")
        }
        guard root.name == "model" else { return broken("has <\(root.name)> where <model> was expected") }
        var reader = EntityReader(file: file, composites: composites(in: root))
        var entities: [ManagedEntity] = []
        for element in root.children(named: "entity") {
            do {
                entities.append(try reader.entity(element))
            } catch let failure as XMLFailure {
                return broken(failure.reason, line: failure.line)
            } catch {
                return broken("cannot be read")
            }
        }
        return assemble(root, name: name, file: file, entities: entities, reader: reader) ?? broken("cannot be read")
    }

    /// Reads a version with the memo, or throws `MemoMiss` when the file must be read whole: its XML or one of its
    /// entities is damaged (the whole reading names the first problem), or it declares composite types (their
    /// entities depend on more than their own bytes).
    private static func read(
        _ bytes: [UInt8], name: String, file: String, memo: EntityMemo
    ) throws -> ModelBundleVersion {
        let root = try XMLReader.read(bytes, rawChildren: ["entity"])
        guard root.name == "model", root.child(named: "composite") == nil else { throw MemoMiss() }
        var reader = EntityReader(file: file, composites: [:])
        var entities: [ManagedEntity] = []
        var states: [String: ModelBundleVersion.EntityState] = [:]
        let elements = root.children(named: "entity")
        let known = try elements.map { element in try element.raw.map { try memo.entity($0, file: file) } }
        reader.reserveCapacity(for: known.compactMap { $0 })
        for (element, known) in zip(elements, known) {
            guard let read = known else {
                entities.append(try reader.entity(element))
                continue
            }
            guard reader.details.entityLines[read.entity.name] == nil else { throw MemoMiss() }
            reader.merge(read, firstLine: element.line)
            entities.append(read.entity)
            states[read.entity.name] = read.state
        }
        guard var version = assemble(root, name: name, file: file, entities: entities, reader: reader),
            version.problem == nil
        else { throw MemoMiss() }
        version.entityStates = states
        return version
    }

    private static func assemble(
        _ root: XMLElement, name: String, file: String, entities: [ManagedEntity], reader: EntityReader
    ) -> ModelBundleVersion? {
        if let problem = inheritanceProblem(entities, lines: reader.details.entityLines) {
            return ModelBundleVersion(
                name: name, location: SourceLocation(file: file, line: problem.line, column: 1), identifier: nil,
                schema: ManagedModel(entities: []), details: ModelDetails(), uncertainties: [], problem: problem.reason)
        }
        let identifier = root["userDefinedModelVersionIdentifier"].flatMap { $0.isEmpty ? nil : $0 }
        return ModelBundleVersion(
            name: name, location: SourceLocation(file: file, line: root.line, column: 1), identifier: identifier,
            schema: ManagedModel(entities: entities).inheritingProperties(),
            details: inheritingDetails(reader.details, entities: entities),
            uncertainties: reader.uncertainties.sorted())
    }

    /// A sub-entity has every attribute and relationship of its parents as declared there (Core Data copies the
    /// property, flags, default and all): the model file lists each only on the entity that declares it, so what the
    /// file says of it beyond the hash (its default, delete rule, renaming identifier and line) is given to each
    /// sub-entity too. The nearest declaration wins, as an entity's own properties come before inherited ones.
    static func inheritingDetails(_ details: ModelDetails, entities: [ManagedEntity]) -> ModelDetails {
        guard entities.contains(where: { $0.superentity != nil }) else { return details }
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var inherited = details
        for entity in entities where entity.superentity != nil {
            var seen = Set(entity.properties.map(\.name))
            var next = entity.superentity
            var depth = 0
            // Parents are known to exist and form no cycle (`inheritanceProblem`); the depth is a guard all the same.
            while let parentName = next, let parent = byName[parentName], depth < 64 {
                for property in parent.properties where seen.insert(property.name).inserted {
                    let from = "\(parentName).\(property.name)", to = "\(entity.name).\(property.name)"
                    if details.defaults.contains(from) { inherited.defaults.insert(to) }
                    if let rule = details.deleteRules[from] { inherited.deleteRules[to] = rule }
                    if let renaming = details.renamingIdentifiers[from] { inherited.renamingIdentifiers[to] = renaming }
                    if let line = details.propertyLines[from] { inherited.propertyLines[to] = line }
                }
                next = parent.superentity
                depth += 1
            }
        }
        return inherited
    }

    /// Composite attribute types declared at model level (`<composite name="Address">`), by name.
    private static func composites(in root: XMLElement) -> [String: XMLElement] {
        var byName: [String: XMLElement] = [:]
        for element in root.children(named: "composite") {
            if let name = element["name"], byName[name] == nil { byName[name] = element }
        }
        return byName
    }

    /// A parent entity that is not in the model, or a chain of parents that comes back to itself: `momc` refuses both.
    static func inheritanceProblem(_ entities: [ManagedEntity], lines: [String: Int]) -> XMLFailure? {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities {
            var seen: Set<String> = [entity.name]
            var next = entity.superentity
            while let parent = next {
                guard let found = byName[parent] else {
                    return XMLFailure(
                        line: lines[entity.name] ?? 1,
                        reason: "entity \(entity.name) names parent entity \(parent), which the model does not have")
                }
                guard seen.insert(parent).inserted else {
                    return XMLFailure(
                        line: lines[entity.name] ?? 1,
                        reason: "entity \(entity.name)'s parent entities form a cycle through \(parent)")
                }
                next = found.superentity
            }
        }
        return nil
    }
}

/// Reads `<entity>` elements, collecting the unhashed details and uncertainties as it goes.
struct EntityReader {
    let file: String
    let composites: [String: XMLElement]
    var details = ModelDetails()
    var uncertainties: Set<String> = []

    mutating func entity(_ element: XMLElement) throws -> ManagedEntity {
        guard let name = element["name"], !name.isEmpty else {
            throw XMLFailure(line: element.line, reason: "an <entity> has no name")
        }
        guard details.entityLines[name] == nil else {
            throw XMLFailure(line: element.line, reason: "entity \(name) is declared twice")
        }
        details.entityLines[name] = element.line
        if let renaming = element["elementID"], !renaming.isEmpty { details.renamingIdentifiers[name] = renaming }
        var properties: [ManagedProperty] = []
        var seen: Set<String> = []
        for child in element.children where child.name == "attribute" || child.name == "relationship" {
            guard let propertyName = child["name"], !propertyName.isEmpty else {
                throw XMLFailure(line: child.line, reason: "a property of entity \(name) has no name")
            }
            guard seen.insert(propertyName).inserted else {
                throw XMLFailure(line: child.line, reason: "\(name).\(propertyName) is declared twice")
            }
            // Transient properties are never stored, and Core Data leaves them out of the hash.
            if child["transient"] == "YES" { continue }
            let key = "\(name).\(propertyName)"
            details.propertyLines[key] = child.line
            if let renaming = child["elementID"], !renaming.isEmpty { details.renamingIdentifiers[key] = renaming }
            properties.append(
                child.name == "attribute"
                    ? try attribute(child, name: propertyName, entity: name)
                    : try relationship(child, name: propertyName, entity: name))
        }
        let constraints = element.child(named: "uniquenessConstraints")?.children(named: "uniquenessConstraint").map {
            constraint in constraint.children(named: "constraint").compactMap { $0["value"] }
        }
        return ManagedEntity(
            name: name, isAbstract: element["isAbstract"] == "YES", superentity: element["parentEntity"],
            properties: properties, versionHashModifier: nonEmpty(element["versionHashModifier"]),
            uniquenessConstraints: (constraints ?? []).filter { !$0.isEmpty })
    }

    private mutating func attribute(_ element: XMLElement, name: String, entity: String) throws -> ManagedProperty {
        let typeName = element["attributeType"] ?? "Undefined"
        guard let code = ModelContentsReader.attributeTypes[typeName] else {
            throw XMLFailure(
                line: element.line, reason: "\(entity).\(name) has attribute type \"\(typeName)\", which schemalint "
                    + "does not know")
        }
        if element["defaultValueString"] != nil || element["defaultDateTimeInterval"] != nil {
            details.defaults.insert("\(entity).\(name)")
        }
        let kind: ManagedProperty.Kind
        if element["derived"] == "YES" {
            // The hash covers the expression as NSExpression prints it, which can differ from the text Xcode keeps.
            uncertainties.insert(
                "\(entity).\(name) is a derived attribute: its hash covers the expression as Core Data prints it, "
                    + "and no real store has shown that the text in the model file prints the same")
            kind = .derived(type: code, expression: element["derivationExpression"])
        } else if code == 2100 {
            kind = .composite(elements: try compositeElements(element, name: name, entity: entity))
        } else {
            kind = .attribute(
                type: code, allowsExternalBinaryDataStorage: element["allowsExternalBinaryDataStorage"] == "YES",
                preservesValueInHistoryOnDeletion: element["preserveAfterDeletion"] == "YES")
        }
        return ManagedProperty(
            name: name, isOptional: element["optional"] == "YES",
            versionHashModifier: nonEmpty(element["versionHashModifier"]), kind: kind)
    }

    private mutating func compositeElements(_ element: XMLElement, name: String, entity: String) throws
        -> [ManagedProperty]
    {
        guard let compositeName = element["composite"], let composite = composites[compositeName] else {
            throw XMLFailure(
                line: element.line,
                reason: "\(entity).\(name) is a composite attribute whose composite type the model does not declare")
        }
        uncertainties.insert(
            "\(entity).\(name) is a composite attribute declared in a model file: no real store has shown how "
                + "momc hashes one")
        return try composite.children(named: "attribute").map { field in
            guard let fieldName = field["name"] else {
                throw XMLFailure(line: field.line, reason: "a field of composite \(compositeName) has no name")
            }
            return try attribute(field, name: fieldName, entity: "\(entity).\(name)")
        }
    }

    private mutating func relationship(_ element: XMLElement, name: String, entity: String) throws -> ManagedProperty {
        guard let destination = element["destinationEntity"], !destination.isEmpty else {
            throw XMLFailure(line: element.line, reason: "relationship \(entity).\(name) has no destination entity")
        }
        let toMany = element["toMany"] == "YES"
        details.deleteRules["\(entity).\(name)"] = element["deletionRule"] ?? "Nullify"
        // Counts are hashed as written; Xcode writes maxCount="1" on to-one relationships and nothing on to-many.
        let minCount = element["minCount"].flatMap { Int32($0) } ?? 0
        let maxCount = element["maxCount"].flatMap { Int32($0) } ?? (toMany ? 0 : 1)
        var inverse = nonEmpty(element["inverseName"])
        // A relationship that is its own inverse is hashed without one (as in cached models).
        if inverse == name, (element["inverseEntity"] ?? destination) == entity, destination == entity { inverse = nil }
        return ManagedProperty(
            name: name, isOptional: element["optional"] == "YES",
            versionHashModifier: nonEmpty(element["versionHashModifier"]),
            kind: .relationship(
                destination: destination, inverse: inverse, minCount: minCount, maxCount: maxCount,
                isOrdered: element["ordered"] == "YES"))
    }

    private func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }

    /// Room for the details of `entries` (merged one by one, the tables would otherwise grow many times).
    mutating func reserveCapacity(for entries: [EntityMemo.Entry]) {
        details.entityLines.reserveCapacity(entries.count)
        details.propertyLines.reserveCapacity(entries.reduce(0) { $0 + $1.details.propertyLines.count })
        details.defaults.reserveCapacity(entries.reduce(0) { $0 + $1.details.defaults.count })
        details.deleteRules.reserveCapacity(entries.reduce(0) { $0 + $1.details.deleteRules.count })
    }

    /// Adds an entity the memo read, its lines counted from `firstLine`.
    mutating func merge(_ read: EntityMemo.Entry, firstLine: Int) {
        let offset = firstLine - 1
        for (key, line) in read.details.entityLines { details.entityLines[key] = line + offset }
        for (key, line) in read.details.propertyLines { details.propertyLines[key] = line + offset }
        details.renamingIdentifiers.merge(read.details.renamingIdentifiers) { first, _ in first }
        details.defaults.formUnion(read.details.defaults)
        details.deleteRules.merge(read.details.deleteRules) { first, _ in first }
        uncertainties.formUnion(read.uncertainties)
    }
}
