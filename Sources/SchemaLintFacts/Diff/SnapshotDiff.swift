import SchemaLintModel

/// One difference between two descriptions of what a version stores, as data. `SnapshotDiff` finds them;
/// `ChangeWording` words them; the lockfile check, `schemalint diff`, the lightweight assessment and verify-store
/// all use both, so one change is always told the same way.
public struct SchemaChange: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case entityAdded(EntitySnapshot)
        case entityRemoved(EntitySnapshot)
        case superentityChanged(from: String?, to: String?)
        /// Matched through a renaming identifier (only when the diff follows original names, as migration does).
        case entityRenamed(from: String)
        case uniqueAdded(String), uniqueRemoved(String)
        case indexAdded(String), indexRemoved(String)
        case propertyAdded(PropertySnapshot)
        case propertyRemoved(PropertySnapshot)
        /// Matched through `originalName` (only when the diff follows original names, as migration does).
        case propertyRenamed(from: PropertySnapshot, to: PropertySnapshot)
        case propertyChanged(from: PropertySnapshot, to: PropertySnapshot)
        /// An entity-level fact only store models carry (abstract, hash modifier) differs.
        case entityFlagChanged(name: String, from: String, to: String)
    }

    public var kind: Kind
    public var entity: String
    public var property: String?

    /// A property change SwiftData's checksum does not see: a default value, a delete rule, an original name.
    public var keepsChecksum: Bool {
        guard case let .propertyChanged(from, to) = kind else { return false }
        var old = from
        old.hasDefault = to.hasDefault
        old.deleteRule = to.deleteRule
        old.originalName = to.originalName
        return old == to
    }

    /// Only whether an optional property has a default changed (`= nil` written or left out): nothing stored moves.
    public var onlyOptionalDefault: Bool {
        guard case let .propertyChanged(from, to) = kind, from.optional, to.optional else { return false }
        var old = from
        old.hasDefault = to.hasDefault
        return old == to
    }

    /// Only whether a property has a default changed: stores hold the same; a migration that adds the property reads
    /// it for rows that had none.
    public var onlyDefault: Bool {
        guard case let .propertyChanged(from, to) = kind, from.hasDefault != to.hasDefault else { return false }
        var old = from
        old.hasDefault = to.hasDefault
        return old == to
    }

    /// A type change where one side is a type schemalint could not resolve (`Unknown(Priority)`: an enum moved into a
    /// package it cannot see): whether what is stored changed cannot be told, so it is never judged a change. Nor is
    /// a relationship that "became an attribute" of such a type: what a property of an unknown type is (an attribute
    /// or a relationship, optional or not, with which inverse) was not read.
    public var restsOnUnresolvedType: Bool {
        guard case let .propertyChanged(from, to) = kind, from.type != to.type else { return false }
        return (from.kind == .attribute && from.type.contains("Unknown("))
            || (to.kind == .attribute && to.type.contains("Unknown("))
    }

    /// The standard wording (`Trip.notes changed: became optional`).
    public var text: String { ChangeWording.standard.lines(for: self).joined(separator: "; ") }
    public var description: String { text }
}

public enum SnapshotDiff {
    /// Entities in name order; in each, entity-level changes, then properties in name order.
    ///
    /// `followingOriginalNames`: a new property whose `originalName` names a vanished old one is that property
    /// renamed (how migration matches them). The lockfile comparison does not follow them: an `originalName` added
    /// to a shipped version is itself an edit.
    public static func changes(
        from old: [EntitySnapshot], to new: [EntitySnapshot],
        followingOriginalNames: Bool = false
    ) -> [SchemaChange] {
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newByName = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [SchemaChange] = []
        // Migration pairs an entity with the old one its renaming identifier names, or the old one that carries the
        // same identifier (Core Data; SwiftData models have none).
        var renamedFrom: [String: EntitySnapshot] = [:]
        if followingOriginalNames {
            for entity in new {
                guard let original = entity.originalName, original != entity.name, oldByName[entity.name] == nil,
                    newByName[original] == nil
                else { continue }
                let previous =
                    oldByName[original]
                    ?? old.first { $0.originalName == original && newByName[$0.name] == nil }
                if let previous { renamedFrom[entity.name] = previous }
            }
        }
        let claimed = Set(renamedFrom.values.map(\.name))
        for name in Set(oldByName.keys).subtracting(claimed).union(newByName.keys).sorted() {
            if let previous = renamedFrom[name], let after = newByName[name] {
                changes.append(SchemaChange(kind: .entityRenamed(from: previous.name), entity: name))
                var before = previous
                before.name = name
                changes += entity(
                    before, after, followingOriginalNames: true,
                    sameParent: sameEntity(old: before.superentity, new: after.superentity, oldByName, newByName))
                continue
            }
            switch (oldByName[name], newByName[name]) {
            case let (nil, added?): changes.append(SchemaChange(kind: .entityAdded(added), entity: name))
            case let (removed?, nil): changes.append(SchemaChange(kind: .entityRemoved(removed), entity: name))
            // Most entities of neighbouring versions are unchanged (a Core Data bundle's hundred versions).
            case let (before?, after?) where before == after: break
            case let (before?, after?):
                changes += entity(
                    before, after, followingOriginalNames: followingOriginalNames,
                    sameParent: followingOriginalNames
                        ? sameEntity(old: before.superentity, new: after.superentity, oldByName, newByName)
                        : before.superentity == after.superentity)
            default: break
            }
        }
        return changes
    }

    /// Whether two parents are one entity as migration pairs them: Core Data pairs entities (and properties) whose
    /// renaming identifiers are equal, an unset identifier being the name (Amperfy renamed an abstract parent with
    /// its old name as identifier: its sub-entities' parent did not change).
    private static func sameEntity(
        old: String?, new: String?, _ oldByName: [String: EntitySnapshot], _ newByName: [String: EntitySnapshot]
    ) -> Bool {
        guard let old, let new else { return old == new }
        let oldIdentifier = oldByName[old]?.originalName ?? old
        let newIdentifier = newByName[new]?.originalName ?? new
        return oldIdentifier == newIdentifier || old == newIdentifier
    }

    private static func entity(
        _ old: EntitySnapshot, _ new: EntitySnapshot,
        followingOriginalNames: Bool, sameParent: Bool
    ) -> [SchemaChange] {
        let name = new.name
        var changes: [SchemaChange] = []
        func add(_ kind: SchemaChange.Kind, _ property: String? = nil) {
            changes.append(SchemaChange(kind: kind, entity: name, property: property))
        }
        func yesNo(_ flag: Bool?) -> String? { flag.map { $0 ? "yes" : "no" } }
        for (flag, before, after) in [
            ("abstract", yesNo(old.abstract), yesNo(new.abstract)),
            ("hash modifier", old.hashModifier, new.hashModifier),
        ] where before != after {
            add(.entityFlagChanged(name: flag, from: before ?? "none", to: after ?? "none"))
        }
        if !sameParent { add(.superentityChanged(from: old.superentity, to: new.superentity)) }
        let oldProperties = Dictionary(old.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newProperties = Dictionary(new.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Migration matches a property by its `originalName` first (Core Data's renaming identifier), even when the
        // old version also has a property with the new name: that one is then unmatched, and dropped.
        var renamedFrom: [String: PropertySnapshot] = [:]
        if followingOriginalNames {
            for property in new.properties {
                guard let original = property.originalName, original != property.name, newProperties[original] == nil
                else { continue }
                // An old property of that name, or one carrying the same renaming identifier (Core Data pairs equal
                // identifiers: Amperfy's `currentIndex` and `musicIndex`, both `currentSongIndex`).
                let previous =
                    oldProperties[original]
                    ?? old.properties.first { $0.originalName == original && newProperties[$0.name] == nil }
                if let previous { renamedFrom[property.name] = previous }
            }
        }
        let claimed = Set(renamedFrom.values.map(\.name))
        // Constraints and indexes name properties: an old one on a renamed property is the same one under its new
        // name (`@Attribute(.unique, originalName: "id") var uuid` keeps the uniqueness it had).
        let newNameOf = Dictionary(renamedFrom.map { ($0.value.name, $0.key) }, uniquingKeysWith: { first, _ in first })
        func renamed(_ list: [String]?) -> Set<String> {
            Set((list ?? []).map { key in
                key.split(separator: ".").map { newNameOf[String($0)] ?? String($0) }.joined(separator: ".")
            })
        }
        let oldUnique = renamed(old.unique), newUnique = Set(new.unique ?? [])
        for constraint in newUnique.subtracting(oldUnique).sorted() { add(.uniqueAdded(constraint)) }
        for constraint in oldUnique.subtracting(newUnique).sorted() { add(.uniqueRemoved(constraint)) }
        let oldIndexes = renamed(old.indexes), newIndexes = Set(new.indexes ?? [])
        for index in newIndexes.subtracting(oldIndexes).sorted() { add(.indexAdded(index)) }
        for index in oldIndexes.subtracting(newIndexes).sorted() { add(.indexRemoved(index)) }
        let matchedByName = Set(newProperties.keys).subtracting(renamedFrom.keys)
        for name in Set(oldProperties.keys).subtracting(claimed).union(newProperties.keys).sorted() {
            let before = matchedByName.contains(name) || newProperties[name] == nil ? oldProperties[name] : nil
            switch (before, newProperties[name]) {
            case let (nil, added?):
                if let previous = renamedFrom[name] {
                    add(.propertyRenamed(from: previous, to: added), name)
                    var comparable = previous
                    comparable.name = added.name
                    comparable.originalName = added.originalName
                    if comparable.storedForm != added.storedForm {
                        add(.propertyChanged(from: comparable, to: added), name)
                    }
                } else {
                    add(.propertyAdded(added), name)
                }
                // The old property of the same name, if any, is matched by nothing now.
                if renamedFrom[name] != nil, let dropped = oldProperties[name], !claimed.contains(name) {
                    add(.propertyRemoved(dropped), name)
                }
            case let (removed?, nil): add(.propertyRemoved(removed), name)
            case let (before?, after?) where before.storedForm != after.storedForm:
                add(.propertyChanged(from: before, to: after), name)
            default: break
            }
        }
        return changes
    }
}

extension PropertySnapshot {
    /// The property as the store holds it: a composite is its columns, whatever the Swift type is called
    /// (`Composite(HabitPriority){priority: String}` and `Composite(Priority){priority: String}` are one shape, as
    /// their equal checksums say), so renaming a Codable enum or struct changes nothing users' stores hold.
    var storedForm: PropertySnapshot {
        var form = self
        form.type = Self.storedShape(type)
        return form
    }

    static func storedShape(_ type: String) -> String {
        var shape = ""
        var rest = Substring(type)
        while let range = rest.range(of: "Composite(") {
            shape += rest[..<range.lowerBound] + "Composite"
            rest = rest[range.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { return type }
            rest = rest[rest.index(after: close)...]
        }
        return encodedUnqualified(shape + rest)
    }

    /// `Data([Legacy.SavedSearch])` as `Data([SavedSearch])`: encoded data holds a Codable value's fields, never the
    /// name of the type that encoded it, so moving the type into another type (freezing a version's copy in
    /// `Legacy` or in the version's enum) changes nothing stored. Whether the fields still decode is
    /// `persisted_value_changed`'s to say.
    private static func encodedUnqualified(_ type: String) -> String {
        guard type.hasPrefix("Data("), type.hasSuffix(")") else { return type }
        var result = ""
        var word = ""
        func flush(_ next: Character?) {
            if next == ".", !word.isEmpty, word.first?.isUppercase == true {
                word = ""
                return
            }
            result += word
            word = ""
            if let next { result.append(next) }
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush(character)
            }
        }
        flush(nil)
        return result
    }
}

extension EntitySnapshot {
    /// The entity as the store holds it (`PropertySnapshot.storedForm`).
    var storedForm: EntitySnapshot {
        var form = self
        form.properties = properties.map(\.storedForm)
        return form
    }
}

extension SchemaChange {
    /// What moves the checksum first; edits that do not (default values, delete rules, original names) after it, and
    /// counted rather than listed when there are many, so the change that breaks stores is never lost in a long list.
    package static func checksumChangesFirst(_ described: [String], _ schema: [SchemaChange]) -> [String] {
        let neutral = Set(schema.filter(\.keepsChecksum).map(\.text))
        let moving = described.filter { !neutral.contains($0) }
        let kept = described.filter { neutral.contains($0) }
        guard kept.count > 3 else { return moving + kept }
        let counted = "\(kept.count) edits that keep the checksum (default values, delete rules, original names)"
        return moving + [moving.isEmpty ? counted : "and " + counted]
    }
}
