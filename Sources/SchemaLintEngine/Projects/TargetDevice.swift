import SchemaLintFacts
import SchemaLintRules

/// The device a target's build runs on, by its `SDKROOT`: a watch app's stores (an App Group's too) are on the
/// watch, never the same files as the phone app's, even under the same group identifier or name.
enum TargetDevice {
    /// The device of each target, by its object ID: nil for the phone (`iphoneos`, or no `SDKROOT` said), else
    /// `watchOS`, `tvOS`, `visionOS` or `macOS`. The Release configuration's value, else the project's.
    static func read(
        targets: [(id: String, name: String)], project: [String: PropertyListValue],
        objects: [String: [String: PropertyListValue]], settings: BuildConfigurations
    ) -> [String: String] {
        let projectRelease = settings.release(project["buildConfigurationList"]?.string)
        var found: [String: String] = [:]
        for (id, _) in targets {
            guard let target = objects[id] else { continue }
            let list = target["buildConfigurationList"]?.string
            let release = settings.release(list) ?? settings.configurations(list).first
            let sdk = release?.settings["SDKROOT"]?.string ?? projectRelease?.settings["SDKROOT"]?.string
            if let device = sdk.flatMap(device(of:)) { found[id] = device }
        }
        return found
    }

    /// XcodeGen's `platform:` (`iOS`, `macOS`, `watchOS`...): nil for the phone.
    static func device(ofPlatform platform: String) -> String? {
        switch platform.lowercased() {
        case "macos": return "macOS"
        case "watchos": return "watchOS"
        case "tvos": return "tvOS"
        case "visionos": return "visionOS"
        default: return nil
        }
    }

    static func device(of sdk: String) -> String? {
        let name = sdk.lowercased()
        if name.hasPrefix("watch") { return "watchOS" }
        if name.hasPrefix("appletv") { return "tvOS" }
        if name.hasPrefix("xr") { return "visionOS" }
        if name.hasPrefix("macosx") { return "macOS" }
        return nil
    }
}
