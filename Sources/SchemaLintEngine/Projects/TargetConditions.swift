import Foundation
import SchemaLintFacts
import SchemaLintRules
import SchemaLintSyntax

/// The compilation conditions a target's Release configuration sets: `SWIFT_ACTIVE_COMPILATION_CONDITIONS` (names
/// separated by spaces) and `-D NAME` / `-DNAME` in `OTHER_SWIFT_FLAGS`, from the target's settings and, through
/// `$(inherited)` or when the target sets neither, the project's. An `.xcconfig` a configuration is based on may set
/// them where the settings read leave them to it: not read, so names not found stay unknown (`complete` false), as
/// when the target has no Release configuration or a value names another setting (`$(MY_FLAGS)`).
enum TargetConditions {
    static let settings = ["SWIFT_ACTIVE_COMPILATION_CONDITIONS", "OTHER_SWIFT_FLAGS"]

    /// Each target's conditions, by its object ID. `project`: the PBXProject object.
    static func read(
        targets: [(id: String, name: String)], project: [String: PropertyListValue],
        objects: [String: [String: PropertyListValue]], settings: BuildConfigurations
    ) -> [String: CompilationConditions] {
        let projectRelease = settings.release(project["buildConfigurationList"]?.string)
        var found: [String: CompilationConditions] = [:]
        for (id, _) in targets {
            guard let target = objects[id] else { continue }
            let release = settings.release(target["buildConfigurationList"]?.string)
            found[id] = conditions(release, projectLevel: projectRelease)
        }
        return found
    }

    private static func conditions(
        _ release: TargetEntitlements.Configuration?, projectLevel: TargetEntitlements.Configuration?
    ) -> CompilationConditions {
        guard let release else { return .unknown }
        var read = CompilationConditions(complete: true)
        for setting in settings {
            // From the target's settings down: each level's value, until one does not say `$(inherited)`.
            var inherits = true
            // A per-platform value not taking the plain one in (`[sdk=macosx*]`): what the plain one and the levels
            // below set, some platforms' builds do not.
            var somePlatforms = false
            for level in [release, projectLevel] {
                guard inherits else { break }
                guard let level else {
                    // No project-level Release configuration: nothing below the target's to inherit.
                    break
                }
                inherits = names(setting, in: level, into: &read, somePlatforms: &somePlatforms)
                // What the level's `.xcconfig` sets is what `$(inherited)` (or leaving the setting out) takes.
                if inherits, level.fromFile {
                    read.complete = false
                    inherits = false
                }
            }
        }
        read.some.subtract(read.set)
        read.platforms = platforms(release, projectLevel: projectLevel)
        return read
    }

    /// The platforms a target builds for: its `SUPPORTED_PLATFORMS` (`iphoneos iphonesimulator macosx`), else its
    /// `SDKROOT`'s, the target's setting or the project's. Nil where neither says (`auto` alone, a setting named,
    /// none given).
    private static func platforms(
        _ release: TargetEntitlements.Configuration, projectLevel: TargetEntitlements.Configuration?
    ) -> Set<String>? {
        for setting in ["SUPPORTED_PLATFORMS", "SDKROOT"] {
            guard let value = release.settings[setting] ?? projectLevel?.settings[setting] else { continue }
            guard let names = words(value), !names.contains(where: { $0.contains("$") }) else { return nil }
            return CompilationConditions.platforms(ofSDKs: names)
        }
        return nil
    }

    /// Adds the names one level's setting (and its per-platform forms) sets; returns whether the level below counts
    /// too (the setting absent, or `$(inherited)` in it).
    private static func names(
        _ setting: String, in level: TargetEntitlements.Configuration, into read: inout CompilationConditions,
        somePlatforms: inout Bool
    ) -> Bool {
        let inherited = { (words: [String]) in words.contains("$(inherited)") || words.contains("${inherited}") }
        var inherits = true
        var plainNames: [String] = []
        // `SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphoneos*]`: one platform's build only (sorted: plain first).
        for key in level.settings.keys.sorted() where key == setting || key.hasPrefix(setting + "[") {
            guard let words = words(level.settings[key]) else {
                read.complete = false
                continue
            }
            let plain = key == setting
            if plain {
                inherits = inherited(words)
            } else if !inherited(words) {
                somePlatforms = true
            }
            var listed = words.filter { $0 != "$(inherited)" && $0 != "${inherited}" }
            if listed.contains(where: { $0.contains("$") }) {
                read.complete = false
                listed.removeAll { $0.contains("$") }
            }
            let defined = setting == "OTHER_SWIFT_FLAGS" ? CompilationConditions.defines(inFlags: listed) : listed
            if plain { plainNames = defined } else { read.some.formUnion(defined) }
        }
        if somePlatforms { read.some.formUnion(plainNames) } else { read.set.formUnion(plainNames) }
        return inherits
    }

    /// A setting's words: a string split at spaces, or an array's strings.
    private static func words(_ value: PropertyListValue?) -> [String]? {
        if let string = value?.string {
            return string.split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            }.filter { !$0.isEmpty }
        }
        return value?.array?.compactMap(\.string)
    }
}
