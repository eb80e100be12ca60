import SchemaLintFacts
import SchemaLintModel

/// A Core Data model bundle's current version is missing, names no version, or moved back behind the one that
/// shipped last.
public struct CurrentModelVersionInvalidRule: Rule {
    public let id = RuleID.currentModelVersionInvalid
    public let defaultSeverity = Severity.error
    public let summary =
        "A Core Data model bundle's current version is missing, names no version, or moved back behind a shipped one."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for bundle in context.project.modelBundles where bundle.ships {
            let location = CurrentModelVersion.location(of: bundle)
            if let problem = CurrentModelVersion.problem(of: bundle) {
                findings.append(
                    finding(location, about: .file(bundle.path), .currentModelVersionUnknown(bundle.key, problem)))
                continue
            }
            // Behind in the order versions became current, not in name order (`BundleVersionOrder`).
            guard let current = bundle.currentVersion?.name, let locked = context.lockfile?.coreData?[bundle.key],
                let shipped = locked.current, BundleVersionOrder(locked).precedes(current, shipped)
            else { continue }
            // Judged by shape, as Core Data finds a store's model by its hashes: the shape that shipped as current,
            // renamed (EhPanda moved `Model 3`'s contents into `Model 2`), opens those stores as is, and a shape no
            // shipped version had (a new model under an old name) is a step forward, judged as one.
            if let version = bundle.currentVersion,
                let now = context.analyses[bundle.key(of: version)]?.hashes.checksum,
                locked.versions[shipped]?.checksum == now
                    || !locked.versions.values.contains(where: { $0.checksum == now })
            {
                continue
            }
            findings.append(
                finding(
                    location, about: .file(bundle.path),
                    .currentModelVersionMovedBack(bundle.key, current: current, shipped: shipped)))
        }
        return findings
    }
}

extension Finding.Message {
    static func currentModelVersionUnknown(_ bundle: String, _ problem: String) -> Self {
        Self(
            id: "current-model-version-unknown",
            "\(bundle) has no valid current version: the compiled model may not be the one the app was tested with",
            detail: problem.prefix(1).uppercased() + problem.dropFirst() + ". The compiled model's current version "
                + "decides what every store is opened and migrated with",
            fix: "Set it in Xcode (the model's File inspector ▸ Model Version) to the newest version that shipped, or "
                + "a later one")
    }

    static func currentModelVersionMovedBack(_ bundle: String, current: String, shipped: String) -> Self {
        Self(
            id: "current-model-version-moved-back",
            "\(bundle)'s current version went back to \(current): stores on \(shipped) fail to open (134100)",
            detail: "\(shipped) was current in a shipped build. Stores already migrated to \(shipped) cannot be opened "
                + "with \(current): Core Data never migrates back (134100), and apps that delete a store they cannot "
                + "open lose it. Xcode resets the current version when a model file is recreated",
            fix: "Set the current version back to \(shipped) or later (the model's File inspector ▸ Model Version); "
                + "if \(current) is intended, record it with `schemalint lock --accept \(bundle) --reason \"...\"`")
    }
}
