import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// What `lock` records of Core Data model bundles: each version at or before the current one (a shipped build can
/// have written stores with it), and which version is current. As for SwiftData versions, a locked entry that differs
/// is a conflict unless accepted by name; versions after the current one are in progress, and not locked.
enum BundleLocker {
    static func plan(
        _ analysis: Analysis, existing: Lockfile?, request: Locker.Request, outcome: inout Locker.Outcome
    ) {
        retireGoneBundles(analysis, existing: existing, request: request, outcome: &outcome)
        let stateKeys = EntityStateKeys()
        for key in Lockfile.mixedBundleKeys(existing?.coreData, bundles: analysis.project.modelBundles).sorted() {
            outcome.lockfile.coreData?[key] = nil
            let bundles = analysis.project.modelBundles.filter { $0.folderName == key }.map(\.key)
            outcome.rekeyed.append((key, bundles))
        }
        for bundle in analysis.project.modelBundles {
            lock(bundle, analysis, locked: existing?.coreData?[bundle.key], request, stateKeys, &outcome)
        }
    }

    /// One bundle being locked: what each of its versions' records needs.
    private struct BundleBeingLocked {
        let bundle: ModelBundle
        let locked: LockedBundle?
        let current: ModelBundleVersion
        let order: BundleVersionOrder
        /// The store files the bundle is opened at (`CoreDataStoreFiles`).
        let heldIn: [String]?
    }

    /// A bundle's versions recorded, then its current version, retired versions and mapping models; nothing for a
    /// bundle no target compiles, one only tests use, or one whose current version cannot be told or read.
    private static func lock(
        _ bundle: ModelBundle, _ analysis: Analysis, locked lockedBundle: LockedBundle?, _ request: Locker.Request,
        _ stateKeys: EntityStateKeys, _ outcome: inout Locker.Outcome
    ) {
        let order = BundleVersionOrder(lockedBundle)
        if bundle.isCompiled == false {
            if lockedBundle == nil { outcome.notCompiled.append(bundle.key) }
            return
        }
        // Test code's model never reaches a device: no store of it to protect, so nothing is recorded.
        if bundle.isTestOnly {
            if lockedBundle == nil { outcome.testOnly.append(bundle.key) }
            return
        }
        // One bundle whose current version cannot be told does not keep the others from being locked
        // (`current_model_version_invalid` reports it).
        guard let current = bundle.currentVersion else {
            outcome.bundlesWithoutCurrent.append(
                (bundle.key, "its current version is not known (\(CurrentModelVersion.problem(of: bundle) ?? "")"
                    + "): set it in Xcode's model inspector"))
            return
        }
        // A current version whose `contents` momc refuses (no build ships it): fixed first. An Xcode 3 version
        // schemalint cannot read is recorded by its bytes below.
        if let problem = current.problem, !current.isUnsupportedFormat {
            outcome.incomplete.append((bundle.key(of: current), "its model file \(problem)"))
            return
        }
        let being = BundleBeingLocked(
            bundle: bundle, locked: lockedBundle, current: current, order: order,
            heldIn: analysis.topology.coreData.files(of: bundle.key))
        for version in bundle.versions {
            lock(version, of: being, analysis, request, stateKeys, &outcome)
        }
        recordCurrent(
            current.name, of: bundle, locked: lockedBundle, order: order, request: request, outcome: &outcome)
        retire(bundle, locked: lockedBundle, request: request, outcome: &outcome)
        recordMappingModels(of: bundle, locked: lockedBundle, outcome: &outcome)
    }

    /// One version: recorded when new, its store files and digest refreshed when unchanged, re-recorded when accepted
    /// by name, else a conflict naming what changed.
    private static func lock(
        _ version: ModelBundleVersion, of being: BundleBeingLocked, _ analysis: Analysis, _ request: Locker.Request,
        _ stateKeys: EntityStateKeys, _ outcome: inout Locker.Outcome
    ) {
        let (bundle, current, order, heldIn) = (being.bundle, being.current, being.order, being.heldIn)
        let key = bundle.key(of: version)
        let names: Set<String> = [key, version.name, bundle.key]
        guard request.only.isEmpty || !request.only.isDisjoint(with: names)
            || !request.accept.isDisjoint(with: names)
        else { return }
        let locked = being.locked?.versions[version.name]
        if order.precedes(current.name, version.name), locked == nil {
            outcome.declaredOnly.append(
                (key, "it comes after the current version \(current.name): no build has written a store with "
                    + "it"))
            return
        }
        guard settleUnread(version, of: being, locked: locked, request, names, &outcome) else { return }
        let now = analysis.modelVersions.first { $0.key == key }
            ?? VersionAnalysis(bundleVersion: version, key: key)
        guard let locked, let shipped = being.locked?.lockedVersion(version.name) else {
            var entry = outcome.lockfile.record(
                version, now, in: bundle, lockedAt: request.date, release: request.release,
                stateKeys: stateKeys)
            entry.heldIn = heldIn
            outcome.lockfile.coreData?[bundle.key]?.versions[version.name] = entry
            outcome.recorded.append(key)
            return
        }
        recordStoreFiles(heldIn, of: version.name, in: bundle, locked: locked, request: request, &outcome)
        // Equal hashes: stores are unaffected, whatever else the file says (Xcode's header, codegen).
        if shipped.checksum == now.hashes.checksum {
            outcome.unchanged.append(key)
            // The file as it is now is what a check can take the recorded hashes for.
            if locked.contents != version.contentsDigest, !version.isRecorded {
                let digest = version.contentsDigest
                outcome.lockfile.coreData?[bundle.key]?.versions[version.name]?.contents = digest
                outcome.digests.append(key)
            }
        } else if !request.accept.isDisjoint(with: names) {
            var entry = outcome.lockfile.record(version, now, in: bundle, keeping: locked, stateKeys: stateKeys)
            entry.accepted =
                (locked.accepted ?? []) + [
                    Acceptance(
                        reason: request.reason ?? "", previousChecksum: locked.checksum,
                        previousFingerprint: "")
                ]
            outcome.lockfile.coreData?[bundle.key]?.versions[version.name] = entry
            outcome.lockfile.pruneEntityStates()
            outcome.accepted.append(key)
        } else {
            let changes = shipped.changes(to: LockedVersion(modelVersion: version, analysis: now)).descriptions
            outcome.conflicts.append(
                (key, changes.isEmpty
                    ? ["its entity hashes moved (\(locked.checksum) → \(now.hashes.checksum))"]
                    : changes))
        }
    }

    /// A version that cannot be read now is recorded by its bytes, or named; one unreadable when locked and read now
    /// is recorded as it reads when its bytes are the same (or it is accepted). False when nothing more is to be done.
    private static func settleUnread(
        _ version: ModelBundleVersion, of being: BundleBeingLocked, locked: LockedModelVersion?,
        _ request: Locker.Request, _ names: Set<String>, _ outcome: inout Locker.Outcome
    ) -> Bool {
        let (bundle, key) = (being.bundle, being.bundle.key(of: version))
        if let problem = version.problem {
            // An Xcode 3 archive that cannot be read (momc compiles what schemalint does not know): its
            // digest is recorded, so an edit is still caught. A damaged `contents` momc refuses too.
            if version.isUnsupportedFormat, let digest = version.contentsDigest {
                recordUnreadable(
                    version, digest: digest, why: problem, in: bundle, request: request, outcome: &outcome)
            } else if version.isUnsupportedFormat {
                // An old format is not damage: Xcode compiles it, and refusing the lockfile would be for ever.
                outcome.unsupported.append((key, "its model file \(problem)"))
            } else {
                outcome.incomplete.append((key, "its model file \(problem)"))
            }
            return false
        }
        // Read now, unreadable when locked: the same bytes are recorded as they read; other bytes are an edit
        // whose hashes cannot be compared.
        if let was = being.locked?.unreadable?[version.name], locked == nil {
            guard was.contents == version.contentsDigest || !request.accept.isDisjoint(with: names) else {
                outcome.conflicts.append(
                    (key, ["its model file changed since it was locked as a file schemalint could not read"]))
                return false
            }
            outcome.lockfile.coreData?[bundle.key]?.unreadable?[version.name] = nil
            if outcome.lockfile.coreData?[bundle.key]?.unreadable?.isEmpty == true {
                outcome.lockfile.coreData?[bundle.key]?.unreadable = nil
            }
        }
        return true
    }

    /// A version that cannot be read, recorded by its bytes' digest (`LockedBundle.unreadable`). A recorded digest
    /// that differs is an edit in place, a conflict unless accepted by name.
    private static func recordUnreadable(
        _ version: ModelBundleVersion, digest: String, why: String, in bundle: ModelBundle, request: Locker.Request,
        outcome: inout Locker.Outcome
    ) {
        let key = bundle.key(of: version)
        let names: Set<String> = [key, version.name, bundle.key]
        let was = outcome.lockfile.coreData?[bundle.key]?.unreadable?[version.name]
        if let was, was.contents == digest { return }
        if was != nil, request.accept.isDisjoint(with: names) {
            outcome.conflicts.append(
                (key, ["its model file changed since it shipped (schemalint cannot read it, so which entity hashes "
                    + "moved cannot be told)"]))
            return
        }
        var locked = outcome.lockfile.coreData?[bundle.key] ?? LockedBundle(path: bundle.path, current: nil)
        var unreadable = locked.unreadable ?? [:]
        unreadable[version.name] = UnreadableModelVersion(
            contents: digest, why: why, lockedAt: was?.lockedAt ?? request.date,
            release: was?.release ?? request.release)
        locked.unreadable = unreadable
        locked.path = bundle.path
        if outcome.lockfile.coreData == nil { outcome.lockfile.coreData = [:] }
        outcome.lockfile.coreData?[bundle.key] = locked
        outcome.unreadable.append((key, why))
    }

    /// What comparing each mapping model with its versions gave, and the bytes it rests on (`RecordedMappingModels`):
    /// bookkeeping that lets `check` skip decoding the embedded models. A record this run did not work out again is
    /// kept while its bytes are still today's; the rest are dropped.
    private static func recordMappingModels(
        of bundle: ModelBundle, locked: LockedBundle?, outcome: inout Locker.Outcome
    ) {
        guard outcome.lockfile.coreData?[bundle.key] != nil else { return }
        var records: [String: LockedMappingModel] = [:]
        for mapping in bundle.mappingModels {
            let name = RecordedMappingModels.name(of: mapping)
            if let record = RecordedMappingModels.record(mapping, in: bundle) {
                records[name] = record
            } else if let kept = locked?.mappingModels?[name],
                RecordedMappingModels.changes(mapping, in: bundle, recorded: kept) != nil
            {
                records[name] = kept
            }
        }
        let value = records.isEmpty ? nil : records
        guard value != outcome.lockfile.coreData?[bundle.key]?.mappingModels else { return }
        outcome.lockfile.coreData?[bundle.key]?.mappingModels = value
        outcome.mappingRecords.append(bundle.key)
    }

    /// Which files hold a locked version (`LockedModelVersion.heldIn`): an entry that did not say learns the files
    /// the stacks open now; one whose files are still opened adds today's; one left behind in a file no stack opens
    /// keeps its files (`store_abandoned` reports it) until accepted by name, which retires it.
    private static func recordStoreFiles(
        _ files: [String]?, of name: String, in bundle: ModelBundle, locked: LockedModelVersion,
        request: Locker.Request, _ outcome: inout Locker.Outcome
    ) {
        guard let files, locked.retired == nil else { return }
        let held = locked.heldIn ?? []
        let names: Set<String> = ["\(bundle.key)/\(name)", name, bundle.key]
        if CoreDataStoreFiles.isLeftBehind(held, now: files) {
            if !request.accept.isDisjoint(with: names) {
                outcome.lockfile.coreData?[bundle.key]?.versions[name]?.retired = request.reason ?? ""
                outcome.retired.append("\(bundle.key)/\(name)")
            }
            return
        }
        let merged = Array(Set(held + files)).sorted()
        if merged != held {
            outcome.lockfile.coreData?[bundle.key]?.versions[name]?.heldIn = merged
            outcome.assigned.append(("\(bundle.key)/\(name)", merged))
        }
    }

    /// The current version moves forward only: one behind the locked current (`BundleVersionOrder`: a version locked
    /// or current before it, whatever the names) is `current_model_version_invalid`'s to report, and recorded only
    /// when accepted. Each new current version is appended to the bundle's `currentHistory`.
    private static func recordCurrent(
        _ current: String, of bundle: ModelBundle, locked: LockedBundle?, order: BundleVersionOrder,
        request: Locker.Request, outcome: inout Locker.Outcome
    ) {
        let accepted = request.accept.contains(bundle.key)
        if let previous = locked?.current, previous == current || (order.precedes(current, previous) && !accepted) {
            return
        }
        guard outcome.lockfile.coreData?[bundle.key] != nil else { return }
        outcome.lockfile.coreData?[bundle.key]?.current = current
        outcome.lockfile.coreData?[bundle.key]?.currentHistory = (locked?.becameCurrent ?? []) + [current]
        outcome.lockfile.coreData?[bundle.key]?.path = bundle.path
        outcome.currentVersions.append((bundle.key, locked?.current, current))
    }

    /// A locked bundle that is gone, or that no target compiles, is retired whole when accepted by its name: its
    /// stores are left behind on purpose.
    private static func retireGoneBundles(
        _ analysis: Analysis, existing: Lockfile?, request: Locker.Request, outcome: inout Locker.Outcome
    ) {
        let compiled = Set(analysis.project.modelBundles.filter { $0.ships }.map(\.key))
        for (key, bundle) in (existing?.coreData ?? [:]).sorted(by: { $0.key < $1.key })
        where !compiled.contains(key) && request.accept.contains(key) {
            let ordered = BundleVersionOrder(bundle).sorted(Array(bundle.versions), by: \.key)
            for (name, entry) in ordered where entry.retired == nil {
                outcome.lockfile.coreData?[key]?.versions[name]?.retired = request.reason ?? ""
                outcome.retired.append("\(key)/\(name)")
            }
        }
    }

    /// Locked versions deleted from the bundle stay locked (stores of them may exist) unless accepted by name.
    private static func retire(
        _ bundle: ModelBundle, locked: LockedBundle?, request: Locker.Request, outcome: inout Locker.Outcome
    ) {
        for (name, entry) in (locked?.versions ?? [:]).sorted(by: { $0.key < $1.key })
        where bundle.version(named: name) == nil && entry.retired == nil {
            let key = "\(bundle.key)/\(name)"
            guard request.accept.contains(key) || request.accept.contains(name) else { continue }
            outcome.lockfile.coreData?[bundle.key]?.versions[name]?.retired = request.reason ?? ""
            outcome.retired.append(key)
        }
    }
}

extension BundleLocker {
    /// Every name `--only` and `--accept` may give for bundles: bundle keys, version keys and version names.
    static func names(_ bundles: [ModelBundle], existing: Lockfile?) -> Set<String> {
        var names = Set<String>()
        for bundle in bundles {
            names.insert(bundle.key)
            for version in bundle.versions { names.formUnion([bundle.key(of: version), version.name]) }
        }
        for (key, bundle) in existing?.coreData ?? [:] {
            names.insert(key)
            for name in bundle.versions.keys { names.formUnion(["\(key)/\(name)", name]) }
        }
        return names
    }
}
