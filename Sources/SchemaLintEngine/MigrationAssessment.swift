import SchemaLintModel

/// Which changes between two versions lightweight migration can infer, following Core Data's rules
/// (docs: "Migrating your data model automatically"; staged migrations). Shared by the lightweight rule,
/// the rename and uniqueness rules, and `schemalint diff`.
public struct AssessedChange: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case entityAdded, entityRemoved, superclassChanged
        case propertyAdded, propertyRemoved, propertyRenamed, typeChanged, becameRequired, otherChange
        case uniqueAdded, uniqueRemoved, indexChanged
    }

    public var kind: Kind
    public var entity: String
    public var property: String?
    public var text: String
    /// nil when lightweight migration handles it; otherwise why it cannot.
    public var blocker: String?
    /// How to make it lightweight, when there is a simple way.
    public var lightweightFix: String?
    /// For uniqueness changes: the constraint's property names joined with ".".
    public var constraint: String?
    /// A condition under which a lightweight change still fails.
    public var caution: String?

    public var isLightweight: Bool { blocker == nil }
}

public enum MigrationAssessment {
    public static func assess(from old: [EntitySnapshot], to new: [EntitySnapshot]) -> [AssessedChange] {
        var changes: [AssessedChange] = []
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for name in newByName.keys.sorted() where oldByName[name] == nil {
            changes.append(AssessedChange(kind: .entityAdded, entity: name, text: "entity \(name) added"))
        }
        for name in oldByName.keys.sorted() where newByName[name] == nil {
            changes.append(AssessedChange(kind: .entityRemoved, entity: name, text: "entity \(name) removed (its rows are dropped)"))
        }
        for name in newByName.keys.sorted() {
            guard let before = oldByName[name], let after = newByName[name] else { continue }
            changes += assess(before, after)
        }
        return changes
    }

    private static func assess(_ old: EntitySnapshot, _ new: EntitySnapshot) -> [AssessedChange] {
        let name = new.name
        var changes: [AssessedChange] = []
        if old.superentity != new.superentity {
            changes.append(AssessedChange(kind: .superclassChanged, entity: name,
                                          text: "\(name) superclass changed from \(old.superentity ?? "none") to \(new.superentity ?? "none")",
                                          blocker: "lightweight migration cannot move rows between entity hierarchies"))
        }
        for constraint in Set(new.unique ?? []).subtracting(old.unique ?? []).sorted() {
            changes.append(AssessedChange(kind: .uniqueAdded, entity: name, text: "\(name) uniqueness constraint (\(constraint)) added",
                                          constraint: constraint,
                                          caution: "fails if existing rows hold duplicates; de-duplicate in a custom stage's willMigrate"))
        }
        for constraint in Set(old.unique ?? []).subtracting(new.unique ?? []).sorted() {
            changes.append(AssessedChange(kind: .uniqueRemoved, entity: name, text: "\(name) uniqueness constraint (\(constraint)) removed"))
        }
        if Set(old.indexes ?? []) != Set(new.indexes ?? []) {
            changes.append(AssessedChange(kind: .indexChanged, entity: name, text: "\(name) indexes changed"))
        }

        let oldProperties = Dictionary(old.properties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var matchedOld = Set<String>()
        for property in new.properties {
            let place = "\(name).\(property.name)"
            let previous = oldProperties[property.name] ?? property.originalName.flatMap { oldProperties[$0] }
            guard let previous else {
                changes.append(added(property, entity: name))
                continue
            }
            matchedOld.insert(previous.name)
            if previous.name != property.name {
                changes.append(AssessedChange(kind: .propertyRenamed, entity: name, property: property.name,
                                              text: "\(name).\(previous.name) renamed to \(property.name) (originalName)"))
            }
            if previous.kind != property.kind {
                changes.append(AssessedChange(kind: .typeChanged, entity: name, property: property.name,
                                              text: "\(place) changed from \(previous.kind) to \(property.kind)",
                                              blocker: "an attribute cannot become a relationship (or back) by inference"))
            } else if previous.kind == .attribute && previous.type != property.type {
                changes.append(AssessedChange(kind: .typeChanged, entity: name, property: property.name,
                                              text: "\(place) type changed from \(previous.type) to \(property.type)",
                                              blocker: "lightweight migration cannot convert stored values to another type",
                                              lightweightFix: "add a new property of the new type (optional or with a default) and fill it in a custom stage's didMigrate"))
            } else if previous.optional && !property.optional && !property.hasDefault && property.kind == .attribute {
                changes.append(AssessedChange(kind: .becameRequired, entity: name, property: property.name,
                                              text: "\(place) became non-optional without a default value",
                                              blocker: "rows that hold nil have no value to migrate to",
                                              lightweightFix: "give \(property.name) a default value, or keep it optional"))
            } else if previous != property {
                changes.append(AssessedChange(kind: .otherChange, entity: name, property: property.name,
                                              text: "\(place) changed (\(SchemaDiff.describe(previous)) → \(SchemaDiff.describe(property)))"))
            }
        }
        for property in old.properties where !matchedOld.contains(property.name) {
            changes.append(AssessedChange(kind: .propertyRemoved, entity: name, property: property.name,
                                          text: "\(name).\(property.name) removed (its values are dropped)"))
        }
        return changes
    }

    private static func added(_ property: PropertySnapshot, entity: String) -> AssessedChange {
        let place = "\(entity).\(property.name)"
        let text = "\(place) added (\(SchemaDiff.describe(property)))"
        if property.kind == .attribute && !property.optional && !property.hasDefault {
            return AssessedChange(kind: .propertyAdded, entity: entity, property: property.name, text: text,
                                  blocker: "existing rows have no value for a new non-optional attribute without a default",
                                  lightweightFix: "make \(property.name) optional or give it a default value")
        }
        if property.cardinality == .toOne && !property.optional {
            return AssessedChange(kind: .propertyAdded, entity: entity, property: property.name, text: text,
                                  blocker: "existing rows have no destination for a new non-optional to-one relationship (a default does not help)",
                                  lightweightFix: "make \(property.name) optional")
        }
        return AssessedChange(kind: .propertyAdded, entity: entity, property: property.name, text: text)
    }

    /// Pairs of (removed, added) properties of one entity that look like a rename without `originalName`.
    public static func likelyRenames(from old: EntitySnapshot, to new: EntitySnapshot) -> [(removed: PropertySnapshot, added: PropertySnapshot)] {
        let oldNames = Set(old.properties.map(\.name)), newNames = Set(new.properties.map(\.name))
        let linked = Set(new.properties.compactMap(\.originalName))
        let removed = old.properties.filter { !newNames.contains($0.name) && !linked.contains($0.name) }
        let added = new.properties.filter { !oldNames.contains($0.name) && $0.originalName == nil }
        var pairs: [(PropertySnapshot, PropertySnapshot)] = []
        var used = Set<String>()
        for gone in removed {
            let candidates = added.filter { $0.kind == gone.kind && $0.type == gone.type && !used.contains($0.name) }
            // Only a single same-typed candidate is a confident guess; several would be noise.
            if candidates.count == 1, removed.filter({ $0.kind == gone.kind && $0.type == gone.type }).count == 1 {
                pairs.append((gone, candidates[0]))
                used.insert(candidates[0].name)
            }
        }
        return pairs
    }
}
