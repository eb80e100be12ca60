/// The store model a locked state describes, rebuilt from its snapshots: what `fixtures` writes a store for when the
/// version that shipped it is no longer in the sources. Snapshots keep what the hashes are computed from, but in the
/// words people read (`Int`, `[Trip]`, `Composite(Address){city: String?}`, `String (700)`), so the result is only
/// trusted once it hashes to what the lockfile recorded (`ManagedModel.rebuilt(from:expecting:)`).
extension ManagedModel {
    public struct RebuildFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Rebuilds the model and checks each entity's hash against `expecting` (entity → 32-byte hash): an entity
    /// whose rebuilt hash differs is a failure naming it, never a fixture of a model that did not ship.
    public static func rebuilt(
        from snapshots: [EntitySnapshot], expecting: [String: [UInt8]]
    ) -> Result<ManagedModel, RebuildFailure> {
        var entities: [ManagedEntity] = []
        for snapshot in snapshots {
            switch rebuilt(snapshot) {
            case let .success(entity): entities.append(entity)
            case let .failure(failure): return .failure(failure)
            }
        }
        let schema = ManagedModel(entities: entities)
        let hashes = VersionHasher.hash(schema).entityHashes
        let names = Set(schema.entities.map(\.name))
        if names != Set(expecting.keys) {
            let missing = Set(expecting.keys).subtracting(names).sorted()
            return .failure(
                RebuildFailure(
                    description: "the lockfile records hashes of \(missing.joined(separator: ", ")) but no snapshot"))
        }
        for name in names.sorted() where hashes[name] != expecting[name] {
            return .failure(
                RebuildFailure(
                    description: "the snapshot of \(name) does not hash to the recorded version hash (it holds "
                        + "something a snapshot does not keep, such as an entity hash modifier)"))
        }
        return .success(schema)
    }

    private static func rebuilt(_ snapshot: EntitySnapshot) -> Result<ManagedEntity, RebuildFailure> {
        var properties: [ManagedProperty] = []
        for property in snapshot.properties {
            do {
                properties.append(try rebuilt(property, entity: snapshot.name))
            } catch let failure as RebuildFailure {
                return .failure(failure)
            } catch {
                return .failure(RebuildFailure(description: "\(error)"))
            }
        }
        var entity = ManagedEntity(
            name: snapshot.name, isAbstract: snapshot.abstract ?? false, superentity: snapshot.superentity,
            properties: properties.sorted { $0.name < $1.name }, versionHashModifier: snapshot.hashModifier,
            uniquenessConstraints: (snapshot.unique ?? []).map { $0.split(separator: ".").map(String.init) })
        entity.uniquenessConstraints.sort { $0.joined(separator: ".") < $1.joined(separator: ".") }
        return .success(entity)
    }

    private static func rebuilt(_ property: PropertySnapshot, entity: String) throws -> ManagedProperty {
        let options = Set(property.options ?? [])
        var rebuilt = ManagedProperty(
            name: property.name, isOptional: property.optional, isTransient: options.contains("transient"),
            isReadOnly: options.contains("readOnly"), versionHashModifier: property.hashModifier,
            kind: .attribute(type: 0, allowsExternalBinaryDataStorage: false, preservesValueInHistoryOnDeletion: false))
        switch property.kind {
        case .relationship:
            let toMany = property.cardinality == .toMany
            let destination = toMany ? String(property.type.dropFirst().dropLast()) : property.type
            rebuilt.kind = .relationship(
                destination: destination, inverse: property.inverse, minCount: Int32(property.minCount ?? 0),
                maxCount: Int32(property.maxCount ?? (toMany ? 0 : 1)), isOrdered: options.contains("ordered"))
        case .attribute:
            let place = "\(entity).\(property.name)"
            let type = try SnapshotType.parse(property.type, place: place)
            rebuilt.kind = try kind(
                type, place: place, name: property.name, forceOptional: property.optional,
                external: options.contains("externalStorage"), preserve: options.contains("preserveValueOnDeletion"))
        }
        return rebuilt
    }

    /// The storage a snapshot type stands for, flagged as `ManagedModelBuilder` flags it: every element of an optional
    /// composite is optional, and so is a raw-value enum's one element (named like the property).
    private static func kind(
        _ type: SnapshotType, place: String, name: String, forceOptional: Bool, external: Bool, preserve: Bool
    ) throws -> ManagedProperty.Kind {
        switch type {
        case let .code(code):
            return .attribute(
                type: code, allowsExternalBinaryDataStorage: external, preservesValueInHistoryOnDeletion: preserve)
        case let .composite(fields):
            let rawValueEnum = fields.count == 1 && fields[0].name == name
            return .composite(
                elements: try fields.map { field in
                    let optional = field.optional || forceOptional || rawValueEnum
                    return ManagedProperty(
                        name: field.name, isOptional: optional,
                        kind: try kind(
                            field.type, place: "\(place).\(field.name)", name: field.name, forceOptional: optional,
                            external: false, preserve: false))
                })
        }
    }
}

/// A snapshot's attribute type, parsed: a Core Data type code, or a composite's fields.
indirect enum SnapshotType: Equatable {
    case code(Int32)
    case composite([Field])

    struct Field: Equatable {
        var name: String
        var type: SnapshotType
        var optional: Bool
    }

    static func parse(_ text: String, place: String) throws -> SnapshotType {
        let text = text.trimmingSpaces
        func failure(_ why: String) -> ManagedModel.RebuildFailure {
            ManagedModel.RebuildFailure(description: "\(place) is recorded as '\(text)': \(why)")
        }
        if text.hasPrefix("Transformable(") { return .code(1800) }
        if text.hasPrefix("Data(") { return .code(1000) }
        if text.hasPrefix("Unknown(") { throw failure("its storage was not known when it was locked") }
        if text.hasPrefix("Derived ") { throw failure("a derived attribute is computed, not written") }
        if text.hasPrefix("Composite"), let open = text.firstIndex(of: "{"), text.hasSuffix("}") {
            let body = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            return .composite(
                try splitTopLevel(body).map { field in
                    guard let colon = field.firstIndex(of: ":") else { throw failure("a field without a type") }
                    var type = field[field.index(after: colon)...].trimmingSpaces
                    let optional = type.hasSuffix("?")
                    if optional { type.removeLast() }
                    let name = field[..<colon].trimmingSpaces
                    return Field(name: name, type: try parse(type, place: "\(place).\(name)"), optional: optional)
                })
        }
        // Core Data snapshots end in the code: `String (700)`, `Int64 (Int) (300)`.
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("),
            let code = Int32(text[text.index(after: open)..<text.index(before: text.endIndex)])
        {
            return .code(code)
        }
        if let name = StandardTypeStorage.scalarName(text), let code = StandardTypeStorage.scalarCodes[name] {
            return .code(code)
        }
        throw failure("not a type schemalint knows the storage of")
    }

    /// `a: Int, b: Composite(X){c: String, d: Data([String: Int])}` split at the commas outside brackets.
    private static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "(", "[", "{", "<": depth += 1
            case ")", "]", "}", ">": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.trimmingSpaces.isEmpty { parts.append(current) }
        return parts
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
