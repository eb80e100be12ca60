import SchemaLintModel

/// Computes a `StoreLayout`. Every rule here was read off the real stores in ../shared/stores (each store's
/// `sqlite_master` against its cached model), not from documentation:
/// - Z_ENT: root entities in name order, each followed depth-first by its subentities in name order.
/// - One table per root (`Z` + upper-cased name) holding its whole hierarchy's columns after Z_PK, Z_ENT, Z_OPT,
///   sorted by type group (integers, Booleans and foreign keys; Double, Float and Date; Decimal; String; URI; UUID;
///   Transformable; Binary Data), then by the declaring entity's Z_ENT, then attributes before to-one foreign keys
///   before the foreign keys of inverse-less to-many relationships, then by property name. A composite's elements
///   sort under the composite's name, in declaration order, each in its own type group. A repeated column name gets
///   1, 2, … appended (metacocktails' `ZID1`).
/// - A foreign key into an entity with subentities has `Z<n>_<NAME>` (n = the destination's Z_ENT) beside it.
/// - A to-many relationship without an inverse puts `Z<n><NAME>` (n = its own entity's Z_ENT) into the
///   destination's table (ladder's `Z4MISSEDAMMO`, cartkit's `Z2MODIFIERS`).
/// - A many-to-many pair gets `Z_<n><NAME>` named after the side with the lower Z_ENT (the later name when both are
///   on one entity, easylife's `Z_2BLOCKING`), columns `Z_<n><INVERSE>` then `Z_<m><NAME>`.
/// No store here has an ordered relationship; `Z_FOK_` columns follow the names public apps' stores show:
/// `Z_FOK_<NAME>` right after a one-to-many's foreign key, `Z_FOK_<m><NAME>` after a join table's keys for each
/// ordered side.
struct StoreLayoutBuilder {
    let entities: [String: ManagedEntity]
    let order: [String]
    let numbers: [String: Int]
    let children: [String: [String]]

    init(schema: ManagedModel) {
        let entities = Dictionary(schema.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.entities = entities
        var children: [String: [String]] = [:]
        for entity in schema.entities {
            if let parent = entity.superentity, entities[parent] != nil {
                children[parent, default: []].append(entity.name)
            }
        }
        for key in children.keys { children[key]?.sort() }
        self.children = children
        let sortedChildren = children
        var order: [String] = []
        func visit(_ name: String, depth: Int) {
            guard depth < 64 else { return }
            order.append(name)
            for child in sortedChildren[name, default: []] { visit(child, depth: depth + 1) }
        }
        let roots = schema.entities.filter { $0.superentity.flatMap { entities[$0] } == nil }.map(\.name).sorted()
        for root in roots { visit(root, depth: 0) }
        self.order = order
        numbers = Dictionary(order.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
    }

    func root(of name: String) -> String {
        var current = name
        for _ in 0..<64 {
            guard let parent = entities[current]?.superentity, entities[parent] != nil else { break }
            current = parent
        }
        return current
    }

    /// Properties an entity declares itself (archived subentities list inherited ones too), transient ones left out.
    func ownProperties(_ name: String) -> [ManagedProperty] {
        guard let entity = entities[name] else { return [] }
        let inherited = Set(entity.superentity.flatMap { entities[$0] }?.properties.map(\.name) ?? [])
        return entity.properties.filter { !inherited.contains($0.name) && !$0.isTransient }
    }

    func relationship(_ entity: String, _ name: String) -> ManagedProperty? {
        entities[entity]?.properties.first { $0.name == name }
    }

    /// A column before naming: its sort key and what it holds.
    struct Pending {
        var group: Int, hierarchy: Int, kind: Int, owner: Int, name: String, element: Int
        var base: String
        var type: String
        var role: StoreLayout.ColumnRole
        func precedes(_ other: Pending) -> Bool {
            (group, hierarchy, kind, owner) != (other.group, other.hierarchy, other.kind, other.owner)
                ? (group, hierarchy, kind, owner) < (other.group, other.hierarchy, other.kind, other.owner)
                : (name, element) < (other.name, other.element)
        }
    }

    func layout(persistentHistory: Bool, modelCache: Bool) -> StoreLayout {
        var pending: [String: [Pending]] = [:]
        var joins: [String: [StoreLayout.Join]] = [:]
        for name in order { collect(name, into: &pending, joins: &joins) }
        var tables: [StoreLayout.Table] = []
        var indexes: [StoreLayout.Index] = []
        var entityTables: [String: String] = [:]
        for name in order { entityTables[name] = "Z" + root(of: name).uppercased() }
        for rootName in order where root(of: rootName) == rootName {
            let table = entityTable(rootName, pending[rootName] ?? [])
            tables.append(table)
            let rootJoins = joins[rootName] ?? []
            tables += rootJoins.map(joinTable)
            indexes += foreignKeyIndexes(table)
            indexes += rootJoins.map { join in
                let name = "Z_\(numbers[join.owner] ?? 0)\(join.relationship.uppercased())"
                return StoreLayout.Index(
                    name: "\(name)_\(join.destinationColumn)_INDEX", table: name,
                    sql: "CREATE INDEX \(name)_\(join.destinationColumn)_INDEX ON \(name) "
                        + "(\(join.destinationColumn), \(join.ownerColumn))")
            }
            if children[rootName] != nil {
                indexes.append(
                    StoreLayout.Index(
                        name: "\(table.name)_Z_ENT_INDEX", table: table.name,
                        sql: "CREATE INDEX \(table.name)_Z_ENT_INDEX ON \(table.name) (Z_ENT)"))
            }
            indexes += uniquenessIndexes(rootName, table)
        }
        let primaryKeys = order.map { name in
            StoreLayout.PrimaryKeyRow(
                entity: numbers[name] ?? 0, name: name,
                superentity: entities[name]?.superentity.flatMap { numbers[$0] } ?? 0)
        }
        return StoreLayout(
            entityNumbers: numbers, entityOrder: order, entityTables: entityTables, tables: tables,
            indexes: indexes,
            triggers: derivedAttributeTriggers(
                Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })),
            primaryKeys: primaryKeys, persistentHistory: persistentHistory, modelCache: modelCache)
    }
}
