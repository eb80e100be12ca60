import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Finds the app each source file belongs to: the nearest folder, walking up from the file, that holds
/// `.schemalint.yml` or `schemalint.lock`. The walk stops at the repository root (a folder with `.git`); outside a
/// repository, at the working directory or the folder given (never a stray lockfile in a parent folder, `/tmp`'s).
/// A file with neither above it belongs to the working directory's app, or, outside the working directory
/// (`check ../App`), to the folder given on the command line that holds it.
///
/// This is what makes `schemalint check` from a repository's root, `schemalint check ios` and
/// `cd ios && schemalint check` read the same lockfile, and lets two apps in one repository each keep their own.
public struct AppLocator {
    public static let markers = [ConfigurationLoader.defaultFileName, Lockfile.defaultFileName]

    /// Absolute working directory, without a trailing slash.
    public let workingDirectory: String
    private var cache: [String: String?] = [:]
    /// Roots by the folder part of a displayed path: thousands of files share a few folders.
    private var byDisplayedFolder: [Substring: String] = [:]

    /// What discovery's walk saw in each folder it listed (`SourceDiscovery.Result.appMarkers`); other folders are
    /// asked of the file system.
    private let walked: [String: Set<String>]

    /// What the walk found of each folder's app, by the folder part of displayed paths.
    private let folders: [Substring: SourceDiscovery.FolderApp]

    /// Folders given on the command line outside the working directory (absolute, deepest first): the app of an
    /// unmarked file under one of them.
    private let givenOutside: [String]

    /// `folders`: `SourceDiscovery.Result.folderApps`, which answer for most files at once. `given`: the paths on the
    /// command line.
    public init(
        workingDirectory: String, walked: [String: Set<String>] = [:],
        folders: [Substring: SourceDiscovery.FolderApp] = [:], given: [String] = []
    ) {
        let cwd = SourceDiscovery.normalise(workingDirectory)
        self.workingDirectory = cwd
        self.walked = walked
        self.folders = folders
        var isFolder: ObjCBool = false
        givenOutside = given.map { Paths.absolute($0, in: cwd) }
            .filter { $0 != cwd && !$0.hasPrefix(cwd == "/" ? "/" : cwd + "/") && !cwd.hasPrefix($0 + "/") }
            .map { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue
                ? $0 : Paths.parent($0) }
            .sorted { $0.count > $1.count }
        boundaries = Set(([cwd] + givenOutside).filter { !Self.inRepository($0) })
    }

    /// The working directory and given folders that are in no repository: the walk goes no higher.
    private let boundaries: Set<String>

    /// Whether a folder or one above it holds `.git`.
    private static func inRepository(_ folder: String) -> Bool {
        var current = folder
        while true {
            if FileManager.default.fileExists(atPath: current + "/.git") { return true }
            if current == "/" || current.isEmpty { return false }
            current = Paths.parent(current)
        }
    }

    /// The app of a file no marked folder is above: the working directory's, or the given folder holding it.
    private func unmarked(_ displayPath: String) -> String {
        guard !givenOutside.isEmpty else { return workingDirectory }
        let file = Paths.absolute(displayPath, in: workingDirectory)
        return givenOutside.first { file.hasPrefix($0 == "/" ? "/" : $0 + "/") } ?? workingDirectory
    }

    /// The app root (absolute) for a file path as discovery displays it (relative to the working directory, or
    /// absolute), or the working directory when no folder above it is marked.
    public mutating func root(ofFile displayPath: String) -> String {
        let displayedFolder = Paths.folderPart(displayPath)
        // Files come sorted by path: most share the previous file's folder.
        if let last, last.folder == displayedFolder { return last.root }
        let root: String
        if let app = folders[displayedFolder] {
            switch app {
            case let .root(marked): root = marked
            case .unmarked: root = unmarked(displayPath)
            case let .above(folder):
                // Above a walk that started in a folder outside any repository: nothing is looked for there.
                let stops = boundaries.contains { Paths.parent($0) == folder }
                root = (stops ? nil : marked(folder)) ?? unmarked(displayPath)
            }
        } else if let known = byDisplayedFolder[displayedFolder] {
            root = known
        } else {
            root = marked(Paths.parent(Paths.absolute(displayPath, in: workingDirectory))) ?? unmarked(displayPath)
            byDisplayedFolder[displayedFolder] = root
        }
        last = (displayedFolder, root)
        return root
    }

    /// The folder part of the path asked last, and its root.
    private var last: (folder: Substring, root: String)?

    /// The nearest marked folder at or above `folder`, or nil.
    private mutating func marked(_ folder: String) -> String? {
        if let known = cache[folder] { return known }
        let found: String?
        let listed = walked[folder]
        let exists = { (name: String) in
            listed.map { $0.contains(name) } ?? FileManager.default.fileExists(atPath: folder + "/" + name)
        }
        if Self.markers.contains(where: exists) {
            found = folder
        } else if folder == "/" || folder.isEmpty || exists(".git") || boundaries.contains(folder) {
            found = nil
        } else {
            found = marked(Paths.parent(folder))
        }
        cache[folder] = found
        return found
    }
}
