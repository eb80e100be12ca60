/// What differs between two Core Data models, in the terms a developer edits: entities, properties, types,
/// optionality, relationships, constraints. Used to explain why a store file matches no version in the source.
public enum StoreSchemaDiff {
    /// How the model a store was written with (`store`) differs from `version`'s model computed from source.
    public static func differences(store: StoreSchema, version: StoreSchema, versionName: String) -> [String] {
        var lines: [String] = []
        let stored = Dictionary(store.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let declared = Dictionary(version.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(stored.keys).union(declared.keys).sorted() {
            switch (stored[name], declared[name]) {
            case (_?, nil): lines.append("entity \(name) is in the store but not in \(versionName)")
            case (nil, _?): lines.append("entity \(name) is in \(versionName) but not in the store")
            case let (old?, new?): lines += entity(old, new, versionName: versionName)
            default: break
            }
        }
        return lines
    }

    private static func entity(_ old: StoreEntity, _ new: StoreEntity, versionName: String) -> [String] {
        var lines: [String] = []
        func note(_ what: String, _ stored: String, _ declared: String) {
            lines.append("\(old.name): \(what) \(stored) in the store, \(declared) in \(versionName)")
        }
        if old.isAbstract != new.isAbstract { note("abstract", yesNo(old.isAbstract), yesNo(new.isAbstract)) }
        if old.superentity != new.superentity { note("superentity", old.superentity ?? "none", new.superentity ?? "none") }
        if old.versionHashModifier != new.versionHashModifier {
            note("hash modifier", old.versionHashModifier ?? "none", new.versionHashModifier ?? "none")
        }
        let oldConstraints = old.uniquenessConstraints.map { $0.joined(separator: "+") }.sorted()
        let newConstraints = new.uniquenessConstraints.map { $0.joined(separator: "+") }.sorted()
        if oldConstraints != newConstraints {
            note("unique constraints", list(oldConstraints), list(newConstraints))
        }
        lines += properties(old.properties, new.properties, path: old.name, versionName: versionName)
        return lines
    }

    private static func properties(_ old: [StoreProperty], _ new: [StoreProperty], path: String, versionName: String) -> [String] {
        var lines: [String] = []
        let stored = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let declared = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(stored.keys).union(declared.keys).sorted() {
            let place = "\(path).\(name)"
            switch (stored[name], declared[name]) {
            case (_?, nil):
                lines.append("\(place) is in the store but not in \(versionName) (removed or renamed after the store was written)")
            case (nil, _?):
                lines.append("\(place) is in \(versionName) but not in the store (added after the store was written)")
            case let (old?, new?):
                lines += property(old, new, place: place, versionName: versionName)
            default: break
            }
        }
        return lines
    }

    private static func property(_ old: StoreProperty, _ new: StoreProperty, place: String, versionName: String) -> [String] {
        var lines: [String] = []
        func note(_ what: String, _ stored: String, _ declared: String) {
            let label = what.isEmpty ? "" : "\(what) "
            lines.append("\(place): \(label)\(stored) in the store, \(declared) in \(versionName)")
        }
        if old.isOptional != new.isOptional { note("", old.isOptional ? "optional" : "required", new.isOptional ? "optional" : "required") }
        if old.isTransient != new.isTransient { note("transient", yesNo(old.isTransient), yesNo(new.isTransient)) }
        if old.isReadOnly != new.isReadOnly { note("read-only", yesNo(old.isReadOnly), yesNo(new.isReadOnly)) }
        if old.versionHashModifier != new.versionHashModifier {
            note("hash modifier", old.versionHashModifier ?? "none", new.versionHashModifier ?? "none")
        }
        switch (old.kind, new.kind) {
        case let (.attribute(oldType, oldExternal, oldPreserve), .attribute(newType, newExternal, newPreserve)):
            if oldType != newType { note("type", typeName(oldType), typeName(newType)) }
            if oldExternal != newExternal { note("external storage", yesNo(oldExternal), yesNo(newExternal)) }
            if oldPreserve != newPreserve { note("preserve value on deletion", yesNo(oldPreserve), yesNo(newPreserve)) }
        case let (.composite(oldElements), .composite(newElements)):
            lines += properties(oldElements, newElements, path: place, versionName: versionName)
        case let (.relationship(oldDestination, oldInverse, oldMin, oldMax, oldOrdered),
                  .relationship(newDestination, newInverse, newMin, newMax, newOrdered)):
            if oldDestination != newDestination { note("destination", oldDestination, newDestination) }
            if oldInverse != newInverse { note("inverse", oldInverse ?? "none", newInverse ?? "none") }
            if oldMax != newMax { note("", cardinality(oldMax), cardinality(newMax)) }
            if oldMin != newMin { note("minimum count", String(oldMin), String(newMin)) }
            if oldOrdered != newOrdered { note("ordered", yesNo(oldOrdered), yesNo(newOrdered)) }
        case let (.derived(oldType, oldExpression), .derived(newType, newExpression)):
            if oldType != newType { note("type", typeName(oldType), typeName(newType)) }
            if oldExpression != newExpression {
                note("derivation", oldExpression ?? "none", newExpression ?? "none")
            }
        default:
            note("", kindName(old.kind), kindName(new.kind))
        }
        return lines
    }

    /// Core Data attribute type codes, named as a Swift developer declares them.
    public static func typeName(_ code: Int32) -> String {
        StandardStorage.codeNames[code].map { "\($0) (\(code))" } ?? "type \(code)"
    }

    private static func kindName(_ kind: StoreProperty.Kind) -> String {
        switch kind {
        case let .attribute(type, _, _): return "an attribute of \(typeName(type))"
        case .composite: return "a composite (Codable struct or enum)"
        case let .relationship(destination, _, _, maxCount, _): return "a \(cardinality(maxCount)) relationship to \(destination)"
        case .derived: return "a derived attribute"
        }
    }

    private static func cardinality(_ maxCount: Int32) -> String {
        maxCount == 1 ? "to-one" : maxCount <= 0 ? "to-many" : "to-many (at most \(maxCount))"
    }

    private static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
    private static func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
}
