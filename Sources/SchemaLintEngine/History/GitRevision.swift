import Foundation

/// Reads the `.swift` files of a git revision straight from the object database (no checkout): one `git ls-tree`
/// for the paths and blob ids, one `git cat-file --batch` for the contents.
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
        let listing = try git(["ls-tree", "-r", "-z", reference, "--"] + (paths.isEmpty ? ["."] : paths))
        var blobs: [(path: String, id: String)] = []
        for record in listing.split(separator: 0) {
            // "<mode> <type> <id>\t<path>", path relative to the working directory.
            guard let tab = record.firstIndex(of: 9) else { continue }
            let header = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ")
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            guard header.count == 3, header[1] == "blob", path.hasSuffix(".swift"), isAnalysed(path),
                filter?.allowsFile(workingDirectory.standardizedFileURL.path + "/" + path) ?? true
            else { continue }
            blobs.append((path, String(header[2])))
        }
        let contents = try git(["cat-file", "--batch"], input: blobs.map { $0.id + "\n" }.joined())
        var files: [SourceDiscovery.SourceFile] = []
        var cursor = contents.startIndex
        for blob in blobs {
            // "<id> blob <size>\n<content>\n"
            guard let newline = contents[cursor...].firstIndex(of: 10) else { break }
            let header = String(decoding: contents[cursor..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]) else {
                throw Failure(description: "git cat-file returned an unexpected answer for \(blob.path)")
            }
            let start = newline + 1
            files.append(SourceDiscovery.SourceFile(path: blob.path, bytes: Array(contents[start..<(start + size)])))
            cursor = start + size + 1
        }
        return files.sorted { $0.path < $1.path }
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
