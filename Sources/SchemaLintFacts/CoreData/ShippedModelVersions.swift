import SchemaLintModel

/// The lockfile's Core Data versions against the bundles now: which shipped versions were edited so their entity
/// hashes moved, and which are gone. The rules about shipped versions report these; edits that keep every hash
/// (Xcode's header fields, codegen, defaults, delete rules, positions) are no edit at all.
package struct ShippedModelVersions {
    package struct Edit {
        package var bundle: ModelBundle
        package var version: ModelBundleVersion
        package var locked: LockedVersion
        package var changes: [String]
        package var location: SourceLocation
        /// Another version that shipped with the same hashes and is unchanged: stores still open through it.
        package var openedThrough: String?
    }

    package struct Removal {
        package enum Why { case versionDeleted, bundleDeleted, bundleNotCompiled }
        package var bundleKey: String
        package var name: String
        var locked: LockedVersion
        package var why: Why
        package var location: SourceLocation
    }

    /// A shipped version locked by its bytes alone (schemalint could not read it, `LockedBundle.unreadable`) whose
    /// bytes are no longer those: edited in place, whether its entity hashes moved cannot be told.
    package struct BytesEdit {
        package var bundle: ModelBundle
        package var version: ModelBundleVersion
        package var recorded: UnreadableModelVersion
    }

    package var edits: [Edit] = []
    package var removals: [Removal] = []
    package var bytesEdits: [BytesEdit] = []

    package init(_ context: RuleContext) {
        guard let lockfile = context.lockfile, context.project.modelBundlesRead else { return }
        let bundles = Dictionary(
            context.project.modelBundles.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        // A store SwiftData took over is migrated from the model cached inside it: the bundle is not needed for it.
        // A file a Core Data stack still opens too migrates as Core Data's: its versions are still checked.
        let adopted = Set(CoreDataAdoption.find(context).filter { !$0.sharedWithCoreData }.map(\.bundle))
        let mixed = Lockfile.mixedBundleKeys(lockfile.coreData, bundles: context.project.modelBundles)
        // A bundle only test targets compile never reached a device: an entry an earlier lock made of it is no
        // shipped model (the-blue-alliance-ios locked its `Test.xcdatamodeld` of `tba-unit-tests`).
        let testOnly = Set(context.project.modelBundles.filter(\.isTestOnly).map(\.key))
        for (bundleKey, lockedBundle) in (lockfile.coreData ?? [:]).sorted(by: { $0.key < $1.key })
        where !adopted.contains(bundleKey) && !mixed.contains(bundleKey) && !testOnly.contains(bundleKey) {
            // A bundle taken from a git revision (`--against`) is where it was there.
            let lockLocation =
                lockfile.revisionDeclarations[bundleKey]
                ?? SourceLocation(
                    file: lockfile.path ?? Lockfile.defaultFileName, line: lockfile.keyLines[bundleKey] ?? 1, column: 1)
            if let bundle = bundles[bundleKey], bundle.ships {
                for (name, recorded) in (lockedBundle.unreadable ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard let version = bundle.version(named: name), let digest = version.contentsDigest,
                        digest != recorded.contents
                    else { continue }
                    bytesEdits.append(BytesEdit(bundle: bundle, version: version, recorded: recorded))
                }
            }
            let ordered = BundleVersionOrder(lockedBundle).sorted(Array(lockedBundle.versions), by: \.key)
            // Versions held only in files the app no longer opens: no store of theirs is opened with this bundle.
            let leftBehind = context.coreDataLeftBehind(bundleKey)
            // A version recorded as held in no file (no stack of the app opened its bundle) has no store to lose.
            for (name, entry) in ordered where entry.retired == nil && leftBehind[name] == nil && entry.heldIn != [] {
                // The common case first: the version is there with the locked hashes (no entry to assemble).
                if let bundle = bundles[bundleKey], bundle.ships,
                    let version = bundle.version(named: name),
                    context.analyses[bundle.key(of: version)]?.hashes.checksum == entry.checksum
                {
                    continue
                }
                guard let locked = lockedBundle.lockedVersion(name) else { continue }
                // The bundle renamed or moved with its versions (`GachaMO4GI` → `CDGachaMO4GI`): a bundle the app
                // compiles now has the same hashes, so Core Data still finds the stores' model there.
                if bundles[bundleKey]?.ships != true || bundles[bundleKey]?.isCompiled == false,
                    Self.rehomed(locked.checksum, heldIn: entry.heldIn, besides: bundleKey, context)
                {
                    continue
                }
                guard let bundle = bundles[bundleKey] else {
                    removals.append(Removal(bundleKey: bundleKey, name: name, locked: locked, why: .bundleDeleted,
                                            location: lockLocation))
                    continue
                }
                if bundle.isCompiled == false {
                    removals.append(Removal(bundleKey: bundleKey, name: name, locked: locked, why: .bundleNotCompiled,
                                            location: bundle.versions.first?.location ?? lockLocation))
                    continue
                }
                guard let version = bundle.version(named: name) else {
                    // The same hashes under another name still open those stores.
                    let kept = bundle.versions.contains { other in
                        context.analyses[bundle.key(of: other)]?.hashes.checksum == locked.checksum
                    }
                    if !kept {
                        removals.append(Removal(bundleKey: bundleKey, name: name, locked: locked, why: .versionDeleted,
                                                location: CurrentModelVersion.location(of: bundle)))
                    }
                    continue
                }
                guard let now = context.analyses[bundle.key(of: version)], now.hashes.checksum != locked.checksum
                else { continue }
                // The shape that shipped is still in the bundle under another name (Delta beta 7 restored `Delta 2`
                // and kept what beta 6 had shipped as `Delta 3`): Core Data finds the stores' model by its hashes.
                let keepers = bundle.versions.filter { other in
                    other.name != name && context.analyses[bundle.key(of: other)]?.hashes.checksum == locked.checksum
                }
                // A twin that shipped beside it with the same hashes (a transient attribute apart, TwidereX's
                // `CoreDataStack 5` and `6`) keeps its stores opening only while it stays as it is: the in-place edit
                // is still told, as a warning naming the twin. A shape re-homed under a new name is no edit to tell.
                let twin = keepers.first { lockedBundle.versions[$0.name]?.checksum == locked.checksum }
                if !keepers.isEmpty, twin == nil { continue }
                var current = LockedVersion(modelVersion: version, analysis: now)
                current.lockedAt = locked.lockedAt
                let (descriptions, schema) = locked.changes(to: current)
                let moving = SchemaChange.checksumChangesFirst(
                    // Entities added or removed are told by the schema changes; identifiers are not hashed.
                    descriptions.filter { !$0.hasPrefix("versionIdentifier changed") && !$0.hasPrefix("models list") },
                    schema)
                edits.append(
                    Edit(bundle: bundle, version: version, locked: locked,
                         changes: moving.isEmpty ? ["its entity hashes moved"] : moving,
                         location: Self.location(of: schema, in: version), openedThrough: twin?.name))
            }
        }
    }

    /// Whether the stores a gone bundle's version was locked in (`heldIn`, certain) are opened now with another
    /// bundle the app ships, one of whose versions has the same hashes: Core Data finds the stores' model there.
    static func rehomed(
        _ checksum: String, heldIn: [String]?, besides bundleKey: String, _ context: RuleContext
    ) -> Bool {
        guard let held = heldIn, !held.isEmpty else { return false }
        return context.project.modelBundles.contains { bundle in
            guard bundle.key != bundleKey, bundle.ships,
                let now = context.topology.coreData.files(of: bundle.key), !now.isEmpty,
                !CoreDataStoreFiles.isLeftBehind(held, now: now)
            else { return false }
            return bundle.versions.contains { context.analyses[bundle.key(of: $0)]?.hashes.checksum == checksum }
        }
    }

    /// The line of the first changed property still in the file, else its entity's, else the `<model>` line.
    static func location(of changes: [SchemaChange], in version: ModelBundleVersion) -> SourceLocation {
        for change in changes where !change.keepsChecksum {
            if let found = version.details.location(
                entity: change.entity, property: change.property, in: version.location.file)
            {
                return found
            }
        }
        return version.location
    }
}
