import SchemaLintModel

/// What a mapping model sets in the rows a step migrates, judged where the value matters: a uniqueness constraint the
/// destination entity gains (`unique_constraint_added`) and an attribute that is required with no default
/// (`lightweight_unsupported_change`). A mapped step copies no value by itself: each destination attribute gets what
/// its value expression gives (`$source.X`, a constant, or nothing), then a custom `NSEntityMigrationPolicy` may set
/// more. Only what `MappingModelFile.entityMappings` read is judged.
package struct MappedStep {
    package var bundle: ModelBundle
    package var mapping: MappingModelFile
    /// The step's source version name and the rows as they are in it (for the first step of a move, what shipped).
    package var from: String
    package var source: [EntitySnapshot]
    package var to: ModelBundleVersion
    package var destination: [EntitySnapshot]

    /// The mapped steps a store in the locked current version takes on its way to the new current one: the mapping
    /// model from one to the other, or, walked version by version, each step a mapping model covers.
    package static func steps(of move: ModelMigrationStep.Move, _ context: RuleContext) -> [MappedStep] {
        steps(
            move.bundle, from: move.from, shipped: move.shipped.entities, to: move.to, now: move.now.snapshot,
            chain: nil, context)
    }

    /// `steps(of:)` for a store in `from` (as it shipped: `shipped`) opened with `to` (`now`); `chain`: the bundle's
    /// steps judged once, when the caller has them.
    package static func steps(
        _ bundle: ModelBundle, from: String, shipped: [EntitySnapshot], to: ModelBundleVersion,
        now: [EntitySnapshot], chain known: ModelMigrationStep.StepChain?, _ context: RuleContext
    ) -> [MappedStep] {
        guard bundle.mappingModels.contains(where: { $0.entityMappings != nil }) else { return [] }
        if let mapping = bundle.mappingModels.first(where: { $0.maps(from: from, to: to.name) == true }) {
            return [
                MappedStep(bundle: bundle, mapping: mapping, from: from, source: shipped, to: to, destination: now)
            ]
        }
        guard ModelMigrationStep.inferenceOff(context) == nil else { return [] }
        let chain = known ?? ModelMigrationStep.StepChain(bundle, context: context)
        guard chain.covers(from: from, to: to.name, shipped: shipped),
            let start = chain.versions.lastIndex(where: { !chain.order.precedes(from, $0.name) }),
            let end = chain.versions.firstIndex(where: { $0.name == to.name }), end > start
        else { return [] }
        var steps: [MappedStep] = []
        for index in (start + 1)...end {
            let new = chain.versions[index]
            let oldName = index == start + 1 ? from : chain.versions[index - 1].name
            guard let mapping = bundle.mappingModels.first(where: { $0.maps(from: oldName, to: new.name) == true }),
                let after = context.analyses[bundle.key(of: new)]
            else { continue }
            let before: [EntitySnapshot]? =
                index == start + 1
                ? shipped : context.analyses[bundle.key(of: chain.versions[index - 1])]?.snapshot
            guard let before else { continue }
            steps.append(
                MappedStep(
                    bundle: bundle, mapping: mapping, from: oldName, source: before, to: new,
                    destination: after.snapshot))
        }
        return steps
    }

    /// How sure a judgement is.
    package enum Verdict: Sendable, Equatable {
        /// Every store with rows of the entity fails (two rows, for a uniqueness constraint).
        case fails
        /// Stores fail or not by what their rows hold, or by what code schemalint does not read gives.
        case mayFail
        /// A custom policy the mapping names may set what the expressions leave empty: cannot tell.
        case policyDecides
    }

    /// A uniqueness constraint the destination entity gains, and what the mapping sets in it.
    package struct Uniqueness {
        package var entity: String
        package var constraint: String
        package var mappingName: String
        package var verdict: Verdict
        /// What sets each attribute of the constraint (`name: $source.title`, `kind: the constant 2`).
        package var setters: [String]
        /// For `mayFail`: what would have to hold for no two rows to collide.
        package var condition: String
    }

    /// A required attribute with no default, and what the mapping sets in it.
    package struct Required {
        package var entity: String
        package var property: String
        package var mappingName: String
        package var verdict: Verdict
        /// What the attribute was in the source entity.
        package var change: Change
        /// What sets it, and for `mayFail` what would have to hold.
        package var setter: String
        package var condition: String
        /// For `policyDecides`: set by a method of the policy (`FUNCTION($entityPolicy, ...)`), not left to it.
        package var byPolicyMethod = false
    }

    /// What a required destination attribute was in the source entity, said in the headline.
    package enum Change: Sendable, Equatable {
        /// The source entity had no such attribute.
        case added
        /// It was optional.
        case madeRequired
        /// It was required, of another type (`URL` → `String`).
        case retyped(from: String, to: String)
        /// It was required and of the same type (the mapping sets it from something else).
        case kept
    }

    /// What sets a destination attribute, as far as it can be told.
    enum Setter: Equatable {
        case nothing
        case source(String)
        /// `$source.X.Y…`, X a property of the source entity.
        case sourcePath(String, [String])
        case constant(String)
        /// `FUNCTION($entityPolicy, "selector", …)`: the policy class's method.
        case policyFunction(String)
        case unknown(String)
    }

    func setter(
        _ attribute: String, in mapping: MappingModelFile.EntityMapping, source: EntitySnapshot
    ) -> Setter {
        switch mapping.attributes[attribute] {
        case nil: return .nothing
        case .unstated?:
            return source.properties.contains { $0.name == attribute && $0.kind == .attribute }
                ? .source(attribute) : .nothing
        case let .source(key)?:
            return source.properties.contains { $0.name == key } ? .source(key) : .unknown("$source.\(key)")
        case let .sourcePath(key, path)?:
            return source.properties.contains { $0.name == key }
                ? .sourcePath(key, path) : .unknown((["$source", key] + path).joined(separator: "."))
        case let .constant(value)?: return value.map(Setter.constant) ?? .nothing
        case let .policyFunction(selector)?: return .policyFunction(selector)
        case let .unknown(text)?: return .unknown(text)
        }
    }

    private func describe(_ setter: Setter) -> String {
        switch setter {
        case .nothing: return "no value"
        case let .source(key): return "$source.\(key)"
        case let .sourcePath(key, path): return (["$source", key] + path).joined(separator: ".")
        case let .constant(value): return "the constant \(value)"
        case let .policyFunction(selector): return "FUNCTION(…, \"\(selector)\")"
        case let .unknown(text): return text
        }
    }

    /// The entity mappings with a source entity (one with none migrates no rows), with both entities.
    private var pairs: [(mapping: MappingModelFile.EntityMapping, source: EntitySnapshot, destination: EntitySnapshot)]
    {
        (mapping.entityMappings ?? []).compactMap { entityMapping in
            guard let sourceName = entityMapping.source, let destinationName = entityMapping.destination,
                let source = source.first(where: { $0.name == sourceName }),
                let destination = destination.first(where: { $0.name == destinationName })
            else { return nil }
            return (entityMapping, source, destination)
        }
    }

    /// Each uniqueness constraint a destination entity has and its source entity had not, unless no two migrated
    /// rows can hold the same values (set from a constraint the source already had).
    package func uniqueness() -> [Uniqueness] {
        var found: [Uniqueness] = []
        for (entityMapping, source, destination) in pairs {
            let before = Set(source.unique ?? [])
            for constraint in destination.unique ?? [] where !before.contains(constraint) {
                let names = constraint.split(separator: ".").map(String.init)
                let setters = names.map { setter($0, in: entityMapping, source: source) }
                // From a constraint the source already had: the rows were distinct there.
                let sourced = Set(
                    setters.compactMap { setter -> String? in
                        if case let .source(key) = setter { return key }
                        return nil
                    })
                let wasUnique = before.contains { old in
                    old.split(separator: ".").allSatisfy { sourced.contains(String($0)) }
                }
                if wasUnique { continue }
                // No value in an optional attribute with no default: every row holds nil there. SQLite counts NULLs
                // as distinct, but a mapped migration saves the rows through a context, whose uniqueness check
                // compares nil as a value like any other: rows alike in the other attributes collide (SideStore
                // 0.6.0's mapping left three of four constrained attributes nil and failed with 134110). Whether two
                // such rows exist is the store's data: a warning, never an error.
                let holdsNil = zip(names, setters).filter { name, setter in
                    guard setter == .nothing, !entityMapping.runsCustomCode,
                        let property = destination.properties.first(where: { $0.name == name })
                    else { return false }
                    return property.kind == .attribute && property.optional && !property.hasDefault
                }.map(\.0)
                let same = setters.allSatisfy { setter in
                    switch setter {
                    case .nothing, .constant: return true
                    default: return false
                    }
                }
                let described = zip(names, setters).map { "\($0): \(describe($1))" }
                var conditions: [String] = []
                let keys = setters.compactMap { setter -> String? in
                    if case let .source(key) = setter { return key }
                    return nil
                }
                if !keys.isEmpty {
                    conditions.append(
                        "no two rows of \(source.name) hold the same "
                            + (keys.count == 1 ? keys[0] : "(\(keys.joined(separator: ", ")))"))
                }
                for setter in setters {
                    switch setter {
                    case .unknown, .sourcePath, .policyFunction:
                        conditions.append("\(describe(setter)) gives each row its own value")
                    default: continue
                    }
                }
                if let policy = entityMapping.policy {
                    conditions.append("\(policy) sets values no two rows share")
                } else if entityMapping.runsCustomCode {
                    conditions.append("its custom code sets values no two rows share")
                }
                if !holdsNil.isEmpty {
                    let left = holdsNil.count == 1 ? holdsNil[0] : "(\(holdsNil.joined(separator: ", ")))"
                    let why = "the mapping leaves \(left) nil in every row, and the migration's uniqueness check "
                        + "counts nil as a value"
                    if keys.isEmpty {
                        conditions.insert("the store holds at most one row of \(source.name) (\(why))", at: 0)
                    } else {
                        conditions[0] += " (\(why))"
                    }
                }
                // A constrained attribute the policy's own method computes (`FUNCTION($entityPolicy, ...)`): the
                // app's code chooses each row's value, and may drop or merge a duplicate there (ReadingList's
                // `googleBooksId(forGoogleBooksId:manager:)` gives nil for an id already migrated). What it does is
                // `check`'s note, as a required value the policy's method gives.
                let byPolicyMethod =
                    entityMapping.policy != nil
                    && setters.contains { setter in
                        if case .policyFunction = setter { return true }
                        return false
                    }
                found.append(
                    Uniqueness(
                        entity: destination.name, constraint: constraint, mappingName: entityMapping.displayName,
                        verdict: byPolicyMethod
                            ? .policyDecides
                            : same && !entityMapping.runsCustomCode && holdsNil.isEmpty ? .fails : .mayFail,
                        setters: described,
                        condition: conditions.joined(separator: ", and ")))
            }
        }
        return found
    }

    /// `Entity.attribute` of each attribute required with no default in a destination entity that was optional or
    /// absent in its source entity: judged here, not as an inferred change.
    package func requiredPlaces() -> Set<String> {
        var places: Set<String> = []
        for (_, source, destination) in pairs {
            for property in destination.properties
            where Self.needsValue(property) {
                if let old = source.properties.first(where: { $0.name == property.name }), !old.optional { continue }
                places.insert("\(destination.name).\(property.name)")
            }
        }
        return places
    }

    /// A stored attribute that is required and has no default (a derived one is computed, not mapped).
    private static func needsValue(_ property: PropertySnapshot) -> Bool {
        property.kind == .attribute && !property.optional && !property.hasDefault
            && !property.type.hasPrefix("Derived ")
    }

    /// What `upgrades` says of each judgement (`fails unless ...`, as `AssessedChange.failsIf` reads there).
    package func risks() -> [String] {
        // A value the policy's own method computes is `check`'s note, not a risk.
        uniqueness().filter { $0.verdict != .policyDecides }.map { judged in
            judged.verdict == .fails
                ? "fails on a store with two rows of \(judged.entity): \(judged.mappingName) sets "
                    + "\(judged.setters.joined(separator: ", ")) in its new uniqueness constraint "
                    + "(\(judged.constraint))"
                : "fails unless \(judged.condition) (\(judged.entity) gains uniqueness on \(judged.constraint))"
        }
            // A value left to the custom policy the mapping names is `check`'s note, not a risk.
            + required().filter { $0.verdict != .policyDecides }.map { judged in
                judged.verdict == .fails
                    ? "fails on a store with a row of \(judged.entity): \(judged.mappingName) sets no value in "
                        + "\(judged.entity).\(judged.property), required with no default"
                    : "fails unless \(judged.condition) (\(judged.entity).\(judged.property) is required)"
            }
    }

    /// Each attribute required with no default in a destination entity that was optional or absent in its source
    /// entity, unless the mapping sets it from a required source attribute or a constant, or by a key path that
    /// gives a value on every value of a required source attribute (`$source.link.absoluteString`, `KeyPathValues`).
    package func required() -> [Required] {
        var found: [Required] = []
        for (entityMapping, source, destination) in pairs {
            for property in destination.properties
            where Self.needsValue(property) {
                let setter = setter(property.name, in: entityMapping, source: source)
                let old = source.properties.first { $0.name == property.name }
                // Required before and copied: nothing changed.
                if let old, !old.optional, setter == .source(property.name) { continue }
                let described = describe(setter)
                let change: Change =
                    old.map { old in
                        guard !old.optional else { return .madeRequired }
                        return old.type == property.type
                            ? .kept
                            : .retyped(
                                from: ChangeWording.readable(old.type), to: ChangeWording.readable(property.type))
                    } ?? .added
                switch setter {
                case .constant: continue
                case let .source(key):
                    guard let from = source.properties.first(where: { $0.name == key }), from.optional else { continue }
                    found.append(
                        Required(
                            entity: destination.name, property: property.name, mappingName: entityMapping.displayName,
                            verdict: .mayFail, change: change, setter: described,
                            condition: "no row of \(source.name) holds nil in \(key)"))
                case .nothing where entityMapping.runsCustomCode:
                    found.append(
                        Required(
                            entity: destination.name, property: property.name, mappingName: entityMapping.displayName,
                            verdict: .policyDecides, change: change, setter: described,
                            condition: "\(entityMapping.policy ?? "its custom code") sets it on every row"))
                case .nothing:
                    found.append(
                        Required(
                            entity: destination.name, property: property.name, mappingName: entityMapping.displayName,
                            verdict: .fails, change: change, setter: described, condition: ""))
                case let .sourcePath(key, path):
                    // A required attribute holds a value in every row; a key path Foundation answers on every value
                    // of its type gives one too. An optional one, or a key path not known, may give nil.
                    guard let from = source.properties.first(where: { $0.name == key }) else { continue }
                    let gives = from.kind == .attribute ? KeyPathValues.neverNil(path, on: from.type) : false
                    if gives, !from.optional { continue }
                    found.append(
                        Required(
                            entity: destination.name, property: property.name, mappingName: entityMapping.displayName,
                            verdict: .mayFail, change: change, setter: described,
                            condition: gives
                                ? "no row of \(source.name) holds nil in \(key)" : "\(described) never gives nil"))
                case let .policyFunction(selector) where entityMapping.policy != nil:
                    // The app's own policy computes it: what that code gives is `check`'s note, as a value the
                    // policy sets itself.
                    found.append(
                        Required(
                            entity: destination.name, property: property.name, mappingName: entityMapping.displayName,
                            verdict: .policyDecides, change: change, setter: described,
                            condition: "\(entityMapping.policy ?? "its policy")'s \(selector) gives a value on every "
                                + "row", byPolicyMethod: true))
                case .policyFunction, .unknown:
                    found.append(
                        Required(
                            entity: destination.name, property: property.name, mappingName: entityMapping.displayName,
                            verdict: .mayFail, change: change, setter: described,
                            condition: "\(described) never gives nil"))
                }
            }
        }
        return found
    }
}

/// Key paths whose value is never nil on every value of a Core Data attribute type, as `valueForKeyPath:` asks the
/// Foundation object a row holds (`NSURL`, `NSString`, `NSNumber`, `NSDate`, `NSUUID`): each key with the type
/// code of what it gives, so a path is followed key by key. A key not listed is not known: it may give nil
/// (`NSURL.host`, `NSURL.path`). `absoluteString`: a URL attribute is stored as its string and read back with it, so
/// the `NSURL` a row holds always has one (the header's nullability is for URLs made otherwise).
enum KeyPathValues {
    private static let number: [String: Int] = [
        "stringValue": 700, "description": 700, "intValue": 200, "integerValue": 300, "longLongValue": 300,
        "doubleValue": 500, "floatValue": 600, "boolValue": 800,
    ]

    /// By Core Data attribute type code.
    static let keys: [Int: [String: Int]] = [
        100: number, 200: number, 300: number, 400: number, 500: number, 600: number, 800: number,
        700: ["length": 300, "lowercaseString": 700, "uppercaseString": 700, "description": 700],
        900: ["timeIntervalSinceReferenceDate": 500, "timeIntervalSince1970": 500, "description": 700],
        1100: ["UUIDString": 700, "description": 700],
        1200: ["absoluteString": 700, "relativeString": 700, "description": 700],
    ]

    /// Whether `path`, asked of a non-nil value of the snapshot type `type` (`URL (1200)`), gives a value.
    static func neverNil(_ path: [String], on type: String) -> Bool {
        guard var code = self.code(of: type), !path.isEmpty else { return false }
        for key in path {
            guard let next = keys[code]?[key] else { return false }
            code = next
        }
        return true
    }

    /// The type code a store snapshot's attribute type ends with (`String (700)`).
    static func code(of type: String) -> Int? {
        guard type.hasSuffix(")"), let open = type.lastIndex(of: "(") else { return nil }
        return Int(type[type.index(after: open)..<type.index(before: type.endIndex)])
    }
}
