import SchemaLintModel

/// The rows of a fixture store with `rowsPerEntity` objects of every concrete entity: Z_PKs numbered per table
/// (a hierarchy shares its root's table and key counter), every attribute filled, every relationship linked from
/// both sides. Pure: the same layout always gives the same rows.
struct FixtureRows {
    struct Object: Hashable {
        var table: String
        var pk: Int64
        var entity: String
        var number: Int
        /// 1-based within the concrete entity.
        var row: Int
    }

    struct TableRows {
        var table: String
        var columns: [String]
        var rows: [[SQLValue]]
    }

    var tables: [TableRows] = []
    /// Z_MAX per entity: a root's row counts its whole table (Core Data allocates a hierarchy's keys from its
    /// root), a subentity's stays 0.
    var maxima: [String: Int64] = [:]
    /// Every inserted object in Z_ENT order, for the history's change rows.
    var objects: [Object] = []

    private let builder: StoreLayoutBuilder
    private var members: [String: [Object]] = [:]

    init(layout: StoreLayout, schema: ManagedModel, rowsPerEntity: Int) {
        builder = StoreLayoutBuilder(schema: schema)
        guard rowsPerEntity > 0 else { return }
        var nextKey: [String: Int64] = [:]
        for name in layout.entityOrder {
            guard let entity = builder.entities[name], !entity.isAbstract, let table = layout.entityTables[name]
            else { continue }
            for row in 1...rowsPerEntity {
                let pk = nextKey[table, default: 0] + 1
                nextKey[table] = pk
                objects.append(
                    Object(table: table, pk: pk, entity: name, number: layout.entityNumbers[name] ?? 0, row: row))
            }
        }
        for name in layout.entityOrder {
            maxima[name] = builder.root(of: name) == name ? nextKey[layout.entityTables[name] ?? ""] ?? 0 : 0
        }
        for table in layout.tables {
            if let join = table.join {
                tables.append(joinRows(table, join))
            } else {
                let rows = objects.filter { $0.table == table.name }.map { object in
                    table.columns.map { value($0.role, object) }
                }
                tables.append(TableRows(table: table.name, columns: table.columns.map(\.name), rows: rows))
            }
        }
    }

    /// Objects of `name` and its subentities, in Z_ENT then Z_PK order: the candidates of a relationship to it.
    private mutating func instances(of name: String) -> [Object] {
        if let known = members[name] { return known }
        let found = objects.filter { isKind($0.entity, of: name) }
        members[name] = found
        return found
    }

    private func isKind(_ entity: String, of ancestor: String) -> Bool {
        var current: String? = entity
        for _ in 0..<64 {
            guard let name = current else { return false }
            if name == ancestor { return true }
            current = builder.entities[name]?.superentity
        }
        return false
    }

    private mutating func value(_ role: StoreLayout.ColumnRole, _ object: Object) -> SQLValue {
        switch role {
        case .primaryKey: return .integer(object.pk)
        case .entity: return .integer(Int64(object.number))
        case .optimisticLock: return .integer(1)
        case let .attribute(entity, path, type, external):
            guard isKind(object.entity, of: entity) else { return .null }
            return FixtureValues.value(
                type: type, externalStorage: external, entity: object.entity, path: path, row: object.row)
        case let .foreignKey(entity, relationship, destination):
            return target(entity, relationship, destination, object).map { .integer($0.pk) } ?? .null
        case let .foreignEntity(entity, relationship, destination):
            return target(entity, relationship, destination, object).map { .integer(Int64($0.number)) } ?? .null
        case let .hiddenForeignKey(source, _, destination):
            guard isKind(object.entity, of: destination) else { return .null }
            let owners = instances(of: source)
            guard !owners.isEmpty, let index = instances(of: destination).firstIndex(of: object) else { return .null }
            return .integer(owners[index % owners.count].pk)
        case let .foreignOrder(owner, relationship):
            // The n-th object pointing at the same owner sits at position n of its ordered set.
            guard case let .relationship(destination, _, _, _, _)? = builder.relationship(owner, relationship)?.kind,
                isKind(object.entity, of: destination)
            else { return .null }
            let owners = instances(of: owner).count
            guard owners > 0, let index = instances(of: destination).firstIndex(of: object) else { return .null }
            return .integer(Int64(index / owners + 1))
        case .joinKey: return .null
        }
    }

    /// The object `object`'s to-one `relationship` points at: the j-th of `entity`'s objects links to the j-th
    /// destination (wrapping round for to-many inverses; one-to-one pairs stop at the shorter list, so both foreign
    /// keys agree).
    private mutating func target(_ entity: String, _ relationship: String, _ destination: String, _ object: Object)
        -> Object?
    {
        guard isKind(object.entity, of: entity) else { return nil }
        let targets = instances(of: destination)
        guard !targets.isEmpty, let index = instances(of: entity).firstIndex(of: object) else { return nil }
        var oneToOne = false
        if case let .relationship(_, inverse?, _, _, _)? = builder.relationship(entity, relationship)?.kind,
            case let .relationship(_, _, _, maxCount, _)? = builder.relationship(destination, inverse)?.kind
        {
            oneToOne = maxCount == 1
        }
        if oneToOne { return index < targets.count ? targets[index] : nil }
        return targets[index % targets.count]
    }

    /// Each owner object links to two destination objects (one when there is only one), so every object of both
    /// sides has partners.
    private mutating func joinRows(_ table: StoreLayout.Table, _ join: StoreLayout.Join) -> TableRows {
        let owners = instances(of: join.owner), targets = instances(of: join.destination)
        var pairs: [(Object, Object)] = []
        if !targets.isEmpty {
            for (index, owner) in owners.enumerated() {
                pairs.append((owner, targets[index % targets.count]))
                if targets.count > 1 { pairs.append((owner, targets[(index + 1) % targets.count])) }
            }
        }
        pairs.sort { ($0.0.pk, $0.1.pk) < ($1.0.pk, $1.1.pk) }
        var ownerPositions: [Int64: Int64] = [:], targetPositions: [Int64: Int64] = [:]
        let rows: [[SQLValue]] = pairs.map { owner, target in
            var row: [SQLValue] = [.integer(owner.pk), .integer(target.pk)]
            let ownerPosition = ownerPositions[owner.pk, default: 0] + 1
            ownerPositions[owner.pk] = ownerPosition
            let targetPosition = targetPositions[target.pk, default: 0] + 1
            targetPositions[target.pk] = targetPosition
            if join.isOrdered { row.append(.integer(ownerPosition)) }
            if join.inverseIsOrdered { row.append(.integer(targetPosition)) }
            return row
        }
        return TableRows(table: table.name, columns: table.columns.map(\.name), rows: rows)
    }
}
