import SchemaLintFacts
import SchemaLintModel

/// A property (or entity) that disappears while a same-shaped one appears is probably a rename that drops data.
public struct RenameWithoutOriginalNameRule: Rule {
    public let id = RuleID.renameWithoutOriginalName
    public let defaultSeverity = Severity.warning
    /// A note for names that share no word, and for a store that is evidently a cache (`CacheStores`).
    public let severities: [Severity] = [.warning, .note]
    public let summary =
        "Between adjacent versions a property or entity looks renamed without originalName, so its values would be "
            + "dropped."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            for step in context.steps(of: plan).steps {
                guard let old = context.analysis(of: step.from), let new = context.analysis(of: step.to) else {
                    continue
                }
                // A step into a shipped version edited since it was locked: the stores it wrote fail before any
                // rename matters, and `shipped_schema_edited` reports the edit (KMReader: nine rename warnings that
                // only repeated four edits).
                if let locked = context.lockfile?.versions[step.to.key], locked.retired == nil,
                    locked.checksum != new.hashes.checksum
                {
                    continue
                }
                let start = context.startingSnapshot(of: step.from) ?? old.snapshot
                // Every store of the step is a cache the app refills: what a rename drops is said as a note.
                let cache = context.cacheReason(holding: step.to)
                let oldByName = Dictionary(start.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
                let newByName = Dictionary(new.snapshot.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
                for entity in new.snapshot {
                    guard let before = oldByName[entity.name] else { continue }
                    for (removed, added) in MigrationAssessment.likelyRenames(
                        from: before, to: entity, oldModel: start, newModel: new.snapshot)
                    where !Self.documentsReplacement(
                        of: removed.name, by: added.name, entity: entity.name,
                        in: step.to, context: context)
                        && !Self.stageCarries(removed.name, to: added.name, step: step)
                    {
                        let attribute = added.kind == .relationship ? "@Relationship" : "@Attribute"
                        findings.append(
                            finding(
                                context.location(
                                    entity: entity.name, property: added.name,
                                    in: step.to),
                                about: .property(
                                    version: step.to.key, entity: entity.name,
                                    property: added.name),
                                .propertyRenamed(
                                    from: step.from.name, to: step.to.name,
                                    entity: entity.name, removed: removed.name,
                                    added: added.name, shape: ChangeWording.describe(added),
                                    attribute: attribute).unrelatedNames(removed.name, added.name),
                                severity: Self.severity(removed.name, added.name)
                            ).inCache(cache))
                    }
                }
                for entity in new.snapshot {
                    guard let before = oldByName[entity.name] else { continue }
                    for (removed, added) in MigrationAssessment.retypedRenames(from: before, to: entity)
                    where !Self.stageCarries(removed.name, to: added.name, step: step) {
                        findings.append(
                            retyped(
                                "\(step.from.name) → \(step.to.name)", entity: entity.name, removed, added,
                                in: step.to, context
                            ).inCache(cache))
                    }
                }
                let removedEntities = start.filter { newByName[$0.name] == nil }
                let addedEntities = new.snapshot.filter { oldByName[$0.name] == nil }
                let renames = EntityRenames.likelyRenames(removed: removedEntities, added: addedEntities)
                let grown = EntityRenames.likelyGrownRenames(
                    removed: removedEntities, added: addedEntities,
                    paired: Set(renames.flatMap { [$0.0.name, $0.1.name] }))
                let all = renames.map { (gone: $0.0, twin: $0.1, extra: [PropertySnapshot]()) } + grown
                // A custom stage of this step that names the old class moves its rows itself.
                for (gone, twin, extra) in all where !Self.stageHandles(gone.name, step: step, context: context) {
                    findings.append(
                        finding(
                            context.location(entity: twin.name, property: nil, in: step.to),
                            about: .entity(version: step.to.key, entity: twin.name),
                            .entityRenamed(
                                from: step.from.name, to: step.to.name, gone: gone.name,
                                twin: twin.name, added: extra.map(\.name))
                        ).inCache(cache))
                }
            }
        }
        findings += inferredFromShippedStates(context)
        findings += modelRenames(context)
        // One rename every locked state meets (Read's `estRelease` → `release`, once per locked version) is one
        // finding at its line, naming the first.
        var seen: Set<String> = []
        return findings.filter { seen.insert("\($0.location)|\($0.message.headline)").inserted }
    }

    /// Whether a custom stage of this step reads the old property in `willMigrate` and sets the new one in
    /// `didMigrate` (HabitTracker's `completionDate` kept in a dictionary, then written as `completionDates = [d]`):
    /// the stage carries the values itself.
    static func stageCarries(_ removed: String, to added: String, step: PlanSteps.Step) -> Bool {
        step.stages.contains { stage in
            stage.kind == .custom && stage.expression.willMigrate?.memberNames.contains(removed) == true
                && stage.expression.didMigrate?.memberNames.contains(added) == true
        }
    }

    /// Whether a custom stage of this step names `entity` in its closures (`FetchDescriptor<V1.ProfileV1>`, a copy
    /// into the new class): the stage carries its rows over, so nothing says they are dropped.
    static func stageHandles(_ entity: String, step: PlanSteps.Step, context: RuleContext) -> Bool {
        step.stages.contains { stage in
            stage.kind == .custom
                && stage.expression.closures.contains { CustomStageWrongVersionRule.typeNames(in: $0).contains(entity) }
        }
    }

    /// Core Data: between the locked current model version and the new current one, a property that vanishes while a
    /// same-shaped one appears with no renaming identifier.
    private func modelRenames(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        // A mapping model for the step says where each value goes: nothing is inferred (woocommerce-ios's V9toV10
        // maps `Order.status` to `statusKey`).
        for move in ModelMigrationStep.moves(context)
        where !move.bundle.mappingModels.contains(where: { $0.maps(from: move.from, to: move.to.name) == true }) {
            let before = Dictionary(move.shipped.entities.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let cache = context.cacheReason(ofBundle: move.bundle.key)
            let now = Dictionary(move.now.snapshot.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for entity in move.now.snapshot {
                guard let old = before[entity.name] else { continue }
                // A property a sub-entity inherits is renamed where it is declared: said once, at that line.
                let inherited = Set(entity.superentity.flatMap { now[$0] }?.properties.map(\.name) ?? [])
                for (removed, added) in MigrationAssessment.likelyRenames(
                    from: old, to: entity, oldModel: move.shipped.entities, newModel: move.now.snapshot)
                where !inherited.contains(added.name) {
                    let file = move.to.location.file
                    findings.append(
                        finding(
                            move.to.details.location(entity: entity.name, property: added.name, in: file)
                                ?? move.to.location,
                            about: .property(
                                version: move.bundle.key(of: move.to), entity: entity.name, property: added.name),
                            .modelPropertyRenamed(
                                from: move.from, to: move.to.name, entity: entity.name, removed: removed.name,
                                added: added.name),
                            severity: Self.severity(removed.name, added.name)
                        ).inCache(cache))
                }
            }
        }
        return findings
    }

    /// A store of a shipped state that SwiftData opens by inference (no stage runs) goes straight to today's models:
    /// the same rename test, from what shipped.
    private func inferredFromShippedStates(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for state in context.shippedStates {
            guard case let .inferred(target) = state.fate, let now = context.analysis(of: target) else { continue }
            let shipped = context.shippedEntities(of: state)
            let cache = context.cacheReason(of: state.store)
            let before = Dictionary(shipped.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for entity in now.snapshot {
                guard let old = before[entity.name] else { continue }
                for (removed, added) in MigrationAssessment.likelyRenames(
                    from: old, to: entity, oldModel: shipped, newModel: now.snapshot)
                where !Self.documentsReplacement(
                    of: removed.name, by: added.name, entity: entity.name, in: target, context: context)
                {
                    findings.append(
                        finding(
                            context.location(entity: entity.name, property: added.name, in: target),
                            about: .property(version: target.key, entity: entity.name, property: added.name),
                            .inferredRename(
                                state: state.displayName, entity: entity.name, removed: removed.name,
                                added: added.name, shape: ChangeWording.describe(added),
                                attribute: added.kind == .relationship ? "@Relationship" : "@Attribute"
                            ).unrelatedNames(removed.name, added.name),
                            severity: Self.severity(removed.name, added.name)
                        ).inCache(cache))
                }
                for (removed, added) in MigrationAssessment.retypedRenames(from: old, to: entity) {
                    findings.append(
                        retyped(
                            "since \(state.displayName)", entity: entity.name, removed, added, in: target, context
                        ).inCache(cache))
                }
            }
            // A class renamed with no plan (`Card` → `CardModel`, the container given the new class): every row of the
            // old entity is dropped when the store opens, as in a plan's step.
            let names = Set(now.snapshot.map(\.name))
            let removed = shipped.filter { !names.contains($0.name) }
            let added = now.snapshot.filter { before[$0.name] == nil }
            let renames = EntityRenames.likelyRenames(removed: removed, added: added)
            let grown = EntityRenames.likelyGrownRenames(
                removed: removed, added: added, paired: Set(renames.flatMap { [$0.0.name, $0.1.name] }))
            for (gone, twin, extra) in renames.map({ (gone: $0.0, twin: $0.1, extra: [PropertySnapshot]()) }) + grown {
                findings.append(
                    finding(
                        context.location(entity: twin.name, property: nil, in: target),
                        about: .entity(version: target.key, entity: twin.name),
                        .entityRenamed(
                            from: state.displayName, to: target.displayName, gone: gone.name, twin: twin.name,
                            added: extra.map(\.name))
                    ).inCache(cache))
            }
        }
        return findings
    }

    /// `flavor: String` → `flavors: [String]`: the values are dropped whatever is written, unless a stage copies them.
    private func retyped(
        _ step: String, entity: String, _ removed: PropertySnapshot, _ added: PropertySnapshot,
        in version: SchemaVersion, _ context: RuleContext
    ) -> Finding {
        finding(
            context.location(entity: entity, property: added.name, in: version),
            about: .property(version: version.key, entity: entity, property: added.name),
            .retypedRename(
                step: step, entity: entity, removed: removed.name, old: ChangeWording.describe(removed),
                added: added.name, new: ChangeWording.describe(added)))
    }

    /// Names that share no meaningful word (`movementDefinition`, `trainingRoleRaw`) are as likely a property removed
    /// and an unrelated one added: still said, as a note, since `title` replacing `name` is a rename too.
    static func severity(_ removed: String, _ added: String) -> Severity? {
        NameRoots.share(removed, added) ? nil : .note
    }

    /// A doc comment names the old property as removed or replaced ("`legacyScore` was removed; this is a new field"):
    /// the new property's, its class's or its version's (`/// Version 5: ... (removed readAt, dataContextData)`). The
    /// developer says it is not a rename, so guessing one would be a false alarm. A comment that says "renamed" keeps
    /// the guess.
    static func documentsReplacement(
        of removed: String, by added: String, entity: String, in version: SchemaVersion,
        context: RuleContext
    ) -> Bool {
        let model = context.entity(named: entity, in: version)
        let comments = [
            model?.properties.first(where: { $0.name == added })?.documentation,
            model.flatMap { context.project.symbols[$0.id].documentation },
            context.project.symbols[version.id].documentation,
        ]
        return comments.contains { comment in
            guard let text = comment?.lowercased(), Self.mentions(removed.lowercased(), in: text) else { return false }
            if text.contains("renamed") || text.contains("originalname") { return false }
            return ["removed", "replaces", "replaced", "instead of", "dropped", "deleted", "new field", "not a rename"]
                .contains { text.contains($0) }
        }
    }

    /// `name` as a whole word of `text`, so `name` is not found in `displayName`.
    private static func mentions(_ name: String, in text: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: name, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWordCharacter = { (character: Character?) in character.map { $0.isLetter || $0.isNumber } ?? false }
            if !isWordCharacter(before), !isWordCharacter(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }
}

extension RuleID {
    public static let renameWithoutOriginalName: RuleID = "rename_without_original_name"
}

extension Finding.Message {
    static func modelPropertyRenamed(
        from: String, to: String, entity: String, removed: String, added: String
    ) -> Self {
        Self(
            id: "model-rename",
            "\(entity).\(removed) looks renamed to \(added) with no renaming identifier: migrating drops its values",
            detail: "\(entity).\(removed) (in \(from)) is gone and \(entity).\(added) of the same shape appears in "
                + "\(to) with no renaming identifier: if it is a rename, the inferred migration drops every stored "
                + "value",
            fix: "Set \(added)'s Renaming ID to \(removed) in Xcode's Data Model inspector")
    }

    /// The guess, said as one when the two names share no word, or only a word or two of many
    /// (`NameRoots.share`).
    func unrelatedNames(_ removed: String, _ added: String) -> Self {
        guard !NameRoots.share(removed, added) else { return self }
        let shared = NameRoots.sharedWords(removed, added)
        guard !shared.isEmpty else {
            return adding(detail: "The names share no word, so this may well be a replacement")
        }
        let words = shared.map { "`\($0)`" }.joined(separator: ", ")
        return adding(detail: "The names share only \(words), so this may well be a replacement")
    }

    static func inferredRename(
        state: String, entity: String, removed: String, added: String, shape: String, attribute: String
    ) -> Self {
        Self(
            id: "shipped-property",
            "\(entity).\(removed) looks renamed to \(added) without originalName: migrating drops its values",
            detail: "Since \(state), \(entity).\(removed) disappears and \(entity).\(added) (\(shape)) appears. "
                + "Assuming this is a rename: SwiftData migrates those stores by inference and, without "
                + "originalName, drops the old values",
            fix: "Write \(attribute)(originalName: \"\(removed)\") on \(added), or ignore this if the property really "
                + "was replaced")
    }

    static func propertyRenamed(
        from: String, to: String, entity: String, removed: String, added: String,
        shape: String, attribute: String
    ) -> Self {
        Self(
            id: "property",
            "\(entity).\(removed) looks renamed to \(added) without originalName: migrating drops its values",
            detail: "\(from) → \(to): \(entity).\(removed) disappears and \(entity).\(added) (\(shape)) appears. "
                + "Assuming this is a rename: without originalName SwiftData drops the old values",
            fix: "Write \(attribute)(originalName: \"\(removed)\") on \(added), or ignore this if the property really "
                + "was replaced")
    }

    static func retypedRename(
        step: String, entity: String, removed: String, old: String, added: String, new: String
    ) -> Self {
        Self(
            id: "retyped",
            "\(entity).\(removed) looks renamed to \(added) and retyped: migrating drops its values",
            detail: "\(step): \(entity).\(removed) (\(old)) disappears and \(entity).\(added) (\(new)) appears: "
                + "the same value renamed and reshaped. SwiftData drops every stored \(removed), and originalName "
                + "cannot carry it over a type change",
            fix: "Keep \(removed) beside \(added) and copy the values in a custom stage (or at launch), then remove "
                + "\(removed) in a later version")
    }

    static func entityRenamed(from: String, to: String, gone: String, twin: String, added: [String] = []) -> Self {
        let same =
            added.isEmpty
            ? "with the same properties" : "with the same properties and \(added.joined(separator: ", ")) added"
        return Self(
            id: "entity",
            "\(gone) looks renamed to \(twin): migrating drops all its rows (a model has no originalName)",
            detail: "\(from) → \(to): entity \(gone) disappears and \(twin), \(same), appears. Assuming this is a "
                + "rename: SwiftData has no originalName for a model, so every \(gone) row is dropped",
            fix: "Keep the class name (rename it in Swift with a typealias), or copy the rows over in a custom stage")
    }
}
