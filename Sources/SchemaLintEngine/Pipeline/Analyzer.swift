import Foundation
import SchemaLintModel
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

    /// What could not be read or told, one line each (`check` prints them as notes).
    public var notes: [String] { unreadNotes + unresolvedTypeNotes + untoldStoreNotes }

    /// One line per app store whose file cannot be told, at the container opening it: which file it is decides
    /// which shipped states it holds, so a store moved or renamed there goes unreported, and that is said.
    public var untoldStoreNotes: [String] {
        guard topology.isComplete else { return [] }
        var lines: [String] = []
        for store in topology.stores where store.role != .appExtension {
            guard let container = store.containers.first else { continue }
            switch store.location.kind {
            case .unknown:
                lines.append(
                    "\(container.location): which file this container opens cannot be told (its configuration or URL "
                        + "is built where schemalint cannot read it): its shipped states are matched by the models "
                        + "they hold, and a move or rename of its file is not reported")
            case .url where store.location.path == nil:
                lines.append(
                    "\(container.location): the folder of \(store.location.description) cannot be told: a move of "
                        + "its file to another folder is not reported")
            default:
                continue
            }
        }
        return lines
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

    /// Analyses files already in memory (tests, `--against` a git ref).
    public func analyze(
        files: [SourceDiscovery.SourceFile], unreadable: [(path: String, reason: String)] = [],
        lockfile: Lockfile?
    ) -> Analysis {
        var statistics = Analysis.Statistics(
            filesFound: files.count, filesParsed: 0,
            bytesRead: files.reduce(0) { $0 + $1.byteCount })
        // Files the repository's projects compile in no target never ship: they are not the app.
        var files = files
        var testTargetFiles: [String: Bool] = [:]
        if let membership, !membership.decidesOnlySome {
            // Every file is asked about (verbose output lists the ones left out), on every core. A membership built
            // for the model bundles alone (no file holds SwiftData's words, so none is parsed) is not asked.
            let all = files
            let decisions = Workers.map(all.count, threads: threads, state: {}) { index, _ in
                membership.decision(for: all[index].path)
            }
            files = zip(all, decisions).filter { file, decision in
                switch decision {
                case let .notCompiled(project):
                    statistics.notCompiled[project, default: []].append(file.path)
                    return false
                case let .compiled(testOnly):
                    testTargetFiles[file.path] = testOnly
                    return true
                case .unknown:
                    return true
                case .manifest:
                    return false
                }
            }.map(\.0)
        }
        let markTests: ([ParsedFile]) -> [ParsedFile] = { parsed in
            testTargetFiles.isEmpty ? parsed : parsed.map { file in
                var marked = file
                marked.isTestTarget = testTargetFiles[file.path]
                return marked
            }
        }
        // Pass 1: files that mention SwiftData's schema vocabulary.
        var relevant = [Bool](repeating: false, count: files.count)
        for index in files.indices where files[index].mayHoldSchema { relevant[index] = true }
        // Files naming a Core Data stack's types (and no SwiftData word) matter only where a model bundle's stores
        // are: a stack in a test target opens no user's store.
        if !(modelBundles ?? []).isEmpty {
            for index in files.indices where files[index].mayOpenStack {
                let path = files[index].path
                relevant[index] = !(testTargetFiles[path] ?? ContainerPurpose.isTestPath(path))
            }
        }
        // What each file's release builds set for its `#if` clauses (`#if USE_APP_GROUP`), from its targets.
        let deciding = membership.flatMap { $0.decidesOnlySome ? nil : $0 }
        let conditions: @Sendable (String) -> CompilationConditions = { path in
            deciding?.conditions(for: path) ?? .unknown
        }
        var parsed = markTests(
            ParallelParser.parse(
                files.indices.filter { relevant[$0] }.map { files[$0] }, threads: threads, conditions: conditions))
        var project = ProjectBuilder.build(files: parsed)
        // Pass 2 (repeated while it finds more): files declaring names the schema uses but pass 1 did not see,
        // such as a Codable struct used as an attribute or the `enum DataV1 {}` namespace that models extend, and
        // files of typealiases into the versions. Declarations are looked for, not any mention of the name.
        // A name already looked for among the skipped files cannot be found in fewer of them: each round looks only
        // for names the last one's files brought in.
        var searched = MissingNames()
        var passTwo = PassTwo()
        // The value types of the last project names were collected from, while no file read since changed it.
        var valueTypes: [SymbolID: ValueTypeCollection]?
        for _ in 0..<3 {
            var wanted = MissingNames.collect(project)
            valueTypes = wanted.valueTypes
            wanted.declarations.subtract(searched.declarations)
            wanted.aliasTargets.subtract(searched.aliasTargets)
            wanted.constants.subtract(searched.constants)
            wanted.functions.subtract(searched.functions)
            guard !wanted.isEmpty else { break }
            searched.declarations.formUnion(wanted.declarations)
            searched.aliasTargets.formUnion(wanted.aliasTargets)
            searched.constants.formUnion(wanted.constants)
            searched.functions.formUnion(wanted.functions)
            let skipped = files.indices.filter { !relevant[$0] }
            let extra = passTwo.select(files, among: skipped, wanted: wanted, threads: threads)
            guard !extra.isEmpty else { break }
            for index in extra { relevant[index] = true }
            parsed += markTests(
                ParallelParser.parse(
                    extra.compactMap { files[$0].loaded() }, threads: threads, conditions: conditions))
            project = ProjectBuilder.build(files: parsed)
            valueTypes = nil
        }
        statistics.filesParsed = parsed.count
        project.modelBundles = modelBundles ?? []
        // Keyed within the app: two bundles of the same name share no key, so no hash, lock entry or report.
        ModelBundle.assignKeys(&project.modelBundles)
        lockfile?.adoptLockedKeys(&project.modelBundles)
        project.modelBundlesRead = modelBundles != nil

        // A version whose models could not be read is not hashed: a checksum of a list never read would be a
        // confident wrong answer (`unreadVersions`).
        var versions = project.versions.filter { $0.modelsUnread == nil }.map {
            VersionAnalysis(version: $0, project: project, valueTypes: valueTypes?[$0.id])
        }
        ImplicitVersionKeys.assign(&project, &versions)
        let readable = project.modelBundles.flatMap { bundle in
            bundle.versions.filter { $0.problem == nil }.map { (version: $0, key: bundle.key(of: $0)) }
        }
        let modelVersions = Workers.map(readable.count, threads: threads, state: { VersionHasher.Cache() }) {
            index, cache in
            VersionAnalysis(bundleVersion: readable[index].version, key: readable[index].key, cache: cache)
        }
        // Plans nothing uses are hashed and locked with their versions, but the rules about plans skip them.
        let skipped = files.indices.filter { !relevant[$0] }
        let unused = UnusedDeclarations.unreferenced(project, files: files, skipped: skipped, threads: threads)
        var checked = project
        checked.plans.removeAll { unused.contains($0.id) }
        // Which store each app container opens, with the targets the project files say compile each file.
        var targets: [String: [StoreTopology.ProjectTarget]] = [:]
        let targetsOf = { (file: String) -> [StoreTopology.ProjectTarget] in
            if let known = targets[file] { return known }
            let found = membership?.targets(for: file) ?? []
            targets[file] = found
            return found
        }
        // What the targets' entitlements turn on: CloudKit where `cloudKitDatabase` is left at `.automatic`.
        StoreTopology.applyEntitlements(&checked, targets: targetsOf)
        let topology = StoreTopology.build(checked, targets: targetsOf)
        var context = RuleContext(
            project: checked,
            analyses: Dictionary((versions + modelVersions).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }),
            lockfile: lockfile, topology: topology)
        context.unreferencedPlans = project.plans.filter { unused.contains($0.id) }
        context.unusedModels = UnusedDeclarations.unusedModels(
            project, files: files, skipped: skipped, threads: threads)
        let enabled = rules.filter { configuration.isEnabled($0.id) }
        context.enabledRules = Set(enabled.map(\.id))
        context.lockfileLocation = lockfileLocation
        context.readsWholeApp = readsWholeApp
        context.judgedModels = ShippedModelVersions(context)
        // Against the plans that are checked: a plan nothing uses runs no stages.
        context.storeVerdicts = stores.map { StoreVerifier.verify($0, project: checked, versions: versions) }
        // Ordinary rules, then suppressions, then the rules about suppressions.
        var ledger = SuppressionLedger(project.suppressions)
        let found = configuration.apply(to: enabled.filter { !$0.runsAfterSuppressions }.flatMap { $0.check(context) })
        let kept = ledger.filter(DeadCode(project: project).demote(found))
        context.suppressions = ledger
        let meta = configuration.apply(to: enabled.filter(\.runsAfterSuppressions).flatMap { $0.check(context) })
        let findings = Finding.ordered(kept + meta)
        var analysis = Analysis(
            project: project, versions: versions, findings: findings, unreadable: unreadable, statistics: statistics,
            storeVerdicts: context.storeVerdicts)
        analysis.modelVersions = modelVersions
        analysis.readsWholeApp = readsWholeApp
        analysis.unresolvedTypeNotes = Self.unresolvedTypeNotes(project, versions, lockfile: lockfile)
        if buildsUpgrades { analysis.upgrades = UpgradeMatrix.build(context) }
        analysis.topology = context.topology
        return analysis
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
            return "\(version.location): \(version.key) (locked): \(unresolved.joined(separator: "; ")) rests on a "
                + "type schemalint cannot resolve (declared in a module it was not shown?): whether the stores it "
                + "wrote still open is not judged"
        }
    }
}
