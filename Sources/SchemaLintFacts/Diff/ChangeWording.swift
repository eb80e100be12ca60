import SchemaLintModel

/// Words `SchemaChange`s, in one place. `standard` tells a change between two versions (or a version and what
/// shipped): `Trip.notes changed: type String → Date, became optional`. `store(version:)` tells how the model a
/// store was written with differs from a version's: `Trip.notes: optional in the store, required in SchemaV2`.
public struct ChangeWording: Sendable {
    /// The name of the newer side in `store` wording; nil for `standard`.
    private let version: String?

    public static let standard = ChangeWording(version: nil)
    public static func store(version: String) -> ChangeWording { ChangeWording(version: version) }

    /// The change as lines: one for `standard`, one per differing field for `store`.
    public func lines(for change: SchemaChange) -> [String] {
        let name = change.entity
        let place = change.property.map { "\(name).\($0)" } ?? name
        switch change.kind {
        case let .entityAdded(entity):
            let count = entity.properties.count
            return [
                version.map { "entity \(name) is in \($0) but not in the store" }
                    ?? "entity \(name) added (\(count) propert\(count == 1 ? "y" : "ies"))"
            ]
        case .entityRemoved:
            return [version.map { "entity \(name) is in the store but not in \($0)" } ?? "entity \(name) removed"]
        case let .entityRenamed(from):
            return [
                version.map { "entity \(name) of \($0) is \(from) in the store (renaming identifier)" }
                    ?? "entity \(from) renamed to \(name) (renaming identifier)"
            ]
        case let .entityFlagChanged(flag, from, to):
            return [pair("\(name): \(flag)", from, to) ?? "\(name) \(flag) changed from \(from) to \(to)"]
        case let .superentityChanged(from, to):
            return [
                pair("\(name): superentity", from ?? "none", to ?? "none")
                    ?? "\(name) superclass changed from \(from ?? "none") to \(to ?? "none")"
            ]
        case let .uniqueAdded(constraint): return [side("\(name) unique constraint (\(constraint))", added: true)]
        case let .uniqueRemoved(constraint): return [side("\(name) unique constraint (\(constraint))", added: false)]
        case let .indexAdded(index): return [side("\(name) index (\(index))", added: true)]
        case let .indexRemoved(index): return [side("\(name) index (\(index))", added: false)]
        case let .propertyAdded(property):
            return [
                version.map { "\(place) is in \($0) but not in the store (added after the store was written)" }
                    ?? "\(place) added (\(Self.describe(property)))"
            ]
        case let .propertyRemoved(property):
            return [
                version.map {
                    "\(place) is in the store but not in \($0) (removed or renamed after the store was written)"
                } ?? "\(place) removed (was \(Self.describe(property)))"
            ]
        case let .propertyRenamed(from, to):
            return ["\(name).\(from.name) renamed to \(to.name) (originalName)"]
        case let .propertyChanged(from, to):
            let fields = self.fields(from, to)
            if version != nil { return fields.map { "\(place): \($0)" } }
            return ["\(place) changed: " + fields.joined(separator: ", ")]
        }
    }

    /// `String?`, `[Category] relationship`.
    public static func describe(_ property: PropertySnapshot) -> String {
        let type = readable(property.type) + (property.optional ? "?" : "")
        return property.kind == .relationship ? "\(type) relationship" : type
    }

    /// A snapshot type as a reader knows it: `Unknown(AnimeType)` (a value whose Core Data storage schemalint is
    /// not sure of; the snapshot and the lockfile keep that marker) is written `AnimeType`, as in the source.
    public static func readable(_ type: String) -> String {
        var text = Substring(type)
        var result = ""
        while let range = text.range(of: "Unknown(") {
            result += text[..<range.lowerBound]
            text = text[range.upperBound...]
            var depth = 1
            var inner = ""
            while let character = text.first {
                text = text.dropFirst()
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0 { break }
                inner.append(character)
            }
            result += inner
        }
        return StandardTypeStorage.withoutCodes(result + String(text))
    }

    private func fields(_ old: PropertySnapshot, _ new: PropertySnapshot) -> [String] {
        var fields: [String] = []
        func compare(_ label: String, _ before: String?, _ after: String?) {
            guard before != after else { return }
            fields.append(
                pair(label, before ?? "none", after ?? "none") ?? "\(label) \(before ?? "none") → \(after ?? "none")")
        }
        compare("kind", old.kind.rawValue, new.kind.rawValue)
        compare("type", Self.readable(old.type), Self.readable(new.type))
        if old.optional != new.optional {
            fields.append(
                pair(nil, old.optional ? "optional" : "required", new.optional ? "optional" : "required")
                    ?? (new.optional ? "became optional" : "became non-optional"))
        }
        if old.hasDefault != new.hasDefault {
            fields.append(
                pair("default value", old.hasDefault ? "yes" : "no", new.hasDefault ? "yes" : "no")
                    ?? (new.hasDefault ? "default value added" : "default value removed"))
        }
        compare("options", old.options?.joined(separator: ","), new.options?.joined(separator: ","))
        compare("originalName", old.originalName, new.originalName)
        compare("hashModifier", old.hashModifier, new.hashModifier)
        compare("inverse", old.inverse, new.inverse)
        compare("deleteRule", old.deleteRule, new.deleteRule)
        compare("minimumModelCount", old.minCount.map(String.init), new.minCount.map(String.init))
        compare("maximumModelCount", old.maxCount.map(String.init), new.maxCount.map(String.init))
        return fields
    }

    /// `label stored in the store, declared in SchemaV2`, in store wording; nil in standard wording.
    private func pair(_ label: String?, _ stored: String, _ declared: String) -> String? {
        version.map { "\(label.map { "\($0) " } ?? "")\(stored) in the store, \(declared) in \($0)" }
    }

    private func side(_ what: String, added: Bool) -> String {
        guard let version else { return "\(what) \(added ? "added" : "removed")" }
        return added ? "\(what) is in \(version) but not in the store" : "\(what) is in the store but not in \(version)"
    }
}
