import Foundation
import SchemaLintFacts
import SchemaLintRules
import SchemaLintStore

/// `schemalint check` over every app of a run: each app analysed against its own lockfile (plus the versions at a git
/// revision with `--against`), its store fixtures verified, a baseline applied, and the summary counted. The CLI
/// parses arguments, reads what it is given and prints; what the check finds is decided here.
public struct CheckRun {
    public var threads: Int?
    public var workingDirectory: String
    /// `--against REF`: the versions at that revision count as locked.
    public var against: String?
    /// `--baseline FILE`: only findings it does not hold are reported.
    public var baseline: Baseline?
    /// The paths given on the command line (for reading the same files at `against`).
    public var paths: [String] = []
    /// `--config` / `--lockfile` made the run one app.
    public var singleApp = false

    private func readsWhole(_ app: AppUnit) -> Bool { app.isRead(wholeBy: paths, workingDirectory: workingDirectory) }

    public init(threads: Int?, workingDirectory: String, against: String? = nil, baseline: Baseline? = nil) {
        self.threads = threads
        self.workingDirectory = workingDirectory
        self.against = against
        self.baseline = baseline
    }

    /// What one app's check found, for `--verbose`.
    public struct AppResult {
        public var app: AppUnit
        public var analysis: Analysis
        public var lockfileFound: Bool
    }

    public struct Outcome {
        /// The findings to report, in order (after the baseline).
        public var findings: [Finding]
        /// Every finding of the run, as `--write-baseline` records it.
        public var recorded: Baseline
        public var summary: Summary
        public var apps: [AppResult]
    }

    public enum Failure: Error, CustomStringConvertible {
        case storeFixtures(String)
        case revision(String)
        public var description: String {
            switch self {
            case let .storeFixtures(reason), let .revision(reason): return reason
            }
        }
    }

    /// `lockfile` reads an app's lockfile (nil when there is none); its errors are the caller's to word.
    public func run(
        apps: [AppUnit], storeFiles: [String: [String]], lockfile: (AppUnit) throws -> Lockfile?
    ) throws -> Outcome {
        var findings: [Finding] = []
        var statistics = Analysis.Statistics()
        var versions = 0
        var stores = 0
        var modelVersions = 0
        var lockfiles: [String] = []
        var missing: [String] = []
        var recorded = Baseline(entries: [])
        var results: [AppResult] = []
        for app in apps {
            var locked = try lockfile(app)
            let found = locked != nil
            if found { lockfiles.append(app.lockfilePath) }
            if let against { locked = try lockedVersions(at: against, app: app, adding: locked) }
            var analyzer = app.analyzer(threads: threads)
            analyzer.buildsUpgrades = false
            do {
                analyzer.stores = try StoreFixtures.read(storeFiles[app.root] ?? [])
            } catch let failure as StoreFixtures.Failure {
                throw Failure.storeFixtures(failure.description)
            }
            analyzer.lockfileLocation = against == nil ? app.lockfilePath : nil
            analyzer.readsWholeApp = against == nil && readsWhole(app)
            let analysis = analyzer.analyze(files: app.files, lockfile: locked)
            let shipsState =
                !analysis.project.plans.isEmpty || analysis.project.versions.contains(where: \.isImplicit)
                || analysis.project.modelBundles.contains { $0.ships && !$0.versions.isEmpty }
            if !found && against == nil, shipsState { missing.append(app.lockfilePath) }
            let appBaseline = Baseline(findings: analysis.findings, project: analysis.project)
            recorded.entries += appBaseline.entries
            recorded.leftOut += appBaseline.leftOut
            findings +=
                baseline.map { $0.newFindings(analysis.findings, project: analysis.project) } ?? analysis.findings
            statistics.filesFound += analysis.statistics.filesFound
            statistics.filesParsed += analysis.statistics.filesParsed
            versions += analysis.versions.count
            stores += analysis.storeVerdicts.count
            modelVersions += analysis.project.modelBundles.reduce(0) { $0 + $1.versions.count }
            results.append(AppResult(app: app, analysis: analysis, lockfileFound: found))
        }
        findings = Finding.ordered(findings)
        var summary = Summary(findings: findings, statistics: statistics, versions: versions, stores: stores)
        summary.modelVersions = modelVersions
        summary.lockfiles = lockfiles
        summary.missingLockfiles = missing
        summary.configurations = apps.compactMap(\.configurationPath)
        return Outcome(findings: findings, recorded: recorded, summary: summary, apps: results)
    }

    /// The lockfile plus the app's versions at `revision`, read from git objects: its Swift files, and its Core Data
    /// model bundles and mapping models (written to a scratch folder to be read as on disk).
    private func lockedVersions(at revision: String, app: AppUnit, adding lockfile: Lockfile?) throws -> Lockfile {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schemalint-against-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            var analyzer = app.analyzer(threads: threads)
            let git = GitRevision(revision)
            let all = try git.swiftFiles(under: paths, filter: analyzer.pathFilter)
            let models = try git.modelFiles(under: paths, filter: analyzer.pathFilter, into: scratch)
            var locator = AppLocator(workingDirectory: workingDirectory)
            let files = all.filter { singleApp || locator.root(ofFile: $0.path) == app.root }
            let ours: ((absolute: String, display: String)) -> Bool = {
                singleApp || locator.root(ofFile: $0.display) == app.root
            }
            analyzer.modelBundles = ModelBundleLoading.load(
                models.bundles.filter(ours), mappingModels: models.mappingModels.filter(ours),
                membership: app.membership, threads: threads)
            let before = analyzer.analyze(files: files, lockfile: nil)
            return (lockfile ?? Lockfile()).adding(versionsAt: revision, from: before)
        } catch let failure as GitRevision.Failure {
            throw Failure.revision(failure.description)
        } catch {
            throw Failure.revision("--against \(revision): its model bundles could not be read (\(error))")
        }
    }
}
