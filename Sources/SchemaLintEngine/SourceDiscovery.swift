import Foundation

/// Finds and reads the `.swift` files under the given paths, once each.
///
/// Skips build output, VCS and dependency folders and hidden folders; survives symlink loops, unreadable
/// files and folders named `*.swift`. Paths in output are relative to the working directory.
public struct SourceDiscovery {
    public struct SourceFile: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    public struct Result: Sendable {
        public var files: [SourceFile]
        /// Files or folders that could not be read, with the reason; the rest is still analysed.
        public var unreadable: [(path: String, reason: String)]
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

    let workingDirectory: URL

    public init(workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        // A directory URL without `isDirectory` makes relative paths resolve against its parent.
        self.workingDirectory = URL(fileURLWithPath: workingDirectory.standardizedFileURL.path, isDirectory: true)
    }

    public func discover(_ paths: [String]) throws -> Result {
        var result = Result(files: [], unreadable: [])
        var visited = Set<String>()
        var seenFiles = Set<String>()
        for path in paths.isEmpty ? ["."] : paths {
            let url = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw Failure.missingPath(path)
            }
            if isDirectory.boolValue {
                walk(url, visited: &visited, seenFiles: &seenFiles, into: &result)
            } else {
                read(url, seenFiles: &seenFiles, into: &result)
            }
        }
        result.files.sort { $0.path < $1.path }
        result.unreadable.sort { $0.path < $1.path }
        return result
    }

    private func walk(_ directory: URL, visited: inout Set<String>, seenFiles: inout Set<String>, into result: inout Result) {
        let real = directory.resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return }  // symlink loop or a folder reached twice
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            result.unreadable.append((displayPath(directory), "the folder cannot be read (check its permissions)"))
            return
        }
        for name in entries.sorted() {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }  // dangling link
            if isDirectory.boolValue {
                if name.hasPrefix(".") || Self.skippedFolders.contains(name) { continue }
                walk(url, visited: &visited, seenFiles: &seenFiles, into: &result)
            } else if name.hasSuffix(".swift") {
                read(url, seenFiles: &seenFiles, into: &result)
            }
        }
    }

    private func read(_ url: URL, seenFiles: inout Set<String>, into result: inout Result) {
        guard seenFiles.insert(url.resolvingSymlinksInPath().path).inserted else { return }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            result.unreadable.append((displayPath(url), "the file cannot be read (check its permissions)"))
            return
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            result.files.append(SourceFile(path: displayPath(url), bytes: [UInt8](data)))
        } catch {
            result.unreadable.append((displayPath(url), "reading failed: \(error.localizedDescription)"))
        }
    }

    /// Relative to the working directory when inside it, absolute otherwise.
    func displayPath(_ url: URL) -> String {
        let base = workingDirectory.path.hasSuffix("/") ? workingDirectory.path : workingDirectory.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
