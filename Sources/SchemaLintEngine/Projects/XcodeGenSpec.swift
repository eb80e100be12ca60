import Foundation
import SchemaLintFacts
import SchemaLintModel
import Yams

/// An XcodeGen spec (`project.yml`) where the `.xcodeproj` it generates is not committed: its targets read as a
/// project's, so their kinds, devices and entitlements decide where their stores are, as `XcodeProject` does for a
/// project file. Each target compiles every file under the folders its `sources` name (less its `excludes`); its
/// entitlements are the `properties` the spec writes into the file, else the file `entitlements: path` or
/// `CODE_SIGN_ENTITLEMENTS` names; its device is its `platform`.
///
/// What is not read (a spec `include`d from another file, target templates, a target built for several platforms)
/// leaves that target's facts unknown, never guessed, and is said in `entitlementNotes`.
enum XcodeGenSpec {
    static let fileName = "project.yml"

    static func read(_ path: String) -> Result<XcodeProject, XcodeProject.Failure> {
        let text: String
        switch RegularFile.text(path) {
        case let .success(read): text = read
        case let .failure(failure): return .failure(XcodeProject.Failure(description: "cannot be read (\(failure))"))
        }
        guard let spec = (try? Yams.load(yaml: text)) as? [String: Any] else {
            return .failure(XcodeProject.Failure(description: "is not an XcodeGen spec schemalint can read"))
        }
        let root = (path as NSString).deletingLastPathComponent
        let definitions = spec["targets"] as? [String: Any] ?? [:]
        var targets: [XcodeProject.Target] = []
        var folders: [String: XcodeProject.SynchronizedFolder] = [:]
        var notes: [TargetEntitlements.Note] = []
        for name in definitions.keys.sorted() {
            guard let definition = definitions[name] as? [String: Any] else { continue }
            var target = XcodeProject.Target(
                name: name, kind: kind(definition["type"] as? String), files: [], folders: [])
            for (source, excluded) in sources(definition["sources"]) {
                let folder = SourceDiscovery.normalise(Paths.absolute(source, in: root))
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
                    target.files.insert(folder)
                    continue
                }
                target.folders.append(folder)
                var known = folders[folder] ?? XcodeProject.SynchronizedFolder(path: folder, exceptions: [:])
                if !excluded.isEmpty { known.exceptions[name, default: []].formUnion(excluded) }
                folders[folder] = known
            }
            if let platform = definition["platform"] as? String {
                target.device = TargetDevice.device(ofPlatform: platform)
            } else if definition["platform"] != nil || definition["supportedDestinations"] != nil {
                notes.append(
                    TargetEntitlements.Note(
                        target: name, reason: "it builds for several platforms, which schemalint does not tell apart"))
            }
            target.entitlements = entitlements(of: name, definition, root: root, notes: &notes)
            target.dependencies = dependencies(definition["dependencies"], key: "target")
            target.packageProducts = dependencies(definition["dependencies"], key: "package", product: true)
            targets.append(target)
        }
        if spec["include"] != nil || spec["targetTemplates"] != nil {
            notes.append(
                TargetEntitlements.Note(
                    target: "every target", file: path,
                    reason: "the spec includes other files or templates, which schemalint does not read"))
        }
        var project = XcodeProject(
            path: path, targets: targets, folders: folders.keys.sorted().compactMap { folders[$0] })
        project.entitlementNotes = notes
        return .success(project)
    }

    /// `application`, `app-extension`, `bundle.unit-test`...: the kind XcodeGen's type names.
    private static func kind(_ type: String?) -> ProjectTargetKind {
        let type = type ?? ""
        if type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing") { return .test }
        if type.contains("extension") { return .appExtension }
        if type.hasPrefix("framework") || type.hasPrefix("library") { return .library }
        return .app
    }

    /// `sources: Shared`, `[App, Shared]`, `- path: Shared` with `excludes:`: each folder (or file), relative to the
    /// spec, with the paths under it left out.
    private static func sources(_ value: Any?) -> [(String, Set<String>)] {
        if let single = value as? String { return [(single, [])] }
        return (value as? [Any] ?? []).compactMap { item in
            if let path = item as? String { return (path, []) }
            guard let entry = item as? [String: Any], let path = entry["path"] as? String else { return nil }
            return (path, Set(entry["excludes"] as? [String] ?? []))
        }
    }

    /// `dependencies: [{target: Widget}, {package: Kit, product: KitCore}]`: the names under `key`.
    private static func dependencies(_ value: Any?, key: String, product: Bool = false) -> [String] {
        (value as? [Any] ?? []).compactMap { item in
            guard let entry = item as? [String: Any], let name = entry[key] as? String else { return nil }
            return product ? (entry["product"] as? String ?? name) : name
        }
    }

    /// The spec's `entitlements.properties` (written into the file when the project is generated), else the file
    /// `entitlements.path` or `CODE_SIGN_ENTITLEMENTS` names in `settings` (or their `base`), else what the shipping
    /// configurations of `settings.configs` name (hauptgang names one file for Debug and one for Release): `Release`,
    /// else those not named for debugging, else all, as for a project file (`TargetEntitlements.Reading`). None
    /// named: none. Configurations naming different App Groups: which one holds the store cannot be told.
    private static func entitlements(
        of target: String, _ definition: [String: Any], root: String, notes: inout [TargetEntitlements.Note]
    ) -> TargetEntitlements {
        let declared = definition["entitlements"] as? [String: Any]
        if let properties = declared?["properties"] as? [String: Any] {
            return TargetEntitlements.facts(of: properties, file: nil)
        }
        let named = declared?["path"].flatMap { $0 as? String }
        let paths: [String?] = named.map { [$0] } ?? entitlementSettings(definition)
        var found: [TargetEntitlements] = []
        for path in paths {
            guard let path else {
                found.append(TargetEntitlements(appGroup: .absent, cloudKit: .absent))
                continue
            }
            switch TargetEntitlements.read(file: Paths.absolute(path, in: root), target: target) {
            case let .success(read): found.append(read)
            case let .failure(note):
                notes.append(note)
                return .unknown
            }
        }
        guard let first = found.first else { return TargetEntitlements(appGroup: .absent, cloudKit: .absent) }
        guard found.count > 1 else { return first }
        var combined = TargetEntitlements(
            appGroup: Set(found.map { "\($0.appGroup)" }).count == 1 ? first.appGroup : .unknown,
            cloudKit: Set(found.map { "\($0.cloudKit)" }).count == 1 ? first.cloudKit : .unknown)
        combined.appGroupIsOnly = combined.appGroup != .unknown && found.allSatisfy(\.appGroupIsOnly)
        if combined.appGroup == .unknown, found.allSatisfy({ $0.appGroup != .unknown }) {
            combined.appGroupsDiffer = true
            notes.append(
                TargetEntitlements.Note(
                    target: target, reason: "its shipping configurations' entitlements name different App Groups"))
        }
        return combined
    }

    /// The `CODE_SIGN_ENTITLEMENTS` of a target's `settings` (or their `base`), else of each shipping configuration
    /// in `settings.configs` (nil for one naming none); none named anywhere: empty.
    private static func entitlementSettings(_ definition: [String: Any]) -> [String?] {
        let settings = definition["settings"] as? [String: Any]
        let base = settings?["base"] as? [String: Any] ?? settings
        if let path = base?["CODE_SIGN_ENTITLEMENTS"] as? String { return [path] }
        let configs = settings?["configs"] as? [String: Any] ?? [:]
        let names = configs.keys.sorted()
        let shipping = names.filter { !$0.lowercased().contains("debug") }
        let release = names.filter { $0.lowercased() == "release" }
        let deciding = !release.isEmpty ? release : shipping.isEmpty ? names : shipping
        let paths = deciding.map { (configs[$0] as? [String: Any])?["CODE_SIGN_ENTITLEMENTS"] as? String }
        return paths.allSatisfy { $0 == nil } ? [] : paths
    }
}
