import SchemaLintFacts
import SchemaLintModel

/// CloudKit sync only works with models every device can fill in and merge.
///
/// A configuration syncs when its `cloudKitDatabase:` is a CloudKit database, or when it is left out (`.automatic`)
/// in a target whose entitlements name CloudKit and a container, as does a container given no configuration there
/// (`StoreTopology.applyEntitlements`).
///
/// Not reported: configurations of previews, tests and in-memory stores; configurations whose CloudKit switch folds
/// to off (`flag ? .automatic : .none` where every call passes `flag: false` and its default is `false`); custom
/// stages whose closures only read, print or save, on a step that only adds.
public struct CloudKitIncompatibleRule: Rule {
    public let id = RuleID.cloudkitIncompatible
    public let defaultSeverity = Severity.error
    /// A note for a custom stage that already shipped (its target version is locked).
    public var severities: [Severity] { [.error, .note] }
    public let summary =
        "Models of a ModelConfiguration that enables CloudKit break CloudKit's rules (unique, required, .deny, "
            + "custom stages)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<String>()
        let project = context.project
        let synced = project.configurations.filter { $0.enablesCloudKit && $0.purpose == .app }
        for configuration in synced {
            let listed = configurationModels(configuration, context: context)
            let entities = listed + VersionBuilder.reachable(from: listed, entities: project.entities)
            func report(
                _ location: SourceLocation, _ subject: Finding.Subject, _ message: Finding.Message,
                severity: Severity? = nil
            ) {
                guard seen.insert("\(location)|\(message.text)").inserted else { return }
                findings.append(
                    finding(
                        location, about: subject,
                        message.enabled(by: configuration.location, entitlement: configuration.cloudKitEntitlement),
                        severity: severity,
                        notes: [
                            Finding.Note(
                                configuration.location,
                                configuration.cloudKitEntitlement == nil
                                    ? "CloudKit is enabled here" : "CloudKit is enabled here by the entitlements")
                        ]))
            }
            for entity in entities.compactMap({ project.entity($0) }) {
                for constraint in entity.uniqueness {
                    report(
                        constraint.location, .entity(version: nil, entity: entity.name),
                        .cloudKitUnique(entity: entity.name, properties: constraint.properties))
                }
                if let problems = Self.problems(of: entity) {
                    report(
                        entity.location, .entity(version: nil, entity: entity.name),
                        .cloudKitRules(entity: entity.name, problems: problems))
                }
            }
            for container in containers(using: configuration, context) {
                guard let plan = context.plan(container.plan) else { continue }
                for stage in plan.stages ?? [] {
                    let lightweight = stage.kind != .custom
                    guard let risk = lightweight
                        ? riskOfLightweightStage(stage, context: context) : riskOfCustomStage(stage, context: context)
                    else { continue }
                    // A stage into a version that already shipped ran on devices long ago: nothing to fix now.
                    let shipped = shippedTarget(of: stage, context)
                    // At the stage's own `.custom(` (several stages are often listed on one line).
                    report(
                        stage.expression.location, .stage(plan: plan.name, stage: stage.displayName),
                        .cloudKitCustomStage(
                            plan: plan.name, stage: stage.displayName.replacingOccurrences(of: "->", with: " → "),
                            why: risk.why, reason: risk.reason, shipped: shipped, lightweight: lightweight),
                        severity: shipped == nil ? nil : .note)
                }
            }
        }
        return findings
    }

    /// The app containers given this configuration: the stages of their plans run on the synced store. A
    /// configuration no container is seen taking (held by a property elsewhere) is judged with the app containers of
    /// its file, as before stores were told apart.
    private func containers(using configuration: ConfigurationModel, _ context: RuleContext) -> [ContainerModel] {
        let given = context.appContainers.filter { $0.configurationLocations.contains(configuration.location) }
        if !given.isEmpty { return given }
        let taken = Set(context.project.containers.flatMap(\.configurationLocations))
        guard !taken.contains(configuration.location) else { return [] }
        return context.appContainers.filter { $0.location.file == configuration.location.file }
    }

    /// The stage's target version when the lockfile records it unchanged: the stage shipped with it.
    private func shippedTarget(of stage: Stage, _ context: RuleContext) -> String? {
        guard let id = stage.to?.version, let version = context.project.version(id),
            let locked = context.lockfile?.versions[version.key], locked.retired == nil,
            context.analysis(of: version)?.hashes.checksum == locked.checksum
        else { return nil }
        return "\(version.name) (\(locked.versionIdentifier ?? "locked"))"
    }

    /// One line for all of a model's properties that CloudKit rejects, or nil when it accepts them all.
    static func problems(of entity: Entity) -> String? {
        var required: [String] = []
        var requiredRelationships: [String] = []
        var denied: [String] = []
        for property in entity.properties {
            switch property.kind {
            case .attribute where !property.isOptional && !property.hasDefault: required.append(property.name)
            case .relationship where !property.isOptional: requiredRelationships.append(property.name)
            default: break
            }
            if property.relationshipArguments?.deleteRule == .deny { denied.append(property.name) }
        }
        var parts: [String] = []
        if !required.isEmpty { parts.append("non-optional without a default: \(required.joined(separator: ", "))") }
        if !requiredRelationships.isEmpty {
            parts.append("non-optional relationships: \(requiredRelationships.joined(separator: ", "))")
        }
        if !denied.isEmpty { parts.append(".deny delete rule: \(denied.joined(separator: ", "))") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Why a custom stage endangers synced data: its closures change stored data, or the step does more than add.
    /// `why` completes "This custom stage …"; `reason` says what it rests on, when there is more to say.
    private func riskOfCustomStage(_ stage: Stage, context: RuleContext) -> (why: String, reason: String?)? {
        if stage.expression.closures.contains(where: \.changesData) {
            return ("changes stored data", nil)
        }
        guard let fromID = stage.from?.version, let toID = stage.to?.version,
            let from = context.project.version(fromID), let to = context.project.version(toID),
            let old = context.analysis(of: from), let new = context.analysis(of: to)
        else {
            return ("may not be additive", "schemalint cannot compare it with its versions")
        }
        let changes = MigrationAssessment.assess(from: old.snapshot, to: new.snapshot)
        guard let change = changes.first(where: { !$0.isLightweight || Self.removes($0.kind) }) else { return nil }
        return ("covers a change that is not additive", "The change: \(change.text)")
    }

    /// A lightweight stage whose step changes what a synced field is: its type (`Int` to `Double`: CloudKit's field
    /// keeps the old type and rejects the new values), its name (another field, which other devices never fill), or
    /// its entity's parent. Removing a property or model is not this: the field stays, unused here.
    private func riskOfLightweightStage(_ stage: Stage, context: RuleContext) -> (why: String, reason: String?)? {
        guard let fromID = stage.from?.version, let toID = stage.to?.version,
            let from = context.project.version(fromID), let to = context.project.version(toID),
            let old = context.analysis(of: from), let new = context.analysis(of: to)
        else { return nil }
        // A version CloudKit could never load (a required relationship, a unique attribute: EpisodeTracker's V1 had
        // `var moods: [Mood] = []`) synced nothing: CloudKit has none of its fields.
        let fromEntities = from.allEntities.compactMap { context.project.entity($0) }
        if fromEntities.contains(where: { Self.problems(of: $0) != nil || !$0.uniqueness.isEmpty }) { return nil }
        let reshaping: [AssessedChange.Kind] = [.typeChanged, .propertyRenamed, .superclassChanged]
        let changes = MigrationAssessment.assess(from: old.snapshot, to: new.snapshot)
        guard let change = changes.first(where: { reshaping.contains($0.kind) }) else { return nil }
        return ("changes a field CloudKit already has", "The change: \(change.text)")
    }

    private static func removes(_ kind: AssessedChange.Kind) -> Bool {
        let destructive: [AssessedChange.Kind] = [
            .entityRemoved, .propertyRemoved, .propertyRenamed, .typeChanged,
            .becameRequired, .superclassChanged,
        ]
        return destructive.contains(kind)
    }

    /// The configuration's own models, else those of the app containers created in the same file.
    private func configurationModels(_ configuration: ConfigurationModel, context: RuleContext) -> [SymbolID] {
        let project = context.project
        if let models = configuration.models { return models.compactMap(\.entity) }
        if let versioned = configuration.versionedSchema { return project.version(versioned)?.listedEntities ?? [] }
        // The containers given it, where the project says (each call of a factory its own models: a local store's
        // models are no CloudKit store's, popcorn); else those of its file.
        return containers(using: configuration, context).flatMap { container -> [SymbolID] in
            if let models = container.models { return models.compactMap(\.entity) }
            if let versioned = container.versionedSchema { return project.version(versioned)?.listedEntities ?? [] }
            return []
        }
    }
}

extension RuleID {
    public static let cloudkitIncompatible: RuleID = "cloudkit_incompatible"
}

extension Finding.Message {
    static func cloudKitUnique(entity: String, properties: [String]) -> Self {
        Self(
            id: "unique",
            "\(entity) has a uniqueness constraint, which CloudKit cannot enforce: the container fails to load",
            detail: "The constraint is on \(properties.joined(separator: ", ")), and uniqueness cannot be enforced "
                + "across the devices that sync",
            fix: "Remove .unique/#Unique and de-duplicate in code")
    }

    static func cloudKitRules(entity: String, problems: String) -> Self {
        Self(
            id: "required",
            "\(entity) has properties CloudKit rejects: the container fails to load",
            detail: problems.prefix(1).uppercased() + problems.dropFirst() + ". CloudKit requires every attribute to "
                + "be optional or have a default value, every relationship to be optional, and no .deny delete rule",
            fix: "Make attributes optional or give them a default value, make relationships optional (to-many too: "
                + "`[Item]?`), and use .nullify or .cascade instead of .deny")
    }

    /// `why` completes "This custom stage …" (`changes stored data`); `reason` is what it rests on, if more is said.
    /// `lightweight`: a lightweight stage whose step changes a synced field (`why`: `changes a field ...`).
    static func cloudKitCustomStage(
        plan: String, stage: String, why: String, reason: String? = nil, shipped: String? = nil,
        lightweight: Bool = false
    ) -> Self {
        let rests = reason.map { [$0] } ?? []
        let kind = lightweight ? "lightweight" : "custom"
        if let shipped {
            return Self(
                id: lightweight ? "lightweight-stage-shipped" : "custom-stage-shipped",
                "This \(kind) stage \(why), but it already shipped and ran: nothing to change in it now",
                detail: (["The \(kind) stage \(stage) of \(plan) runs on the store CloudKit syncs"] + rests
                    + ["\(shipped) is locked: the stage shipped and ran on users' devices already"])
                    .joined(separator: ". "),
                fix: "Keep later stages lightweight and additive: with CloudKit, other devices still sync the old "
                    + "shape")
        }
        return Self(
            id: lightweight ? "lightweight-stage" : "custom-stage",
            "This \(kind) stage \(why): with CloudKit, other devices still sync the old shape",
            detail: (["The \(kind) stage \(stage) of \(plan) runs on the store CloudKit syncs"] + rests
                + ["Other devices still sync the old shape, so only lightweight, additive changes are safe"])
                .joined(separator: ". "),
            fix: "Make the change additive and lightweight (new optional or defaulted properties, new models), with "
                + "closures that only fetch or save")
    }

    /// The same message, naming the configuration that switches CloudKit on.
    func enabled(by configuration: SourceLocation, entitlement: String? = nil) -> Self {
        guard let entitlement else {
            return adding(detail: "CloudKit is enabled by the ModelConfiguration at \(configuration)")
        }
        return adding(
            detail: "CloudKit is enabled for the store opened at \(configuration): it leaves cloudKitDatabase at "
                + ".automatic, and \(entitlement)")
    }
}
