import SchemaLintModel

/// Property-level differences between two snapshots of a version (like Buf: compare meaning, not text).
public struct SchemaChange: Hashable, Sendable, CustomStringConvertible {
    public var entity: String
    public var property: String?
    public var text: String
    public var description: String { text }
}

public enum SchemaDiff {
    public static func changes(from old: [EntitySnapshot], to new: [EntitySnapshot]) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for name in Set(oldByName.keys).union(newByName.keys).sorted() {
            switch (oldByName[name], newByName[name]) {
            case let (nil, added?):
                changes.append(SchemaChange(entity: name, property: nil, text: "entity \(name) added (\(added.properties.count) properties)"))
            case (_?, nil):
                changes.append(SchemaChange(entity: name, property: nil, text: "entity \(name) removed"))
            case let (before?, after?):
                changes += entityChanges(before, after)
            default:
                break
            }
        }
        return changes
    }

    private static func entityChanges(_ old: EntitySnapshot, _ new: EntitySnapshot) -> [SchemaChange] {
        let name = new.name
        var changes: [SchemaChange] = []
        if old.superentity != new.superentity {
            changes.append(SchemaChange(entity: name, property: nil,
                                        text: "\(name) superclass changed from \(old.superentity ?? "none") to \(new.superentity ?? "none")"))
        }
        for (label, before, after) in [("unique constraint", old.unique ?? [], new.unique ?? []), ("index", old.indexes ?? [], new.indexes ?? [])] {
            for added in Set(after).subtracting(before).sorted() {
                changes.append(SchemaChange(entity: name, property: nil, text: "\(name) \(label) (\(added)) added"))
            }
            for removed in Set(before).subtracting(after).sorted() {
                changes.append(SchemaChange(entity: name, property: nil, text: "\(name) \(label) (\(removed)) removed"))
            }
        }
        let oldProperties = Dictionary(old.properties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newProperties = Dictionary(new.properties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for property in Set(oldProperties.keys).union(newProperties.keys).sorted() {
            let place = "\(name).\(property)"
            switch (oldProperties[property], newProperties[property]) {
            case let (nil, added?):
                changes.append(SchemaChange(entity: name, property: property, text: "\(place) added (\(describe(added)))"))
            case let (removed?, nil):
                changes.append(SchemaChange(entity: name, property: property, text: "\(place) removed (was \(describe(removed)))"))
            case let (before?, after?) where before != after:
                changes.append(SchemaChange(entity: name, property: property,
                                            text: "\(place) changed: " + fieldChanges(before, after).joined(separator: ", ")))
            default:
                break
            }
        }
        return changes
    }

    /// `String?`, `[Category] relationship`.
    static func describe(_ property: PropertySnapshot) -> String {
        let type = property.type + (property.optional ? "?" : "")
        return property.kind == .relationship ? "\(type) relationship" : type
    }

    private static func fieldChanges(_ old: PropertySnapshot, _ new: PropertySnapshot) -> [String] {
        var fields: [String] = []
        func compare(_ label: String, _ before: String?, _ after: String?) {
            if before != after { fields.append("\(label) \(before ?? "none") → \(after ?? "none")") }
        }
        compare("kind", old.kind.rawValue, new.kind.rawValue)
        compare("type", old.type, new.type)
        if old.optional != new.optional { fields.append(new.optional ? "became optional" : "became non-optional") }
        if old.hasDefault != new.hasDefault { fields.append(new.hasDefault ? "default value added" : "default value removed") }
        compare("options", old.options?.joined(separator: ","), new.options?.joined(separator: ","))
        compare("originalName", old.originalName, new.originalName)
        compare("hashModifier", old.hashModifier, new.hashModifier)
        compare("inverse", old.inverse, new.inverse)
        compare("deleteRule", old.deleteRule, new.deleteRule)
        compare("minimumModelCount", old.minCount.map(String.init), new.minCount.map(String.init))
        compare("maximumModelCount", old.maxCount.map(String.init), new.maxCount.map(String.init))
        return fields
    }
}
