import SchemaLintModel

/// The oldest system each target runs on, per platform it builds for: its Release configuration's
/// `IPHONEOS_DEPLOYMENT_TARGET`, `MACOSX_DEPLOYMENT_TARGET`... (the target's value, else the project's, with what
/// their `.xcconfig` files set). A Core Data store written on a recent enough system carries the model that wrote it,
/// so whether a store survives its model version being edited depends on the oldest system the app supports.
enum TargetDeployment {
    /// The setting that names the oldest system, per platform (`CompilationConditions.platforms(ofSDKs:)` names).
    static let settings = [
        "iOS": "IPHONEOS_DEPLOYMENT_TARGET", "macOS": "MACOSX_DEPLOYMENT_TARGET",
        "watchOS": "WATCHOS_DEPLOYMENT_TARGET", "tvOS": "TVOS_DEPLOYMENT_TARGET",
        "visionOS": "XROS_DEPLOYMENT_TARGET",
    ]

    /// Each target's oldest systems by its object ID; a target is left out where any platform it builds for has no
    /// readable value (a setting left to an `.xcconfig` that cannot be read, or naming another setting).
    /// `platforms`: the platforms each target builds for, where its settings say (`TargetConditions`).
    static func read(
        targets: [(id: String, name: String)], project: [String: PropertyListValue],
        objects: [String: [String: PropertyListValue]], settings: BuildConfigurations,
        platforms: [String: Set<String>]
    ) -> [String: [String: OSVersion]] {
        let projectRelease = settings.release(project["buildConfigurationList"]?.string)
        var found: [String: [String: OSVersion]] = [:]
        for (id, _) in targets {
            guard let target = objects[id] else { continue }
            let list = target["buildConfigurationList"]?.string
            guard let release = settings.release(list) ?? settings.configurations(list).first else { continue }
            let levels = [release, projectRelease].compactMap { $0 }
            func value(_ setting: String) -> String? {
                for level in levels {
                    if let text = level.settings[setting]?.string { return text }
                    // Left to a file that could not be read: what it sets is unknown.
                    if level.fromFile { return nil }
                }
                return nil
            }
            // Where the platforms are not said, every platform a setting names.
            let wanted =
                platforms[id].map { Array($0) }
                ?? Self.settings.filter { _, setting in levels.contains { $0.settings[setting] != nil } }.map(\.key)
            var systems: [String: OSVersion] = [:]
            for platform in wanted {
                guard let setting = Self.settings[platform], let version = value(setting).flatMap(OSVersion.init)
                else {
                    systems = [:]
                    break
                }
                systems[platform] = version
            }
            if !systems.isEmpty { found[id] = systems }
        }
        return found
    }
}
