import SchemaLintModel

/// What a migration that runs no code of the app's deletes from a store: every row of a model the new version no
/// longer stores, and the values of an attribute it no longer has. Core Data's inferred mapping (which SwiftData's
/// lightweight stages and stage-less steps use) creates the new model's tables and columns and copies only what both
/// sides name, so the rest is gone when the store opens, with no error. Shared by `data_dropped` and `upgrades`, so
/// the two never disagree about a step.
public struct DroppedData: Sendable, Hashable {
    public var entity: String
    /// nil: every row of `entity`.
    public var property: String?
    /// How it was stored (`[String]`), for a dropped attribute.
    public var shape: String?
    /// An attribute added to the same model with another type, the only one beside it (`tags: [String]` gone,
    /// `tagsData: String` new): if it replaces the old one, it does not receive its values.
    public var replacement: (name: String, shape: String)?
    /// A rename `rename_without_original_name` reports (same shape, a plural, a grown class): it says the values are
    /// dropped, in its own words.
    public var looksRenamed: Bool

    /// `every row of Legacy`, `Note.tags`.
    public var text: String { property.map { "\(entity).\($0)" } ?? "every row of \(entity)" }

    public static func == (lhs: DroppedData, rhs: DroppedData) -> Bool {
        (lhs.entity, lhs.property, lhs.shape, lhs.replacement?.name, lhs.looksRenamed)
            == (rhs.entity, rhs.property, rhs.shape, rhs.replacement?.name, rhs.looksRenamed)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(property)
        hasher.combine(replacement?.name)
    }
}

public enum DataLoss {
    /// Models gone from the new model that it may still reach: a relationship to them became a property of a type
    /// schemalint could not read (`var parts = makeParts()`, `var parts: PartList?` from a module it is not shown), or
    /// a model so reached links to them. Whether the store keeps their rows cannot be told, so they are not dropped.
    static func reachedThroughUnreadTypes(
        from old: [EntitySnapshot], to new: [String: EntitySnapshot]
    ) -> Set<String> {
        func destination(_ property: PropertySnapshot) -> String {
            property.type.hasPrefix("[") && property.type.hasSuffix("]")
                ? String(property.type.dropFirst().dropLast()) : property.type
        }
        var reached = Set<String>()
        var grew = true
        while grew {
            grew = false
            for entity in old {
                let after = new[entity.name]
                guard after != nil || reached.contains(entity.name) else { continue }
                for property in entity.properties where property.kind == .relationship {
                    let target = destination(property)
                    guard new[target] == nil, !reached.contains(target) else { continue }
                    let unread =
                        after?.properties.contains {
                            $0.name == property.name && $0.kind == .attribute && $0.type.contains("Unknown(")
                        } ?? true
                    if unread {
                        reached.insert(target)
                        grew = true
                    }
                }
            }
        }
        return reached
    }

    /// What an inferred migration from `old` to `new` deletes, models first, then attributes by model and name.
    /// Transient attributes store nothing; a relationship's links go with the model or attribute that holds them.
    public static func dropped(from old: [EntitySnapshot], to new: [EntitySnapshot]) -> [DroppedData] {
        let newByName = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldNames = Set(old.map(\.name))
        let unread = reachedThroughUnreadTypes(from: old, to: newByName)
        let removedEntities = old.filter { newByName[$0.name] == nil && !unread.contains($0.name) }
        let addedEntities = new.filter { !oldNames.contains($0.name) }
        let renames = EntityRenames.likelyRenames(removed: removedEntities, added: addedEntities)
        let paired = Set(renames.flatMap { [$0.0.name, $0.1.name] })
        let grown = EntityRenames.likelyGrownRenames(removed: removedEntities, added: addedEntities, paired: paired)
        let renamedEntities = Set(renames.map(\.0.name) + grown.map(\.gone.name))
        var dropped = removedEntities.sorted { $0.name < $1.name }.map { entity in
            DroppedData(
                entity: entity.name, property: nil, shape: nil, replacement: nil,
                looksRenamed: renamedEntities.contains(entity.name))
        }
        for before in old.sorted(by: { $0.name < $1.name }) {
            guard let after = newByName[before.name] else { continue }
            let linked = Set(after.properties.compactMap(\.originalName))
            // An attribute replaced by a relationship of the same name loses its values like a removed one
            // (`MigrationAssessment.kindChanged`); one renamed onto that name (`originalName`) is a rename instead.
            // An old attribute of a type that was not read (`Unknown(...)`) may have been this relationship all along.
            let unread = Set(before.properties.filter { $0.type.contains("Unknown(") }.map(\.name))
            let kept = Set(
                after.properties.filter {
                    $0.kind != .relationship || $0.originalName != nil || unread.contains($0.name)
                }.map(\.name))
            let removed = before.properties.filter {
                $0.kind == .attribute && !($0.options ?? []).contains("transient") && !kept.contains($0.name)
                    && !linked.contains($0.name)
            }
            guard !removed.isEmpty else { continue }
            let oldNames = Set(before.properties.map(\.name))
            let added = after.properties.filter {
                $0.kind == .attribute && !oldNames.contains($0.name) && $0.originalName == nil
            }
            let renamed = Set(
                (MigrationAssessment.likelyRenames(from: before, to: after, oldModel: old, newModel: new)
                    + MigrationAssessment.retypedRenames(from: before, to: after)).map(\.removed.name))
            for property in removed.sorted(by: { $0.name < $1.name }) {
                let replacement =
                    removed.count == 1 && added.count == 1 && added[0].type != property.type
                    ? (name: added[0].name, shape: ChangeWording.describe(added[0])) : nil
                dropped.append(
                    DroppedData(
                        entity: before.name, property: property.name, shape: ChangeWording.describe(property),
                        replacement: replacement, looksRenamed: renamed.contains(property.name)))
            }
        }
        return dropped
    }

    /// One line each, as `upgrades` lists them: `deletes every row of Legacy`, `deletes the values of Note.tags`.
    public static func lines(_ dropped: [DroppedData]) -> [String] {
        dropped.map { $0.property == nil ? "deletes \($0.text)" : "deletes the values of \($0.text)" }
    }
}
