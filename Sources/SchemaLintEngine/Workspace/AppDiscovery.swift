import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// The first stage of every command: the tree walked and split into apps (`Workspace.apps`), with what can be read
/// beside the walk started as soon as the walk finds it. A large Core Data app's lockfile and model versions take as
/// long to read as the walk of its tree, so each lockfile and bundle starts being read the moment the walk finds it,
/// and the project files once the walk has found them all.
public struct AppDiscovery {
    public var paths: [String]
    public var workingDirectory: String
    /// The run's configuration (`--config`, or the one found at the working directory): its `included` /
    /// `excluded` filter the walk.
    public var configuration: Configuration
    /// `--config` and `--lockfile`: each makes the run one app.
    public var configurationPath: String?
    public var lockfilePath: String?
    public var threads: Int?
    /// Read each app's lockfile in the background meanwhile (see `LockfileReading`).
    public var readingLockfiles = false
    /// Model versions whose bytes the lockfile recorded are taken from it (see `RecordedVersions`).
    public var takingRecorded = false

    public init(paths: [String], workingDirectory: String, configuration: Configuration) {
        self.paths = paths
        self.workingDirectory = workingDirectory
        self.configuration = configuration
    }

    public struct Result {
        public var apps: [AppUnit]
        /// Files the walk could not read, and why.
        public var unreadable: [(path: String, reason: String)]
        /// What the project files say is wrong with them.
        public var problems: [String]
    }

    /// Throws `SourceDiscovery.Failure` (a path that does not exist) and `ConfigurationLoader.Failure`.
    public func run() throws -> Result {
        let analyzer = Analyzer(threads: threads, configuration: configuration)
        var discovery = SourceDiscovery(threads: threads, filter: analyzer.pathFilter)
        let (cwd, threads, readingLockfiles) = (workingDirectory, threads, readingLockfiles)
        let takingRecorded = takingRecorded
        var lockfiles: LockfileReading?
        if readingLockfiles, let lockfilePath {
            lockfiles = LockfileReading(
                paths: [lockfilePath], workingDirectory: cwd, preparingRecords: takingRecorded)
        }
        var bundles: ModelBundlePreparation?
        let keepingBytes = !takingRecorded
        let preparation = { () -> ModelBundlePreparation in
            let started = bundles ?? ModelBundlePreparation(threads: threads, keepingBytes: keepingBytes)
            bundles = started
            return started
        }
        let explicit = lockfilePath != nil
        discovery.found = { found in
            switch found {
            case let .lockfileFolder(folder):
                guard readingLockfiles, !explicit else { return }
                let path = Workspace.display(folder + "/" + Lockfile.defaultFileName, workingDirectory: cwd)
                if let lockfiles {
                    lockfiles.read([path])
                } else {
                    lockfiles = LockfileReading(paths: [path], workingDirectory: cwd, preparingRecords: takingRecorded)
                }
            case let .modelBundle(absolute, display): preparation().add(bundle: (absolute, display))
            case let .mappingModel(absolute, display): preparation().add(mappingModel: (absolute, display))
            }
        }
        // An app with model bundles always needs its project files.
        var projects: ProjectFileReading?
        discovery.walked = { walked in
            guard !walked.modelBundles.isEmpty else { return }
            projects = ProjectFileReading(
                projectFiles: walked.projectFiles, for: walked.modelBundles.map(\.absolute))
        }
        StageTrace.mark("walk starts")
        let discovered = try discovery.discover(paths)
        StageTrace.mark("walked and read")
        var request = Workspace.Request(discovered: discovered, workingDirectory: workingDirectory)
        (request.explicitConfiguration, request.explicitLockfile) = (configurationPath, lockfilePath)
        (request.threads, request.paths) = (threads, paths)
        (request.readingLockfiles, request.takingRecorded) = (readingLockfiles, takingRecorded)
        (request.projects, request.lockfiles, request.preparedBundles) = (projects, lockfiles, bundles)
        let apps = try Workspace.apps(request)
        StageTrace.mark("apps")
        var problems = apps.first?.membership?.problems ?? []
        let submodules = GitSubmodules.absentProblem(roots: apps.map(\.root), workingDirectory: cwd)
        if let submodules, apps.contains(where: { !$0.files.isEmpty || !$0.modelBundles.isEmpty }) {
            problems.append(submodules)
        }
        return Result(apps: apps, unreadable: discovered.unreadable, problems: problems)
    }
}
