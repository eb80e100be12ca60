import Dispatch
import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Finds and reads the `.swift` files under the given paths, once each.
///
/// Skips build output, VCS and dependency folders and hidden folders; survives symlink loops, unreadable
/// files and folders named `*.swift`. Paths in output are relative to the working directory. The walk uses
/// plain POSIX calls and string paths (URL manipulation per file was most of the cost on large trees), and
/// files are read and scanned for schema keywords on every core.
public struct SourceDiscovery {
    public struct SourceFile: Sendable {
        public var path: String
        /// The file's bytes. Empty for a file read from disk that pass 1 skipped (`isDeferred`): an app without
        /// SwiftData never needs them again, and keeping 20 MB that no rule reads costs more page faults than the
        /// whole scan. Pass 2, when there is one, reads such files again (`PassTwo`).
        public var bytes: [UInt8]
        public var byteCount: Int
        /// Whether the byte scan found SwiftData schema vocabulary (see `RelevanceFilter`).
        public var mayHoldSchema: Bool
        /// Whether it found a Core Data stack's words and no SwiftData word: parsed only in an app with a model
        /// bundle, where a stack says which file the bundle's stores are in.
        public var mayOpenStack = false
        /// A stack's file that copies a store (`replacePersistentStore`, `migratePersistentStore`): in a SwiftData
        /// app with no model bundle, how a store is carried to another file.
        public var mayCopyStore = false
        /// Where to read a deferred file again.
        var absolutePath: String?
        var isDeferred: Bool { absolutePath != nil && bytes.isEmpty && byteCount > 0 }

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
            byteCount = bytes.count
            let relevance = RelevanceFilter.relevance(bytes)
            mayHoldSchema = relevance == .schema
            mayOpenStack = relevance == .stack
            mayCopyStore = mayOpenStack && RelevanceFilter.copiesStore(bytes)
        }

        init(path: String, bytes: [UInt8], relevance: RelevanceFilter.Relevance) {
            self.path = path
            self.bytes = bytes
            byteCount = bytes.count
            mayHoldSchema = relevance == .schema
            mayOpenStack = relevance == .stack
            mayCopyStore = mayOpenStack && RelevanceFilter.copiesStore(bytes)
        }

        /// The file with its bytes, read again when they were not kept; nil if it cannot be read now.
        func loaded() -> SourceFile? {
            guard isDeferred, let absolutePath else { return self }
            guard case let .success((bytes, _)) = SourceDiscovery.readBytes(absolutePath) else { return nil }
            var file = self
            file.bytes = bytes
            file.byteCount = bytes.count
            return file
        }
    }

    public struct Result: Sendable {
        public var files: [SourceFile]
        /// Files or folders that could not be read, with the reason; the rest is still analysed.
        public var unreadable: [(path: String, reason: String)]
        /// Every folder walked (absolute) and the project files in it (`App.xcodeproj`, `Package.swift`), so
        /// `ProjectMembership` need not list them again.
        public var projectFiles: [String: [String]] = [:]
        /// For every folder the walk listed (absolute), which of `AppLocator.markers` and `.git` it holds: an app's
        /// root is then found without asking the file system again.
        public var appMarkers: [String: Set<String>] = [:]
        /// For every folder the walk listed, by its path as files show it (`App/Models`, empty for the working
        /// directory), what the walk down to it tells of its app (see `FolderApp`).
        public var folderApps: [Substring: FolderApp] = [:]
        /// Core Data model bundles (`.xcdatamodeld`, standalone `.xcdatamodel`) and mapping models
        /// (`.xcmappingmodel`) found on the walk: read by `ModelBundleLoading`, not as Swift files.
        public var modelBundles: [(absolute: String, display: String)] = []
        public var mappingModels: [(absolute: String, display: String)] = []
    }

    /// A folder's app as the walk finds it top down, with `AppLocator`'s rule: the nearest folder at or above it
    /// holding `.schemalint.yml` or `schemalint.lock`, looking no higher than a folder holding `.git`. Thousands of
    /// files then find their app without walking up each folder's path again.
    public enum FolderApp: Sendable, Equatable {
        /// The nearest marked folder (absolute).
        case root(String)
        /// None: a repository's root came first. The file is the working directory's app's.
        case unmarked
        /// Nothing from the folder the walk started in down to this one tells: the app is that of the folder above
        /// where it started (absolute), which `AppLocator` asks of the file system.
        case above(String)
    }

    public enum Failure: Error, CustomStringConvertible {
        case missingPath(String)
        public var description: String {
            switch self {
            case let .missingPath(path): return "no such file or directory: \(path)"
            }
        }
    }

    static let skippedFolders: Set<String> = ["DerivedData", "Pods", "Carthage", "node_modules"]

    /// The working directory, without a trailing slash.
    let workingDirectory: String
    var threads: Int?
    /// `included` / `excluded` from the configuration.
    public var filter: PathFilter?
    /// Keep every file's bytes, not only those pass 1 selects (the benchmark's parse of every file, the fuzz test).
    public var keepsAllBytes = false
    /// What the walk found beside the Swift files, for `walked`.
    public struct Walked {
        /// Project files by folder (absolute), as `Result.projectFiles`.
        public var projectFiles: [String: [String]]
        public var modelBundles: [(absolute: String, display: String)]
        public var mappingModels: [(absolute: String, display: String)]
    }

    /// Called once the walk is done, before the last files are read, with what it found beside them: a caller can
    /// start reading those meanwhile.
    public var walked: ((Walked) -> Void)?
    /// What the walk finds beside Swift files, as it finds it (`found`).
    public enum Found {
        /// A folder (absolute) holding a `schemalint.lock`.
        case lockfileFolder(String)
        case modelBundle(absolute: String, display: String)
        case mappingModel(absolute: String, display: String)
    }

    /// Called on the walk's thread each time it finds a lockfile, a model bundle or a mapping model: reading them
    /// can start while the rest of the tree is walked (a large app's lockfile and model versions take as long as the
    /// walk itself).
    public var found: ((Found) -> Void)?

    public init(
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), threads: Int? = nil,
        filter: PathFilter? = nil
    ) {
        self.filter = filter
        var path = workingDirectory.standardizedFileURL.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.workingDirectory = path
        self.threads = threads
    }

    public func discover(_ paths: [String]) throws -> Result {
        var walk = Walk(filter: filter, report: found)
        // With more than one core, files are read while the walk goes on (`FileReadPipeline`).
        let keepsAllBytes = keepsAllBytes
        let workers = max(1, threads ?? Cores.available)
        let pipeline =
            workers > 1
            ? FileReadPipeline<FoundFile, FileRead>(helpers: workers - 1) { file, buffer in
                Self.read(file, into: &buffer, keepingBytes: keepsAllBytes)
            } : nil
        if let pipeline { walk.foundFiles = { pipeline.add($0) } }
        for path in paths.isEmpty ? ["."] : paths {
            let absolute = Paths.absolute(path, in: workingDirectory)
            var info = stat()
            guard stat(absolute, &info) == 0 else { throw Failure.missingPath(path) }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk.directory(absolute, display: displayPath(absolute))
            } else if info.st_mode & S_IFMT == S_IFREG {
                if filter?.allowsFile(absolute) ?? true { walk.file(absolute, display: displayPath(absolute)) }
            } else {
                // A pipe or device would block or never end: name it instead of reading it.
                walk.unreadable.append((displayPath(absolute), "not a regular file"))
            }
        }
        walk.flush()
        StageTrace.mark("walk done")
        walked?(
            Walked(
                projectFiles: walk.projectFiles, modelBundles: walk.modelBundles, mappingModels: walk.mappingModels))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let read =
            pipeline?.finish()
            ?? walk.found.map { file in
                Self.read(
                    FoundFile(absolute: file.absolute, display: file.display), into: &buffer,
                    keepingBytes: keepsAllBytes)
            }
        StageTrace.mark("reads done")
        let files = collect(read, unreadable: &walk.unreadable)
        // Walked in path order (`Walk.inPathOrder`): sorted already unless links to folders, or several paths
        // given, put some elsewhere.
        let inOrder = zip(files, files.dropFirst()).allSatisfy { $0.path < $1.path }
        var result = Result(
            files: inOrder ? files : files.sorted { $0.path < $1.path },
            unreadable: walk.unreadable.sorted { $0.path < $1.path })
        result.projectFiles = walk.projectFiles
        result.appMarkers = walk.appMarkers
        result.folderApps = walk.folderApps
        result.modelBundles = walk.modelBundles
        result.mappingModels = walk.mappingModels
        return result
    }

    /// A Swift file the walk found: where it is, and the folder it was listed in when that is still open.
    struct FoundFile: Sendable {
        var absolute: String
        var display: String
        var folder: OpenFolder?
        /// Its name in `folder`.
        var name = ""
    }

    typealias FileRead = Swift.Result<(SourceFile, FileIdentity), ReadError>

    /// One file read and scanned (`buffer`: reused from file to file); only a file that can hold schema code, or
    /// every file with `keepingBytes`, keeps its bytes.
    private static func read(_ file: FoundFile, into buffer: inout [UInt8], keepingBytes: Bool) -> FileRead {
        let (absolute, display) = (file.absolute, file.display)
        switch read(absolute, in: file.folder, name: file.name, into: &buffer, walked: true) {
        case let .success((count, identity)):
            let file = buffer.withUnsafeBufferPointer { whole -> SourceFile in
                let content = UnsafeBufferPointer(rebasing: whole[0..<count])
                let relevance = RelevanceFilter.relevance(UnsafeRawBufferPointer(content))
                if relevance != .none || keepingBytes {
                    return SourceFile(path: display, bytes: Array(content), relevance: relevance)
                }
                var skipped = SourceFile(path: display, bytes: [], relevance: .none)
                skipped.byteCount = count
                skipped.absolutePath = absolute
                return skipped
            }
            return .success((file, identity))
        case let .failure(error):
            return .failure(ReadError(path: display, reason: error.reason))
        }
    }

    /// The files read, in walk order, each once.
    private func collect(_ results: [FileRead], unreadable: inout [(path: String, reason: String)]) -> [SourceFile] {
        var files: [SourceFile] = []
        var seen = Set<FileIdentity>()  // a file reached twice (a symlink, overlapping paths) counts once
        for result in results {
            switch result {
            case let .success((file, identity)): if seen.insert(identity).inserted { files.append(file) }
            case let .failure(error): unreadable.append((error.path, error.reason))
            }
        }
        return files
    }

    struct ReadError: Error {
        var path: String
        var reason: String
    }

    /// The whole file, in a new array.
    static func readBytes(_ path: String) -> Swift.Result<(bytes: [UInt8], identity: FileIdentity), ReadError> {
        var buffer: [UInt8] = []
        return read(path, into: &buffer).map { count, identity in
            buffer.removeSubrange(count...)
            return (buffer, identity)
        }
    }

    /// The whole file into `bytes` (grown as needed, never shrunk), with one open and as few reads as its size
    /// allows; returns how many bytes it holds. `folder`: the open folder holding it, where it is called `name`.
    /// Only a regular file of a sane size is read (`RegularFile`): a pipe or a device is named, never read.
    /// `walked`: the walk listed it as a regular file a moment ago.
    static func read(
        _ path: String, in folder: OpenFolder? = nil, name: String = "", into bytes: inout [UInt8],
        walked: Bool = false
    ) -> Swift.Result<(count: Int, identity: FileIdentity), ReadError> {
        switch RegularFile.read(path, in: folder?.descriptor, name: name, into: &bytes, kindKnown: walked) {
        case let .success((count, info)): return .success((count, FileIdentity(info)))
        case let .failure(failure): return .failure(ReadError(path: path, reason: failure.description))
        }
    }

    /// Relative to the working directory when inside it, absolute otherwise.
    func displayPath(_ absolute: String) -> String {
        if absolute == workingDirectory { return "." }
        let base = workingDirectory == "/" ? "/" : workingDirectory + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// Removes `.` and `..` components and doubled slashes, without touching the file system.
    public static func normalise(_ path: String) -> String {
        if isNormalised(path) { return path }
        var parts: [Substring] = []
        for component in path.split(separator: "/") {
            if component == "." { continue }
            if component == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `normalise` would give `path` back unchanged (absolute, no empty, `.` or `..` component, no trailing
    /// slash): most paths are, and splitting and joining them again cost more than finding their app.
    static func isNormalised(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == slash else { return false }
        if path.utf8.count == 1 { return true }
        // Bytes of the current component, and whether all of them are dots.
        var length = 0
        var dotsOnly = true
        while let byte = bytes.next() {
            if byte == slash {
                guard length > 0, !(dotsOnly && length <= 2) else { return false }
                length = 0
                dotsOnly = true
            } else {
                length += 1
                if byte != dot { dotsOnly = false }
            }
        }
        return length > 0 && !(dotsOnly && length <= 2)
    }

    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// The directory walk: collects file paths, never follows a folder twice (symlink loops).
    private struct Walk {
        let filter: PathFilter?
        /// The files to read once the walk is done, when they are not handed to `foundFiles` as found.
        var found: [(absolute: String, display: String)] = []
        var unreadable: [(path: String, reason: String)] = []
        var visitedDirectories = Set<FileIdentity>()
        var projectFiles: [String: [String]] = [:]
        var appMarkers: [String: Set<String>] = [:]
        var folderApps: [Substring: FolderApp] = [:]
        var modelBundles: [(absolute: String, display: String)] = []
        var mappingModels: [(absolute: String, display: String)] = []
        let report: ((Found) -> Void)?
        /// Given the files found so far, a few folders at a time, while the walk goes on.
        var foundFiles: (([FoundFile]) -> Void)?
        /// Files found and not given to `foundFiles` yet.
        private var pending: [FoundFile] = []

        init(filter: PathFilter?, report: ((Found) -> Void)?) {
            self.filter = filter
            self.report = report
        }

        /// A file to read; `folder`: the open folder it was listed in, where it is called `name`.
        mutating func file(_ absolute: String, display: String, folder: OpenFolder? = nil, name: String = "") {
            guard foundFiles != nil else { return found.append((absolute, display)) }
            pending.append(FoundFile(absolute: absolute, display: display, folder: folder, name: name))
            if pending.count >= 16 { flush() }
        }

        /// A folder's entries in the order their paths sort in: a subfolder as if its name ended in `/`, so that
        /// `Foo+Sync.swift` comes before everything in `Foo/` (`+` sorts before `/`). The walk then finds files in
        /// the order the run reports them, and they need no sorting afterwards (see `discover`).
        static func inPathOrder(_ entries: [(name: String, type: UInt8)]) -> [(name: String, type: UInt8)] {
            entries.map { entry in (entry, Int32(entry.type) == Int32(DT_DIR) ? entry.name + "/" : entry.name) }
                .sorted { $0.1 < $1.1 }.map(\.0)
        }

        /// Hands the files found since the last time to `foundFiles`.
        mutating func flush() {
            foundFiles?(pending)
            pending.removeAll()
        }

        /// Lists the folder at `absolute` and walks into its subfolders. `parent`: an open descriptor of the folder
        /// holding it, so it is opened by its `name` alone (resolving every folder's whole path again was a tenth of
        /// a large tree's walk).
        /// `app`: the app of the folder holding it, when the walk came down to it.
        mutating func directory(
            _ absolute: String, display: String, parent: Int32? = nil, name: String? = nil,
            app inherited: FolderApp? = nil
        ) {
            let descriptor =
                if let parent, let name {
                    openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                } else {
                    open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                }
            guard descriptor >= 0 else {
                // A folder that vanished or is a dangling link is not there to walk; one that cannot be opened is.
                if errno == EACCES { unreadable.append((display, "the folder cannot be read (check its permissions)")) }
                return
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, visitedDirectories.insert(FileIdentity(info)).inserted,
                let handle = fdopendir(descriptor)
            else {
                close(descriptor)
                return
            }
            defer { closedir(handle) }
            var entries: [(name: String, type: UInt8)] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                entries.append((name, entry.pointee.d_type))
            }
            let folder = dirfd(handle)
            var openFolder: OpenFolder?
            var triedOpening = false
            var projects: [String] = []
            var markers: Set<String> = []
            for (name, _) in entries {
                if ProjectMembership.isProjectFile(name) { projects.append(name) }
                if AppLocator.markers.contains(name) || name == ".git" { markers.insert(name) }
            }
            projectFiles[absolute] = projects.sorted()
            appMarkers[absolute] = markers
            let app: FolderApp
            if AppLocator.markers.contains(where: markers.contains) {
                app = .root(absolute)
            } else if markers.contains(".git") || absolute == "/" {
                app = .unmarked
            } else {
                app = inherited ?? .above(Paths.parent(absolute))
            }
            folderApps[display == "." ? "" : Substring(display)] = app
            if markers.contains(Lockfile.defaultFileName) { report?(.lockfileFolder(absolute)) }
            for (name, type) in Self.inPathOrder(entries) {
                var isDirectory = Int32(type) == Int32(DT_DIR)
                var isFile = Int32(type) == Int32(DT_REG)
                if Int32(type) == Int32(DT_LNK) || Int32(type) == Int32(DT_UNKNOWN) {
                    // Links and unknown types need the target's kind.
                    var childInfo = stat()
                    guard fstatat(folder, name, &childInfo, 0) == 0 else { continue }  // dangling link
                    isDirectory = childInfo.st_mode & S_IFMT == S_IFDIR
                    isFile = childInfo.st_mode & S_IFMT == S_IFREG
                }
                // Paths are made only for what is walked or read: most other entries are assets.
                if isDirectory {
                    if name.hasPrefix(".") || SourceDiscovery.skippedFolders.contains(name) { continue }
                } else if !isFile || !name.hasSuffix(".swift") {
                    continue
                }
                let child = absolute == "/" ? "/" + name : absolute + "/" + name
                let childDisplay = display == "." ? name : display + "/" + name
                if isDirectory {
                    if let filter, !filter.allowsDirectory(child) { continue }
                    // A model bundle is read whole, as Xcode compiles it; its folders hold no Swift.
                    if name.hasSuffix(".xcdatamodeld") || name.hasSuffix(".xcdatamodel") {
                        modelBundles.append((child, childDisplay))
                        report?(.modelBundle(absolute: child, display: childDisplay))
                        continue
                    }
                    if name.hasSuffix(".xcmappingmodel") {
                        mappingModels.append((child, childDisplay))
                        report?(.mappingModel(absolute: child, display: childDisplay))
                        continue
                    }
                    directory(child, display: childDisplay, parent: folder, name: name, app: app)
                } else if filter?.allowsFile(child) ?? true {
                    // Readers open the file by name in this folder while it is open (see `OpenFolder`).
                    if foundFiles != nil, !triedOpening {
                        openFolder = OpenFolder(duplicating: folder)
                        triedOpening = true
                    }
                    file(child, display: childDisplay, folder: openFolder, name: name)
                }
            }
        }
    }
}
