import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore
import SchemaLintSyntax

/// The pipeline: files → syntax → semantic model → hashes → rules → findings.
public struct Analysis {
    public var project: Project
    /// Per version key, in key order.
    public var versions: [VersionAnalysis]
    public var findings: [Finding]
    public var unreadable: [(path: String, reason: String)]
    public var statistics: Statistics
    /// Store fixtures checked against the versions, in the order they were given.
    public var storeVerdicts: [StoreVerdict] = []
    /// What this build does with each locked state and store fixture (`schemalint upgrades`).
    public var upgrades = UpgradeMatrix()
    /// The stores the app containers open (`lock` records which holds each version).
    public var topology = StoreTopology(stores: [], isComplete: false, pooledBecause: nil)
    /// The Core Data model versions of `project.modelBundles` that could be read, hashed (keys `Bundle/Version`).
    public var modelVersions: [VersionAnalysis] = []
    /// The files were the whole app (`Analyzer.readsWholeApp`).
    public var readsWholeApp = false

    public struct Statistics: Sendable {
        public var filesFound = 0
        public var filesParsed = 0
        public var bytesRead = 0
        /// Files under a project that compiles them in no target, by project: left out of the analysis.
        public var notCompiled: [String: [String]] = [:]
        public init(filesFound: Int = 0, filesParsed: Int = 0, bytesRead: Int = 0) {
            self.filesFound = filesFound
            self.filesParsed = filesParsed
            self.bytesRead = bytesRead
        }
    }

    public func analysis(forKey key: String) -> VersionAnalysis? { versions.first { $0.key == key } }

    /// Versions whose `models` list could not be read (`SchemaVersion.modelsUnread`), in key order: they have no
    /// analysis, so no checksum is printed or locked for them and no rule judges what they store.
    public var unreadVersions: [SchemaVersion] {
        project.versions.filter { $0.modelsUnread != nil }.sorted { $0.key < $1.key }
    }

    /// Locked versions that differ from their entry only where a type cannot be resolved: one line each, saying what
    /// was therefore not judged.
    public var unresolvedTypeNotes: [String] = []

    /// Locked states recorded in a store none opened now matches, where a store on either side is named by an
    /// expression schemalint cannot place: whether it moved cannot be told, so nothing compares those states with
    /// these sources. One line each, where the lockfile records it (Keep's store URL moved into a helper).
    public var unmatchedStateNotes: [String] = []

    /// What could not be read or told, one line each (`check` prints them as notes).
    public var notes: [String] {
        unreadNotes + unreadPlanNotes + unreadContainerNotes + unresolvedTypeNotes + untoldStoreNotes
            + unmatchedStateNotes + untoldCoreDataStoreNotes + unopenedBundleNotes
    }

    /// One line per shipping model bundle when the sources read open no store at all, neither with Core Data nor
    /// with SwiftData: a library the app links (LikePics' `PersistentStack`) or code not read opens it, so which
    /// files hold its versions is not known, and a move or rename of them goes unreported. Its versions are still
    /// locked and compared.
    public var unopenedBundleNotes: [String] {
        guard topology.coreData.stores.isEmpty, !project.containers.contains(where: { $0.purpose == .app }),
            !project.coreDataStores.contains(where: { $0.purpose == .app })
        else { return [] }
        return project.modelBundles.filter(\.ships).map { bundle in
            let location = bundle.versions.first?.location ?? SourceLocation(file: bundle.path, line: 1, column: 1)
            return "\(location): no Core Data stack in the sources read opens \(bundle.key) (a library or code "
                + "schemalint does not read may): which files hold its versions cannot be told, so a move or rename "
                + "of them is not reported"
        }
    }

    /// One line per app Core Data stack whose store file cannot be told, where it opens it: which file holds a
    /// bundle's versions is then not known, so a move or rename of it goes unreported, and that is said in plain
    /// `check` (the place alone, under `--verbose`, was easy to miss).
    public var untoldCoreDataStoreNotes: [String] {
        var seen = Set<String>()
        return topology.coreData.stores.filter { $0.file == nil }.map { store in
            let why =
                store.fileUnread?.described(at: store.location) ?? "its URL is built where schemalint cannot read it"
            return "\(store.location): which file this Core Data stack opens cannot be told (\(why)): a move or "
                + "rename of its store file is not reported"
        }.filter { seen.insert($0).inserted } + untoldCoreDataFolderNotes
    }

    /// One line per app Core Data stack whose file is named but whose folder cannot be told (an App Group that
    /// differs between the target's configurations, a folder built where schemalint cannot read it): the file is
    /// known by its name alone, so a move of it to another folder goes unreported. Said as SwiftData's are.
    public var untoldCoreDataFolderNotes: [String] {
        var seen = Set<String>()
        return topology.coreData.stores.filter { store in
            store.file != nil && !(store.path?.isKnown ?? false)
        }.map { store in
            "\(store.location): the folder of the file \(store.file ?? "") this Core Data stack opens cannot be told: "
                + "a move of it to another folder is not reported"
        }.filter { seen.insert($0).inserted }
    }

    /// One line per app container whose models or migration plan cannot be read: what its store holds is not
    /// known, so it is neither hashed, locked nor checked; or which plan migrates it is not, so its stores are
    /// checked as one (said in plain `check`, not only under `--verbose`).
    public var unreadContainerNotes: [String] {
        var seen = Set<String>()
        return project.containers.filter { $0.purpose == .app }.flatMap { container -> [String] in
            let models = container.modelsUnread.map { why in
                "\(why.location): the models of the container at \(container.location) cannot be read (\(why.reason)): "
                    + "what its store holds is neither hashed, locked nor checked"
            }
            let plan = container.planUnread.map { why in
                "\(why.location): the migration plan of the container at \(container.location) cannot be read "
                    + "(\(why.reason)): its stores are checked as one, holding every plan's versions"
            }
            return [models, plan].compactMap { $0 }
        }.filter { seen.insert($0).inserted }
    }

    /// One line per plan whose `schemas` or `stages` cannot be read: which versions stores go through, or which stage
    /// runs for each step, is then not known, and the checks that need it are not made (said, never passed silently).
    public var unreadPlanNotes: [String] {
        project.plans.sorted { $0.name < $1.name }.flatMap { plan -> [String] in
            var lines: [String] = []
            if plan.schemas == nil, let location = plan.schemasLocation {
                lines.append(
                    "\(location): \(plan.name).schemas cannot be read (it is built in a way schemalint does not "
                        + "follow): the order its versions migrate in is not known, so its steps are not checked")
            }
            if plan.stages == nil, let location = plan.stagesLocation {
                lines.append(
                    "\(location): \(plan.name).stages cannot be read (it is built in a way schemalint does not "
                        + "follow): which stage runs for each step is not known, so stages left out and the data "
                        + "its steps drop are not checked")
            }
            return lines
        }
    }

    /// One line per store whose file cannot be told, at the container opening it: which file it is decides which
    /// shipped states it holds, so a store moved or renamed there goes unreported, and that is said. An extension's
    /// too (a widget's helper building its URL): whether it is the app's store, opened with other models, is not
    /// checked.
    public var untoldStoreNotes: [String] {
        guard topology.isComplete else { return [] }
        var lines: [String] = []
        for store in topology.stores {
            guard let container = store.containers.first else { continue }
            let shared = store.role == .appExtension ? ", nor whether it is a store the app opens" : ""
            switch store.location.kind {
            case .unknown:
                lines.append(
                    "\(container.location): which file this container opens cannot be told (its configuration or URL "
                        + "is built where schemalint cannot read it): its shipped states are matched by the models "
                        + "they hold, and a move or rename of its file is not reported\(shared)")
            case .url where store.location.path == nil:
                lines.append(
                    "\(container.location): the folder of \(store.location.description) cannot be told: a move of "
                        + "its file to another folder is not reported\(shared)")
            case .named where !StoreLocation.isCertain(key: store.location.key),
                .defaultStore where !StoreLocation.isCertain(key: store.location.key):
                // A name or App Group given by a value schemalint cannot read (a local declared per `#if` clause).
                lines.append(
                    "\(container.location): the App Group or name of \(store.location.description) cannot be told: "
                        + "a move or rename of its file is not reported\(shared)")
            default:
                continue
            }
        }
        return lines
    }

    /// One line per app container whose store the code picks among several at run time
    /// (`ContainerModel.storePickedBy`): the stores it may open, each checked as one users' data may be in, and what
    /// picks, at the container. Said under `--verbose`: every store is known and checked, so it is no note about
    /// what could not be told (which `--strict` and `require_known_stores` fail on).
    public var pickedStoreNotes: [String] {
        guard topology.isComplete else { return [] }
        var order: [SourceLocation] = []
        var picked: [SourceLocation: (stores: [String], by: [String])] = [:]
        for store in topology.stores {
            for container in store.containers {
                guard let by = container.storePickedBy else { continue }
                if picked[container.location] == nil { order.append(container.location) }
                var entry = picked[container.location] ?? ([], [])
                if !entry.stores.contains(store.name) { entry.stores.append(store.name) }
                entry.by += by.filter { !entry.by.contains($0) }
                picked[container.location] = entry
            }
        }
        return order.sorted().compactMap { location in
            guard let entry = picked[location], entry.stores.count > 1 else { return nil }
            let by = entry.by.isEmpty ? "" : " by \(entry.by.joined(separator: ", "))"
            return "\(location): the store this container opens is picked at run time\(by): it is one of "
                + "\(entry.stores.joined(separator: ", ")), each checked as a store users' data may be in"
        }
    }

    /// One line per unread version: what could not be read, where, and what was therefore not done.
    public var unreadNotes: [String] {
        unreadVersions.compactMap { version in
            version.modelsUnread.map { why in
                "\(why.location): \(version.key)'s `models` list cannot be read (\(why.reason)): it is neither hashed, "
                    + "locked nor checked"
            }
        }
    }
}

public struct Analyzer {
    public var workingDirectory: URL
    /// nil uses every core.
    public var threads: Int?
    public var rules: [any Rule]
    public var configuration: Configuration
    /// Store fixtures to verify against the versions (the `store_*` rules).
    public var stores: [StoreMetadata] = []
    /// Where the app's lockfile is expected (`lockfile_missing` says so when none covers the plans).
    public var lockfileLocation: String?
    /// Which files the repository's projects compile; nil analyses every file given (folder rules only).
    public var membership: ProjectMembership?
    /// The app's Core Data model bundles, read; nil when the run did not look for them (in-memory sources), so
    /// nothing is said about bundles a lockfile records.
    public var modelBundles: [ModelBundle]?
    /// Whether to build `Analysis.upgrades` (`upgrades` needs it; `check` does not).
    public var buildsUpgrades = true
    /// Whether the files are the whole app (a folder read from its root, not paths picked within it nor files
    /// held in memory): only then does "nothing here opens a store" mean the app opens none.
    public var readsWholeApp = false
    /// Pass 1's files parsed while discovery's last readers ran (see `EarlyParses`).
    var earlyParses: EarlyParses?

    public init(
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        threads: Int? = nil, rules: [any Rule] = RuleRegistry.all, configuration: Configuration = Configuration()
    ) {
        self.workingDirectory = workingDirectory
        self.threads = threads
        self.rules = rules
        self.configuration = configuration
    }

    /// The configuration's `included` / `excluded`, or nil when it has none.
    public var pathFilter: PathFilter? {
        let filter = PathFilter(
            included: configuration.included, excluded: configuration.excluded, base: configurationBase)
        return filter.isEmpty ? nil : filter
    }

    /// The folder the configuration's globs are relative to.
    var configurationBase: String {
        let directory = workingDirectory.standardizedFileURL.path
        return configuration.baseFolder(workingDirectory: directory, root: SourceDiscovery.normalise(directory))
    }

    public func analyze(paths: [String], lockfile: Lockfile?) throws -> Analysis {
        let discovered = try SourceDiscovery(workingDirectory: workingDirectory, threads: threads, filter: pathFilter)
            .discover(paths)
        var analyzer = self
        analyzer.readsWholeApp = paths.allSatisfy { $0 == "." || $0 == "./" }
        if analyzer.membership == nil,
            discovered.files.contains(where: \.mayHoldSchema) || !discovered.modelBundles.isEmpty
        {
            analyzer.membership = ProjectMembership(
                paths: discovered.files.map(\.path) + discovered.modelBundles.map(\.display),
                workingDirectory: workingDirectory.standardizedFileURL.path, listed: discovered.projectFiles)
        }
        analyzer.modelBundles = ModelBundleLoading.load(
            discovered.modelBundles, mappingModels: discovered.mappingModels, membership: analyzer.membership,
            threads: threads)
        return analyzer.analyze(files: discovered.files, unreadable: discovered.unreadable, lockfile: lockfile)
    }

    /// Analyses files already in memory (tests, `--against` a git ref), stage by stage (`Pipeline/Stages`): which
    /// files ship → parse what can matter into the model → hash every version → the stores containers open →
    /// rules.
    public func analyze(
        files found: [SourceDiscovery.SourceFile], unreadable: [(path: String, reason: String)] = [],
        lockfile: Lockfile?
    ) -> Analysis {
        StageTrace.mark("analysis starts")
        let compiled = CompiledFilesStage(membership: membership, threads: threads).run(found)
        let files = compiled.files
        var parse = ParseStage(
            threads: threads, membership: membership, hasModelBundles: !(modelBundles ?? []).isEmpty,
            early: earlyParses)
        parse.hasShippedSwiftData = lockfile?.versions.values.contains { $0.retired == nil } ?? false
        let parsed = parse.run(files, testTargetFiles: compiled.testTargetFiles)
        StageTrace.mark("parsed")
        let hashed = HashStage(threads: threads, modelBundles: modelBundles).run(
            parsed.project, valueTypes: parsed.valueTypes, lockfile: lockfile)
        StageTrace.mark("hashed")
        let project = hashed.project
        let topology = TopologyStage(threads: threads, membership: membership, readsWholeApp: readsWholeApp).run(
            project, files: files, relevant: parsed.relevant)
        StageTrace.mark("topology")
        let ruled = RuleStage(
            rules: rules, configuration: configuration, stores: stores, lockfileLocation: lockfileLocation,
            readsWholeApp: readsWholeApp
        ).run(project: project, hashed: hashed, topology: topology, lockfile: lockfile)
        StageTrace.mark("rules")

        var statistics = Analysis.Statistics(
            filesFound: found.count, filesParsed: parsed.parsed.count,
            bytesRead: found.reduce(0) { $0 + $1.byteCount })
        statistics.notCompiled = compiled.notCompiled
        var analysis = Analysis(
            project: project, versions: hashed.versions, findings: ruled.findings, unreadable: unreadable,
            statistics: statistics, storeVerdicts: ruled.context.storeVerdicts)
        analysis.modelVersions = hashed.modelVersions
        analysis.readsWholeApp = readsWholeApp
        analysis.unresolvedTypeNotes = Self.unresolvedTypeNotes(project, hashed.versions, lockfile: lockfile)
        if buildsUpgrades { analysis.upgrades = UpgradeMatrix.build(ruled.context) }
        analysis.topology = ruled.context.topology
        analysis.unmatchedStateNotes = Self.unmatchedStateNotes(ruled.context)
        return analysis
    }

    /// See `Analysis.unmatchedStateNotes`.
    static func unmatchedStateNotes(_ context: RuleContext) -> [String] {
        guard let lockfile = context.lockfile else { return [] }
        let file = lockfile.path ?? Lockfile.defaultFileName
        return lockfile.versionsInOrder.compactMap { key, locked in
            guard locked.retired == nil,
                case let .unmatched(stores) = StateAssignment.holder(of: key, locked, in: context)
            else { return nil }
            let named = stores.map(StoreLocation.displayName(key:)).joined(separator: ", ")
            return "\(file):\(lockfile.keyLines[key] ?? 1):1: \(key) was locked in \(named), which matches no store "
                + "opened now, and a store is named by an expression schemalint cannot place: whether it moved cannot "
                + "be told, so what it holds is not checked against these sources"
        }
    }

    /// See `Analysis.unresolvedTypeNotes`.
    static func unresolvedTypeNotes(_ project: Project, _ versions: [VersionAnalysis], lockfile: Lockfile?)
        -> [String]
    {
        guard let lockfile else { return [] }
        return project.versions.filter { !$0.isImplicit }.sorted { $0.key < $1.key }.compactMap { version in
            guard let locked = lockfile.versions[version.key], locked.retired == nil,
                let now = versions.first(where: { $0.key == version.key })
            else { return nil }
            let changes = SnapshotDiff.changes(from: locked.entities, to: now.snapshot)
            let unresolved = changes.filter(\.restsOnUnresolvedType).map(\.text)
            guard !unresolved.isEmpty else { return nil }
            let text = unresolved.joined(separator: "; ")
            // A standard type whose storage no real store has shown (`UInt`) is named as such, not as one not found.
            let why =
                StandardTypeStorage.unverifiedReason(in: text).map { "a type whose storage schemalint does not know ("
                    + $0 + ")" } ?? "a type schemalint cannot resolve (declared in a module it was not shown?)"
            return "\(version.location): \(version.key) (locked): \(text) rests on \(why): whether the stores it "
                + "wrote still open is not judged"
        }
    }
}
