import SchemaLintFacts
import SchemaLintModel

/// A mapping model made before one of the versions it maps last changed: Xcode compiles it from the models it
/// embeds, and Core Data uses the compiled mapping only for the entity hashes it was made with, so it maps no store.
///
/// Reported once per mapping model, at its `xcmapping.xml`, with what changed (`MappingModelMatch`). Migration
/// verdicts already leave such a mapping model out (`MappingModelFile.maps`).
public struct MappingModelOutdatedRule: Rule {
    public let id = RuleID.mappingModelOutdated
    public let defaultSeverity = Severity.error
    public let summary =
        "A Core Data mapping model no longer matches the versions it maps: they changed after it was made."

    public func check(_ context: RuleContext) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for bundle in context.project.modelBundles where bundle.ships {
            for mapping in bundle.mappingModels where !mapping.changedSince.isEmpty {
                guard let source = mapping.source, let destination = mapping.destination,
                    !Self.isPassed(destination, in: bundle, context), seen.insert(mapping.path).inserted
                else { continue }
                findings.append(
                    finding(
                        SourceLocation(file: mapping.path + "/xcmapping.xml", line: 1, column: 1),
                        about: .file(mapping.path),
                        .mappingModelOutdated(
                            mapping.path.split(separator: "/").last.map(String.init) ?? mapping.path,
                            source: source, destination: destination,
                            changes: mapping.changedSince,
                            instead: instead(source, destination, in: bundle, context))))
            }
        }
        return findings
    }
}

extension MappingModelOutdatedRule {
    /// Whether no store will ever be mapped by a mapping model into `destination`: a version older than the
    /// current one, in an app whose Core Data stacks were read and migrate automatically, with no migrator of its
    /// own. Automatic migration looks only for a mapping from a store's version straight to the current one, so a
    /// `V1 → V5` mapping model in a bundle now at V55 maps nothing, stale or not (field test 8: Threema). A mapping
    /// into a version after the current one is the next release's, and is checked.
    static func isPassed(_ destination: String, in bundle: ModelBundle, _ context: RuleContext) -> Bool {
        guard let current = bundle.currentVersion, destination != current.name,
            context.project.storeMigrators.isEmpty, ModelMigrationStep.migrationUnseen(context) == nil,
            context.project.coreDataStores.contains(where: { $0.purpose == .app })
        else { return false }
        let order = BundleVersionOrder(context.lockfile?.coreData?[bundle.key]).sorted(bundle.versions, by: \.name)
        guard let mapped = order.firstIndex(where: { $0.name == destination }),
            let now = order.firstIndex(where: { $0.name == current.name })
        else { return false }
        return mapped < now
    }

    /// What Core Data does with the step instead of using the mapping model.
    enum Instead {
        /// It infers the step: the mapping model's own entity mappings and custom policies never run.
        case inferred
        /// It cannot infer it (the first change it cannot make, or inference turned off): the step fails.
        case fails(String)
        /// The versions cannot be compared.
        case unknown
    }

    private func instead(_ source: String, _ destination: String, in bundle: ModelBundle, _ context: RuleContext)
        -> Instead
    {
        if let off = ModelMigrationStep.inferenceOff(context) {
            return .fails("the app turns Core Data's inferred mapping off (\(off))")
        }
        guard let old = bundle.version(named: source), let new = bundle.version(named: destination),
            let before = context.analyses[bundle.key(of: old)], let after = context.analyses[bundle.key(of: new)],
            before.uncertainties.isEmpty, after.uncertainties.isEmpty
        else { return .unknown }
        let blockers = ModelMigrationStep.inferenceBlockers(from: before.snapshot, to: after.snapshot)
        guard let first = blockers.first else { return .inferred }
        return .fails("\(first.text): \(first.blocker ?? "inference cannot make it")")
    }
}

extension RuleID {
    public static let mappingModelOutdated: RuleID = "mapping_model_outdated"
}

extension Finding.Message {
    static func mappingModelOutdated(
        _ name: String, source: String, destination: String, changes: [String],
        instead: MappingModelOutdatedRule.Instead
    ) -> Self {
        let headline: String
        let outcome: String
        switch instead {
        case .inferred:
            headline = "\(name) is out of date: Core Data infers the step instead and skips its custom mappings"
            outcome = "Core Data infers \(source) → \(destination) on every device that updates, so whatever the "
                + "mapping model does beyond inference (custom policies, values it computes, relationships it "
                + "rebuilds) silently never happens"
        case let .fails(why):
            headline = "\(name) is out of date and maps no store: the step fails (134140), and cannot be inferred"
            outcome = "Core Data cannot infer the step either (\(why)), so it fails on every device that updates "
                + "(134140, missing mapping model)"
        case .unknown:
            headline =
                "\(name) is out of date and maps no store: the step fails (134140) unless Core Data can infer it"
            outcome = "the step is inferred if Core Data can infer it, skipping the mapping model's custom policies, "
                + "and otherwise fails on every device that updates (134140, missing mapping model)"
        }
        return Self(
            id: "mapping-model-outdated", headline,
            detail: "\(name) maps \(source) → \(destination), but the versions changed after it was made "
                + "(\(changes.joined(separator: "; "))). Xcode compiles a mapping model from the models it embeds, "
                + "and Core Data uses it only for stores and models with the entity hashes it was made with: this "
                + "one maps nothing. " + outcome,
            fix: "Make the mapping model again from the two versions as they are (a new Mapping Model file in Xcode) "
                + "and carry its custom mappings over")
    }
}
