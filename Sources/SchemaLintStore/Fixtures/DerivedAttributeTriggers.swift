import SchemaLintModel

/// Core Data keeps a derived attribute current with SQL triggers. The one form seen on a real store (coredataplus'
/// `Book.pagesCount`, `count:(pages)`) is reproduced here word for word: five triggers over the to-many's foreign
/// key. Other derivations (`now()`, string functions, sums through key paths) get none: no store shows what Core
/// Data writes for them, so a fixture leaves them out rather than guess.
extension StoreLayoutBuilder {
    func derivedAttributeTriggers(_ tables: [String: StoreLayout.Table]) -> [StoreLayout.Trigger] {
        var result: [StoreLayout.Trigger] = []
        for name in order {
            for property in ownProperties(name) {
                guard case let .derived(_, expression?) = property.kind, let counted = countedRelationship(expression),
                    case let .relationship(destination, inverse?, _, maxCount, _)? = relationship(name, counted)?.kind,
                    maxCount != 1,
                    case let .relationship(_, _, _, inverseMax, _)? = relationship(destination, inverse)?.kind,
                    inverseMax == 1,
                    let source = tables["Z" + root(of: name).uppercased()],
                    let target = tables["Z" + root(of: destination).uppercased()],
                    let column = source.columns.first(where: { isAttribute($0.role, name, property.name) })?.name,
                    let key = target.columns.first(where: { isForeignKey($0.role, inverse) })?.name
                else { continue }
                result += countTriggers(
                    entity: name, attribute: property.name, source: source.name, column: column, target: target.name,
                    key: key)
            }
        }
        return result
    }

    /// `count:(pages)` as an archived model prints it, `pages.@count` as a model file spells it.
    private func countedRelationship(_ expression: String) -> String? {
        var name: Substring
        if expression.hasPrefix("count:("), expression.hasSuffix(")") {
            name = expression.dropFirst("count:(".count).dropLast()
        } else if expression.hasSuffix(".@count") {
            name = expression.dropLast(".@count".count)
        } else {
            return nil
        }
        name = name.drop { $0 == " " }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }

    private func isAttribute(_ role: StoreLayout.ColumnRole, _ entity: String, _ property: String) -> Bool {
        if case let .attribute(owner, path, _, _) = role { return owner == entity && path == [property] }
        return false
    }

    private func isForeignKey(_ role: StoreLayout.ColumnRole, _ relationship: String) -> Bool {
        if case let .foreignKey(_, name, _) = role { return name == relationship }
        return false
    }

    private func countTriggers(
        entity: String, attribute: String, source: String, column: String, target: String, key: String
    ) -> [StoreLayout.Trigger] {
        let prefix = "Z_DA_\(target)_\(entity)_\(attribute)_PARAMETER_"
        func notify(_ row: String, _ function: String = "NSCoreDataDATriggerUpdatedAffectedObjectValue") -> String {
            "SELECT \(function)('\(source)', Z_ENT, Z_PK, '\(attribute)', \(column)) FROM \(source) "
                + "WHERE Z_PK = \(row); END"
        }
        func parameter(_ suffix: String, _ event: String, _ row: String, _ change: String) -> StoreLayout.Trigger {
            let name = prefix + suffix
            return StoreLayout.Trigger(
                name: name, table: target,
                sql: "CREATE TRIGGER \(name) AFTER \(event) ON \(target) FOR EACH ROW WHEN (\(row).\(key) NOT NULL) "
                    + "BEGIN UPDATE \(source) SET \(column) = \(change) WHERE Z_PK = \(row).\(key); "
                    + notify("\(row).\(key)"))
        }
        let insert = "Z_DA_\(source)_\(entity)_\(attribute)_SOURCE_INSERT"
        return [
            parameter("INSERT", "INSERT", "NEW", "IFNULL(\(column), 0) + 1"),
            parameter("UPDATE_INCREMENT", "UPDATE OF \(key)", "NEW", "\(column) + 1"),
            parameter("UPDATE_DECREMENT", "UPDATE OF \(key)", "OLD", "\(column) - 1"),
            parameter("DELETE", "DELETE", "OLD", "\(column) - 1"),
            StoreLayout.Trigger(
                name: insert, table: source,
                sql: "CREATE TRIGGER \(insert) AFTER INSERT ON \(source) FOR EACH ROW BEGIN UPDATE \(source) "
                    + "SET \(column) = (SELECT IFNULL(COUNT(\(key)), 0) FROM \(target) WHERE \(key) = NEW.Z_PK) "
                    + "WHERE Z_PK = NEW.Z_PK; "
                    + notify("NEW.Z_PK", "NSCoreDataDATriggerInsertUpdatedAffectedObjectValue")),
        ]
    }
}
