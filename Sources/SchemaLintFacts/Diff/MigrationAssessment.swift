import SchemaLintModel

/// Which changes between two versions lightweight migration can infer, following Core Data's rules
/// (docs: "Migrating your data model automatically"; staged migrations): the snapshot diff's changes, each judged.
/// Shared by the lightweight rule, the uniqueness and CloudKit rules, and `schemalint diff`.
public struct AssessedChange: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case entityAdded, entityRemoved, superclassChanged
        case propertyAdded, propertyRemoved, propertyRenamed, typeChanged, becameRequired, otherChange
        /// A type change that rests on a type schemalint could not resolve: cannot tell, never a blocker.
        case typeUnresolved
        case uniqueAdded, uniqueRemoved, indexChanged
    }

    public var kind: Kind
    public var change: SchemaChange
    /// nil when lightweight migration handles it; otherwise why it cannot.
    public var blocker: String?
    /// How to make it lightweight, when there is a simple way.
    public var lightweightFix: String?
    /// A condition under which a lightweight change still fails.
    public var caution: String?
    /// What happens to stored data, when something is lost (`its rows are dropped`).
    public var consequence: String?
    /// What in the stored data makes a change inference can make fail (`a stored row holds nil in title`): the
    /// migration works on stores without it and fails (134110) on those with it. `check` warns and `upgrades` says
    /// "opens unless", in the same words (`StepJudgement`).
    public var failsIf: String?

    public var entity: String { change.entity }
    public var property: String? { change.property }
    public var text: String { change.text }
    public var isLightweight: Bool { blocker == nil }
    /// For uniqueness changes: the constraint's property names joined with ".".
    public var constraint: String? {
        switch change.kind {
        case let .uniqueAdded(constraint), let .uniqueRemoved(constraint): return constraint
        default: return nil
        }
    }

    init(
        _ kind: Kind, _ change: SchemaChange, blocker: String? = nil, fix: String? = nil, caution: String? = nil,
        consequence: String? = nil, failsIf: String? = nil
    ) {
        self.kind = kind
        self.change = change
        self.blocker = blocker
        lightweightFix = fix
        self.caution = caution
        self.consequence = consequence
        self.failsIf = failsIf
    }
}

extension AssessedChange {
    /// A change resting on a type schemalint could not resolve, with no more said of it.
    public init(unresolved change: SchemaChange) { self.init(.typeUnresolved, change) }
}

public enum MigrationAssessment {
    /// `convertsNumbers`: Core Data's inferred mapping converts a number stored as another kind of number (Integer
    /// 16/32/64, Decimal, Double, Float, Boolean: all read as `NSNumber`); woocommerce-ios migrates `Integer 64` to
    /// `Double` with no mapping model, and its test of that step reads the converted values. SwiftData's inferred
    /// steps are that same mapping: BookPlayer 5.12.2 moved an unversioned `orderRank` from `Int?` to `Int16?` and
    /// kept opening its store with `try!` for a dozen releases with no reset path.
    public static func assess(
        from old: [EntitySnapshot], to new: [EntitySnapshot], convertsNumbers: Bool = true
    ) -> [AssessedChange] {
        SnapshotDiff.changes(from: old, to: new, followingOriginalNames: true).map {
            assess($0, convertsNumbers: convertsNumbers)
        }
    }

    /// What lightweight inference cannot do between two models, one line each (`Note.text changed: type String →
    /// Int: lightweight migration cannot convert ...`): empty when the inferred migration works.
    public static func blockers(from old: [EntitySnapshot], to new: [EntitySnapshot]) -> [String] {
        assess(from: old, to: new).compactMap { change in change.blocker.map { "\(change.text): \($0)" } }
    }

    static func assess(_ change: SchemaChange, convertsNumbers: Bool = false) -> AssessedChange {
        switch change.kind {
        case .entityAdded: return AssessedChange(.entityAdded, change)
        case .entityRemoved: return AssessedChange(.entityRemoved, change, consequence: "its rows are dropped")
        case .superentityChanged:
            return AssessedChange(
                .superclassChanged, change,
                blocker: "lightweight migration cannot move rows between entity hierarchies")
        case let .uniqueAdded(constraint):
            return AssessedChange(
                .uniqueAdded, change,
                caution: "fails if existing rows hold duplicates; de-duplicate in a custom stage's "
                    + "willMigrate",
                failsIf: "stored rows of \(change.entity) hold duplicate values of \(constraint)")
        case .uniqueRemoved: return AssessedChange(.uniqueRemoved, change)
        case .indexAdded, .indexRemoved: return AssessedChange(.indexChanged, change)
        case .entityFlagChanged, .entityRenamed: return AssessedChange(.otherChange, change)
        case let .propertyAdded(property): return added(property, change)
        case .propertyRemoved: return AssessedChange(.propertyRemoved, change, consequence: "its values are dropped")
        case .propertyRenamed: return AssessedChange(.propertyRenamed, change)
        case let .propertyChanged(previous, property):
            if change.restsOnUnresolvedType {
                let unresolved = [previous.type, property.type].filter { $0.contains("Unknown(") }
                    .map(ChangeWording.readable).joined(separator: ", ")
                let why =
                    StandardTypeStorage.unverifiedReason(in: unresolved)
                    ?? "schemalint cannot resolve \(unresolved) (declared in a module it was not shown?)"
                return AssessedChange(
                    .typeUnresolved, change, caution: "cannot tell whether what is stored changed: \(why)")
            }
            if previous.kind != property.kind {
                return kindChanged(from: previous, to: property, change)
            }
            if previous.kind == .attribute
                && PropertySnapshot.storedShape(previous.type) != PropertySnapshot.storedShape(property.type)
            {
                if let aliases = Self.archivedByAlias(previous.type, property.type) {
                    return AssessedChange(
                        .typeUnresolved, change,
                        caution: "cannot tell whether what is stored changed: \(aliases) names its type by an alias "
                            + "(both are archived, and a step copies archives as they are)")
                }
                if convertsNumbers && storesNumber(previous.type) && storesNumber(property.type) {
                    return AssessedChange(.typeChanged, change)
                }
                return AssessedChange(
                    .typeChanged, change,
                    blocker: "lightweight migration cannot convert stored values to another type",
                    fix: "add a new property of the new type (optional or with a default) and fill "
                        + "it in a custom stage's didMigrate")
            }
            // Data-dependent: stores whose rows all hold a value migrate; one nil fails the whole store (Ollamac made
            // a property required that no release had ever left nil).
            if previous.optional && !property.optional && !property.hasDefault && property.kind == .attribute {
                return AssessedChange(
                    .becameRequired, change,
                    fix: "give \(property.name) a default value, keep it optional, or fill nil values in a custom "
                        + "stage's willMigrate",
                    caution: "fails if any stored row holds nil",
                    failsIf: "a stored row of \(change.entity) holds nil in \(property.name)")
            }
            return AssessedChange(.otherChange, change)
        }
    }

    /// A number type: a Core Data one by the code a store snapshot's type ends with (`Int16 (100)`, `Bool (800)`), or
    /// a Swift one a SwiftData snapshot names (`Int16`, `Double`, `Bool`), all stored as numbers.
    private static func storesNumber(_ type: String) -> Bool {
        let swift = type.hasSuffix("?") ? String(type.dropLast()) : type
        if swiftNumbers.contains(swift) { return true }
        guard type.hasSuffix(")"), let open = type.lastIndex(of: "(") else { return false }
        let code = Int(type[type.index(after: open)..<type.index(before: type.endIndex)]) ?? 0
        return ((100...600).contains(code) && code % 100 == 0) || code == 800
    }

    private static let swiftNumbers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Decimal", "Bool",
    ]

    private static func added(_ property: PropertySnapshot, _ change: SchemaChange) -> AssessedChange {
        if property.kind == .attribute && !property.optional && !property.hasDefault {
            return AssessedChange(
                .propertyAdded, change,
                blocker: "existing rows have no value for a new non-optional attribute without a "
                    + "default",
                fix: "make \(property.name) optional or give it a default value")
        }
        if property.cardinality == .toOne && !property.optional {
            return AssessedChange(
                .propertyAdded, change,
                blocker: "existing rows have no destination for a new non-optional to-one "
                    + "relationship (a default does not help)",
                fix: "make \(property.name) optional")
        }
        return AssessedChange(.propertyAdded, change)
    }

    /// An attribute replaced by a relationship of the same name, or back. Core Data's inferred mapping matches a
    /// property by its name within its kind: it finds no such relationship (or attribute) in the old model, so it
    /// drops what the old property held and starts the new one empty, with no error (an app that shipped an
    /// attribute turned relationship had no crash; it reloaded the values itself). Only an empty value the new
    /// property cannot hold stops it: a required to-one relationship, or a required attribute with no default.
    private static func kindChanged(
        from previous: PropertySnapshot, to property: PropertySnapshot, _ change: SchemaChange
    ) -> AssessedChange {
        let toRelationship = property.kind == .relationship
        let consequence =
            toRelationship
            ? "its values are dropped and the relationship starts empty"
            : "its links are dropped and the attribute starts empty"
        let required = !property.optional && (toRelationship ? property.cardinality == .toOne : !property.hasDefault)
        guard required else { return AssessedChange(.typeChanged, change, consequence: consequence) }
        return AssessedChange(
            .typeChanged, change,
            blocker: "the migration leaves \(property.name) empty, and it is required"
                + (toRelationship ? "" : " with no default"),
            fix: "make \(property.name) optional, or fill it in a custom stage's didMigrate")
    }

    /// The likely renames of one entity whose values would really be dropped. A to-many relationship whose inverse
    /// is a to-one kept under the same name on both sides stores nothing itself (the link is the to-one's column in
    /// the other entity), so renaming it loses nothing (a public booking app renamed `Tag.bookingEntry` to
    /// `Tag.bookingEntries` with `BookingEntry.tag` unchanged).
    public static func likelyRenames(
        from old: EntitySnapshot, to new: EntitySnapshot, oldModel: [EntitySnapshot], newModel: [EntitySnapshot]
    ) -> [(removed: PropertySnapshot, added: PropertySnapshot)] {
        func toOne(_ name: String?, in entity: String, of model: [EntitySnapshot], pointingAt owner: String) -> Bool {
            guard let name, let destination = model.first(where: { $0.name == entity }),
                let property = destination.properties.first(where: { $0.name == name })
            else { return false }
            return property.cardinality == .toOne && property.type == owner
        }
        return likelyRenames(from: old, to: new).filter { removed, added in
            guard removed.cardinality == .toMany, added.cardinality == .toMany, removed.type == added.type,
                let inverse = added.inverse
            else { return true }
            let destination = String(added.type.dropFirst().dropLast())
            let kept =
                toOne(inverse, in: destination, of: newModel, pointingAt: new.name)
                && toOne(inverse, in: destination, of: oldModel, pointingAt: old.name)
            return !kept
        }
    }

    /// Pairs of (removed, added) properties of one entity whose names are one name made plural or singular and whose
    /// types differ (`flavor: String` → `flavors: [String]`): the value was reshaped under a new name. Neither
    /// `originalName` nor inference carries the old values over.
    public static func retypedRenames(from old: EntitySnapshot, to new: EntitySnapshot) -> [(
        removed: PropertySnapshot, added: PropertySnapshot
    )] {
        let (removed, added) = unlinked(from: old, to: new)
        return removed.compactMap { gone in
            let near = added.filter {
                $0.kind == gone.kind && $0.type != gone.type && NameRoots.near(gone.name, $0.name)
            }
            return near.count == 1 ? (gone, near[0]) : nil
        }
    }

    /// Properties that disappear and properties that appear, neither linked to the other by `originalName`: a new
    /// property's original name is an old property's name, or the renaming identifier it carries too (Core Data pairs
    /// equal identifiers).
    private static func unlinked(from old: EntitySnapshot, to new: EntitySnapshot) -> (
        removed: [PropertySnapshot], added: [PropertySnapshot]
    ) {
        let oldNames = Set(old.properties.map(\.name)), newNames = Set(new.properties.map(\.name))
        let linked = Set(new.properties.compactMap(\.originalName))
        return (
            old.properties.filter {
                !newNames.contains($0.name) && !linked.contains($0.name)
                    && !($0.originalName.map(linked.contains) ?? false)
            },
            new.properties.filter { !oldNames.contains($0.name) && $0.originalName == nil }
        )
    }

    /// Pairs of (removed, added) properties of one entity that look like a rename without `originalName`: the only
    /// property of its kind and type to go and the only one to come, unless their names say they are two things of
    /// one kind (`NameRoots.twoOfAKind`): Pocket 8.9 removed `Item.shortURL` (the server's short link) and added
    /// `shareURL` (a link made when sharing), and an app's version notes said `contextData` was removed when
    /// `metricsData` came. No guess then; in a SwiftData step with no custom stage, `data_dropped` says the old values
    /// go. Names sharing a word that means something (`currentIndex` → `musicIndex`, which a music player renamed) or
    /// no word at all (`name` → `title`) are still guessed.
    public static func likelyRenames(from old: EntitySnapshot, to new: EntitySnapshot) -> [(
        removed: PropertySnapshot, added: PropertySnapshot
    )] {
        let (removed, added) = unlinked(from: old, to: new)
        var pairs: [(PropertySnapshot, PropertySnapshot)] = []
        var used = Set<String>()
        for gone in removed {
            let candidates = added.filter { $0.kind == gone.kind && $0.type == gone.type && !used.contains($0.name) }
            // Only a single same-typed candidate is a confident guess; several would be noise.
            if candidates.count == 1, removed.filter({ $0.kind == gone.kind && $0.type == gone.type }).count == 1,
                !NameRoots.twoOfAKind(gone.name, candidates[0].name)
            {
                pairs.append((gone, candidates[0]))
                used.insert(candidates[0].name)
            }
        }
        return pairs
    }
}

extension MigrationAssessment {
    /// Two archived (`Transformable(…)`) types, one written by a name (`Tint`, `RGBColor`: typealiases of `[Double]`,
    /// countdown) rather than as an array: a step copies the archive as it is, and the lockfile kept only the name, so
    /// whether it reads back as the new type cannot be told. The names, or nil when both are arrays written out.
    static func archivedByAlias(_ previous: String, _ current: String) -> String? {
        let wrapper = "Transformable("
        guard previous.hasPrefix(wrapper), current.hasPrefix(wrapper), previous.hasSuffix(")"), current.hasSuffix(")")
        else { return nil }
        let names = [previous, current].map { String($0.dropFirst(wrapper.count).dropLast()) }
        let aliases = names.filter { !$0.hasPrefix("[") }
        return aliases.isEmpty ? nil : aliases.map { "`\($0)`" }.joined(separator: " or ")
    }
}
