extension ManagedModel {
    /// The model as snapshots, so a store's model and a version's are compared by the same snapshot diff as versions
    /// are: attributes by Core Data type (`String (700)`), relationships by destination (`[Trip]` when to-many) with
    /// their counts, composites with their elements, and the flags only store models carry as options.
    public var snapshot: [EntitySnapshot] { entities.map(Self.snapshot(of:)) }

    public static func snapshot(of entity: ManagedEntity) -> EntitySnapshot {
        var snapshot = EntitySnapshot(
            name: entity.name, superentity: entity.superentity,
            properties: entity.properties.map(Self.snapshot).sorted { $0.name < $1.name },
            unique: entity.uniquenessConstraints.isEmpty
                ? nil : entity.uniquenessConstraints.map { $0.joined(separator: ".") }.sorted(),
            indexes: nil)
        snapshot.abstract = entity.isAbstract
        snapshot.hashModifier = entity.versionHashModifier
        return snapshot
    }

    private static func snapshot(_ property: ManagedProperty) -> PropertySnapshot {
        var options: [String] = []
        if property.isTransient { options.append("transient") }
        if property.isReadOnly { options.append("readOnly") }
        var snapshot = PropertySnapshot(
            name: property.name, kind: .attribute, type: "", optional: property.isOptional,
            hasDefault: false, hashModifier: property.versionHashModifier)
        switch property.kind {
        case let .attribute(type, external, preserve):
            snapshot.type = StandardTypeStorage.typeName(type)
            if external { options.append("externalStorage") }
            if preserve { options.append("preserveValueOnDeletion") }
        case let .composite(elements):
            snapshot.type = composite(elements)
        case let .relationship(destination, inverse, minCount, maxCount, isOrdered):
            snapshot.kind = .relationship
            snapshot.type = maxCount == 1 ? destination : "[\(destination)]"
            snapshot.inverse = inverse
            snapshot.minCount = Int(minCount)
            snapshot.maxCount = Int(maxCount)
            if isOrdered { options.append("ordered") }
        case let .derived(type, expression):
            snapshot.type = "Derived \(StandardTypeStorage.typeName(type)) = \(expression ?? "?")"
        }
        snapshot.options = options.isEmpty ? nil : options.sorted()
        return snapshot
    }

    private static func composite(_ elements: [ManagedProperty]) -> String {
        let fields = elements.sorted { $0.name < $1.name }.map { element -> String in
            let inner = snapshot(element)
            return "\(element.name): \(inner.type)\(element.isOptional ? "?" : "")"
        }
        return "Composite{\(fields.joined(separator: ", "))}"
    }
}

extension StandardTypeStorage {
    /// A Core Data attribute type code as a Swift developer declares it: `Int64 (Int) (300)`.
    public static func typeName(_ code: Int32) -> String {
        codeNames[code].map { "\($0) (\(code))" } ?? "type \(code)"
    }

    /// A snapshot type as a message shows it: `String (700)?` is `String?`, `Int64 (Int) (300)` is `Int64 (Int)`.
    /// Snapshots keep the code (lockfiles written by earlier releases hold it); only what people read drops it.
    public static func withoutCodes(_ type: String) -> String {
        guard type.contains(" (") else { return type }
        var text = type
        for (code, name) in codeNames { text = text.replacingOccurrences(of: "\(name) (\(code))", with: name) }
        return text
    }
}
