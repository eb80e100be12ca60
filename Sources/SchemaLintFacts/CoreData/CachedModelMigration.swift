import SchemaLintModel

/// Whether stores written with a Core Data model version that was since edited in place still open: from iOS 12,
/// macOS 10.14, watchOS 5 and tvOS 12 on, every SQLite store carries a copy of the model that wrote it, and automatic
/// lightweight migration infers its step from that copy when no version of the bundle has the store's hashes. So
/// such stores open when every target compiling the bundle runs only on those systems, Core Data migrates and infers
/// on its own (no `NSMigrationManager`, no switch turned off or unread, no mapping model that would be looked up by
/// the stores' version), and inference can make every change from what shipped to the current version.
/// An older system (Grandparent-Memories deploys iOS 17; alpheios's Safari extension macOS 10.13) has stores without
/// that copy, and they fail (134130).
package enum CachedModelMigration {
    /// The first system of each platform whose stores carry their model.
    static let firstCarrying: [String: OSVersion] = [
        "iOS": OSVersion(12), "macOS": OSVersion(10, 14), "watchOS": OSVersion(5), "tvOS": OSVersion(12),
        "visionOS": OSVersion(1),
    ]

    /// Whether every target compiling `bundle` runs only where stores carry their model (known for each).
    package static func storesCarryModel(_ bundle: ModelBundle) -> Bool {
        guard let systems = bundle.oldestSystems, !systems.isEmpty else { return false }
        return systems.allSatisfy { platform, oldest in firstCarrying[platform].map { oldest >= $0 } ?? false }
    }

    /// Whether a store holding `shipped` (a version of `bundle` as it was locked) opens through the model it carries.
    package static func opens(_ shipped: LockedVersion, of bundle: ModelBundle, context: RuleContext) -> Bool {
        guard storesCarryModel(bundle), context.project.storeMigrators.isEmpty,
            ModelMigrationStep.inferenceOff(context) == nil, ModelMigrationStep.migrationUnseen(context) == nil,
            bundle.mappingModels.isEmpty,
            let current = bundle.currentVersion, let now = context.analyses[bundle.key(of: current)]
        else { return false }
        return ModelMigrationStep.inferenceBlockers(from: shipped.entities, to: now.snapshot).isEmpty
    }
}
