import SchemaLintFacts
import SchemaLintModel

/// A lightweight step (or a step with no stage) must only contain changes lightweight migration can infer.
///
/// A step out of a locked version starts from what shipped (the lockfile's snapshot), not from the edited source:
/// devices hold the shipped shape, and the edit itself is `shipped_schema_edited`'s to report.
public struct LightweightUnsupportedChangeRule: Rule {
    public let id = RuleID.lightweightUnsupportedChange
    public let defaultSeverity = Severity.error
    /// A warning when a Core Data mapping model schemalint cannot read may cover the step, and for a property made
    /// required: that fails only on stores with a row holding nil (`AssessedChange.failsIf`). A note when a mapping
    /// leaves a required attribute to the custom migration policy it names (`MappedStep`): cannot tell.
    public let severities: [Severity] = [.error, .warning, .note]
    public let summary =
        "Two versions joined by a lightweight stage (or none, or a Core Data model with no mapping model) differ in a "
        + "way lightweight migration cannot infer."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            for step in context.steps(of: plan).steps where step.isLightweight {
                let how =
                    step.stages.isEmpty
                    ? "has no stage, so SwiftData attempts a lightweight migration" : "is a lightweight stage"
                for change in context.inferenceBlockers(of: step) {
                    guard let blocker = change.blocker else { continue }
                    let fix = change.lightweightFix.map { ", or \($0)" } ?? ""
                    let subject =
                        change.property.map {
                            Finding.Subject.property(version: step.to.key, entity: change.entity, property: $0)
                        } ?? .entity(version: step.to.key, entity: change.entity)
                    findings.append(
                        finding(
                            context.location(
                                entity: change.entity, property: change.property,
                                in: step.to),
                            about: subject,
                            .lightweightBlocked(
                                from: step.from.name, to: step.to.name, how: how, place: change.place,
                                change: change.text, kind: "\(change.kind)",
                                blocker: blocker, fix: fix)))
                }
                for change in context.inferenceRisks(of: step) where change.kind == .becameRequired {
                    let described = "\(step.from.name) → \(step.to.name) \(how)"
                    findings.append(becameRequired(change, in: step.to, step: described, context))
                }
            }
        }
        for plan in context.project.plans {
            for step in context.steps(of: plan).steps {
                for change in context.customStageInferenceBlockers(of: step) {
                    guard let blocker = change.blocker, let property = change.property else { continue }
                    findings.append(
                        finding(
                            context.location(entity: change.entity, property: property, in: step.to),
                            about: .property(version: step.to.key, entity: change.entity, property: property),
                            .customStageInferenceBlocked(
                                from: step.from.name, to: step.to.name, place: change.place, property: property,
                                blocker: blocker)))
                }
            }
        }
        for state in context.shippedStates {
            guard case let .inferred(target) = state.fate, let now = context.analysis(of: target) else { continue }
            for change in MigrationAssessment.assess(from: context.shippedEntities(of: state), to: now.snapshot) {
                if change.kind == .becameRequired, change.failsIf != nil {
                    findings.append(
                        becameRequired(
                            change, in: target,
                            step: "Stores written by \(state.displayName) are opened by inference (no migration stage "
                                + "runs) with \(target.displayName)", context))
                }
                guard let blocker = change.blocker else { continue }
                let subject =
                    change.property.map {
                        Finding.Subject.property(version: target.key, entity: change.entity, property: $0)
                    } ?? .entity(version: target.key, entity: change.entity)
                findings.append(
                    finding(
                        context.location(entity: change.entity, property: change.property, in: target),
                        about: subject,
                        .inferenceBlocked(
                            state: state.displayName, to: target.displayName, place: change.place,
                            change: change.text,
                            kind: "\(change.kind)", blocker: blocker,
                            fix: change.lightweightFix.map { ", or \($0)" } ?? "")))
            }
        }
        // Core Data: a property made required on the way to the new current version, with no mapping model; in a
        // step through one, what the mapping sets decides (`MappedStep`).
        for move in ModelMigrationStep.moves(context) {
            let mapped = MappedStep.steps(of: move, context)
            var judged: Set<String> = []
            for step in mapped {
                judged.formUnion(step.requiredPlaces())
                for required in step.required() {
                    findings.append(
                        finding(
                            step.to.details.location(
                                entity: required.entity, property: required.property, in: step.to.location.file)
                                ?? step.to.location,
                            about: .property(
                                version: step.bundle.key(of: step.to), entity: required.entity,
                                property: required.property),
                            .requiredMapped(from: step.from, to: step.to.name, mapping: step.mapping.path, required),
                            severity: required.verdict == .fails
                                ? .error : required.verdict == .policyDecides ? .note : .warning))
                }
            }
            guard move.bundle.mappingModels.allSatisfy({ $0.maps(from: move.from, to: move.to.name) != true }) else {
                continue
            }
            let changes = MigrationAssessment.assess(
                from: move.shipped.entities, to: move.now.snapshot, convertsNumbers: true)
            for change in changes
            where change.kind == .becameRequired && !judged.contains("\(change.entity).\(change.property ?? "")") {
                findings.append(
                    finding(
                        move.to.details.location(
                            entity: change.entity, property: change.property, in: move.to.location.file)
                            ?? move.to.location,
                        about: .property(
                            version: move.bundle.key(of: move.to), entity: change.entity,
                            property: change.property ?? ""),
                        .becameRequired(
                            place: change.place,
                            step: "Stores in \(move.from), the current version of \(move.bundle.key) when it last "
                                + "shipped, are migrated to \(move.to.name) by inference",
                            fix: "give it a default value in the model editor, keep it optional, or add a mapping "
                                + "model that fills nil values"),
                        severity: .warning))
            }
        }
        for step in ModelMigrationStep.steps(context) {
            let maybe =
                step.unreadableMappings.isEmpty
                ? nil
                : "unless \(step.unreadableMappings.joined(separator: " or ")) maps this step (schemalint "
                    + "cannot read which versions it maps)"
            for (change, location) in step.blocked {
                let subject =
                    change.property.map {
                        Finding.Subject.property(
                            version: step.bundle.key(of: step.to), entity: change.entity, property: $0)
                    } ?? .entity(version: step.bundle.key(of: step.to), entity: change.entity)
                findings.append(
                    finding(
                        location, about: subject,
                        .modelInferenceBlocked(
                            bundle: step.bundle.key, from: step.from, to: step.to.name, place: change.place,
                            kind: step.inferenceOff ? "inferenceOff" : "\(change.kind)", change: change.text,
                            blocker: change.blocker ?? "",
                            maybe: maybe),
                        severity: maybe == nil ? .error : .warning))
            }
        }
        // One change to a live model that several steps carry (each historical version listing it, Waypoint's
        // `Block.indentLevel`), or that a plan step and a locked state's inference both meet, is one finding at its
        // line (of each severity), naming the first step it breaks.
        var seen: Set<String> = []
        return findings.filter { seen.insert("\($0.location)|\($0.severity)").inserted }
    }
}

extension Rule {
    /// A property made required with no default, at its declaration in `version`: a warning, since only stores
    /// with a row holding nil fail (`AssessedChange.failsIf`). This rule's and `core_data_store_adopted`'s.
    func becameRequired(
        _ change: AssessedChange, in version: SchemaVersion, step: String, _ context: RuleContext
    ) -> Finding {
        finding(
            context.location(entity: change.entity, property: change.property, in: version),
            about: .property(version: version.key, entity: change.entity, property: change.property ?? ""),
            .becameRequired(place: change.place, step: step, fix: change.lightweightFix ?? ""),
            severity: .warning)
    }
}

extension AssessedChange {
    /// `Entity.property`, or the entity for a change to the entity itself.
    var place: String { property.map { "\(entity).\($0)" } ?? entity }
}

extension RuleID {
    public static let lightweightUnsupportedChange: RuleID = "lightweight_unsupported_change"
}

extension Finding.Message {
    /// What a change that blocks inference did to its property or entity, short enough for a headline.
    private static func blocked(_ place: String, kind: String) -> String {
        switch kind {
        case "typeChanged": return "\(place) changed type"
        case "becameRequired": return "\(place) became required"
        case "propertyAdded": return "\(place) was added as required"
        case "superclassChanged": return "\(place) changed superclass"
        case "inferenceOff": return "\(place) changed while inferred mapping is off"
        default: return "\(place) changed"
        }
    }

    static func modelInferenceBlocked(
        bundle: String, from: String, to: String, place: String, kind: String, change: String, blocker: String,
        maybe: String?
    ) -> Self {
        Self(
            id: "model-inference",
            blocked(place, kind: kind)
                + (maybe == nil
                    ? " with no mapping model: users' stores fail to open (134140)"
                    : ", perhaps with no mapping model: stores may fail to open (134140)"),
            detail: "Stores in \(from), the current version of \(bundle) when it last shipped, are migrated to \(to) "
                + "automatically, but \(change): \(blocker). Opening them fails (134140 \"missing mapping model\")"
                + (maybe.map { " \($0)" } ?? ""),
            fix: "Add a mapping model from \(from) to \(to) (File ▸ New ▸ Mapping Model), or "
                + (kind == "inferenceOff"
                    ? "turn Core Data's inferred mapping back on" : "make the change one inference can make"))
    }

    static func inferenceBlocked(
        state: String, to target: String, place: String, change: String, kind: String, blocker: String,
        fix: String
    ) -> Self {
        Self(
            id: "shipped-\(kind)",
            blocked(place, kind: kind) + " since it shipped and no stage runs: stores fail to open (134110)",
            detail: "Stores written by \(state) are opened by inference (no migration stage runs): SwiftData "
                + "migrates them straight to \(target), but \(change): \(blocker)",
            fix: "Use a versioned plan with a custom stage from what shipped\(fix)")
    }

    /// Data-dependent, in the words `unique_constraint_added` uses: stores without a nil migrate.
    static func becameRequired(place: String, step: String, fix: String) -> Self {
        Self(
            id: "became-required",
            "\(place) became required with no default: a store fails to open if any of its rows holds nil there",
            detail: "\(step): inference copies each row's value, and a nil has nowhere to go, so the whole migration "
                + "fails (134110) on a store with one such row and works on the others; whether users' stores hold "
                + "nil depends on what earlier releases wrote",
            fix: fix.prefix(1).uppercased() + fix.dropFirst())
    }

    /// A required attribute with no default in a step through a mapping model.
    static func requiredMapped(from: String, to: String, mapping: String, _ judged: MappedStep.Required) -> Self {
        let place = "\(judged.entity).\(judged.property)"
        // What changed, not "became required" for an attribute that always was (its default, or lack of one, is
        // the fix's to say when the headline names a type change).
        let changed: String
        switch judged.change {
        case .added: changed = "is new and required with no default"
        case .madeRequired: changed = "became required with no default"
        case let .retyped(old, new): changed = "changed type (\(old) → \(new)) and is required"
        case .kept: changed = "is required with no default"
        }
        if judged.verdict == .fails {
            return Self(
                id: "required-mapped",
                "\(place) is required with no default and the mapping sets no value: users' stores holding "
                    + "\(judged.entity) rows fail to open (134110)",
                detail: "\(from) → \(to) goes through a mapping model, and \(judged.mappingName) in \(mapping) gives "
                    + "\(place) no value, so every migrated row holds nil in a required attribute and fails "
                    + "validation: the whole migration fails on a store with one such row",
                fix: "Give \(judged.property) a default value in the model editor, set it in the mapping (a value "
                    + "expression), or keep it optional")
        }
        if judged.verdict == .policyDecides, judged.byPolicyMethod {
            // `FUNCTION($entityPolicy, "selector")`: the policy's own method computes it.
            return Self(
                id: "required-mapped-policy-function",
                "\(place) \(changed) and the mapping sets it with \(judged.setter): whether \(judged.condition) "
                    + "cannot be told",
                detail: "\(from) → \(to) goes through a mapping model, and \(judged.mappingName) in \(mapping) sets "
                    + "\(place) with \(judged.setter), the app's own code; a row left nil fails validation (134110) "
                    + "and with it the whole migration, unless \(judged.condition), which schemalint does not read",
                fix: "Make sure the policy's method gives a value on every row, or give \(judged.property) a default "
                    + "value")
        }
        if judged.verdict == .policyDecides {
            return Self(
                id: "required-mapped-policy",
                "\(place) \(changed) and the "
                    + "mapping sets no value: whether \(judged.condition) cannot be told",
                detail: "\(from) → \(to) goes through a mapping model, and \(judged.mappingName) in \(mapping) gives "
                    + "\(place) no value; a row left nil fails validation (134110) and with it the whole migration, "
                    + "unless \(judged.condition), which schemalint does not read",
                fix: "Make sure the policy sets \(judged.property) on every row it creates, or give it a default value")
        }
        return Self(
            id: "required-mapped-maybe",
            "\(place) \(changed): a store fails to "
                + "open (134110) if a migrated row gets nil",
            detail: "\(from) → \(to) goes through a mapping model, and \(judged.mappingName) in \(mapping) sets "
                + "\(place) to \(judged.setter): the migration works only if \(judged.condition)",
            fix: "Give \(judged.property) a default value in the model editor, or set a value the mapping is sure of")
    }

    /// A new required property in a step a custom stage runs: the store is migrated by inference between its
    /// closures, before `didMigrate` can set anything.
    static func customStageInferenceBlocked(
        from: String, to: String, place: String, property: String, blocker: String
    ) -> Self {
        Self(
            id: "custom-stage-inferred",
            "\(place) was added as required in a custom stage's step: stores with data fail to open (134110)",
            detail: "\(from) → \(to) is a custom stage, but SwiftData migrates the store between willMigrate and "
                + "didMigrate by inference, where \(blocker); didMigrate runs only after that",
            fix: "Add \(property) as optional (or with a default) in \(to), fill it in didMigrate, and make it "
                + "required in a later version; or delete those rows in willMigrate")
    }

    static func lightweightBlocked(
        from: String, to: String, how: String, place: String, change: String, kind: String,
        blocker: String, fix: String
    ) -> Self {
        Self(
            id: kind,
            blocked(place, kind: kind) + " in a lightweight step: stores with data fail to open (134110)",
            detail: "\(from) → \(to) \(how), but \(change): \(blocker)",
            fix: "Use a custom stage\(fix)")
    }
}
