import SchemaLintFacts
import SchemaLintModel

/// A locked (shipped) version no longer hashes to what the lockfile recorded.
public struct ShippedSchemaEditedRule: Rule {
    public let id = RuleID.shippedSchemaEdited
    public let defaultSeverity = Severity.error
    public let severities: [Severity] = [.error, .warning, .note]
    public let summary = "A version recorded in schemalint.lock was edited after it shipped."

    /// Whether `version` was locked together with a newer version of its plan (one day or release) while every entity
    /// the edit moves had, then, the very hash it had in that newer one: it listed the live classes the newest
    /// version opens (FlickSwiper's V1, field test 23), so the recorded checksum may be one no build wrote, and
    /// giving it its own classes again may restore what it shipped as.
    package static func lockedSharing(
        _ version: SchemaVersion, _ locked: LockedVersion, _ analysis: VersionAnalysis, _ lockfile: Lockfile,
        _ context: RuleContext
    ) -> Bool {
        guard locked.lockedAt != nil || locked.release != nil else { return false }
        func together(_ entry: LockedVersion) -> Bool {
            (locked.lockedAt != nil && entry.lockedAt == locked.lockedAt)
                || (locked.release != nil && entry.release == locked.release)
        }
        let now = analysis.hashes.entityHashes.mapValues(Hex.encode)
        let moved = Set(locked.entityHashes.keys).union(now.keys).filter { locked.entityHashes[$0] != now[$0] }
        guard !moved.isEmpty else { return false }
        for plan in context.project.plans {
            let listed = (plan.schemas ?? []).compactMap(\.version)
            guard let index = listed.firstIndex(of: version.id) else { continue }
            for newer in listed[(index + 1)...] {
                guard let other = context.project.version(newer),
                    let entry = lockfile.versions[other.key], together(entry)
                else { continue }
                if moved.allSatisfy({ name in
                    locked.entityHashes[name].map { entry.entityHashes[name] == $0 } ?? false
                }) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether `version` is listed by plans only, all of them used by nothing (`unused_plan`), and no container or
    /// configuration opens it by itself (`Schema(versionedSchema:)`).
    static func onlyInUnusedPlans(_ version: SchemaVersion, _ context: RuleContext) -> Bool {
        // The plans checked leave out those used by nothing (`unreferencedPlans`).
        let lists = { (plan: MigrationPlan) in (plan.schemas ?? []).contains { $0.version == version.id } }
        guard context.unreferencedPlans.contains(where: lists), !context.project.plans.contains(where: lists)
        else { return false }
        return !context.project.containers.contains { $0.versionedSchema == version.id }
            && !context.project.configurations.contains { $0.versionedSchema == version.id }
    }

    /// Whether a version listed beside `version` in one of its plans hashes to `checksum` now: stores of that
    /// checksum open as that version (`check` and `upgrades` alike).
    package static func stillOpened(
        _ checksum: String, besides version: SchemaVersion, in context: RuleContext
    ) -> Bool {
        let plans = context.project.plans.filter { ($0.schemas ?? []).contains { $0.version == version.id } }
        return plans.contains { plan in
            (plan.schemas ?? []).contains { listed in
                guard let other = listed.version, other != version.id, let found = context.project.version(other)
                else { return false }
                return context.analysis(of: found)?.hashes.checksum == checksum
            }
        }
    }

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        var edits: [Edit] = []
        // An implicit version is known by its checksum: a new state is locked beside the old ones, not an edit.
        for version in context.project.versions where !version.isImplicit {
            guard let locked = lockfile.versions[version.key], let analysis = context.analysis(of: version) else {
                continue
            }
            // Listed only by plans nothing uses, and opened by no container by itself: its stores are those of a
            // container without a plan that happens to hold the same models (hesindion's `HeroMigrationPlan`), which
            // SwiftData migrates by inference; the edit is the models', judged as theirs.
            if Self.onlyInUnusedPlans(version, context) { continue }
            // A version no app container's store holds (a namespace, a test's plan) has no stores to break.
            let holder = StateAssignment.holder(of: version.key, locked, in: context)
            if case .declaredOnly = holder { continue }
            // Held only in stores no app container opens now (the file renamed in the same release, counter-ios):
            // no store of it meets the edit; `store_abandoned` says what is left there.
            if case .orphaned = holder { continue }
            let current = LockedVersion(
                analysis: analysis, type: version.name, versionIdentifier: version.identifier?.description)
            let (all, schemaChanges) = locked.changes(to: current, sourceTypes: analysis.sourceTypes)
            // `var note: String? = nil` written as `var note: String?`: an optional's default is nothing a store
            // holds or a migration reads, and the two spellings are one declaration.
            // A type schemalint cannot resolve now (or could not then) is "cannot tell", never an edit.
            // A default value no migration reads: the property is in the version every step into this one comes
            // from, so rows arrive with their values (KMReader froze shipped versions adding `= ""`: the frozen
            // copy's defaults are read by nothing).
            let unread = Set(
                schemaChanges.filter {
                    $0.onlyOptionalDefault || $0.restsOnUnresolvedType
                        || ($0.onlyDefault && !context.migrationReadsDefault(of: $0, into: version))
                }.map(\.text))
            let described = all.filter { !unread.contains($0) }
            guard !described.isEmpty else { continue }
            let changes = SchemaChange.checksumChangesFirst(described, schemaChanges)
            let checksumMoved = locked.checksum != analysis.hashes.checksum
            // A locked checksum another version of its plan still has (the two were alike when locked, and this one
            // was then made to differ, as `lock` asks): every store written so opens as that version and migrates on.
            if checksumMoved, Self.stillOpened(locked.checksum, besides: version, in: context) { continue }
            // Where its store cannot be told (`heldIn` names a file no container opens now, or a URL schemalint cannot
            // match), any app plan that runs stages and lists it is the plan such a store meets: never "no stage runs"
            // while one does (Ritualist, whose store moved from a URL to a named configuration).
            let stores = holder.stores.isEmpty ? context.topology.stores : holder.stores
            let staged = context.planRunningStages(on: version, in: stores) != nil
            // The app rewrites the store's metadata when it fails to open: whether it then opens is its code's call.
            let repair = checksumMoved ? context.repair(of: stores) : nil
            let effect: ShippedEditEffect =
                !checksumMoved
                ? .checksumKept
                : Self.lockedSharing(version, locked, analysis, lockfile, context)
                    ? .lockedWhileShared
                    : repair != nil ? .storesRepaired : staged ? .storesFailNow : .storesInferred
            let revision =
                lockfile.revisionDeclarations[version.key] != nil ? (lockfile.revision ?? "the revision") : nil
            let location = location(
                of: version, changes: schemaChanges,
                identifierChanged: locked.versionIdentifier != current.versionIdentifier,
                context: context)
            edits.append(
                Edit(
                    version: version, identifier: locked.versionIdentifier, revision: revision, changes: changes,
                    checksums: (locked.checksum, analysis.hashes.checksum), effect: effect, location: location,
                    repair: repair))
        }
        // Versions that list the same live classes are all edited by one change to them: one finding at the edit,
        // naming every version it reached, instead of one per version at the same line.
        var byLocation: [SourceLocation: [Edit]] = [:]
        for edit in edits { byLocation[edit.location, default: []].append(edit) }
        // Core Data model versions: only an edit that moves an entity hash reaches the stores.
        // A bundle the app opens only in memory (`/dev/null`) keeps nothing between launches: no store to break.
        let kept = context.shippedModels.edits.filter {
            !context.topology.coreData.inMemoryOnly.contains($0.bundle.key)
        }
        let modelEdits = kept.map { edit in
            // Every store carries the model that wrote it and Core Data infers the step from that copy: they open.
            if edit.openedThrough == nil, CachedModelMigration.opens(edit.locked, of: edit.bundle, context: context) {
                return finding(
                    edit.location, about: .version(edit.bundle.key(of: edit.version)),
                    .shippedModelVersionEditedOpensThroughCache(
                        edit.version.name, bundle: edit.bundle.key, changes: edit.changes,
                        systems: edit.bundle.oldestSystems ?? [:]),
                    severity: .warning)
            }
            guard let twin = edit.openedThrough else {
                return finding(
                    edit.location, about: .version(edit.bundle.key(of: edit.version)),
                    .shippedModelVersionEdited(
                        edit.version.name, bundle: edit.bundle.key, changes: edit.changes,
                        isCurrent: edit.bundle.currentVersion?.name == edit.version.name))
            }
            return finding(
                edit.location, about: .version(edit.bundle.key(of: edit.version)),
                .shippedModelVersionEditedBesideTwin(
                    edit.version.name, bundle: edit.bundle.key, changes: edit.changes, twin: twin),
                severity: .warning)
        }
        // Versions locked by their bytes alone: an edit is told, what it changed cannot be.
        let bytesEdits = context.shippedModels.bytesEdits.map { edit in
            finding(
                edit.version.location, about: .version(edit.bundle.key(of: edit.version)),
                .shippedModelVersionBytesEdited(
                    edit.version.name, bundle: edit.bundle.key, why: edit.recorded.why,
                    readNow: edit.version.problem == nil),
                severity: .warning)
        }
        return modelEdits + bytesEdits + byLocation.keys.sorted().map { location in
            let group = byLocation[location]!.sorted { a, b in
                switch (a.version.identifier, b.version.identifier) {
                case let (x?, y?) where x != y: return x < y
                default: return a.version.key < b.version.key
                }
            }
            let first = group[0]
            // Lowered only when every version the change reached is repaired by the app's own code (`max` below).
            let notes = group.compactMap(\.repair).first.map { [$0.note] } ?? []
            guard group.count > 1 else {
                return finding(
                    location, about: .version(first.version.key),
                    .shippedEdited(
                        first.version.name, identifier: first.identifier, revision: first.revision,
                        changes: first.changes, checksums: first.checksums, effect: first.effect,
                        key: first.version.key),
                    severity: first.effect.severity, notes: first.effect == .storesRepaired ? notes : [])
            }
            let effect = group.map(\.effect).max()!
            var changes: [String] = []
            for edit in group { changes += edit.changes.filter { !changes.contains($0) } }
            return finding(
                location, about: .version(first.version.key),
                .shippedEditedTogether(
                    group.map { ($0.version.name, $0.identifier) },
                    revision: first.revision, changes: changes, effect: effect,
                    moved: group.filter { $0.checksums.locked != $0.checksums.current }.count),
                severity: effect.severity, notes: effect == .storesRepaired ? notes : [])
        }
    }

    /// One locked version's edit, before edits at one place are told together.
    private struct Edit {
        var version: SchemaVersion
        var identifier: String?
        var revision: String?
        var changes: [String]
        var checksums: (locked: String, current: String)
        var effect: ShippedEditEffect
        var location: SourceLocation
        var repair: StoreRepair?
    }

    /// The first changed property still in the source, else the changed entity, else the version itself.
    private func location(
        of version: SchemaVersion, changes: [SchemaChange], identifierChanged: Bool, context: RuleContext
    ) -> SourceLocation {
        let entities = version.allEntities.compactMap { context.project.entity($0) }
        for change in changes {
            guard let entity = entities.first(where: { $0.name == change.entity }) else { continue }
            if let property = change.property, let declared = entity.properties.first(where: { $0.name == property }) {
                return declared.location
            }
            return entity.location
        }
        if identifierChanged, let location = version.identifierLocation { return location }
        return version.modelsLocation ?? version.location
    }
}

/// What an edit to a shipped version does to the stores it wrote, from the least to the most harmful.
enum ShippedEditEffect: Int, Comparable {
    /// The checksum moved and a plan with stages lists the version: those stores fail to open now (134504).
    case storesFailNow = 3
    /// The checksum moved, but no stage runs: SwiftData infers a migration from what the store holds, for now. Still
    /// an error: the first stage added makes those stores unknown, and nothing will point back at this edit then.
    case storesInferred = 2
    /// The checksum moved, and when the store fails to open the app rewrites its version metadata and opens it again
    /// (`StoreRepair`): whether those stores open is its code's call. A note that says so.
    case storesRepaired = 1
    /// The checksum did not move (a default value, a delete rule): stores open, and no migration changes; the frozen
    /// copy no longer describes them. A warning.
    case checksumKept = 0
    /// The checksum moved only in classes the version shared with a newer one locked with it (live classes it
    /// listed): the recorded checksum may be one no build wrote. A warning that says so.
    case lockedWhileShared = -1

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    var severity: Severity {
        switch self {
        case .storesFailNow, .storesInferred: return .error
        case .storesRepaired: return .note
        case .checksumKept, .lockedWhileShared: return .warning
        }
    }
}

extension Finding.Message {
    /// Why an edit of a version locked while it shared live classes with a newer one is no certain break.
    static let sharedConsequence =
        "When it was locked it listed the same live classes as a newer version locked with it, so the checksum "
        + "recorded then is one the newest version's build never wrote for it; giving it its own frozen classes may "
        + "restore what an earlier build wrote (stores of that build then open again), or may not"

    /// A locked Core Data model version whose entity hashes moved.
    static func shippedModelVersionBytesEdited(_ name: String, bundle: String, why: String, readNow: Bool) -> Self {
        Self(
            id: "model-bytes-edited",
            fitting(
                "\(name) of \(bundle) was edited after it shipped: if its entity hashes moved, its stores fail to "
                    + "open (134130)",
                "\(name) was edited after it shipped: if its entity hashes moved, its stores fail to open (134130)"),
            detail: "When it was locked, its model file \(why), so the lockfile holds its bytes, not its hashes; "
                + "they have changed since. "
                + (readNow
                    ? "schemalint reads it now, but cannot tell what it was"
                    : "schemalint cannot read it, so what the edit changed cannot be told")
                + ". An edit that moves any entity's hash leaves stores written with the shipped model with no "
                + "model to open or migrate them",
            fix: "Restore \(name) as it shipped and make the change in a new model version; if the edit changes no "
                + "entity (Xcode re-saved it), re-record it with `schemalint lock --accept \"\(bundle)/\(name)\" "
                + "--reason ...`")
    }

    static func shippedModelVersionEdited(_ name: String, bundle: String, changes: [String], isCurrent: Bool) -> Self {
        let held = isCurrent ? "Stores it wrote" : "Stores still in it"
        let listed = changes.count > 6 ? changes.prefix(5) + ["and \(changes.count - 5) more changes"] : changes[...]
        return Self(
            id: "shipped-model-version",
            fitting(
                "\(name) of \(bundle) was edited after it shipped: migrating its stores can fail with 134130",
                "\(name) was edited after it shipped: migrating its stores can fail with 134130"),
            detail: "What changed: \(listed.joined(separator: "; ")). \(held) match no version of the bundle any "
                + "more: they open only if Core Data infers a migration from the model cached inside each store "
                + "(automatic lightweight migration, iOS 12 and later, and only for changes inference can make); a "
                + "migrator that looks the source version up in the bundle, or a mapping model from \(name), fails "
                + "with 134130 \"Can't find model for source store\", and apps that delete a store they cannot open "
                + "lose it",
            fix: "Restore \(name) as it shipped and make the change in a new model version (Editor ▸ Add Model "
                + "Version, then set it current)")
    }

    /// A Core Data version edited in place whose stores all carry their model, opened with inference only: they open,
    /// but only as long as nothing looks their version up in the bundle.
    static func shippedModelVersionEditedOpensThroughCache(
        _ name: String, bundle: String, changes: [String], systems: [String: OSVersion]
    ) -> Self {
        let listed = changes.count > 6 ? changes.prefix(5) + ["and \(changes.count - 5) more changes"] : changes[...]
        let oldest = systems.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return Self(
            id: "shipped-model-version-cached",
            fitting(
                "\(name) of \(bundle) was edited after it shipped: its stores open only through the model each carries",
                "\(name) was edited after it shipped: its stores open only through the model each carries"),
            detail: "What changed: \(listed.joined(separator: "; ")). No version of the bundle has the hashes stores "
                + "written with \(name) hold, but every target compiling it runs on \(oldest) or later, where each "
                + "store keeps a copy of its model, and Core Data infers the migration from that copy (nothing turns "
                + "inference off, no migrator or mapping model looks the version up). Adding a mapping model or a "
                + "migrator later makes those stores fail (134130)",
            fix: "Restore \(name) as it shipped and make the change in a new model version (Editor ▸ Add Model "
                + "Version, then set it current)")
    }

    /// A Core Data version edited in place while an unchanged twin that shipped with the same hashes still opens its
    /// stores: nothing fails today, but only while the twin stays.
    static func shippedModelVersionEditedBesideTwin(
        _ name: String, bundle: String, changes: [String], twin: String
    ) -> Self {
        let listed = changes.count > 6 ? changes.prefix(5) + ["and \(changes.count - 5) more changes"] : changes[...]
        return Self(
            id: "shipped-model-version-twin",
            "\(name) of \(bundle) was edited after it shipped: its stores now open only through \(twin)",
            detail: "What changed: \(listed.joined(separator: "; ")). \(twin) shipped with the same entity hashes "
                + "and is unchanged, so Core Data still finds the model of stores \(name) wrote and migrates them "
                + "from \(twin); deleting or editing \(twin) later leaves those stores with no source model (134130)",
            fix: "Restore \(name) as it shipped and make the change in a new model version, or keep \(twin) as it is "
                + "for as long as stores written by \(name) may exist")
    }

    /// Several locked versions edited by one change to the live classes they share.
    static func shippedEditedTogether(
        _ versions: [(name: String, identifier: String?)], revision: String?, changes: [String],
        effect: ShippedEditEffect, moved: Int
    ) -> Self {
        let listed = versions.map { "\($0.name) (\($0.identifier ?? "no identifier"))" }
        let names = listed.dropLast().joined(separator: ", ") + " and " + listed.last!
        let when = revision.map { "since \($0)" } ?? "after they shipped"
        let subject = "\(versions[0].name) and \(versions.count - 1) more were edited \(when)"
        let headline: String
        let consequence: String
        switch effect {
        case .storesFailNow:
            let whose = moved < versions.count ? "stores of \(moved) of them" : "their stores"
            headline = "\(subject): \(whose) fail to open (134504 at launch)"
            consequence = "\(moved) of their store checksums moved, and a plan that runs migration stages lists "
                + "them: stores written by those shipped builds will fail to open with 134504 \"unknown model "
                + "version\""
        case .storesInferred:
            headline = "\(subject): stores open only until a stage is added (134504)"
            consequence = "\(moved) of their store checksums moved. Stores written by those shipped builds still open "
                + "today if lightweight inference can migrate them, because no migration stage runs; the day a stage "
                + "is added they fail with 134504 \"unknown model version\""
        case .storesRepaired:
            headline = "\(subject): stores open only if the app's repair covers the change"
            consequence = "\(moved) of their store checksums moved. When a store fails to open, the app rewrites its "
                + "version metadata and opens it again: whether stores written by those shipped builds then open is "
                + "decided by that code, which schemalint does not run"
        case .checksumKept:
            headline = "\(subject): stores still open, but the copies no longer match"
            consequence = "Their store checksums did not move, so their stores still open, but the frozen copies no "
                + "longer describe what shipped"
        case .lockedWhileShared:
            headline = "\(subject): they were locked listing live classes, so what shipped cannot be told"
            consequence = Self.sharedConsequence
        }
        let ids: [ShippedEditEffect: String] = [
            .storesFailNow: "checksum-moved", .storesInferred: "checksum-moved-no-stages",
            .storesRepaired: "checksum-moved-repaired", .checksumKept: "snapshot-changed",
            .lockedWhileShared: "locked-while-shared",
        ]
        return Self(
            id: ids[effect] ?? "checksum-moved", headline,
            detail: "\(names) were edited by this one change to the classes they share: "
                + changes.joined(separator: "; ") + ". " + consequence,
            fix: "Restore what each version shipped (a frozen copy of its classes) and make the change in a new "
                + "version with a migration stage")
    }

    static func shippedEdited(
        _ version: String, identifier: String?, revision: String?, changes: [String],
        checksums: (locked: String, current: String), effect: ShippedEditEffect, key: String
    ) -> Self {
        let moved = "SwiftData's store checksum moved (\(checksums.locked) → \(checksums.current))"
        let when = revision.map { "since \($0)" } ?? "after it shipped"
        let effectText: String
        let consequence: String
        switch effect {
        case .storesFailNow:
            effectText = "stores it wrote no longer open (134504 at launch)"
            consequence = moved + ", and a plan that runs migration stages lists it: stores written by the shipped "
                + "build will fail to open with 134504 \"unknown model version\""
        case .storesInferred:
            effectText = "its stores open only until a stage is added (134504)"
            consequence = moved + ". Stores written by the shipped build still open today if lightweight inference "
                + "can migrate them, because no migration stage runs (what it cannot do is reported at the "
                + "property); the day a stage is added they fail with 134504 \"unknown model version\""
        case .storesRepaired:
            effectText = "its stores open only if the app's repair covers the change"
            consequence = moved + ". When a store fails to open, the app rewrites its version metadata and opens it "
                + "again: whether stores written by the shipped build then open is decided by that code, which "
                + "schemalint does not run"
        case .checksumKept:
            effectText = "its stores still open, but it no longer describes what shipped"
            consequence =
                "SwiftData's store checksum did not move, so its stores still open, but the frozen copy no longer "
                + "describes what shipped"
        case .lockedWhileShared:
            effectText = "it was locked listing live classes, so what it shipped as cannot be told"
            consequence = moved + ". " + Self.sharedConsequence
        }
        // What changed, in the headline when it fits (Buf: a message says what changed).
        let first = changes.first ?? ""
        let more = changes.count > 1 ? " and \(changes.count - 1) more" : ""
        let headline = Self.fitting(
            "\(version) was edited \(when) (\(first)\(more)): \(effectText)",
            "\(version) was edited \(when) (\(changes.count) change\(changes.count == 1 ? "" : "s")): \(effectText)",
            "\(version) was edited \(when): \(effectText)")
        let accept =
            revision != nil
            ? ""
            : "; if this version never shipped, run `schemalint lock --accept \(key) --reason \"...\"`"
        let ids: [ShippedEditEffect: String] = [
            .storesFailNow: "checksum-moved", .storesInferred: "checksum-moved-no-stages",
            .storesRepaired: "checksum-moved-repaired", .checksumKept: "snapshot-changed",
            .lockedWhileShared: "locked-while-shared",
        ]
        return Self(
            id: ids[effect] ?? "checksum-moved", headline,
            detail: "\(version) (\(identifier ?? "no identifier")) now differs from what shipped: "
                + changes.joined(separator: "; ") + ". " + consequence,
            fix: effect == .lockedWhileShared
                ? "If \(version)'s classes are now what it shipped as, record them with `schemalint lock --accept "
                    + "\(key) --reason \"...\"`; else restore them and make the change in a new version"
                : "Restore \(version) as it shipped and make the change in a new version with a migration stage"
                    + accept)
    }
}
