import SchemaLintFacts
import SchemaLintModel

/// A locked version is gone from the sources: stores written by that release can no longer be migrated.
public struct ShippedSchemaRemovedRule: Rule {
    public let id = RuleID.shippedSchemaRemoved
    public let defaultSeverity = Severity.error
    /// A whole Core Data bundle gone or no longer compiled is a warning: the app may load the model from elsewhere
    /// (a package), or the feature and its data were removed on purpose (duckduckgo/iOS did both).
    public let severities: [Severity] = [.error, .warning]
    public let summary = "A version recorded in schemalint.lock no longer exists in the sources."

    /// Only while a plan runs stages: SwiftData then must know the store's checksum. A version whose type is gone but
    /// whose checksum a version of that plan still has (renamed in Swift) loses nothing; with no stage running,
    /// SwiftData infers a migration from what the store holds, and `lightweight_unsupported_change` checks that step
    /// from what shipped.
    /// Implicit states are `shipped_version_not_in_plan`'s.
    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        let present = Set(context.project.versions.map(\.key))
        // A bundle gone or no longer compiled is one finding naming its versions; a deleted version is its own.
        var models: [Finding] = []
        var wholeBundles: [String: [ShippedModelVersions.Removal]] = [:]
        for removal in context.shippedModels.removals {
            if removal.why == .versionDeleted {
                models.append(
                    finding(
                        removal.location, about: .version("\(removal.bundleKey)/\(removal.name)"),
                        .shippedModelVersionRemoved(removal.name, bundle: removal.bundleKey, why: removal.why)))
            } else {
                wholeBundles[removal.bundleKey, default: []].append(removal)
            }
        }
        for (bundle, removals) in wholeBundles.sorted(by: { $0.key < $1.key }) {
            let names = BundleVersionOrder(lockfile.coreData?[bundle]).sorted(removals.map(\.name), by: { $0 })
            let listed = names.count > 3 ? "\(names[0]) to \(names[names.count - 1]) (\(names.count) versions)"
                : names.joined(separator: ", ")
            models.append(
                finding(
                    removals[0].location, about: .file(bundle),
                    .shippedModelVersionRemoved(listed, bundle: bundle, why: removals[0].why), severity: .warning))
        }
        return models + lockfile.versionKeys.filter { key in
            let entry = lockfile.versions[key]!
            guard !present.contains(key), entry.retired == nil, !ImplicitVersionKeys.isImplicit(key) else {
                return false
            }
            // Only the stores holding it matter, and only those whose plan runs stages.
            return StateAssignment.holder(of: key, entry, in: context).stores.contains { store in
                store.stagedChecksums(context)?.contains(entry.checksum) == false && store.stagedVersionsRead(context)
            }
        }
            .map { key in
                let locked = lockfile.versions[key]!
                // Renamed in Swift with its identifier kept: the same version under a new name, whose checksum moved.
                if let renamed = renamedVersion(of: locked, context), let now = context.analysis(of: renamed) {
                    return finding(
                        renamed.identifierLocation ?? renamed.location, about: .version(key),
                        .renamedAndMoved(
                            from: locked.type, to: renamed.name, identifier: locked.versionIdentifier ?? "",
                            checksums: (locked.checksum, now.hashes.checksum)))
                }
                if let revision = lockfile.revision, let declared = lockfile.revisionDeclarations[key] {
                    return finding(
                        declared, about: .version(key),
                        .removedSinceRevision(
                            locked.type, identifier: locked.versionIdentifier,
                            revision: revision))
                }
                let location = SourceLocation(
                    file: lockfile.path ?? "schemalint.lock", line: lockfile.keyLines[key] ?? 1, column: 1)
                return finding(
                    location, about: .version(key),
                    .removedAfterShipping(
                        locked.type, identifier: locked.versionIdentifier,
                        checksum: locked.checksum, key: key))
            }
    }
}

extension ShippedSchemaRemovedRule {
    /// A declared version nobody locked under its own key, with the locked entry's identifier and models.
    func renamedVersion(of locked: LockedVersion, _ context: RuleContext) -> SchemaVersion? {
        guard let identifier = locked.versionIdentifier else { return nil }
        return context.project.versions.first { version in
            !version.isImplicit && context.lockfile?.versions[version.key] == nil
                && version.identifier?.description == identifier
                && Set(context.analysis(of: version)?.models ?? []) == Set(locked.models)
        }
    }
}

extension Finding.Message {
    static func renamedAndMoved(
        from old: String, to new: String, identifier: String, checksums: (locked: String, now: String)
    ) -> Self {
        Self(
            id: "renamed-checksum-moved",
            "\(old) was renamed to \(new) and edited: its stores fail at launch (134504)",
            detail: "\(new) keeps the identifier \(identifier) and the models of \(old), but its checksum moved "
                + "(\(checksums.locked) → \(checksums.now)): stores written by the shipped build are unknown to the "
                + "plan and fail to open with 134504 \"unknown model version\"",
            fix: "Restore what \(old) shipped (the rename alone changes nothing, so the new name can stay) and make "
                + "the change in a new version with a migration stage")
    }

    static func removedSinceRevision(_ type: String, identifier: String?, revision: String) -> Self {
        Self(
            id: "removed-since-revision",
            "\(type) existed at \(revision) and is gone: stores it wrote no longer open (134504 at launch)",
            detail: "\(type) (\(identifier ?? "no identifier")) no longer exists in the sources, and the plan runs "
                + "migration stages: devices with a store written by that version cannot be migrated (134504 "
                + "\"unknown model version\")",
            fix: "Restore it and keep it in the plan's schemas")
    }

    static func removedAfterShipping(_ type: String, identifier: String?, checksum: String, key: String) -> Self {
        Self(
            id: "removed",
            "\(type) shipped but is gone from the sources: stores it wrote no longer open (134504 at launch)",
            detail: "\(type) (\(identifier ?? "no identifier"), checksum \(checksum)) is recorded in the lockfile, "
                + "and the plan runs migration stages: devices with a store written by that release cannot be "
                + "migrated (134504 \"unknown model version\")",
            fix: "Restore the version and keep it in the plan's schemas; if it never shipped, remove its entry with "
                + "`schemalint lock --accept \(key) --reason \"...\"`")
    }
}

extension Finding.Message {
    static func shippedModelVersionRemoved(
        _ name: String, bundle: String, why: ShippedModelVersions.Removal.Why
    ) -> Self {
        let retire = "retire it on purpose with `schemalint lock --accept \"\(bundle)/\(name)\" --reason ...`"
        switch why {
        case .versionDeleted:
            return Self(
                id: "shipped-model-version-removed",
                "\(name) was deleted from \(bundle) after it shipped: migrating its stores can fail with 134130",
                detail: "No version left in the bundle has its hashes: stores still in it find no source model when "
                    + "they are migrated (134130 \"Can't find model for source store\"), unless Core Data infers "
                    + "from the model cached in the store",
                fix: "Keep the version in the bundle while such stores may exist, or " + retire)
        case .bundleDeleted, .bundleNotCompiled:
            let headline =
                why == .bundleDeleted
                ? "\(bundle) is gone: stores of its shipped versions stay on devices, and nothing here opens them"
                : "no target compiles \(bundle) any more: stores of its shipped versions stay on devices, unread"
            let what =
                why == .bundleDeleted
                ? "\(bundle) is gone, and its shipped versions \(name) with it"
                : "No target compiles \(bundle) any more, and its versions \(name) shipped"
            return Self(
                id: "shipped-model-bundle-removed", headline,
                detail: "\(what): stores written with it stay on users' devices, and nothing here can open or migrate "
                    + "them. The app may now load this model from elsewhere (a package schemalint was not given)",
                fix: "If the app loads this model from a package, pass its folder to schemalint too; if it still "
                    + "needs the stores' data, keep the bundle compiled; if the feature and its data are gone on "
                    + "purpose, retire the bundle with `schemalint lock --accept \"\(bundle)\" --reason ...`")
        }
    }
}
