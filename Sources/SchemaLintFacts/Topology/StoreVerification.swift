import SchemaLintModel
import SchemaLintStore

/// Which version in the source a real store file belongs to, by the checksum SwiftData wrote into it.
public struct StoreVerdict: Sendable {
    public var metadata: StoreMetadata
    /// Versions whose computed store checksum equals the store's: they open it without migration.
    public var matches: [String]
    /// Problems with a match: identifier disagreement, no path to the newest version.
    public var notes: [String]
    /// A matching version whose `versionIdentifier` is not the one the store records.
    public var identifierMismatches: [(version: String, stored: String, declared: String?)] = []
    /// When nothing matches: the version with the most identical entities, and how the store differs from it.
    public var nearest: String?
    public var differences: [String]

    /// When nothing matches and no migration stage runs: the models SwiftData infers a migration to, and what that
    /// inference cannot do (empty: the store opens). Nil when stages run or the store holds no readable model.
    public var inference: (target: String, blockers: [String])?

    /// When nothing matches: what the versions' uncertain storages would have to be for one to match.
    public var explanation: StoreExplanation?

    /// States of the lockfile (`SchemaV1`, `Model.xcdatamodeld/Model 2`) whose recorded hashes are the store's: what
    /// shipped state it holds, even when the sources no longer declare it (a fixture `fixtures` rebuilt).
    public var lockedStates: [String] = []

    public var matchesAVersion: Bool { !matches.isEmpty }
    /// It opens: a version has its checksum, or SwiftData can infer the way from it to today's models.
    public var opens: Bool { matchesAVersion || inference?.blockers.isEmpty == true }
}

public enum StoreVerifier {
    /// The lockfile's states the store holds: a SwiftData version by its checksum, a Core Data version by all its
    /// entity hashes.
    public static func lockedStates(matching metadata: StoreMetadata, in lockfile: Lockfile) -> [String] {
        let storeHashes = metadata.entityHashes.mapValues(Hex.encode)
        var keys: [String] = []
        for (key, locked) in lockfile.versionsInOrder {
            let same = metadata.checksum.map { $0 == locked.checksum } ?? (locked.entityHashes == storeHashes)
            if same { keys.append(key) }
        }
        for (bundleKey, bundle) in (lockfile.coreData ?? [:]).sorted(by: { $0.key < $1.key }) {
            for name in BundleVersionOrder(bundle).sorted(Array(bundle.versions.keys), by: { $0 }) {
                guard let version = bundle.versions[name] else { continue }
                let hashes = version.entities.compactMapValues { bundle.entities[$0]?.hash }
                if hashes.count == version.entities.count, hashes == storeHashes { keys.append("\(bundleKey)/\(name)") }
            }
        }
        return keys
    }

    public static func verify(_ metadata: StoreMetadata, project: Project, versions: [VersionAnalysis]) -> StoreVerdict
    {
        let byKey = Dictionary(versions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let storeHashes = metadata.entityHashes.mapValues(Hex.encode)
        var verdict = StoreVerdict(metadata: metadata, matches: [], notes: [], nearest: nil, differences: [])
        for version in project.versions {
            guard let computed = byKey[version.key] else { continue }
            let same =
                metadata.checksum.map { $0 == computed.hashes.checksum }
                ?? (computed.hashes.entityHashes.mapValues(Hex.encode) == storeHashes)
            guard same else { continue }
            verdict.matches.append(version.key)
            let identifier = version.identifier?.description
            // A store that records no identifier (Core Data writes an empty one for a model without) says nothing
            // that could disagree.
            if let stored = metadata.identifiers.first, !stored.isEmpty, stored != identifier {
                verdict.identifierMismatches.append((version.key, stored, identifier))
                verdict.notes.append(
                    "the store records version identifier \(stored) but \(version.name) declares "
                        + "\(identifier ?? "none")"
                )
            }
            if !computed.isCertain {
                verdict.notes.append(
                    "\(version.name)'s checksum uses constructs schemalint has not verified: "
                        + "\(computed.uncertainties.joined(separator: "; "))"
                )
            }
            verdict.notes += reachability(of: version, in: project)
        }
        // Core Data model versions: a store matches one whose entity hashes are the store's, all of them.
        for bundle in project.modelBundles {
            for version in bundle.versions {
                guard let computed = byKey[bundle.key(of: version)],
                    computed.hashes.entityHashes.mapValues(Hex.encode) == storeHashes
                else { continue }
                verdict.matches.append(computed.key)
                if let identifier = version.identifier, !metadata.identifiers.contains(identifier) {
                    let recorded = metadata.identifiers.filter { !$0.isEmpty }
                    let records =
                        recorded.isEmpty
                        ? "no version identifier" : "version identifiers " + recorded.joined(separator: ", ")
                    verdict.notes.append(
                        "the store records \(records) but \(version.name) has identifier \(identifier) "
                            + "(identifiers are not hashed: the store opens)")
                }
                if !computed.isCertain {
                    verdict.notes.append(
                        "\(version.name)'s hashes use constructs schemalint has not verified: "
                            + computed.uncertainties.joined(separator: "; "))
                }
            }
        }
        if verdict.matches.isEmpty {
            let declared = Set(
                project.versions.filter { $0.identifier?.description == metadata.identifiers.first }.map(\.key))
            nearest(to: storeHashes, in: versions, declaring: declared, verdict: &verdict)
            verdict.explanation = StoreInstrument.explain(metadata, project: project, versions: versions)
            verdict.inference = inference(for: metadata, project: project, versions: byKey)
        }
        return verdict
    }

    /// No stage runs: SwiftData takes the store's own model straight to today's, if lightweight inference can.
    private static func inference(
        for metadata: StoreMetadata, project: Project, versions: [String: VersionAnalysis]
    ) -> (target: String, blockers: [String])? {
        guard InferenceTargets.stagedPlans(in: project.plans).isEmpty, let stored = metadata.model?.schema.snapshot
        else { return nil }
        let targets = InferenceTargets.targets(in: project, plans: project.plans)
        guard
            let target = InferenceTargets.nearest(
                to: Set(stored.map(\.name)), among: targets, analyses: { versions[$0.key] }),
            let now = versions[target.key]
        else { return nil }
        // The store's model and today's in the same terms (Core Data's), with today's default values from the source:
        // a store model does not say which attributes Swift gives a default.
        let defaults = Dictionary(
            now.snapshot.flatMap { entity in entity.properties.map { ("\(entity.name).\($0.name)", $0.hasDefault) } },
            uniquingKeysWith: { first, _ in first })
        var today = now.store.snapshot
        for entity in today.indices {
            for property in today[entity].properties.indices {
                let name = "\(today[entity].name).\(today[entity].properties[property].name)"
                today[entity].properties[property].hasDefault = defaults[name] ?? false
            }
        }
        return (target.key, MigrationAssessment.blockers(from: stored, to: today))
    }

    /// Whether a plan can take a store of `version` to its newest version.
    static func reachability(of version: SchemaVersion, in project: Project) -> [String] {
        let plans = project.plans.filter { plan in plan.schemas?.contains { $0.version == version.id } == true }
        guard !plans.isEmpty else {
            return project.plans.isEmpty
                ? []
                : ["\(version.name) is in no migration plan's schemas: the app cannot recognise or migrate this store"]
        }
        var notes: [String] = []
        for plan in plans {
            let steps = PlanSteps(plan: plan, project: project)
            guard let start = steps.index(of: version.id) else { continue }
            for step in steps.steps.dropFirst(start) where step.stages.isEmpty {
                notes.append(
                    "\(plan.name) has no stage for \(step.from.name) → \(step.to.name); SwiftData will try to infer "
                        + "a lightweight migration on the way to \(steps.newest?.name ?? "the newest version")"
                )
            }
        }
        return notes
    }

    /// The version nearest to the store: one declaring the identifier the store records, if any; then, with the
    /// store's cached model, the one with the fewest property-level differences (told property by property);
    /// without it, the one with the most identical entity hashes (told entity by entity). Ties go to the version
    /// declared first.
    private static func nearest(
        to store: [String: String], in versions: [VersionAnalysis], declaring sameIdentifier: Set<String>,
        verdict: inout StoreVerdict
    ) {
        var best: (version: VersionAnalysis, same: Int, hashes: [String: String], differences: [String])?
        for version in versions {
            let hashes = version.hashes.entityHashes.mapValues(Hex.encode)
            let same = store.filter { hashes[$0.key] == $0.value }.count
            let differences =
                verdict.metadata.model.map {
                    SnapshotDiff.changes(from: $0.schema.snapshot, to: version.store.snapshot)
                        .flatMap(ChangeWording.store(version: version.key).lines)
                } ?? []
            let better: Bool
            if let current = best {
                let (mine, theirs) = (
                    sameIdentifier.contains(version.key), sameIdentifier.contains(current.version.key)
                )
                if mine != theirs {
                    better = mine
                } else if verdict.metadata.model != nil {
                    better = (differences.count, -same) < (current.differences.count, -current.same)
                } else {
                    better = same > current.same
                }
            } else {
                better = true
            }
            if better { best = (version, same, hashes, differences) }
        }
        guard let best else { return }
        verdict.nearest = best.version.key
        verdict.differences = best.differences
        if !verdict.differences.isEmpty { return }
        for name in Set(store.keys).union(best.hashes.keys).sorted() {
            switch (store[name], best.hashes[name]) {
            case (_?, nil): verdict.differences.append("entity \(name) is in the store but not in \(best.version.key)")
            case (nil, _?): verdict.differences.append("entity \(name) is in \(best.version.key) but not in the store")
            case let (stored?, computed?) where stored != computed:
                verdict.differences.append("entity \(name) differs (a property was added, removed or changed)")
            default: break
            }
        }
    }
}
