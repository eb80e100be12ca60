import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Which of the discovered files an app really compiles, from the project files in the repository: the nearest
/// folder at or above a file (up to the working directory) that holds an `.xcodeproj` or a `Package.swift` decides.
/// A file that folder's projects compile in no target is not analysed (an orphan file Xcode no longer builds); a file
/// compiled only by test targets is test code, whatever its folder is called. Where no project file is found, or the
/// project file cannot be read (damaged, merge-conflicted, a format schemalint does not know), nothing changes: the
/// folder rules decide, and `problems` says why once per project file.
public struct ProjectMembership: Sendable {
    public enum Decision: Equatable, Sendable {
        /// Compiled; `testOnly` when only test targets compile it.
        case compiled(testOnly: Bool)
        /// Under a project that compiles it in no target.
        case notCompiled(project: String)
        /// No readable project decides.
        case unknown
        /// A `Package.swift` itself: the manifest, never app code.
        case manifest
    }

    private enum Manifest: Sendable {
        case xcode(XcodeProject)
        /// `products`: each library product's targets (`PackageManifestReader.products`); `localPackages`: the
        /// folders of the packages it depends on by path, absolute.
        case package(root: String, targets: [PackageTarget], products: [String: [String]], localPackages: [String])
    }

    /// A package target and its folder on disk, found once.
    private struct PackageTarget: Sendable {
        var target: PackageManifestReader.Target
        var folder: String
    }

    /// One line per project file that could not be read, for standard error.
    public private(set) var problems: [String] = []
    private var manifests: [String: [Manifest]] = [:]
    /// Every manifest, in the order of their files' paths: what several projects say is read in one order on every
    /// run (two projects' targets of one name, an iPad app's and a Mac app's, gave another answer each run).
    private var orderedManifests: [Manifest] { manifests.keys.sorted().flatMap { manifests[$0] ?? [] } }
    /// Built for a few `deciding` paths only: decisions for any other path may be wrong, so none is asked for.
    public let decidesOnlySome: Bool
    /// The paths it was built to decide, as given (`deciding`); nil when it decides every path.
    private let decided: Set<String>?
    /// The nearest project folder of each source folder (absolute), or nil.
    private var roots: [String: String] = [:]
    /// Each displayed folder made absolute once: thousands of files share a few hundred folders.
    private var absoluteFolders: [Substring: String] = [:]
    private let workingDirectory: String
    /// Which folders hold a podspec, looked at only for files no project compiles.
    private let podFolders = PodFolders()

    /// `listed`: the project files of folders discovery already walked (`SourceDiscovery.Result.projectFiles`);
    /// other folders are listed here.
    /// `prefetched`: project files already being read (see `ProjectFileReading`).
    /// `deciding`: when given, the only paths (among `paths`) whose decisions will be asked for, such as an app's
    /// model bundles when no Swift file holds SwiftData's words: a project that is not the nearest of any of them is
    /// read only when its bytes may list one of them (`ProjectFileMentions`). Decisions for other paths may then
    /// miss a project that compiles them.
    public init(
        paths: [String], workingDirectory: String, listed: [String: [String]] = [:],
        prefetched: ProjectFileReading? = nil, deciding: [String]? = nil
    ) {
        self.workingDirectory = SourceDiscovery.normalise(workingDirectory)
        decidesOnlySome = deciding != nil
        decided = deciding.map(Set.init)
        var markers = listed
        var previous: Substring?
        for path in paths {
            let displayed = Paths.folderPart(path)
            // Paths come sorted: most share the previous one's folder.
            if displayed == previous { continue }
            previous = displayed
            if absoluteFolders[displayed] == nil {
                absoluteFolders[displayed] =
                    displayed.isEmpty
                    ? self.workingDirectory : Paths.absolute(String(displayed), in: self.workingDirectory)
            }
        }
        var nearest: [String: String?] = [:]
        for folder in Set(absoluteFolders.values) {
            if let root = nearestRoot(of: folder, markers: &markers, known: &nearest) { roots[folder] = root }
        }
        let decidingRoots = deciding.map { paths in
            Set(paths.compactMap { path in absoluteFolders[Paths.folderPart(path)].flatMap { roots[$0] } })
        }
        let names = deciding.map { Set($0.map { path in Paths.fileName(path) }) }
        let all = Set(roots.values).sorted()
        // Projects not read yet are read on every core: a large app has several, some of megabytes.
        let unread: [(path: String, names: Set<String>?)] = all.flatMap { root in
            (markers[root] ?? []).filter { $0.hasSuffix(".xcodeproj") }.map {
                (root + "/" + $0 + "/project.pbxproj", decidingRoots?.contains(root) == false ? names : nil)
            }
        }.filter { prefetched?.project(at: $0.path) == nil }
        // Found not to list these files while discovery read the Swift files: nothing to read again.
        let known = unread.map { unread in
            unread.names.map { prefetched?.leftUnread(unread.path, notListing: $0) == true } ?? false
        }
        let read = Workers.map(unread.count, threads: nil, state: {}) { index, _ in
            known[index] ? nil : XcodeProject.read(unread[index].path, onlyListing: unread[index].names)
        }
        let readByPath = Dictionary(
            zip(unread, read).map { ($0.path, $1) }, uniquingKeysWith: { first, _ in first })
        // A package builds only what is under its own folder: with only some paths to decide, a package above none
        // of them is not read (parsing a manifest costs as much as a large project file).
        let decidingFolders = deciding.map { paths in
            paths.map { path in Paths.absolute(path, in: self.workingDirectory) }
        }
        for root in all {
            let inside = root == "/" ? "/" : root + "/"
            let skipsPackage = decidingFolders.map { paths in !paths.contains { $0.hasPrefix(inside) } } ?? false
            manifests[root] = load(
                root, markers: (markers[root] ?? []).filter { !(skipsPackage && $0 == "Package.swift") },
                prefetched: prefetched, read: readByPath)
        }
        appPackages = Self.appPackages(orderedManifests)
    }

    /// Whether `decision(for:)` is right for `path`: every path, or one of those it was built to decide.
    public func decides(_ path: String) -> Bool { decided?.contains(path) ?? true }

    /// Whether `path` (as discovery displays it) is compiled, and by which kind of target.
    public func decision(for path: String) -> Decision {
        let displayed = Paths.folderPart(path)
        let folder =
            absoluteFolders[displayed]
            ?? Paths.parent(Paths.absolute(path, in: workingDirectory))
        let name = Paths.fileName(path)
        let absolute = folder == "/" ? "/" + name : folder + "/" + name
        guard let root = roots[folder], let found = manifests[root], !found.isEmpty else { return .unknown }
        if root == folder, name == "Package.swift" { return .manifest }
        // Any project of the run may compile it (`Mac/Mac.xcodeproj` building `../Shared/Model.swift`); the nearest
        // one says it is left out.
        var kinds: [Bool] = []
        for manifest in orderedManifests {
            kinds += Self.targets(compiling: absolute, in: manifest).map(\.isTest)
        }
        if !kinds.isEmpty { return .compiled(testOnly: kinds.allSatisfy { $0 }) }
        // A project listing a file of this name at a path not found here may mean this one (`unresolvedNames`).
        for case let .xcode(xcode) in orderedManifests where xcode.unresolvedNames.contains(name) {
            return .unknown
        }
        // A CocoaPods pod builds what its podspec names, through a Pods project generated at `pod install` and
        // seldom committed: the-blue-alliance-ios compiled `Frameworks/TBAData/Resources/TBA.xcdatamodeld` through
        // the development pod `TBAData.podspec` beside it. No project here can say the file is left out.
        if podFolders.holdsPodspec(between: folder, and: root) { return .unknown }
        for manifest in found {
            switch manifest {
            case let .xcode(xcode):
                let project = (xcode.path as NSString).deletingLastPathComponent
                return .notCompiled(project: Workspace.display(project, workingDirectory: workingDirectory))
            case let .package(root, _, _, _):
                // SwiftPM builds only what is under `Sources/` or `Tests/` (or a target's own path): a file elsewhere
                // may belong to another build (an XcodeGen project, a script), so the folder rules decide.
                let inPackageAreas = ["Sources", "Source", "src", "srcs", "Tests"].contains {
                    absolute.hasPrefix("\(root)/\($0)/")
                }
                if inPackageAreas {
                    return .notCompiled(
                        project: Workspace.display(root + "/Package.swift", workingDirectory: workingDirectory))
                }
            }
        }
        return .unknown
    }

    /// The names of the targets that compile `path` (as discovery displays it), sorted; empty when no readable
    /// project says. A default store is per target: an app and its widget each have one unless they share an App Group.
    public func targetNames(for path: String) -> [String] {
        let absolute = Paths.absolute(path, in: workingDirectory)
        var names = Set<String>()
        for manifest in orderedManifests {
            names.formUnion(Self.targets(compiling: absolute, in: manifest).map(\.name))
        }
        return names.sorted()
    }

    /// The oldest system the targets compiling `path` (as discovery displays it) run on, per platform: the oldest of
    /// theirs (test targets count only when nothing else compiles it). Nil when no Xcode project names it, a package
    /// compiles it, or a target's cannot be read.
    public func oldestSystems(for path: String) -> [String: OSVersion]? {
        let absolute = Paths.absolute(path, in: workingDirectory)
        var found: [(isTest: Bool, systems: [String: OSVersion]?)] = []
        for manifest in orderedManifests {
            switch manifest {
            case let .xcode(project):
                found += project.targets(compiling: absolute).map { ($0.kind == .test, $0.oldestSystems) }
            case .package:
                if !Self.packageTargets(compiling: absolute, in: manifest).isEmpty { return nil }
            }
        }
        let shipped = found.filter { !$0.isTest }
        let counted = shipped.isEmpty ? found : shipped
        guard !counted.isEmpty else { return nil }
        var oldest: [String: OSVersion] = [:]
        for (_, systems) in counted {
            guard let systems else { return nil }
            oldest.merge(systems) { min($0, $1) }
        }
        return oldest
    }

    /// Whether a framework or library target of an Xcode project compiles `path`: code that runs in the apps that
    /// embed it.
    func frameworkCompiles(_ path: String) -> Bool {
        let absolute = Paths.absolute(path, in: workingDirectory)
        for case let .xcode(project) in orderedManifests
        where project.targets(compiling: absolute).contains(where: { $0.kind == .library }) {
            return true
        }
        return false
    }

    /// Whether the project files name targets compiling `path` and every one is an app, an extension or a test: no
    /// other module can import its types. A package's target, a framework or a file no project names may be imported.
    func onlyAppsCompile(_ path: String) -> Bool {
        let absolute = Paths.absolute(path, in: workingDirectory)
        var named = false
        for manifest in orderedManifests {
            switch manifest {
            case let .xcode(project):
                for target in project.targets(compiling: absolute) {
                    guard [.app, .appExtension, .test].contains(target.kind) else { return false }
                    named = true
                }
            case let .package(root, _, _, _):
                let compiling = Self.packageTargets(compiling: absolute, in: manifest)
                guard !compiling.isEmpty else { continue }
                // A package of the repository that only its apps build with: no other module imports it.
                guard appPackages.contains(root), !compiling.contains(where: \.target.isTest) else { return false }
                named = true
            }
        }
        return named
    }

    /// The folders of the packages only this repository's apps build with: those an Xcode project with an app or
    /// extension target references locally (Goals' `GoalsAppPackage`), and the packages they depend on by path
    /// (its `../../GoalsKit`). A package depended on from anywhere else may be another repository's library.
    private var appPackages: Set<String> = []

    private static func appPackages(_ manifests: [Manifest]) -> Set<String> {
        var found = Set<String>()
        var queue: [String] = []
        for case let .xcode(project) in manifests
        where project.targets.contains(where: { [.app, .appExtension].contains($0.kind) }) {
            queue += project.localPackages
        }
        let packages = Dictionary(
            manifests.compactMap { manifest -> (String, [String])? in
                guard case let .package(root, _, _, local) = manifest else { return nil }
                return (root, local)
            }, uniquingKeysWith: { first, _ in first })
        while let next = queue.popLast() {
            guard found.insert(next).inserted else { continue }
            queue += packages[next] ?? []
        }
        return found
    }

    /// The targets that compile `path`, with their kinds where an Xcode project says (nil for a package's): an app, an
    /// extension... A store abandoned by the app but still opened by its widget is told apart by them.
    func targets(for path: String) -> [StoreTopology.ProjectTarget] {
        let absolute = Paths.absolute(path, in: workingDirectory)
        // By name and device: two projects' targets of one name for two devices (an iPad app and a Mac app both
        // called `Notes`) are two targets.
        var found: [String: XcodeProject.TargetKind?] = [:]
        var names: [String: String] = [:]
        var entitlements: [String: TargetEntitlements] = [:]
        var devices: [String: String] = [:]
        func key(_ name: String, _ device: String?) -> String { name + "\u{0}" + (device ?? "") }
        func record(_ target: XcodeProject.Target) {
            let key = key(target.name, target.device)
            found[key] = target.kind
            names[key] = target.name
            devices[key] = target.device
            // Two projects' targets of one name saying different things: neither is known.
            let known = entitlements[key]
            entitlements[key] = known == nil || known == target.entitlements ? target.entitlements : .unknown
        }
        for manifest in orderedManifests {
            switch manifest {
            case let .xcode(project):
                // A framework's code runs in the targets depending on it: theirs are its entitlements and device.
                project.targets(compiling: absolute).flatMap(hosts(of:)).forEach(record)
            case let .package(_, targets, products, _):
                let compiling = Self.packageTargets(compiling: absolute, in: manifest)
                // A package target's code runs in the app targets linking a product that holds it (through the
                // targets it depends on): theirs are its entitlements and device. Unlinked, it stays a package's.
                let linking = self.linking(compiling.map(\.target.name), targets: targets, products: products)
                linking.forEach(record)
                for located in compiling where linking.isEmpty && found[key(located.target.name, nil)] == nil {
                    found[key(located.target.name, nil)] = .some(nil)
                    names[key(located.target.name, nil)] = located.target.name
                }
            }
        }
        // A name two of them have is told apart by the device (`Notes (macOS)`).
        let repeated = Dictionary(grouping: found.keys) { names[$0] ?? $0 }.filter { $0.value.count > 1 }
        return found.keys.sorted().map { key in
            var read = entitlements[key] ?? .unknown
            read.file = read.file.map { Workspace.display($0, workingDirectory: workingDirectory) }
            let name = names[key] ?? key
            let shown = repeated[name] != nil ? devices[key].map { "\(name) (\($0))" } ?? name : name
            var target = StoreTopology.ProjectTarget(name: shown, kind: found[key] ?? nil, entitlements: read)
            target.device = devices[key]
            return target
        }
    }

    /// Why some targets' App Group or CloudKit container cannot be told (their entitlements file missing, not a
    /// property list, named through an `.xcconfig`...), one line each for `check --verbose`. Test targets left out.
    public var entitlementNotes: [String] {
        var lines: [String] = []
        for case let .xcode(project) in orderedManifests {
            let kinds = Dictionary(project.targets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
            let shown = Workspace.display(
                (project.path as NSString).deletingLastPathComponent, workingDirectory: workingDirectory)
            for note in project.entitlementNotes where kinds[note.target] != .test {
                let file = note.file.map { Workspace.display($0, workingDirectory: workingDirectory) + " " } ?? ""
                lines.append(
                    "target \(note.target) of \(shown): \(file)\(note.reason): its App Group and CloudKit container "
                        + "cannot be told, so its stores are taken as its own and not synced")
            }
        }
        return Array(Set(lines)).sorted()
    }

    /// What the release builds of the targets compiling `path` (as discovery displays it) set for its `#if` clauses:
    /// test targets count only when nothing else compiles the file; unknown when no readable project names it.
    public func conditions(for path: String) -> CompilationConditions {
        let absolute = Paths.absolute(path, in: workingDirectory)
        var found: [(isTest: Bool, conditions: CompilationConditions)] = []
        for manifest in orderedManifests {
            switch manifest {
            case let .xcode(project):
                found += project.targets(compiling: absolute).map { target in
                    var conditions = target.conditions
                    switch target.entitlements.appGroup {
                    case let .present(group): conditions.appGroups = [group]
                    case .absent: conditions.appGroups = []
                    case .unknown: conditions.appGroups = nil
                    }
                    return (target.kind == .test, conditions)
                }
            case .package:
                found += Self.packageTargets(compiling: absolute, in: manifest).map {
                    ($0.target.isTest, $0.target.conditions)
                }
            }
        }
        let shipped = found.filter { !$0.isTest }
        return CompilationConditions.combining((shipped.isEmpty ? found : shipped).map(\.conditions))
    }

    /// For each target compiling the file, its name and whether it is a test target.
    private static func targets(compiling file: String, in manifest: Manifest) -> [(name: String, isTest: Bool)] {
        switch manifest {
        case let .xcode(project):
            return project.targets(compiling: file).map { ($0.name, $0.kind == .test) }
        case .package:
            return packageTargets(compiling: file, in: manifest).map { ($0.target.name, $0.target.isTest) }
        }
    }

    /// The targets whose process runs `target`'s code: a framework's run in the targets of every project read that
    /// depend on it (through other frameworks too), not tests; a framework nothing depends on, and any other target,
    /// its own.
    private func hosts(of target: XcodeProject.Target) -> [XcodeProject.Target] {
        guard target.kind == .library else { return [target] }
        let all = orderedManifests.flatMap { manifest -> [XcodeProject.Target] in
            guard case let .xcode(project) = manifest else { return [] }
            return project.targets
        }
        var hosts: [XcodeProject.Target] = []
        var seen: Set<String> = [target.name]
        var next = [target.name]
        while let library = next.popLast() {
            for other in all where other.dependencies.contains(library) && seen.insert(other.name).inserted {
                switch other.kind {
                case .library: next.append(other.name)
                case .test: break
                default: hosts.append(other)
                }
            }
        }
        return hosts.isEmpty ? [target] : hosts.sorted { $0.name < $1.name }
    }

    /// The Xcode targets, in every project read, that link a product holding one of `names` (a product holds its
    /// targets and, through their `dependencies`, the targets those name).
    private func linking(
        _ names: [String], targets: [PackageTarget], products: [String: [String]]
    ) -> [XcodeProject.Target] {
        guard !names.isEmpty, !products.isEmpty else { return [] }
        let dependencies = Dictionary(
            targets.map { ($0.target.name, $0.target.dependencies) }, uniquingKeysWith: { first, _ in first })
        let holding = Set(
            products.filter { _, held in
                var seen = Set<String>()
                var next = held
                while let name = next.popLast() {
                    guard seen.insert(name).inserted else { continue }
                    next += dependencies[name] ?? []
                }
                return names.contains(where: seen.contains)
            }.keys)
        guard !holding.isEmpty else { return [] }
        var found: [XcodeProject.Target] = []
        for manifest in orderedManifests {
            guard case let .xcode(project) = manifest else { continue }
            found += project.targets.filter { !holding.isDisjoint(with: $0.packageProducts) }
        }
        return found
    }

    /// The package targets compiling the file (none for an Xcode project).
    private static func packageTargets(compiling file: String, in manifest: Manifest) -> [PackageTarget] {
        switch manifest {
        case .xcode:
            return []
        case let .package(_, targets, _, _):
            return targets.filter { located in
                let (target, folder) = (located.target, located.folder)
                guard file.hasPrefix(folder + "/") else { return false }
                let inside = { (relative: String) in
                    let path = XcodeProject.join(folder, relative)
                    return file == path || file.hasPrefix(path + "/")
                }
                if target.exclude.contains(where: inside) { return false }
                return target.sources.map { $0.contains(where: inside) } ?? true
            }
        }
    }

    /// The nearest folder at or above `folder`, not above the working directory, holding a project file; for a
    /// folder outside the working directory (`check ../App`), not above its repository's root (a folder with `.git`)
    /// or the file system's. `known`:
    /// the answer for every folder already passed on the way up, none included (a thousand folders share a few
    /// roots, and most are several levels below theirs).
    private func nearestRoot(
        of folder: String, markers: inout [String: [String]], known: inout [String: String?]
    ) -> String? {
        let inside = workingDirectory + "/"
        var passed: [String] = []
        var current = folder
        var found: String?
        while true {
            if let answer = known[current] {
                found = answer
                break
            }
            passed.append(current)
            if markers[current] == nil { markers[current] = Self.projectFiles(in: current) }
            if !(markers[current] ?? []).isEmpty {
                found = current
                break
            }
            if current.hasPrefix(inside) {
                guard current != workingDirectory else { break }
            } else if current == workingDirectory || current == "/" || current.isEmpty
                || FileManager.default.fileExists(atPath: current + "/.git")
            {
                break
            }
            current = Paths.parent(current)
        }
        for folder in passed { known[folder] = found }
        return found
    }

    private static func projectFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isProjectFile).sorted()
    }

    /// An Xcode project, a package manifest, or an XcodeGen spec (read where no project file is beside it).
    static func isProjectFile(_ name: String) -> Bool {
        name.hasSuffix(".xcodeproj") || name == "Package.swift" || name == XcodeGenSpec.fileName
    }

    /// Why a project file is missing when a generator's spec sits in the root (the project is generated and not
    /// committed), and what to do: `XcodeGen makes it from project.yml: run `xcodegen` first`.
    static func generatedBy(_ root: String, missing pbxproj: String) -> String? {
        guard !FileManager.default.fileExists(atPath: pbxproj) else { return nil }
        let generators = [("project.yml", "XcodeGen", "xcodegen"), ("Project.swift", "Tuist", "tuist generate")]
        for (spec, tool, command) in generators where FileManager.default.fileExists(atPath: root + "/" + spec) {
            return "\(tool) makes it from \(spec): run `\(command)` first"
        }
        return nil
    }

    /// `read`: project files already read (nil: left unread for not listing the deciding files).
    private mutating func load(
        _ root: String, markers: [String], prefetched: ProjectFileReading?,
        read: [String: Result<XcodeProject, XcodeProject.Failure>?]
    ) -> [Manifest] {
        var loaded: [Manifest] = []
        for name in markers {
            let path = root + "/" + name
            let shown = Workspace.display(path, workingDirectory: workingDirectory)
            if name == XcodeGenSpec.fileName {
                // The project it generates, when committed, says the same with certainty.
                guard !markers.contains(where: { $0.hasSuffix(".xcodeproj") }) else { continue }
                switch XcodeGenSpec.read(path) {
                case let .success(project): loaded.append(.xcode(project))
                case let .failure(failure):
                    problems.append(
                        "\(shown) \(failure.description): folder names decide which files beside it are app code, "
                            + "and its targets' entitlements are not read")
                }
            } else if name == "Package.swift" {
                let text: String
                switch RegularFile.text(path) {
                case let .success(read): text = read
                case let .failure(failure):
                    problems.append(
                        "\(shown) cannot be read (\(failure)): folder names decide which files beside it are app code")
                    return []
                }
                guard let read = PackageManifestReader.targets(in: text) else {
                    problems.append(
                        "\(shown) cannot be read with certainty (a syntax error, or targets computed in code): "
                            + "folder names decide which files beside it are app code")
                    return []
                }
                let targets = read.map { PackageTarget(target: $0, folder: PackageLayout.folder(of: $0, root: root)) }
                let products = PackageManifestReader.products(in: text)
                let local = PackageManifestReader.localPackages(in: text).map {
                    ((root as NSString).appendingPathComponent($0) as NSString).standardizingPath
                }
                loaded.append(.package(root: root, targets: targets, products: products, localPackages: local))
            } else {
                let pbxproj = path + "/project.pbxproj"
                // Every project file was read by now, or left unread for not listing the files asked about:
                // no manifest of theirs.
                guard let known = prefetched?.project(at: pbxproj) ?? read[pbxproj] ?? nil else { continue }
                switch known {
                case .success(let project):
                    loaded.append(.xcode(project))
                case .failure(let failure):
                    let folder =
                        root == workingDirectory ? "." : Workspace.display(root, workingDirectory: workingDirectory)
                    let why = Self.generatedBy(root, missing: pbxproj).map { "does not exist (\($0))" }
                    problems.append(
                        "\(shown)/project.pbxproj \(why ?? failure.description): folder names decide which files "
                            + "below \(folder) are app code, as if there were no project file")
                    return []
                }
            }
        }
        return loaded
    }
}

/// SwiftPM's folders: `path:` when given, else `Sources/<name>` (or `Source`, `src`, `srcs`), `Tests/<name>` for tests.
enum PackageLayout {
    static func folder(of target: PackageManifestReader.Target, root: String) -> String {
        if let path = target.path { return XcodeProject.join(root, path) }
        let parents = target.isTest ? ["Tests"] : ["Sources", "Source", "src", "srcs"]
        for parent in parents {
            let candidate = "\(root)/\(parent)/\(target.name)"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        // A package with one target may keep its files straight in `Sources/`.
        for parent in parents where FileManager.default.fileExists(atPath: "\(root)/\(parent)") {
            return "\(root)/\(parent)"
        }
        return "\(root)/\(parents[0])/\(target.name)"
    }
}

/// Folders holding a CocoaPods podspec (`*.podspec`, `*.podspec.json`), each listed once and only when asked: only
/// files no project compiles are asked about.
private final class PodFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: Bool] = [:]

    /// Whether `folder`, or a folder above it up to `root` (both absolute, `root` at or above `folder`), holds one.
    func holdsPodspec(between folder: String, and root: String) -> Bool {
        var current = folder
        while true {
            if holds(current) { return true }
            guard current != root, current.count > root.count, current != "/" else { return false }
            current = Paths.parent(current)
        }
    }

    private func holds(_ folder: String) -> Bool {
        lock.lock()
        let answer = known[folder]
        lock.unlock()
        if let answer { return answer }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let found = names.contains { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }
        lock.lock()
        known[folder] = found
        lock.unlock()
        return found
    }
}
