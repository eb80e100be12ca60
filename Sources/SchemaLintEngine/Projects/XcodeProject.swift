import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// What an `.xcodeproj` compiles: its targets, each with its kind and the Swift files its Sources phase builds, read
/// from `project.pbxproj` (`PropertyListValue` reads the old-style format Xcode writes).
///
/// Classic projects list each file (`PBXSourcesBuildPhase` → `PBXBuildFile` → `PBXFileReference`, whose path is
/// resolved through its groups). Xcode 16 synchronized folders (`PBXFileSystemSynchronizedRootGroup`) compile every
/// file below the folder for the targets that name it; an exception set flips a listed file's membership for its
/// target (a file left out of the app, or one folder file added to the widget as well).
struct XcodeProject {
    typealias TargetKind = ProjectTargetKind

    struct Target: Sendable {
        var name: String
        var kind: TargetKind
        /// Absolute, standardized paths the Sources phase lists.
        var files: Set<String>
        /// Core Data model bundles the Copy Bundle Resources phase lists: Xcode compiles a model there too
        /// (woocommerce-ios shipped its model that way for 89 releases).
        var resources: Set<String> = []
        /// Synchronized folders the target names, absolute.
        var folders: [String]
        /// Its App Group and CloudKit container, as its entitlements file says (`TargetEntitlements`).
        var entitlements: TargetEntitlements = .unknown
        /// The compilation conditions its Release configuration sets (`TargetConditions`).
        var conditions: CompilationConditions = .unknown
        /// The device it builds for when not the phone (`TargetDevice`): `watchOS`, `macOS`...
        var device: String?
        /// The oldest system it runs on, per platform it builds for (`TargetDeployment`); nil where not read.
        var oldestSystems: [String: OSVersion]?
        /// The Swift package products it links (`packageProductDependencies`), by name: their code runs in it.
        var packageProducts: [String] = []
        /// The targets it depends on (`dependencies`) or links or embeds the product of (a Frameworks or Copy Files
        /// phase), by name, in this project or another one it references: a framework's code runs in the targets
        /// that do (`ProjectMembership.hosts(of:)`).
        var dependencies: [String] = []
    }

    /// A synchronized folder and, per target name, the relative paths whose membership is flipped for it.
    struct SynchronizedFolder: Sendable {
        var path: String
        var exceptions: [String: Set<String>]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    var path: String
    var targets: [Target]
    var folders: [SynchronizedFolder]
    /// Names of the files targets list through an absolute path that exists neither here nor by its tail under the
    /// project's folder (a path on the author's Mac): such a file may be one of this checkout's, so a file of that
    /// name no target lists is not known to be left out.
    var unresolvedNames: Set<String> = []
    /// The folders of the local Swift packages it references (`XCLocalSwiftPackageReference`), absolute.
    var localPackages: [String] = []
    /// Why some targets' entitlements cannot be told, for `check --verbose`.
    var entitlementNotes: [TargetEntitlements.Note] = []
    /// The targets listing each file in a build phase, by index: asked for every file of a run, so one lookup each.
    private var listing: [String: [Int]] = [:]
    /// `listing` by lowercased path: a Mac's volume matches names without regard to case, so a project naming
    /// `Merian/App.swift` compiles `merian/App.swift` there (merian's project).
    private var caseless: [String: [Int]] = [:]

    init(path: String, targets: [Target], folders: [SynchronizedFolder]) {
        self.path = path
        self.targets = targets
        self.folders = folders
        for (index, target) in targets.enumerated() {
            for file in target.files.union(target.resources) {
                listing[file, default: []].append(index)
                caseless[file.lowercased(), default: []].append(index)
            }
        }
    }

    /// The targets that compile `file` (absolute, standardized); a name that differs only in case is the same file,
    /// as on a Mac.
    func targets(compiling file: String) -> [Target] {
        let listed = listing[file] ?? caseless[file.lowercased()] ?? []
        if folders.isEmpty { return listed.map { targets[$0] } }
        let lowered = file.lowercased()
        return targets.indices.filter { index in
            let target = targets[index]
            if listed.contains(index) { return true }
            var member = false
            for folder in folders
            where file.hasPrefix(folder.path + "/") || lowered.hasPrefix(folder.path.lowercased() + "/") {
                let relative = String(file.dropFirst(folder.path.count + 1))
                let named = target.folders.contains(folder.path)
                let flipped = (folder.exceptions[target.name] ?? []).contains { exception in
                    relative == exception || relative.hasPrefix(exception + "/")
                }
                if named != flipped { member = true }
            }
            return member
        }.map { targets[$0] }
    }

    /// Reads `<name>.xcodeproj/project.pbxproj`; throws with a reason a person can act on.
    static func read(_ pbxproj: String) throws -> XcodeProject {
        try read(bytes(of: pbxproj), path: pbxproj)
    }

    /// The project read, or nil when `onlyListing` names files its bytes cannot list (`ProjectFileMentions`): such a
    /// project cannot compile them, and is not parsed.
    static func read(
        _ pbxproj: String, onlyListing names: Set<String>?
    ) -> Result<XcodeProject, XcodeProject.Failure>? {
        do {
            let bytes = try bytes(of: pbxproj)
            if let names, !ProjectFileMentions.mayList(names, in: bytes) { return nil }
            return .success(try read(bytes, path: pbxproj))
        } catch let failure as XcodeProject.Failure {
            return .failure(failure)
        } catch {
            return .failure(XcodeProject.Failure(description: "cannot be read"))
        }
    }

    static func bytes(of pbxproj: String) throws -> [UInt8] {
        // Straight into an array: a large app's project file is megabytes, and `Data` would be copied again.
        switch RegularFile.bytes(pbxproj) {
        case let .success(bytes): return bytes
        case let .failure(failure): throw Failure(description: "cannot be read (\(failure))")
        }
    }

    /// `bytes`: the file at `pbxproj` (`bytes(of:)`).
    static func read(_ bytes: [UInt8], path pbxproj: String) throws -> XcodeProject {
        if Self.holdsConflictMarker(bytes) {
            throw Failure(description: "has git conflict markers")
        }
        let plist: PropertyListValue
        do {
            plist = try PropertyListValue.read(bytes)
        } catch {
            throw Failure(description: "is not a property list schemalint can read")
        }
        guard let root = plist.dictionary, let objects = root["objects"]?.dictionary?.compactMapValues(\.dictionary),
            let rootID = root["rootObject"]?.string, let project = objects[rootID],
            project["isa"]?.string == "PBXProject"
        else {
            throw Failure(description: "has no PBXProject object (a format schemalint does not know)")
        }
        let projectFolder = ((pbxproj as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        var base = projectFolder
        if let dir = project["projectDirPath"]?.string, !dir.isEmpty { base = Self.join(base, dir) }
        let resolver = PathResolver(objects: objects, projectRoot: base)
        if let group = resolver.groupInCycle() {
            // Paths under a cycle resolve to nowhere: every file would read as compiled by no target.
            throw Failure(description: "is damaged: its groups contain each other (group \(group))")
        }
        var folders: [String: SynchronizedFolder] = [:]
        var targetNames: [String: String] = [:]
        for id in project["targets"]?.strings ?? [] {
            if let name = objects[id]?["name"]?.string { targetNames[id] = name }
        }
        var targets: [Target] = []
        var targetIDs: [(id: String, name: String)] = []
        var productTargets: [String: String] = [:]
        for (id, name) in targetNames {
            if let product = objects[id]?["productReference"]?.string { productTargets[product] = name }
        }
        for id in project["targets"]?.strings ?? [] {
            guard let object = objects[id], let name = object["name"]?.string else { continue }
            targetIDs.append((id, name))
            var files = Set<String>()
            var resources = Set<String>()
            // A target of this project, or of another one through its proxy (`remoteInfo` names the target there).
            let remote = { (proxy: String?) in proxy.flatMap { objects[$0]?["remoteInfo"]?.string } }
            var dependencies = (object["dependencies"]?.strings ?? []).compactMap { dependency in
                objects[dependency]?["target"]?.string.flatMap { targetNames[$0] }
                    ?? remote(objects[dependency]?["targetProxy"]?.string)
            }
            for phaseID in object["buildPhases"]?.strings ?? [] {
                guard let phase = objects[phaseID], let isa = phase["isa"]?.string else { continue }
                if isa == "PBXFrameworksBuildPhase" || isa == "PBXCopyFilesBuildPhase" {
                    // Linked or embedded without a listed dependency: Xcode finds it implicitly.
                    for buildFileID in phase["files"]?.strings ?? [] {
                        guard let reference = objects[buildFileID]?["fileRef"]?.string,
                            let product = productTargets[reference] ?? remote(objects[reference]?["remoteRef"]?.string),
                            !dependencies.contains(product)
                        else { continue }
                        dependencies.append(product)
                    }
                }
                guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.strings ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"]?.string,
                        let path = resolver.path(of: reference)
                    else { continue }
                    if isa == "PBXSourcesBuildPhase" {
                        files.insert(path)
                    } else if path.hasSuffix(".xcdatamodeld") || path.hasSuffix(".xcdatamodel") {
                        resources.insert(path)
                    }
                }
            }
            var named: [String] = []
            for groupID in object["fileSystemSynchronizedGroups"]?.strings ?? [] {
                guard let path = resolver.path(of: groupID) else { continue }
                named.append(path)
                if folders[path] == nil {
                    folders[path] = Self.folder(groupID, path: path, objects: objects, targetNames: targetNames)
                }
            }
            var target = Target(
                name: name, kind: Self.kind(object["productType"]?.string), files: files, folders: named)
            target.resources = resources
            target.dependencies = dependencies
            target.packageProducts = (object["packageProductDependencies"]?.strings ?? []).compactMap {
                objects[$0]?["productName"]?.string
            }
            targets.append(target)
        }
        // Only the entitlements files the project names are read.
        // Configurations with what their `.xcconfig` files set, each file read once.
        let settings = BuildConfigurations(objects: objects, path: { resolver.path(of: $0) })
        let (entitlements, notes) = TargetEntitlements.read(
            targets: targetIDs, project: project, objects: objects, settings: settings, base: base)
        let conditions = TargetConditions.read(
            targets: targetIDs, project: project, objects: objects, settings: settings)
        let devices = TargetDevice.read(targets: targetIDs, project: project, objects: objects, settings: settings)
        let systems = TargetDeployment.read(
            targets: targetIDs, project: project, objects: objects, settings: settings,
            platforms: conditions.compactMapValues(\.platforms))
        // By object: two targets of one name (Xcode's watch template names its container target as the iOS app) are
        // each their own.
        for (index, (id, _)) in zip(targets.indices, targetIDs) {
            targets[index].device = devices[id]
            targets[index].entitlements = entitlements[id] ?? .unknown
            targets[index].conditions = conditions[id] ?? .unknown
            targets[index].oldestSystems = systems[id]
        }
        // A synchronized folder no target names can still add files to one through its exceptions.
        for (id, object) in objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let path = resolver.path(of: id), folders[path] == nil else { continue }
            folders[path] = Self.folder(id, path: path, objects: objects, targetNames: targetNames)
        }
        var read = XcodeProject(
            path: pbxproj, targets: targets, folders: folders.values.sorted { $0.path < $1.path })
        read.entitlementNotes = notes
        // Packages in the repository the project builds with (`relativePath` from the project's folder).
        for object in objects.values where object["isa"]?.string == "XCLocalSwiftPackageReference" {
            guard let relative = object["relativePath"]?.string, !relative.isEmpty else { continue }
            read.localPackages.append((Self.join(projectFolder, relative) as NSString).standardizingPath)
        }
        read.localPackages.sort()
        if !resolver.unresolved.isEmpty {
            for target in targets {
                for file in target.files.union(target.resources)
                where resolver.unresolved.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) {
                    read.unresolvedNames.insert((file as NSString).lastPathComponent)
                }
            }
        }
        return read
    }

    private static func folder(
        _ id: String, path: String, objects: [String: [String: PropertyListValue]], targetNames: [String: String]
    ) -> SynchronizedFolder {
        var exceptions: [String: Set<String>] = [:]
        for setID in objects[id]?["exceptions"]?.strings ?? [] {
            guard let set = objects[setID], let target = (set["target"]?.string).flatMap({ targetNames[$0] })
            else { continue }
            exceptions[target, default: []].formUnion(set["membershipExceptions"]?.strings ?? [])
        }
        return SynchronizedFolder(path: path, exceptions: exceptions)
    }

    private static func kind(_ productType: String?) -> TargetKind {
        guard let type = productType else { return .other }
        if type.hasPrefix("com.apple.product-type.bundle.unit-test")
            || type.hasPrefix("com.apple.product-type.bundle.ui-testing")
        {
            return .test
        }
        if type.hasPrefix("com.apple.product-type.application") { return .app }
        if type.contains("extension") { return .appExtension }
        if type.contains("framework") || type.contains("library") { return .library }
        return .other
    }

    static func join(_ base: String, _ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        // Most paths need no standardizing; URL's is slow, and a large project joins tens of thousands.
        guard Self.needsStandardizing(joined) else { return joined }
        return URL(fileURLWithPath: joined).standardized.path
    }

    /// Whether a line starts with `<<<<<<<` (looked for with `memchr`: `Data.range(of:)` searches byte by byte).
    static func holdsConflictMarker(_ bytes: [UInt8]) -> Bool {
        let marker = [UInt8]("<<<<<<<".utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var cursor = 0
            while cursor + marker.count <= buffer.count,
                let next = memchr(base + cursor, Int32(marker[0]), buffer.count - cursor)
            {
                let at = UnsafeRawPointer(next) - UnsafeRawPointer(base)
                // Git writes its markers at the start of a line; the same characters inside a quoted value (a build
                // phase's shell script echoing `<<<<<<<<<<`, SideStore) are text.
                if at + marker.count <= buffer.count, at == 0 || buffer[at - 1] == UInt8(ascii: "\n"),
                    memcmp(base + at, marker, marker.count) == 0
                {
                    return true
                }
                cursor = at + 1
            }
            return false
        }
    }

    /// Whether a path holds `/.`, `//` or a trailing `/` (looked for in its bytes: `String.contains` goes through
    /// Foundation's locale-aware search).
    private static func needsStandardizing(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return path.utf8.count > 1 && previous == UInt8(ascii: "/")
    }

    /// Where each file reference or group is on disk, through its parents' paths.
    private final class PathResolver {
        let objects: [String: [String: PropertyListValue]]
        let projectRoot: String
        let parents: [String: String]
        /// Each group's path, resolved once: a project's files share a few hundred groups.
        private var resolved: [String: String?] = [:]
        /// Absolute paths found neither on this machine nor by their tail under the project (`located`).
        private(set) var unresolved: Set<String> = []

        init(objects: [String: [String: PropertyListValue]], projectRoot: String) {
            self.objects = objects
            self.projectRoot = projectRoot
            var parents: [String: String] = [:]
            for (id, object) in objects {
                for child in object["children"]?.strings ?? [] { parents[child] = id }
            }
            self.parents = parents
        }

        /// An absolute path as it is here: itself when it exists, else the longest tail of it that exists under the
        /// project's folder. notes-ios 4.3.0 lists its model as
        /// `/Users/<author>/Code/Nextcloud/notes-ios/Source/CoreData/Notes.xcdatamodeld` (a `<group>` path Xcode
        /// wrote absolute), which is `Source/CoreData/Notes.xcdatamodeld` of any checkout. Neither found: kept, and
        /// remembered in `unresolved`.
        func located(_ absolute: String) -> String {
            let standard = XcodeProject.join("/", absolute)
            if FileManager.default.fileExists(atPath: standard) { return standard }
            let parts = standard.split(separator: "/")
            for start in parts.indices {
                let tail = XcodeProject.join(projectRoot, parts[start...].joined(separator: "/"))
                if FileManager.default.fileExists(atPath: tail) { return tail }
            }
            unresolved.insert(standard)
            return standard
        }

        /// A group that contains itself through its children, if any does.
        func groupInCycle() -> String? {
            var done = Set<String>()
            var onPath = Set<String>()
            func visit(_ id: String) -> String? {
                if onPath.contains(id) {
                    return objects[id]?["name"]?.string ?? objects[id]?["path"]?.string ?? id
                }
                guard done.insert(id).inserted else { return nil }
                onPath.insert(id)
                defer { onPath.remove(id) }
                for child in objects[id]?["children"]?.strings ?? [] {
                    if let found = visit(child) { return found }
                }
                return nil
            }
            // Groups only are sorted (a large project has tens of thousands of objects and a few hundred groups).
            for id in objects.compactMap({ $0.value["children"] != nil ? $0.key : nil }).sorted() {
                if let found = visit(id) { return found }
            }
            return nil
        }

        private func groupPath(_ id: String, depth: Int) -> String? {
            if let known = resolved[id] { return known }
            let found = path(of: id, depth: depth)
            resolved[id] = found
            return found
        }

        func path(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let object = objects[id] else { return nil }
            let own = object["path"]?.string
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                if let own, own.hasPrefix("/") { return located(own) }
                let base = parents[id].flatMap { groupPath($0, depth: depth + 1) } ?? projectRoot
                return own.map { XcodeProject.join(base, $0) } ?? base
            case "SOURCE_ROOT":
                return own.map { XcodeProject.join(projectRoot, $0) } ?? projectRoot
            case "<absolute>":
                return own.map { located(XcodeProject.join("/", $0)) }
            default:
                return nil
            }
        }
    }
}
