import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Reading a target's entitlements from its project and files (the facts are `TargetEntitlements`).
extension TargetEntitlements {
    /// What one entitlements file says.
    private struct FileFacts: Equatable {
        var appGroup: Fact
        var cloudKit: Fact
        /// Whether `appGroup` is the only App Group the file names.
        var onlyGroup = false
    }

    /// Reads the entitlements of every target of a project (`objects`, the PBXProject `project`), by object ID (two
    /// targets may share a name), with the files they name read once each. `base`: the folder `$(SRCROOT)` is, where
    /// relative paths start.
    static func read(
        targets: [(id: String, name: String)], project: [String: PropertyListValue],
        objects: [String: [String: PropertyListValue]], settings: BuildConfigurations, base: String
    ) -> (entitlements: [String: TargetEntitlements], notes: [Note]) {
        var files: [String: Result<FileFacts, Note>] = [:]
        var notes: [Note] = []
        var found: [String: TargetEntitlements] = [:]
        let projectConfigurations = settings.configurations(project["buildConfigurationList"]?.string)
        for (id, name) in targets {
            guard let target = objects[id] else { continue }
            var reader = Reader(
                target: name, base: base, projectConfigurations: projectConfigurations, files: files)
            found[id] = reader.entitlements(
                of: settings.configurations(target["buildConfigurationList"]?.string), notes: &notes)
            files = reader.files
        }
        return (found, notes)
    }

    /// A build configuration's name, its settings (with what its `.xcconfig` sets, see `BuildConfigurations`), and
    /// whether an `.xcconfig` file that could not be read may set more.
    struct Configuration {
        var name: String
        var settings: [String: PropertyListValue]
        var fromFile: Bool
        /// The `.xcconfig` that could not be read, and why.
        var unreadFile: XcconfigFile.Failure?
    }

    private struct Reader {
        let target: String
        let base: String
        let projectConfigurations: [Configuration]
        var files: [String: Result<FileFacts, Note>]

        mutating func entitlements(of configurations: [Configuration], notes: inout [Note]) -> TargetEntitlements {
            guard !configurations.isEmpty else { return .unknown }
            let names = configurations.map(\.name)
            // What users' devices run: the Release configuration, as for compilation conditions and devices
            // (`TargetConditions`); without one, the configurations not named for debugging, when there are some.
            let shipping = names.filter { !$0.lowercased().contains("debug") }
            let deciding = names.contains("Release") ? ["Release"] : shipping.isEmpty ? names : shipping
            var facts: [String: FileFacts] = [:]
            var paths: [String: Set<String>] = [:]
            var groupsDiffer = false
            for configuration in configurations where deciding.contains(configuration.name) {
                var said: [FileFacts] = []
                var unknown = false
                for value in values(configuration) {
                    switch value {
                    case let .failure(note):
                        if !notes.contains(note) { notes.append(note) }
                        unknown = true
                    case let .success(path?):
                        paths[configuration.name, default: []].insert(path)
                        switch read(path) {
                        case let .success(read): said.append(expanded(read, in: configuration))
                        case let .failure(note):
                            if !notes.contains(note) { notes.append(note) }
                            unknown = true
                        }
                    case .success(nil):
                        said.append(FileFacts(appGroup: .absent, cloudKit: .absent))
                    }
                }
                let unknownFacts = FileFacts(appGroup: .unknown, cloudKit: .unknown)
                if unknown || said.isEmpty {
                    facts[configuration.name] = unknownFacts
                } else {
                    // Several platforms' entitlements (`CODE_SIGN_ENTITLEMENTS[sdk=macosx*]`): what they all say.
                    let groups = Set(said.map { "\($0.appGroup)" })
                    let clouds = Set(said.map { "\($0.cloudKit)" })
                    if groups.count > 1 { groupsDiffer = true }
                    facts[configuration.name] = FileFacts(
                        appGroup: groups.count == 1 ? said[0].appGroup : .unknown,
                        cloudKit: clouds.count == 1 ? said[0].cloudKit : .unknown,
                        onlyGroup: groups.count == 1 && said.allSatisfy(\.onlyGroup))
                }
            }
            var result = TargetEntitlements()
            let groups = deciding.compactMap { facts[$0]?.appGroup }
            if Set(groups.map { "\($0)" }).count == 1 {
                result.appGroup = groups[0]
                result.appGroupIsOnly = deciding.allSatisfy { facts[$0]?.onlyGroup == true }
            } else if !groups.isEmpty {
                notes.append(
                    Note(
                        target: target, file: nil,
                        reason: "its \(deciding.joined(separator: ", ")) entitlements name different App Groups"))
                result.appGroup = .unknown
                groupsDiffer = true
            }
            let clouds = deciding.compactMap { facts[$0]?.cloudKit }
            if Set(clouds.map { "\($0)" }).count == 1 {
                result.cloudKit = clouds[0]
            } else if !clouds.isEmpty {
                result.cloudKit = .unknown
            }
            let used = Set(deciding.compactMap { paths[$0] }.joined())
            if used.count == 1 { result.file = used.first }
            result.appGroupsDiffer = groupsDiffer && result.appGroup == .unknown
            return result
        }

        /// The entitlements paths a configuration names (absolute; nil where it names none), or why one cannot be told.
        private func values(_ configuration: Configuration) -> [Result<String?, Note>] {
            var own = Self.entitlementSettings(configuration.settings)
            let projectLevel = projectConfigurations.first { $0.name == configuration.name }
            var settings = configuration.settings
            if own.isEmpty {
                // An `.xcconfig` that could not be read may name them: not known (unless CocoaPods writes it).
                if configuration.fromFile, !Self.isCocoaPods(configuration) { return [.failure(unread(configuration))] }
                if let projectLevel {
                    own = Self.entitlementSettings(projectLevel.settings)
                    settings = projectLevel.settings
                    if own.isEmpty, projectLevel.fromFile, !Self.isCocoaPods(projectLevel) {
                        return [.failure(unread(projectLevel))]
                    }
                }
            }
            guard !own.isEmpty else { return [.success(nil)] }
            return own.map { written in
                guard !written.isEmpty else { return .success(nil) }
                guard let path = expand(written, settings: settings, fallback: projectLevel?.settings ?? [:]) else {
                    return .failure(
                        Note(
                            target: target, file: nil,
                            reason: "its CODE_SIGN_ENTITLEMENTS (\(written)) uses a build setting schemalint does "
                                + "not read"))
                }
                return .success(XcodeProject.join(base, path))
            }
        }

        /// An App Group or container identifier written with build settings (`group.$(BUNDLE_ID_PREFIX).App`, as Xcode
        /// expands entitlements) with the configuration's values put in; left as written when one is not known.
        private func expanded(_ facts: FileFacts, in configuration: Configuration) -> FileFacts {
            let fallback = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
            func expand(_ fact: Fact) -> Fact {
                guard case let .present(written) = fact, written.contains("$") else { return fact }
                return .present(self.expand(written, settings: configuration.settings, fallback: fallback) ?? written)
            }
            return FileFacts(
                appGroup: expand(facts.appGroup), cloudKit: expand(facts.cloudKit), onlyGroup: facts.onlyGroup)
        }

        /// A configuration based on the `.xcconfig` CocoaPods generates (`Pods/Target Support Files/Pods-App/
        /// Pods-App.release.xcconfig`, not committed where `pod install` makes it): it sets search paths and flags,
        /// never entitlements, so its absence hides none.
        private static func isCocoaPods(_ configuration: Configuration) -> Bool {
            guard let path = configuration.unreadFile?.path else { return false }
            return path.contains("/Pods/Target Support Files/")
                && (path as NSString).lastPathComponent.hasPrefix("Pods-")
        }

        private func unread(_ configuration: Configuration) -> Note {
            guard let file = configuration.unreadFile else {
                return Note(
                    target: target, file: nil,
                    reason: "its \(configuration.name) configuration is based on an .xcconfig file that cannot be "
                        + "found")
            }
            return Note(
                target: target, file: file.path,
                reason: "(its \(configuration.name) configuration's .xcconfig) \(file.reason)")
        }

        /// `CODE_SIGN_ENTITLEMENTS` and its conditional forms (`CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]`).
        private static func entitlementSettings(_ settings: [String: PropertyListValue]) -> [String] {
            settings.keys.sorted().filter { $0 == "CODE_SIGN_ENTITLEMENTS" || $0.hasPrefix("CODE_SIGN_ENTITLEMENTS[") }
                .compactMap { settings[$0]?.string }
        }

        /// The path with `$(SRCROOT)`, `$(PROJECT_DIR)`, `$(TARGET_NAME)` and the configuration's own settings put
        /// in; nil when it names another.
        private func expand(
            _ written: String, settings: [String: PropertyListValue], fallback: [String: PropertyListValue],
            depth: Int = 0
        ) -> String? {
            guard depth < 4 else { return nil }
            var result = ""
            var rest = Substring(written)
            // The first `$(` or `${`, whichever comes first.
            while let start = [rest.range(of: "$("), rest.range(of: "${")].compactMap({ $0 })
                .min(by: { $0.lowerBound < $1.lowerBound })
            {
                let close: Character = rest[start].hasSuffix("(") ? ")" : "}"
                guard let end = rest[start.upperBound...].firstIndex(of: close) else { return nil }
                result += rest[..<start.lowerBound]
                let name = String(rest[start.upperBound..<end])
                switch name {
                case "SRCROOT", "PROJECT_DIR", "SOURCE_ROOT": result += base
                case "TARGET_NAME": result += target
                default:
                    // `$(CFBundleIdentifier)` in an entitlements file is the bundle's identifier, the build setting
                    // `PRODUCT_BUNDLE_IDENTIFIER` (Simplenote's `group.$(CFBundleIdentifier)`).
                    let setting = name == "CFBundleIdentifier" && settings[name] == nil && fallback[name] == nil
                        ? "PRODUCT_BUNDLE_IDENTIFIER" : name
                    guard let value = settings[setting]?.string ?? fallback[setting]?.string,
                        let expanded = expand(value, settings: settings, fallback: fallback, depth: depth + 1)
                    else { return nil }
                    result += expanded
                }
                rest = rest[rest.index(after: end)...]
            }
            result += rest
            return result.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }

        private mutating func read(_ path: String) -> Result<FileFacts, Note> {
            if let known = files[path] { return known }
            // Named with another case than the folder has (the Mac finds it): read where it is.
            let read = Self.facts(of: CaseInsensitivePath.resolve(path) ?? path, target: target)
            files[path] = read
            return read
        }

        fileprivate static func facts(of path: String, target: String) -> Result<FileFacts, Note> {
            let bytes: [UInt8]
            switch RegularFile.bytes(path, limit: 1 << 20) {
            case let .success(read): bytes = read
            case let .failure(failure):
                return .failure(Note(target: target, file: path, reason: "cannot be read (\(failure))"))
            }
            guard
                let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
                let root = plist as? [String: Any]
            else {
                return .failure(
                    Note(target: target, file: path, reason: "is not a property list schemalint can read"))
            }
            return .success(facts(of: root))
        }

        /// What the keys of an entitlements property list say.
        static func facts(of root: [String: Any]) -> FileFacts {
            let strings = { (key: String) -> [String] in
                if let single = root[key] as? String { return [single] }
                return (root[key] as? [Any])?.compactMap { $0 as? String } ?? []
            }
            let groups = strings("com.apple.security.application-groups")
            let services = strings("com.apple.developer.icloud-services")
            let containers = strings("com.apple.developer.icloud-container-identifiers")
            return FileFacts(
                appGroup: groups.first.map { .present($0) } ?? .absent,
                cloudKit: services.contains("CloudKit")
                    ? containers.first.map { .present($0) } ?? .absent
                    : .absent,
                onlyGroup: groups.count == 1)
        }
    }

    /// The entitlements one file says (XcodeGen's `entitlements: path`), or why they cannot be told.
    static func read(file path: String, target: String) -> Result<TargetEntitlements, Note> {
        Reader.facts(of: path, target: target).map { facts in
            var read = TargetEntitlements(appGroup: facts.appGroup, cloudKit: facts.cloudKit, file: path)
            read.appGroupIsOnly = facts.onlyGroup
            return read
        }
    }

    /// The entitlements written as keys and values (XcodeGen's `entitlements: properties:`).
    static func facts(of properties: [String: Any], file: String?) -> TargetEntitlements {
        let facts = Reader.facts(of: properties)
        var read = TargetEntitlements(appGroup: facts.appGroup, cloudKit: facts.cloudKit, file: file)
        read.appGroupIsOnly = facts.onlyGroup
        return read
    }
}
