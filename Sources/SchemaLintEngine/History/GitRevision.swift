import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Reads the `.swift` files and Core Data model bundles of a git revision straight from the object database (no
/// checkout): one `git ls-tree` for the paths and blob ids, one `git cat-file --batch` for the contents.
public struct GitRevision {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var reference: String
    public var workingDirectory: URL

    public init(
        _ reference: String, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        self.reference = reference
        self.workingDirectory = workingDirectory
    }

    /// The files under `paths` (relative to the working directory) as they are at the revision.
    public func swiftFiles(under paths: [String], filter: PathFilter?) throws -> [SourceDiscovery.SourceFile] {
        try verify()
        let blobs = try listing(under: paths).filter { blob in
            blob.path.hasSuffix(".swift") && isAnalysed(blob.path)
                && filter?.allowsFile(workingDirectory.standardizedFileURL.path + "/" + blob.path) ?? true
        }
        return try contents(of: blobs).map { SourceDiscovery.SourceFile(path: $0.path, bytes: $0.bytes) }
            .sorted { $0.path < $1.path }
    }

    /// The Core Data model bundles (`.xcdatamodeld`, standalone `.xcdatamodel`) and mapping models
    /// (`.xcmappingmodel`) under `paths` as they are at the revision, written below `folder` at their paths: each
    /// bundle as `ModelBundleLoading` takes it, on disk in `folder` and shown as its path in the repository.
    public func modelFiles(under paths: [String], filter: PathFilter?, into folder: URL) throws -> ModelFiles {
        try verify()
        var found = ModelFiles()
        var seen: Set<String> = []
        var blobs: [(path: String, id: String)] = []
        for blob in try listing(under: paths) {
            // The first folder of the path that is a bundle or a mapping model holds the file.
            let components = blob.path.split(separator: "/", omittingEmptySubsequences: false)
            guard let index = components.dropLast().firstIndex(where: { Self.isModelFolder($0) }) else { continue }
            let root = components[...index].joined(separator: "/")
            guard isAnalysed(root + "/contents"),
                filter?.allowsDirectory(workingDirectory.standardizedFileURL.path + "/" + root) ?? true
            else { continue }
            blobs.append(blob)
            guard seen.insert(root).inserted else { continue }
            let entry = (absolute: folder.standardizedFileURL.path + "/" + root, display: root)
            if root.hasSuffix(".xcmappingmodel") {
                found.mappingModels.append(entry)
            } else {
                found.bundles.append(entry)
            }
        }
        for file in try contents(of: blobs) {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        found.bundles.sort { $0.display < $1.display }
        found.mappingModels.sort { $0.display < $1.display }
        return found
    }

    /// Model bundles and mapping models found by `modelFiles`.
    public struct ModelFiles {
        public var bundles: [(absolute: String, display: String)] = []
        public var mappingModels: [(absolute: String, display: String)] = []
    }

    private static func isModelFolder(_ name: Substring) -> Bool {
        name.hasSuffix(".xcdatamodeld") || name.hasSuffix(".xcdatamodel") || name.hasSuffix(".xcmappingmodel")
    }

    /// Every blob under `paths` at the revision: its path relative to the working directory and its id.
    private func listing(under paths: [String]) throws -> [(path: String, id: String)] {
        let listing = try git(["ls-tree", "-r", "-z", reference, "--"] + (paths.isEmpty ? ["."] : paths))
        var blobs: [(path: String, id: String)] = []
        for record in listing.split(separator: 0) {
            // "<mode> <type> <id>\t<path>", path relative to the working directory.
            guard let tab = record.firstIndex(of: 9) else { continue }
            let header = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ")
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            guard header.count == 3, header[1] == "blob" else { continue }
            blobs.append((path, String(header[2])))
        }
        return blobs
    }

    /// The blobs' contents, in their order, from one `git cat-file --batch`.
    private func contents(of blobs: [(path: String, id: String)]) throws -> [(path: String, bytes: [UInt8])] {
        guard !blobs.isEmpty else { return [] }
        let contents = try git(["cat-file", "--batch"], input: blobs.map { $0.id + "\n" }.joined())
        var files: [(path: String, bytes: [UInt8])] = []
        var cursor = contents.startIndex
        for blob in blobs {
            // "<id> blob <size>\n<content>\n"
            guard let newline = contents[cursor...].firstIndex(of: 10) else { break }
            let header = String(decoding: contents[cursor..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), newline + 1 + size <= contents.endIndex else {
                throw Failure(description: "git cat-file returned an unexpected answer for \(blob.path)")
            }
            let start = newline + 1
            files.append((blob.path, Array(contents[start..<(start + size)])))
            cursor = start + size + 1
        }
        return files
    }

    /// The same folders the working-tree walk skips.
    private func isAnalysed(_ path: String) -> Bool {
        !path.split(separator: "/").dropLast().contains {
            $0.hasPrefix(".") || SourceDiscovery.skippedFolders.contains(String($0))
        }
    }

    private func verify() throws {
        if (try? git(["rev-parse", "--is-inside-work-tree"])) == nil {
            throw Failure(
                description:
                    "--against \(reference) needs a git repository, and \(workingDirectory.path) is not inside one")
        }
        if (try? git(["rev-parse", "--verify", "--quiet", "\(reference)^{commit}"])) == nil {
            let shallow =
                (try? git(["rev-parse", "--is-shallow-repository"])).map {
                    String(decoding: $0, as: UTF8.self).hasPrefix("true")
                } ?? false
            let hint =
                shallow
                ? "this is a shallow clone: fetch the history (`git fetch --unshallow`, or `fetch-depth: 0` in "
                    + "actions/checkout)"
                : "check the name, or fetch it (`git fetch origin`)"
            throw Failure(description: "--against \(reference): no such revision in this repository; \(hint)")
        }
    }

    private func git(_ arguments: [String], input: String? = nil) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = workingDirectory
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // Written from another thread so a large answer cannot block us while we are still writing.
            let handle = stdin.fileHandleForWriting
            Thread.detachNewThread {
                handle.write(Data(input.utf8))
                try? handle.close()
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "git \(arguments.joined(separator: " ")) failed: "
                        + "\(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        return [UInt8](data)
    }
}
