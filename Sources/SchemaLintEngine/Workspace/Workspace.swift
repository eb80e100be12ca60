import Dispatch
import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// One app of a run: the folder that holds its configuration and lockfile, and the source files that belong to it.
public struct AppUnit {
    /// Absolute folder.
    public var root: String
    public var configuration: Configuration
    /// The lockfile's path, relative to the working directory when inside it; it may not exist yet.
    public var lockfilePath: String
    /// The configuration file's path when there is one, relative to the working directory when inside it.
    public var configurationPath: String? { configuration.path }
    public var files: [SourceDiscovery.SourceFile]
    /// Which of `files` the repository's projects compile (shared by every app of the run).
    public var membership: ProjectMembership?
    /// The Core Data model bundles below the app's root, read.
    public var modelBundles: [ModelBundle] = []
    /// The app's lockfile, read in the background when the run asked for it (`Workspace.Request.readingLockfiles`).
    public var lockfileReading: LockfileReading?
    /// Pass 1's files, parsed while the bundles and project files are read (see `EarlyParses`).
    var earlyParses: EarlyParses?

    /// An analyzer for this app: its configuration, and the project files' word on which files it compiles.
    public func analyzer(threads: Int?) -> Analyzer {
        var analyzer = Analyzer(threads: threads, configuration: configuration)
        analyzer.membership = membership
        analyzer.modelBundles = modelBundles
        analyzer.earlyParses = earlyParses
        return analyzer
    }

    /// One line for `check --verbose`: where the app is, what it read, and its containers by purpose (only app
    /// containers are checked against migration plans).
    public func describe(_ analysis: Analysis, lockfileFound: Bool, workingDirectory: String) -> String {
        let counts = Dictionary(grouping: analysis.project.containers, by: \.purpose).mapValues(\.count)
        let containers = ContainerPurpose.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        let folder =
            root == SourceDiscovery.normalise(workingDirectory)
            ? "." : Workspace.display(root, workingDirectory: workingDirectory)
        let notCompiled = analysis.statistics.notCompiled.values.reduce(0) { $0 + $1.count }
        let compiled = notCompiled == 0 ? "" : " (\(notCompiled) that no target compiles left out)"
        // A Core Data app counts its model versions and stacks too: "0 versions, containers: 0 app" alone reads as
        // an app with no store.
        let bundles = analysis.project.modelBundles.filter(\.ships)
        let modelVersions = bundles.reduce(0) { $0 + $1.versions.count }
        let stacks = analysis.project.coreDataStores.filter { $0.purpose == .app }.count
        let coreData = bundles.isEmpty ? "" : " and \(modelVersions) Core Data model versions"
        let swiftData = bundles.isEmpty ? "versions" : "SwiftData versions"
        let coreDataStacks = bundles.isEmpty ? "" : "; Core Data stores opened by app code: \(stacks)"
        return "schemalint: app \(folder): \(files.count) Swift files\(compiled), "
            + "\(analysis.versions.count) \(swiftData)\(coreData); lockfile \(lockfilePath)"
            + "\(lockfileFound ? "" : " (none yet)"); "
            + "configuration \(configurationPath ?? "none"); containers: \(containers)\(coreDataStacks)"
            // An app with no SwiftData version has no SwiftData store to pool: its Core Data stores follow.
            + (analysis.versions.isEmpty && analysis.project.containers.isEmpty
                ? "" : stores(analysis.topology, folder: folder))
            + coreDataStores(analysis.topology.coreData, folder: folder)
            + analysis.project.configurations.compactMap { configuration in
                guard configuration.purpose == .app, let why = configuration.cloudKitUnread else { return nil }
                return "\nschemalint: app \(folder): whether the configuration at \(configuration.location) syncs "
                    + "with CloudKit cannot be told: \(why); it is not checked for CloudKit"
            }.joined()
            + (membership?.entitlementNotes ?? []).map { "\nschemalint: app \(folder): \($0)" }.joined()
            + analysis.project.containers.compactMap { container in
                guard container.purpose == .app, let why = container.inMemoryUnread else { return nil }
                return "\nschemalint: app \(folder): whether the container at \(container.location) keeps its store "
                    + "in memory cannot be told: \(why); it is checked as an app store"
            }.joined()
            + analysis.project.uncalledContainers.map { location in
                "\nschemalint: app \(folder): the container at \(location) is opened in a function no code here "
                    + "calls: it opens no store"
            }.joined()
            + analysis.project.unreadLazyStacks.map { location in
                "\nschemalint: app \(folder): the Core Data stack at \(location) is made by a `lazy var` no code "
                    + "here reads: it opens no store"
            }.joined()
    }

    /// One line per file an app's Core Data stack opens: where (`⟨Application Support⟩/Model.sqlite`, or its name
    /// alone when its folder cannot be read), its configuration, with which model, or why it cannot be told (then no
    /// store of that bundle is said to be left behind). One file opened by stacks or models the code picks at run
    /// time (a CloudKit container or a plain one, an encrypted model or not) is one line naming each.
    private func coreDataStores(_ files: CoreDataStoreFiles, folder: String) -> String {
        var lines: [(head: String, models: [String], syncs: [Bool])] = []
        for store in files.stores {
            let place = store.path.flatMap { $0.isKnown ? $0.evaluated : nil }
            // A file picked beside known places whose own folder cannot be read (an App Group named at run time).
            let untold = store.path.map { !$0.isKnown } == true ? " (its folder cannot be told)" : ""
            let file = store.file.map { (place ?? $0) + untold }
                ?? "a file that cannot be told (\(store.fileUnread?.described(at: store.location) ?? "not read"))"
            let device = store.device.map { " (on \($0))" } ?? ""
            let configuration = (store.configuration.map { " (configuration \($0))" } ?? "") + device
            // A model built where schemalint cannot read which bundle, or none named where the stack is made (a
            // coordinator or a model passed in): which bundle's versions the file holds is not known either way.
            let named = store.model.map { "model \($0)" } ?? "no model named in its code"
            let model = store.modelUnread ? "a model whose bundle cannot be told" : named
            let head = "Core Data stack at \(store.location) opens \(file)\(configuration)"
            if let index = lines.firstIndex(where: { $0.head == head }) {
                if !lines[index].models.contains(model) { lines[index].models.append(model) }
                lines[index].syncs.append(store.syncs)
            } else {
                lines.append((head, [model], [store.syncs]))
            }
        }
        return lines.map { line in
            let named = line.models.allSatisfy { $0.hasPrefix("model ") }
            let models =
                line.models.count == 1
                ? line.models[0]
                : (named ? "model " + line.models.map { $0.dropFirst(6) }.joined(separator: " or ")
                    : line.models.joined(separator: " or ")) + " (picked at run time)"
            let syncs =
                line.syncs.allSatisfy { $0 }
                ? ", CloudKit" : line.syncs.contains(true) ? ", CloudKit in one of the stacks the code picks from" : ""
            return "\nschemalint: app \(folder): \(line.head) with \(models)\(syncs)"
        }.joined()
    }

    /// One line per store the app containers open, or why they are pooled.
    private func stores(_ topology: StoreTopology, folder: String) -> String {
        if let reason = topology.pooledBecause {
            return "\nschemalint: app \(folder): stores checked as one: \(reason)"
        }
        return topology.stores.map { store in
            let plans = store.plans.isEmpty ? "no plan" : "plan " + store.plans.map(\.name).joined(separator: ", ")
            let count = store.containers.count
            let unknown = store.location.kind == .unknown ? ", checked as its own store" : ""
            let containers = "\(count) container\(count == 1 ? "" : "s")"
            let versions = "\(store.versions.count) version\(store.versions.count == 1 ? "" : "s")"
            // A named store in an App Group is in SwiftData's own folder there, never at the group's root where a
            // URL's `group.x/default.store` is (field test 22 read the two lines as one file).
            let inGroup =
                store.location.kind == .named && store.location.key.contains("/")
                ? " (in the App Group's Library/Application Support)" : ""
            let named = store.named("store") + inGroup
            return "\nschemalint: app \(folder): \(named)\(unknown): \(containers), \(plans), \(versions)"
                + (store.syncs ? ", CloudKit" : "")
        }.joined()
    }
}

/// Splits a run's source files into apps (see `AppLocator`), each with its own configuration and lockfile.
public enum Workspace {
    /// What splitting a run into apps takes: what discovery's walk found, the run's options, and the reading already
    /// under way (started by `AppDiscovery` as the walk found lockfiles, bundles and project files).
    public struct Request {
        public var discovered: SourceDiscovery.Result
        public var workingDirectory: String
        /// `--config` / `--lockfile`: they name a single app, and every file is checked with them.
        public var explicitConfiguration: String?
        public var explicitLockfile: String?
        /// The paths on the command line (`AppLocator`'s `given`).
        public var paths: [String] = []
        public var threads: Int?
        /// Read each app's lockfile in the background meanwhile (`LockfileReading`).
        public var readingLockfiles = false
        /// Take model versions whose bytes the lockfile recorded from it (`RecordedVersions`).
        public var takingRecorded = false
        public var projects: ProjectFileReading?
        public var lockfiles: LockfileReading?
        public var preparedBundles: ModelBundlePreparation?

        public init(discovered: SourceDiscovery.Result, workingDirectory: String) {
            self.discovered = discovered
            self.workingDirectory = workingDirectory
        }
    }

    public static func apps(_ request: Request) throws -> [AppUnit] {
        let (files, workingDirectory, threads) = (request.discovered.files, request.workingDirectory, request.threads)
        let (explicitConfiguration, explicitLockfile) = (request.explicitConfiguration, request.explicitLockfile)
        let (projectFiles, modelBundles) = (request.discovered.projectFiles, request.discovered.modelBundles)
        let (mappingModels, appMarkers) = (request.discovered.mappingModels, request.discovered.appMarkers)
        let (folderApps, projects, started) = (request.discovered.folderApps, request.projects, request.lockfiles)
        let (readingLockfiles, takingRecorded) = (request.readingLockfiles, request.takingRecorded)
        let (preparedBundles, given) = (request.preparedBundles, request.paths)
        let cwd = SourceDiscovery.normalise(workingDirectory)
        // Which files the projects compile matters only where some file holds SwiftData's words or a model bundle
        // is found: an app without either never reads its project file.
        let holdsSchema = files.contains(where: \.mayHoldSchema)
        let needsMembership = holdsSchema || !modelBundles.isEmpty
        // What pass 1 will parse is known now when no file holds SwiftData's words: it is parsed meanwhile.
        StageTrace.mark("apps start")
        let early = EarlyParses.start(files, hasModelBundles: !modelBundles.isEmpty, threads: threads)
        let paths = files.map(\.path) + modelBundles.map(\.display)
        // With no file holding SwiftData's words, only the bundles' membership and the Core Data stack files' (those
        // pass 1 parses, `EarlyParses`) matter: projects that cannot list them are not read.
        let deciding =
            holdsSchema
            ? nil
            : modelBundles.map(\.display)
                + files.filter { $0.mayOpenStack && !ContainerPurpose.isTestPath($0.path) }.map(\.path)
        let membership = MembershipReading(
            needed: needsMembership, paths: paths, workingDirectory: cwd, listed: projectFiles, prefetched: projects,
            deciding: deciding)
        // Files are grouped into apps meanwhile: which projects compile a file does not depend on its app.
        let units = try units(
            files: files, bundles: modelBundles.map(\.display), workingDirectory: cwd,
            explicitConfiguration: explicitConfiguration, explicitLockfile: explicitLockfile,
            locator: AppLocator(workingDirectory: cwd, walked: appMarkers, folders: folderApps, given: given))
        StageTrace.mark("units")
        var lockfiles: LockfileReading?
        if readingLockfiles {
            // Those discovery's walk found are being read already (`started`); the rest start now.
            lockfiles = started ?? LockfileReading(paths: [], workingDirectory: cwd, preparingRecords: takingRecorded)
            lockfiles?.read(Set(units.map(\.lockfilePath)))
        }
        let bundles = ModelBundleLoading.load(
            modelBundles, mappingModels: mappingModels, prepared: preparedBundles,
            membership: membership.value,
            recorded: {
                guard takingRecorded, let lockfiles else { return nil }
                return recordedVersions(
                    modelBundles.map(\.display), units: units, lockfiles: lockfiles,
                    locator: AppLocator(workingDirectory: cwd, walked: appMarkers, folders: folderApps, given: given))
            }, threads: threads)
        StageTrace.mark("bundles loaded")
        let locator = AppLocator(workingDirectory: cwd, walked: appMarkers, folders: folderApps, given: given)
        return attach(bundles, to: units, locator: locator).map { unit in
            var unit = unit
            unit.membership = membership.value()
            unit.lockfileReading = lockfiles
            unit.earlyParses = unit.modelBundles.isEmpty ? nil : early
            return unit
        }
    }

    /// Each bundle given to the app whose folder holds it (to the only app, when there is one).
    private static func attach(_ bundles: [ModelBundle], to units: [AppUnit], locator: AppLocator) -> [AppUnit] {
        var units = units
        var locator = locator
        for bundle in bundles {
            let root = units.count == 1 ? units[0].root : locator.root(ofFile: bundle.path)
            if let index = units.firstIndex(where: { $0.root == root }) { units[index].modelBundles.append(bundle) }
        }
        return units
    }

    /// Which files the projects compile, read on a thread of its own while the model bundles are read: a large
    /// project's `project.pbxproj` and a hundred model versions take about as long each.
    private final class MembershipReading: @unchecked Sendable {
        private let reading = ResultSlots<ProjectMembership>(count: 1)
        private let done = DispatchGroup()

        init(
            needed: Bool, paths: [String], workingDirectory: String, listed: [String: [String]],
            prefetched: ProjectFileReading?, deciding: [String]?
        ) {
            guard needed else { return }
            DispatchQueue.global().async(group: done) { [reading] in
                reading.set(0, ProjectMembership(
                        paths: paths, workingDirectory: workingDirectory, listed: listed, prefetched: prefetched,
                        deciding: deciding))
            }
        }

        /// Once read; nil when it was not needed.
        func value() -> ProjectMembership? {
            done.wait()
            return reading.values().first
        }
    }

    /// Each bundle's app's lockfile, as read in the background, for `RecordedVersions`: an app whose lockfile is
    /// missing or cannot be read, or that has store fixtures, has its versions read.
    private static func recordedVersions(
        _ bundles: [String], units: [AppUnit], lockfiles: LockfileReading, locator: AppLocator
    ) -> RecordedVersions {
        var locator = locator
        var byBundle: [String: (key: String, lockfile: Lockfile, prepared: [String: RecordedVersions.Record]?)] = [:]
        // A bundle's key depends on the other bundles of its app (`ModelBundle.assignKeys`).
        let byApp = Dictionary(grouping: bundles) { units.count == 1 ? units[0].root : locator.root(ofFile: $0) }
        for (root, paths) in byApp {
            // Store fixtures are matched against every version's store model, which a taken version does not have.
            guard let unit = units.first(where: { $0.root == root }), unit.configuration.stores.isEmpty,
                case let .success(lockfile?)? = lockfiles.lockfile(at: unit.lockfilePath)
            else { continue }
            let prepared = lockfiles.records(at: unit.lockfilePath)
            for (path, key) in zip(paths, ModelBundle.keys(forPaths: paths)) {
                byBundle[path] = (key, lockfile, prepared)
            }
        }
        return RecordedVersions(lockfiles: byBundle)
    }

    /// `bundles`: model bundle paths, which make an app of their folder as Swift files do.
    private static func units(
        files: [SourceDiscovery.SourceFile], bundles: [String], workingDirectory cwd: String,
        explicitConfiguration: String?, explicitLockfile: String?, locator: AppLocator
    ) throws -> [AppUnit] {
        if explicitConfiguration != nil || explicitLockfile != nil {
            let configuration = try ConfigurationLoader.load(explicitPath: explicitConfiguration, workingDirectory: cwd)
            let lockfile = explicitLockfile ?? lockfilePath(configuration, root: cwd, workingDirectory: cwd)
            return [AppUnit(root: cwd, configuration: configuration, lockfilePath: lockfile, files: files)]
        }
        var locator = locator
        var groups: [String: [SourceDiscovery.SourceFile]] = [:]
        // Files come sorted by path: a run of files in one app goes into its group at once, as a slice of `files`
        // (a tree that is one app is handed over whole, with no copy of four thousand files).
        var runStart = 0
        var runRoot: String?
        for (index, file) in files.enumerated() {
            let root = locator.root(ofFile: file.path)
            guard root != runRoot else { continue }
            if let runRoot { groups[runRoot, default: []] += files[runStart..<index] }
            (runRoot, runStart) = (root, index)
        }
        if let runRoot {
            if runStart == 0, groups.isEmpty {
                groups[runRoot] = files
            } else {
                groups[runRoot, default: []] += files[runStart...]
            }
        }
        for bundle in bundles where groups[locator.root(ofFile: bundle)] == nil {
            groups[locator.root(ofFile: bundle)] = []
        }
        if groups.isEmpty { groups[cwd] = [] }
        return try groups.keys.sorted().map { root in
            let configuration = try ConfigurationLoader.load(
                explicitPath: FileManager.default.fileExists(atPath: root + "/" + ConfigurationLoader.defaultFileName)
                    ? display(root + "/" + ConfigurationLoader.defaultFileName, workingDirectory: cwd) : nil,
                workingDirectory: cwd)
            let filter = PathFilter(
                included: configuration.included, excluded: configuration.excluded,
                base: configuration.baseFolder(workingDirectory: cwd, root: root))
            let grouped = groups[root] ?? []
            let kept =
                filter.isEmpty
                ? grouped : grouped.filter { filter.allowsFile(Paths.absolute($0.path, in: cwd)) }
            return AppUnit(
                root: root, configuration: configuration,
                lockfilePath: lockfilePath(configuration, root: root, workingDirectory: cwd), files: kept)
        }
    }

    /// The configuration's `lockfile:` (relative to the configuration's folder), else `schemalint.lock` in the root.
    public static func lockfilePath(_ configuration: Configuration, root: String, workingDirectory: String) -> String {
        if let configured = configuration.lockfile, configured.hasPrefix("/") { return configured }
        let absolute = configuration.resolve(
            configuration.lockfile ?? Lockfile.defaultFileName,
            workingDirectory: workingDirectory, root: root)
        return display(absolute, workingDirectory: workingDirectory)
    }

    /// Relative to the working directory when inside it, absolute otherwise.
    public static func display(_ absolute: String, workingDirectory: String) -> String {
        let cwd = SourceDiscovery.normalise(workingDirectory)
        let base = cwd == "/" ? "/" : cwd + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }
}

extension AppUnit {
    /// Whether the command line's paths cover the app's root (none given, `.`, or a folder holding the root).
    public func isRead(wholeBy paths: [String], workingDirectory: String) -> Bool {
        let root = SourceDiscovery.normalise(self.root)
        return paths.isEmpty
            || paths.contains { path in
                let folder = Paths.absolute(path, in: workingDirectory)
                return root == folder || root.hasPrefix(folder == "/" ? "/" : folder + "/")
            }
    }
}
