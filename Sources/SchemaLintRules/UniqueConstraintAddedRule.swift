import SchemaLintFacts
import SchemaLintModel

/// Adding uniqueness to an existing entity in a lightweight step fails on stores that hold duplicates; in a Core
/// Data step through a mapping model, on stores whose rows the mapping gives the same values (`MappedStep`).
public struct UniqueConstraintAddedRule: Rule {
    public let id = RuleID.uniqueConstraintAdded
    public let defaultSeverity = Severity.warning
    /// An error when a mapping model gives every migrated row the same values (no value, or a constant); a note
    /// when the mapping's policy class computes a constrained value with its own method.
    public let severities: [Severity] = [.warning, .error, .note]
    public let summary =
        "A uniqueness constraint is added to an existing entity in a lightweight step, or in a mapped step whose "
        + "mapping may give two rows the same values."

    private struct Place: Hashable {
        let location: SourceLocation
        let subject: Finding.Subject
    }

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            for step in context.steps(of: plan).steps where step.isLightweight {
                guard let old = context.analysis(of: step.from), let new = context.analysis(of: step.to) else {
                    continue
                }
                let start = context.startingSnapshot(of: step.from) ?? old.snapshot
                let changes = MigrationAssessment.assess(from: start, to: new.snapshot)
                let empty = startsNil(in: step.to, context)
                for change in changes
                where change.kind == .uniqueAdded
                    && !Self.cannotCollide(change, from: start, to: new.snapshot, startsNil: empty)
                {
                    let location = uniqueLocation(change, in: step.to, context: context)
                    let subject = Finding.Subject.entity(version: step.to.key, entity: change.entity)
                    if let added = Self.newWithOneDefault(change, from: start, to: new.snapshot, startsNil: empty) {
                        findings.append(
                            finding(
                                location, about: subject,
                                .uniqueAddedWithOneDefault(
                                    entity: change.entity, property: added,
                                    since: "\(step.from.name) → \(step.to.name)"),
                                severity: .error))
                        continue
                    }
                    findings.append(
                        finding(
                            location, about: subject,
                            .uniqueAdded(
                                from: step.from.name, to: step.to.name,
                                entity: change.entity, constraint: change.constraint ?? "")))
                }
            }
        }
        // No plan: a store of a locked state is migrated by inference straight to today's models. A constraint a
        // plan's step already reports at the same place is one cause (a container with a plan and a fallback
        // without one, on the same file): said once.
        let stepPlaces = Set(findings.map { Place(location: $0.location, subject: $0.subject) })
        for state in context.shippedStates {
            guard case let .inferred(target) = state.fate, let now = context.analysis(of: target) else { continue }
            let shipped = context.shippedEntities(of: state)
            let changes = MigrationAssessment.assess(from: shipped, to: now.snapshot)
            for change in changes
            where change.kind == .uniqueAdded
                && !Self.cannotCollide(
                    change, from: shipped, to: now.snapshot, startsNil: startsNil(in: target, context))
            {
                let location = uniqueLocation(change, in: target, context: context)
                let subject = Finding.Subject.entity(version: target.key, entity: change.entity)
                guard !stepPlaces.contains(Place(location: location, subject: subject)) else { continue }
                if let added = Self.newWithOneDefault(
                    change, from: shipped, to: now.snapshot, startsNil: startsNil(in: target, context))
                {
                    findings.append(
                        finding(
                            location, about: subject,
                            .uniqueAddedWithOneDefault(
                                entity: change.entity, property: added, since: state.displayName),
                            severity: .error))
                    continue
                }
                findings.append(
                    finding(
                        location, about: subject,
                        .uniqueAddedSinceShipped(
                            state: state.displayName, entity: change.entity, constraint: change.constraint ?? "")))
            }
        }
        // Core Data: a step through a mapping model sets each constrained attribute to what the mapping gives.
        for move in ModelMigrationStep.moves(context) {
            for step in MappedStep.steps(of: move, context) {
                for judged in step.uniqueness() {
                    let location =
                        step.to.details.location(entity: judged.entity, in: step.to.location.file) ?? step.to.location
                    findings.append(
                        finding(
                            location, about: .entity(version: step.bundle.key(of: step.to), entity: judged.entity),
                            .uniqueAddedMapped(
                                from: step.from, to: step.to.name, mapping: step.mapping.path, judged: judged),
                            severity: judged.verdict == .fails
                                ? .error : judged.verdict == .policyDecides ? .note : .warning))
                }
            }
        }
        return findings
    }

    /// Whether no two migrated rows can hold the same values of the constraint: one of its attributes is new in this
    /// step, optional and without a default, so every existing row holds NULL there, and SQLite counts NULLs as
    /// distinct (Harbour 4.2 added `@Attribute(.unique) var persistentID: String?`; `= nil` is the same). A new
    /// attribute with another default gives every row that one value, and is judged as any other.
    static func cannotCollide(
        _ change: AssessedChange, from old: [EntitySnapshot], to new: [EntitySnapshot],
        startsNil: (String, String) -> Bool = { _, _ in false }
    ) -> Bool {
        guard let constraint = change.constraint,
            let entity = new.first(where: { $0.name == change.entity })
        else { return false }
        let before = old.first { $0.name == change.entity || $0.name == entity.originalName }
        let oldNames = Set(before?.properties.map(\.name) ?? [])
        return constraint.split(separator: ".").contains { name in
            guard let property = entity.properties.first(where: { $0.name == name }) else { return false }
            let isNew = !oldNames.contains(property.name) && !oldNames.contains(property.originalName ?? property.name)
            return isNew && property.kind == .attribute && property.optional
                && (!property.hasDefault || startsNil(entity.name, property.name))
        }
    }

    /// The constraint's one attribute when it is new in this step with a default (`@Attribute(.unique) var id:
    /// String = UUID().uuidString`, Orhadi): the model holds that default as one value, so every existing row gets
    /// the same one and a store with two rows fails. Nil for a compound constraint or a property rows already had.
    static func newWithOneDefault(
        _ change: AssessedChange, from old: [EntitySnapshot], to new: [EntitySnapshot],
        startsNil: (String, String) -> Bool = { _, _ in false }
    ) -> String? {
        guard let constraint = change.constraint, !constraint.contains("."),
            let entity = new.first(where: { $0.name == change.entity }),
            let property = entity.properties.first(where: { $0.name == constraint }),
            property.kind == .attribute, property.hasDefault, !startsNil(entity.name, property.name)
        else { return nil }
        let before = old.first { $0.name == change.entity || $0.name == entity.originalName }
        guard let before else { return nil }
        let oldNames = Set(before.properties.map(\.name))
        return oldNames.contains(property.name) || oldNames.contains(property.originalName ?? property.name)
            ? nil : property.name
    }

    /// Whether a property of an entity of a version is declared `= nil` (vultisig's `publicKeyMLDSA44: String? = nil`).
    private func startsNil(in version: SchemaVersion, _ context: RuleContext) -> (String, String) -> Bool {
        { entity, property in
            context.entity(named: entity, in: version)?.properties.first { $0.name == property }?.defaultIsNil == true
        }
    }

    /// The `.unique` property or the `#Unique` line that declares the constraint.
    private func uniqueLocation(_ change: AssessedChange, in version: SchemaVersion, context: RuleContext)
        -> SourceLocation
    {
        guard let entity = context.entity(named: change.entity, in: version) else { return version.location }
        return entity.uniqueness.first { $0.properties.joined(separator: ".") == change.constraint }?.location
            ?? entity.location
    }
}

extension RuleID {
    public static let uniqueConstraintAdded: RuleID = "unique_constraint_added"
}

extension Finding.Message {
    /// Data-dependent, in the words `lightweight_unsupported_change` uses for a property made required.
    static func uniqueAdded(from: String, to: String, entity: String, constraint: String) -> Self {
        Self(
            id: "unique-added",
            "\(entity) gains a uniqueness constraint: a store fails to open if any of its rows hold duplicates",
            detail: "\(from) → \(to) adds uniqueness on \(entity) (\(constraint)) in a lightweight step: the whole "
                + "migration fails on a store that holds duplicate values and works on the others; whether users' "
                + "stores hold duplicates depends on what earlier releases wrote",
            fix: "Use a custom stage that removes or merges duplicates in willMigrate")
    }

    /// A new unique attribute with a default: every existing row gets that one value.
    static func uniqueAddedWithOneDefault(entity: String, property: String, since: String) -> Self {
        Self(
            id: "unique-added-one-default",
            fitting(
                "\(entity).\(property) is new and unique: every existing row gets its one default, so a store with "
                    + "two rows fails to open (134110)",
                "\(entity).\(property) is new and unique: a store with two rows fails to open (134110)"),
            detail: "Since \(since), \(entity) has the new attribute \(property) with `.unique`. The model holds its "
                + "default as one value (an expression such as `UUID().uuidString` is evaluated once, when the schema "
                + "is built), so migration gives every existing row the same value and the second row collides with "
                + "the first: the whole migration fails",
            fix: "Add \(property) without `.unique` (or optional, `= nil`: NULLs never collide), fill distinct values "
                + "in a custom stage's didMigrate, and make it unique in a later version")
    }

    static func uniqueAddedMapped(from: String, to: String, mapping: String, judged: MappedStep.Uniqueness) -> Self {
        let sets = "\(judged.mappingName) in \(mapping) sets \(judged.setters.joined(separator: ", "))"
        if judged.verdict == .fails {
            return Self(
                id: "unique-added-mapped",
                "\(judged.entity) gains a uniqueness constraint the mapping fills with one value: a store with two "
                    + "of its rows fails to open (134110)",
                detail: "\(from) → \(to) goes through a mapping model and adds uniqueness on \(judged.entity) "
                    + "(\(judged.constraint)): \(sets), the same on every migrated row, so the second row collides "
                    + "with the first and the whole migration fails",
                fix: "Set the constrained attributes from a source attribute that is unique (a value expression "
                    + "$source.<attribute>), or give them distinct values in a custom NSEntityMigrationPolicy")
        }
        if judged.verdict == .policyDecides {
            return Self(
                id: "unique-added-mapped-policy-function",
                "\(judged.entity) gains a uniqueness constraint the policy's own method fills: whether two migrated "
                    + "rows get the same values cannot be told",
                detail: "\(from) → \(to) goes through a mapping model and adds uniqueness on \(judged.entity) "
                    + "(\(judged.constraint)): \(sets), the app's own code, which schemalint does not read; two rows "
                    + "given the same values fail the whole migration (134110)",
                fix: "Make sure the policy's method gives distinct values, or merges or drops a row whose value is "
                    + "already in the destination context")
        }
        return Self(
            id: "unique-added-mapped-maybe",
            "\(judged.entity) gains a uniqueness constraint: a store fails to open (134110) if two migrated rows get "
                + "the same values",
            detail: "\(from) → \(to) goes through a mapping model and adds uniqueness on \(judged.entity) "
                + "(\(judged.constraint)): \(sets); the migration works only if \(judged.condition)",
            fix: "Make sure the values are distinct (merge or delete duplicates in a custom NSEntityMigrationPolicy), "
                + "or set them from a source attribute that was already unique")
    }

    static func uniqueAddedSinceShipped(state: String, entity: String, constraint: String) -> Self {
        Self(
            id: "unique-added-since-shipped",
            "\(entity) gains a uniqueness constraint: a store fails to open if any of its rows hold duplicates",
            detail: "Stores written by \(state) are opened by inference (no migration stage runs), with uniqueness "
                + "on \(entity) (\(constraint)) that the shipped model did not have: the migration fails on a store "
                + "that holds duplicate values and works on the others",
            fix: "Use a versioned plan with a custom stage that removes or merges duplicates in willMigrate")
    }
}
