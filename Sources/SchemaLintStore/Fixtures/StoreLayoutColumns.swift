import SchemaLintModel

/// Columns, join tables and indexes of one hierarchy (the rules are listed on `StoreLayoutBuilder`).
extension StoreLayoutBuilder {
    /// Type group (the first sort key) and SQL type of an attribute type; nil for types without a column
    /// (undefined, object ID).
    static func columnType(_ type: Int32) -> (group: Int, sql: String)? {
        switch type {
        case 100, 200, 300, 800: return (0, "INTEGER")
        case 500, 600: return (1, "FLOAT")
        case 900: return (1, "TIMESTAMP")
        case 400: return (2, "DECIMAL")
        case 700: return (3, "VARCHAR")
        case 1200: return (4, "VARCHAR")
        case 1100: return (5, "BLOB")
        case 1800: return (6, "BLOB")
        case 1000: return (7, "BLOB")
        default: return nil
        }
    }

    func collect(_ name: String, into pending: inout [String: [Pending]], joins: inout [String: [StoreLayout.Join]]) {
        let rootName = root(of: name)
        let hierarchy = numbers[name] ?? 0
        for property in ownProperties(name) {
            switch property.kind {
            case let .attribute(type, external, _):
                add(name, [property.name], type, external, hierarchy, 0, &pending[rootName, default: []])
            case let .derived(type, _):
                add(name, [property.name], type, false, hierarchy, 0, &pending[rootName, default: []])
            case let .composite(elements):
                var index = 0
                flatten(name, [property.name], elements, hierarchy, &index, &pending[rootName, default: []])
            case let .relationship(destination, inverse, _, maxCount, isOrdered):
                guard entities[destination] != nil else { continue }
                let inverseProperty = inverse.flatMap { relationship(destination, $0) }
                let inverseIsToMany: Bool? = inverseProperty.flatMap {
                    if case let .relationship(_, _, _, max, _) = $0.kind { return max != 1 }
                    return nil
                }
                if maxCount == 1 {
                    toOne(name, property, destination, hierarchy, &pending[rootName, default: []])
                } else if inverseIsToMany == nil {
                    hidden(name, property, destination, isOrdered, &pending[root(of: destination), default: []])
                } else if inverseIsToMany == true, let inverse, let inverseProperty {
                    let mine = numbers[name] ?? 0, theirs = numbers[destination] ?? 0
                    guard mine < theirs || (mine == theirs && property.name > inverse) else { continue }
                    var inverseOrdered = false
                    if case let .relationship(_, _, _, _, ordered) = inverseProperty.kind { inverseOrdered = ordered }
                    joins[rootName, default: []].append(
                        StoreLayout.Join(
                            owner: name, relationship: property.name, destination: destination, inverse: inverse,
                            ownerColumn: "Z_\(mine)\(inverse.uppercased())",
                            destinationColumn: "Z_\(theirs)\(property.name.uppercased())",
                            isOrdered: isOrdered, inverseIsOrdered: inverseOrdered))
                } else if isOrdered, let inverse {
                    // One-to-many ordered: the destination's to-one carries the position beside its foreign key.
                    let destinationRoot = root(of: destination)
                    let declaring = declaringEntity(destination, inverse)
                    pending[destinationRoot, default: []].append(
                        Pending(
                            group: 0, hierarchy: numbers[declaring] ?? 0, kind: 1, owner: 0, name: inverse,
                            element: 2, base: "Z_FOK_" + inverse.uppercased(), type: "INTEGER",
                            role: .foreignOrder(owner: name, relationship: property.name)))
                }
            }
        }
    }

    /// The entity of `name`'s hierarchy that declares `property` itself.
    func declaringEntity(_ name: String, _ property: String) -> String {
        var current = name
        for _ in 0..<64 {
            guard let parent = entities[current]?.superentity, entities[parent] != nil,
                relationship(parent, property) != nil
            else { break }
            current = parent
        }
        return current
    }

    private func add(
        _ entity: String, _ path: [String], _ type: Int32, _ external: Bool, _ hierarchy: Int, _ element: Int,
        _ list: inout [Pending]
    ) {
        guard let (group, sql) = Self.columnType(type), let last = path.last else { return }
        list.append(
            Pending(
                group: group, hierarchy: hierarchy, kind: 0, owner: 0, name: path[0], element: element,
                base: "Z" + last.uppercased(), type: sql,
                role: .attribute(entity: entity, path: path, type: type, externalStorage: external)))
    }

    /// SwiftData flattens a composite into one column per element, named after the element alone.
    private func flatten(
        _ entity: String, _ path: [String], _ elements: [ManagedProperty], _ hierarchy: Int, _ index: inout Int,
        _ list: inout [Pending]
    ) {
        guard path.count < 16 else { return }
        for element in elements {
            switch element.kind {
            case let .attribute(type, external, _):
                add(entity, path + [element.name], type, external, hierarchy, index, &list)
                index += 1
            case let .composite(inner):
                flatten(entity, path + [element.name], inner, hierarchy, &index, &list)
            default: continue
            }
        }
    }

    private func toOne(
        _ name: String, _ property: ManagedProperty, _ destination: String, _ hierarchy: Int, _ list: inout [Pending]
    ) {
        let upper = property.name.uppercased()
        list.append(
            Pending(
                group: 0, hierarchy: hierarchy, kind: 1, owner: 0, name: property.name, element: 0, base: "Z" + upper,
                type: "INTEGER", role: .foreignKey(entity: name, relationship: property.name, destination: destination))
        )
        if children[destination] != nil {
            list.append(
                Pending(
                    group: 0, hierarchy: hierarchy, kind: 1, owner: 0, name: property.name, element: 1,
                    base: "Z\(numbers[destination] ?? 0)_\(upper)", type: "INTEGER",
                    role: .foreignEntity(entity: name, relationship: property.name, destination: destination)))
        }
    }

    private func hidden(
        _ name: String, _ property: ManagedProperty, _ destination: String, _ isOrdered: Bool, _ list: inout [Pending]
    ) {
        let column = "\(numbers[name] ?? 0)\(property.name.uppercased())"
        let hierarchy = numbers[destination] ?? 0
        list.append(
            Pending(
                group: 0, hierarchy: hierarchy, kind: 2, owner: numbers[name] ?? 0, name: property.name, element: 0,
                base: "Z" + column, type: "INTEGER",
                role: .hiddenForeignKey(source: name, relationship: property.name, destination: destination)))
        if isOrdered {
            list.append(
                Pending(
                    group: 0, hierarchy: hierarchy, kind: 2, owner: numbers[name] ?? 0, name: property.name,
                    element: 1, base: "Z_FOK_" + column, type: "INTEGER",
                    role: .foreignOrder(owner: name, relationship: property.name)))
        }
    }

    func entityTable(_ rootName: String, _ pending: [Pending]) -> StoreLayout.Table {
        var columns: [StoreLayout.Column] = [
            .init(name: "Z_PK", type: "INTEGER PRIMARY KEY", role: .primaryKey),
            .init(name: "Z_ENT", type: "INTEGER", role: .entity),
            .init(name: "Z_OPT", type: "INTEGER", role: .optimisticLock),
        ]
        var used = Set(columns.map(\.name))
        for column in pending.sorted(by: { $0.precedes($1) }) {
            var name = column.base
            var suffix = 1
            while used.contains(name) {
                name = column.base + String(suffix)
                suffix += 1
            }
            used.insert(name)
            columns.append(.init(name: name, type: column.type, role: column.role))
        }
        let name = "Z" + rootName.uppercased()
        let body = columns.map { "\($0.name) \($0.type)" }.joined(separator: ", ")
        return StoreLayout.Table(
            name: name, columns: columns, rootEntity: rootName, join: nil, sql: "CREATE TABLE \(name) ( \(body) )")
    }

    func joinTable(_ join: StoreLayout.Join) -> StoreLayout.Table {
        let name = "Z_\(numbers[join.owner] ?? 0)\(join.relationship.uppercased())"
        var columns: [StoreLayout.Column] = [
            .init(name: join.ownerColumn, type: "INTEGER", role: .joinKey(entity: join.owner)),
            .init(name: join.destinationColumn, type: "INTEGER", role: .joinKey(entity: join.destination)),
        ]
        // Unverified (no real store has an ordered many-to-many): one position column per ordered side.
        if join.isOrdered {
            columns.append(
                .init(
                    name: "Z_FOK_" + join.destinationColumn.dropFirst(2), type: "INTEGER",
                    role: .foreignOrder(owner: join.owner, relationship: join.relationship)))
        }
        if join.inverseIsOrdered {
            columns.append(
                .init(
                    name: "Z_FOK_" + join.ownerColumn.dropFirst(2), type: "INTEGER",
                    role: .foreignOrder(owner: join.destination, relationship: join.inverse)))
        }
        let body = columns.map { "\($0.name) \($0.type)" }.joined(separator: ", ")
        return StoreLayout.Table(
            name: name, columns: columns, rootEntity: nil, join: join,
            sql: "CREATE TABLE \(name) ( \(body), PRIMARY KEY (\(join.ownerColumn), \(join.destinationColumn)) )")
    }

    /// `Z<TABLE>_<COLUMN>_INDEX` on every foreign key, in column order; none on `Z<n>_` entity columns.
    func foreignKeyIndexes(_ table: StoreLayout.Table) -> [StoreLayout.Index] {
        table.columns.compactMap { column in
            switch column.role {
            case .foreignKey, .hiddenForeignKey:
                let name = "\(table.name)_\(column.name)_INDEX"
                return .init(
                    name: name, table: table.name, sql: "CREATE INDEX \(name) ON \(table.name) (\(column.name))")
            default: return nil
            }
        }
    }

    /// `Z_<Entity>_UNIQUE_<a>_<b>` for each uniqueness constraint, in Z_ENT order; a subentity repeating its
    /// parent's constraint adds none (coredataplus' GraphicNovel).
    func uniquenessIndexes(_ rootName: String, _ table: StoreLayout.Table) -> [StoreLayout.Index] {
        var result: [StoreLayout.Index] = []
        for name in order where root(of: name) == rootName {
            guard let entity = entities[name] else { continue }
            let parentConstraints = Set(entity.superentity.flatMap { entities[$0] }?.uniquenessConstraints ?? [])
            for constraint in entity.uniquenessConstraints where !parentConstraints.contains(constraint) {
                let columns = constraint.map { uniqueColumns($0, table) }
                guard !constraint.isEmpty, columns.allSatisfy({ !$0.isEmpty }) else { continue }
                let indexName = "Z_\(name)_UNIQUE_" + constraint.joined(separator: "_")
                let list = columns.joined().map { "\($0) COLLATE BINARY ASC" }.joined(separator: ", ")
                result.append(
                    .init(
                        name: indexName, table: table.name,
                        sql: "CREATE UNIQUE INDEX \(indexName) ON \(table.name) (\(list))"))
            }
        }
        return result
    }

    private func uniqueColumns(_ property: String, _ table: StoreLayout.Table) -> [String] {
        table.columns.filter { column in
            switch column.role {
            case let .attribute(_, path, _, _): return path.first == property
            case let .foreignKey(_, relationship, _): return relationship == property
            default: return false
            }
        }.map(\.name)
    }
}
