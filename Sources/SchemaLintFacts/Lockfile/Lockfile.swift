import SchemaLintModel

/// `schemalint.lock`: what shipped. One entry per locked version, readable in a pull request the way
/// Room's exported schema JSON is, with enough detail to explain any later change property by property.
public struct Lockfile: Equatable, Sendable, Encodable {
    /// The file `lock` writes and `check` reads in an app's root.
    public static let defaultFileName = "schemalint.lock"
    /// Bumped when the file's layout changes; a newer one than this build understands is refused.
    public static let currentFormatVersion = 1

    public var formatVersion: Int = Lockfile.currentFormatVersion
    public var hashAlgorithm: String = Fingerprint.algorithm
    public var versions: [String: LockedVersion] = [:]
    /// Core Data model bundles by `ModelBundle.key` (`Model.xcdatamodeld`): their shipped versions and current one.
    /// nil when the app has none, so lockfiles of SwiftData apps stay as they were.
    public var coreData: [String: LockedBundle]?
    /// Where it was read from (for findings that point into the lockfile); not serialised.
    public var path: String?
    /// The line of each version's key in the file as read; not serialised.
    public var keyLines: [String: Int] = [:]
    /// Versions taken from a git revision (`check --against REF`): the revision, and where each was declared there.
    public var revision: String?
    public var revisionDeclarations: [String: SourceLocation] = [:]
    /// Read from both sides of a git merge conflict (`LockfileMerge`): `lock` writes it back whole; not serialised.
    public var resolvedConflict = false

    public init(versions: [String: LockedVersion] = [:]) { self.versions = versions }

    /// The locked versions' keys in `VersionOrder`: how every command lists them.
    public var versionKeys: [String] {
        VersionOrder.sorted(Array(versions.keys), identifier: { versions[$0]?.versionIdentifier }, name: { $0 })
    }

    /// The locked versions in `VersionOrder`.
    public var versionsInOrder: [(key: String, value: LockedVersion)] {
        versionKeys.map { (key: $0, value: versions[$0]!) }
    }

    /// Only these are written; the rest is where the file was read from or what a git revision supplied.
    enum CodingKeys: String, CodingKey { case formatVersion, hashAlgorithm, versions, coreData }

    public static func == (lhs: Lockfile, rhs: Lockfile) -> Bool {
        (lhs.formatVersion, lhs.hashAlgorithm, lhs.versions, lhs.coreData)
            == (rhs.formatVersion, rhs.hashAlgorithm, rhs.versions, rhs.coreData)
    }
}

/// One Core Data model bundle in the lockfile: each version that shipped, by its folder name without
/// `.xcdatamodel`, and the version that was current when the bundle was last locked. Versions share entity
/// snapshots: a bundle's hundred versions repeat most entities unchanged, and each state is written once (`entities`,
/// keyed by `Entity@digest`), so the file stays readable in a pull request.
public struct LockedBundle: Equatable, Sendable, Codable {
    /// The bundle as output showed it when locked: bundles are matched by key, and by this path when their key
    /// changed since (`adoptLockedKeys`).
    public var path: String
    /// The current version when last locked: stores on devices are in it or an older locked version.
    public var current: String?
    /// The versions that were current when the bundle was locked, in the order they became current (`lock` appends
    /// each new one; the last is `current`): the order versions shipped in, whatever their names
    /// (`BundleVersionOrder`). nil in lockfiles written before it was recorded, which are read as `[current]`.
    public var currentHistory: [String]?
    public var versions: [String: LockedModelVersion]
    /// Entity states by key: its version hash and snapshot.
    public var entities: [String: LockedEntity]
    /// What comparing each mapping model's embedded models with its versions gave, by the mapping model's file name
    /// (`ModelV2toV3.xcmappingmodel`). Bookkeeping, not a shipped fact: `check` takes it instead of decoding the
    /// embedded models again while the bytes it was worked out from stay the same. nil when none was recorded.
    public var mappingModels: [String: LockedMappingModel]?
    /// Shipped versions schemalint could not read when they were locked (an Xcode 3 `elements` archive it does not
    /// understand, a damaged model file), by name: their bytes' digest, so an edit in place is still caught even
    /// though their hashes are not known. nil when there are none.
    public var unreadable: [String: UnreadableModelVersion]?

    public init(
        path: String, current: String?, currentHistory: [String]? = nil, versions: [String: LockedModelVersion] = [:],
        entities: [String: LockedEntity] = [:], mappingModels: [String: LockedMappingModel]? = nil,
        unreadable: [String: UnreadableModelVersion]? = nil
    ) {
        self.path = path
        self.current = current
        self.currentHistory = currentHistory
        self.versions = versions
        self.entities = entities
        self.mappingModels = mappingModels
        self.unreadable = unreadable
    }

    /// The versions that became current, oldest first, ending with `current`: `currentHistory`, or `[current]` for a
    /// lockfile that did not record it.
    public var becameCurrent: [String] {
        var history = currentHistory ?? []
        if let current, history.last != current { history.append(current) }
        return history
    }
}

/// A locked Core Data model version: its entities as keys into the bundle's `entities`, and what `lock` recorded.
public struct LockedModelVersion: Equatable, Sendable, Codable {
    /// Xcode's model version identifier, when set.
    public var identifier: String?
    /// SHA-256 of the entity hashes in name order (as for SwiftData versions): one value to compare.
    public var checksum: String
    /// Entity name to its key in the bundle's `entities`.
    public var entities: [String: String]
    public var uncertainties: [String]?
    /// `ContentsDigest` of the version's `contents` file when last locked: `check` takes this entry's hashes for the
    /// same bytes instead of reading them (`RecordedVersions`). Bookkeeping, not a shipped fact: `lock` refreshes it
    /// whenever the hashes are unchanged.
    public var contents: String?
    public var lockedAt: String?
    public var release: String?
    public var accepted: [Acceptance]?
    public var retired: String?
    /// The store files (`Model.sqlite`) the app's Core Data stacks opened the bundle at when this version was locked:
    /// a version held only in files no stack opens now was left behind (`CoreDataStoreFiles`). nil when the sources
    /// did not tell, and in entries written before it was recorded.
    public var heldIn: [String]? = nil

    package init(
        identifier: String? = nil, checksum: String, entities: [String: String], uncertainties: [String]? = nil,
        contents: String? = nil, lockedAt: String? = nil, release: String? = nil, accepted: [Acceptance]? = nil,
        retired: String? = nil, heldIn: [String]? = nil
    ) {
        (self.identifier, self.checksum, self.entities) = (identifier, checksum, entities)
        (self.uncertainties, self.contents, self.lockedAt) = (uncertainties, contents, lockedAt)
        (self.release, self.accepted, self.retired, self.heldIn) = (release, accepted, retired, heldIn)
    }
}

/// A shipped model version whose file schemalint could not read: what it was, as bytes.
public struct UnreadableModelVersion: Equatable, Sendable, Codable {
    /// The digest of the model file's bytes (`contents`, or Xcode 3's `elements`) when locked.
    public var contents: String
    /// Why it could not be read.
    public var why: String
    public var lockedAt: String?
    public var release: String?

    public init(contents: String, why: String, lockedAt: String? = nil, release: String? = nil) {
        self.contents = contents
        self.why = why
        self.lockedAt = lockedAt
        self.release = release
    }
}

/// A mapping model compared with the versions it names, and the bytes that comparison rests on: the same three
/// digests give the same `changes` (`RecordedMappingModels`).
public struct LockedMappingModel: Equatable, Sendable, Codable {
    /// The embedded models' digest, prefixed with the comparison's revision (`RecordedMappingModels.revision`).
    public var embedded: String
    /// The source and destination versions' `contents` digests (`LockedModelVersion.contents`).
    public var source: String
    public var destination: String
    /// What changed in the versions since the mapping model was made (`MappingModelFile.changedSince`); nil when
    /// nothing did.
    public var changes: [String]?

    public init(embedded: String, source: String, destination: String, changes: [String]?) {
        self.embedded = embedded
        self.source = source
        self.destination = destination
        self.changes = changes
    }
}

/// One entity state of a bundle: the version hash Core Data records and the snapshot that explains it.
public struct LockedEntity: Hashable, Sendable, Codable {
    public var hash: String
    public var snapshot: EntitySnapshot

    package init(hash: String, snapshot: EntitySnapshot) { (self.hash, self.snapshot) = (hash, snapshot) }
}

public struct LockedVersion: Equatable, Sendable, Codable {
    /// The Swift type, qualified (`SchemaV1`, `SchemaVersioning.SchemaV2`).
    public var type: String
    public var versionIdentifier: String?
    /// The store checksum SwiftData writes (`NSStoreModelVersionChecksumKey`), base64.
    public var checksum: String
    /// Reasons the checksum may differ from SwiftData's, when any construct is not verified.
    public var checksumUncertainties: [String]?
    /// Entity name to version hash, hex.
    public var entityHashes: [String: String]
    public var fingerprint: String
    public var models: [String]
    public var entities: [EntitySnapshot]
    /// `lock --accept` records: each time this entry was re-recorded on purpose, and why.
    public var accepted: [Acceptance]?
    /// Set by `lock --accept` for a version deliberately removed from the sources: the reason it was retired.
    public var retired: String?
    /// Store files (`stores:`) verified to match this version when it was locked: evidence of what shipped.
    public var stores: [StoreEvidence]?
    /// The stores (`StoreLocation.key`) the app's containers opened this version with when it was locked: each
    /// shipped state is checked against its own store's plan. nil in entries written before stores were told apart.
    public var heldIn: [String]?
    /// The keys of `heldIn` that were the app's own container's file when it was locked: the targets opening the
    /// store had entitlements naming no App Group. Once their entitlements name one, a store left at `.automatic` is in
    /// that group's folder, another file (`StoreLocation.isRecorded`). nil when none, and in entries written before.
    public var heldInOwnContainer: [String]?
    /// The day it was first locked (`yyyy-MM-dd`, UTC), when the lock that recorded it knew.
    public var lockedAt: String?
    /// The release it was locked for (`lock --release 2.3`).
    public var release: String?
    /// The enums and structs its models store, by qualified name, with what decoding their rows depends on
    /// (`persisted_value_changed`). nil when it stores none, and in entries written before they were recorded.
    public var valueTypes: [String: ValueTypeRecord]?

    public init(analysis: VersionAnalysis, type: String, versionIdentifier: String?) {
        self.type = type
        self.versionIdentifier = versionIdentifier
        checksum = analysis.hashes.checksum
        checksumUncertainties = analysis.uncertainties.isEmpty ? nil : analysis.uncertainties
        entityHashes = analysis.hashes.entityHashes.mapValues(Hex.encode)
        fingerprint = analysis.fingerprint
        models = analysis.models
        entities = analysis.snapshot
        valueTypes = analysis.valueTypes.records.isEmpty ? nil : analysis.valueTypes.records
    }
}

/// A store file that matched a version: the checksum SwiftData wrote into it, beside the computed `checksum`.
public struct StoreEvidence: Equatable, Sendable, Codable {
    public var path: String
    public var checksum: String?
    public var versionIdentifier: String?

    public init(path: String, checksum: String?, versionIdentifier: String?) {
        self.path = path
        self.checksum = checksum
        self.versionIdentifier = versionIdentifier
    }
}

public struct Acceptance: Equatable, Sendable, Codable {
    public var reason: String
    public var previousChecksum: String
    public var previousFingerprint: String

    package init(reason: String, previousChecksum: String, previousFingerprint: String) {
        (self.reason, self.previousChecksum, self.previousFingerprint) = (reason, previousChecksum, previousFingerprint)
    }
}

extension LockedVersion {
    /// What differs between this locked entry and the same version now, in the words both `check` and `lock` print:
    /// the identifier, the property-level schema changes, the model list, and as a last resort the raw hashes.
    ///
    /// `sourceTypes` (from `VersionAnalysis`) lets a property this entry could not map be compared by its Swift type:
    /// a later release mapping it differently is not an edit (MappingUpgrade).
    public func changes(
        to current: LockedVersion,
        sourceTypes: [String: String] = [:]
    ) -> (descriptions: [String], schema: [SchemaChange]) {
        let reconciled = MappingUpgrade.reconcile(self, with: current, sourceTypes: sourceTypes)
        let schema = SnapshotDiff.changes(from: reconciled, to: current.entities)
        var descriptions = schema.map(\.text)
        if versionIdentifier != current.versionIdentifier {
            descriptions.insert(
                "versionIdentifier changed from \(versionIdentifier ?? "none") to "
                    + "\(current.versionIdentifier ?? "none")",
                at: 0)
        }
        // A list that names a model the others already reach stores the same entities: nothing changed for a store
        // (BookingSense listed `Tag`, reached through a relationship before).
        if models != current.models, Set(reconciled.map(\.name)) != Set(current.entities.map(\.name)) {
            let added = Set(current.models).subtracting(models).sorted(),
                removed = Set(models).subtracting(current.models).sorted()
            let parts =
                (added.isEmpty ? [] : ["\(added.joined(separator: ", ")) added"])
                + (removed.isEmpty ? [] : ["\(removed.joined(separator: ", ")) removed"])
            descriptions.append("models list changed: \(parts.joined(separator: "; "))")
        }
        // The snapshot holds everything the checksum is computed from, so an unchanged snapshot with a moved checksum
        // is a release mapping the same source differently (an uncertain construct now known, or a mapping a real
        // store corrected, such as an optional Codable struct's elements), never an edit.
        let mappingMoved = Fingerprint.fingerprint(reconciled) == current.fingerprint
        // A Codable type renamed with the same columns: the store holds exactly what it held.
        let typesRenamed =
            checksum == current.checksum
            && Fingerprint.fingerprint(reconciled.map(\.storedForm))
                == Fingerprint.fingerprint(current.entities.map(\.storedForm))
        if descriptions.isEmpty && !mappingMoved && !typesRenamed
            && (checksum != current.checksum || fingerprint != current.fingerprint)
        {
            // Which entities' version hashes moved, when both sides say (a Core Data entry has no fingerprint).
            let moved = current.entityHashes.filter { name, hash in
                entityHashes[name].map { $0 != hash } ?? false
            }.keys.sorted()
            let what = moved.isEmpty ? "the stored shape" : "the version hash of \(moved.joined(separator: ", "))"
            let fingerprints =
                fingerprint.isEmpty || current.fingerprint.isEmpty
                ? "" : ", fingerprint \(fingerprint) → \(current.fingerprint)"
            descriptions.append(
                "\(what) changed in a way the snapshot does not name (checksum \(checksum) → \(current.checksum)"
                    + "\(fingerprints))")
        }
        return (descriptions, schema)
    }
}
