import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Reads and writes `schemalint.lock`. Reading never guesses: a file it cannot fully understand is an error
/// that says what to do, and such a file is never overwritten.
public enum LockfileStore {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(path: String, reason: RegularFile.Failure)
        case mergeConflict(path: String, line: Int)
        case corrupt(path: String, detail: String)
        case newerFormat(path: String, found: Int)
        case unknownAlgorithm(path: String, found: String)
        case writeFailed(path: String, reason: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason):
                let fix: String
                switch reason {
                case .notRegular, .tooLarge:
                    fix =
                        "put the lockfile back as a regular file (`git checkout -- \(path)`), or remove it and run "
                        + "`schemalint lock` to record the versions anew"
                default: fix = "make it readable and run schemalint again"
                }
                return
                    "cannot read lockfile \(path): \(reason). Nothing it records can be checked and schemalint will "
                    + "not overwrite it; \(fix)"
            case let .mergeConflict(path, line):
                return
                    "lockfile \(path) has git merge-conflict markers (line \(line)). Run `schemalint lock`: it keeps "
                        + "both sides' entries (they are keyed by version and state) and names any entry the two "
                        + "sides recorded differently"
            case let .corrupt(path, detail):
                return
                    "lockfile \(path) is not valid: \(detail). Restore it from version control (`git checkout -- "
                        + "\(path)`); schemalint will not overwrite it"
            case let .newerFormat(path, found):
                return
                    "lockfile \(path) has format version \(found), newer than this schemalint understands "
                        + "(\(Lockfile.currentFormatVersion)). Upgrade schemalint"
            case let .unknownAlgorithm(path, found):
                return
                    "lockfile \(path) was written with hash algorithm '\(found)', which this schemalint does not "
                        + "know ('\(Fingerprint.algorithm)'). Upgrade schemalint"
            case let .writeFailed(path, reason):
                return "cannot write lockfile \(path): \(reason)"
            }
        }
    }

    /// For `lock`: like `load`, but a file with merge-conflict markers is read as the union of its two sides
    /// (`LockfileMerge`), which `lock` then writes back whole.
    public static func loadMerging(_ path: String) throws -> Lockfile? {
        do {
            return try load(path)
        } catch Failure.mergeConflict {
            let text: String
            switch RegularFile.text(path) {
            case let .success(read): text = read
            case let .failure(failure): throw Failure.unreadable(path: path, reason: failure)
            }
            var merged = try LockfileMerge.merged(text, path: path)
            merged?.path = path
            merged?.resolvedConflict = true
            return merged
        }
    }

    /// nil when there is no lockfile yet. `file`: where to read it when `path` (as output names it) is relative to
    /// another folder than the process's.
    public static func load(_ path: String, readingFrom file: String? = nil) throws -> Lockfile? {
        let file = file ?? path
        // Read straight into an array (no `Data` to copy from: a large app's lockfile is megabytes). A pipe, a device
        // or a file of hundreds of megabytes is not read: nothing locked can be trusted then, and it is never
        // overwritten (`unreadable`).
        switch RegularFile.bytes(file) {
        case let .success(bytes): return try decode(bytes, path: path)
        case .failure(.missing): return nil
        case let .failure(failure): throw Failure.unreadable(path: path, reason: failure)
        }
    }

    static func decode(_ bytes: [UInt8], path: String) throws -> Lockfile {
        if let line = conflictMarkerLine(bytes) { throw Failure.mergeConflict(path: path, line: line) }
        struct Header: Decodable { var formatVersion: Int; var hashAlgorithm: String }
        struct Body: Decodable {
            var formatVersion: Int
            var hashAlgorithm: String
            var versions: [String: LockedVersion]
            var coreData: [String: LockedBundle]?
        }
        // The Core Data section is read by hand when it can be (`CoreDataSectionReader`), else with the rest.
        struct BodyBesideCoreData: Decodable {
            var formatVersion: Int
            var hashAlgorithm: String
            var versions: [String: LockedVersion]
        }
        let decoder = JSONDecoder()
        func check(_ header: Header) throws {
            if header.formatVersion > Lockfile.currentFormatVersion {
                throw Failure.newerFormat(path: path, found: header.formatVersion)
            }
            if header.hashAlgorithm != Fingerprint.algorithm {
                throw Failure.unknownAlgorithm(path: path, found: header.hashAlgorithm)
            }
        }
        do {
            // One pass over the file (the decoder reads a whole document even for two fields): the header alone is
            // read only when the whole cannot be, to say first that the format is newer than this schemalint.
            let body: Body
            do {
                if case let section? = CoreDataSectionReader.read(bytes) {
                    var coreData: [String: LockedBundle]?
                    var remainder = bytes
                    if case let .read(bundles, range) = section {
                        coreData = bundles
                        // The section is well-formed JSON: what is left is decoded without scanning it again.
                        remainder = CoreDataSectionReader.remainder(of: bytes, without: range)
                    }
                    let rest = try decoder.decode(BodyBesideCoreData.self, from: Data(remainder))
                    body = Body(
                        formatVersion: rest.formatVersion, hashAlgorithm: rest.hashAlgorithm, versions: rest.versions,
                        coreData: coreData)
                } else {
                    body = try decoder.decode(Body.self, from: Data(bytes))
                }
            } catch {
                try check(try decoder.decode(Header.self, from: Data(bytes)))
                throw error
            }
            let header = Header(formatVersion: body.formatVersion, hashAlgorithm: body.hashAlgorithm)
            try check(header)
            var lockfile = Lockfile(versions: body.versions)
            lockfile.coreData = body.coreData
            lockfile.formatVersion = header.formatVersion
            lockfile.path = path
            lockfile.keyLines = keyLines(bytes, keys: Set(body.versions.keys).union((body.coreData ?? [:]).keys))
            return lockfile
        } catch let failure as Failure {
            throw failure
        } catch let error as DecodingError {
            throw Failure.corrupt(path: path, detail: describe(error))
        } catch {
            throw Failure.corrupt(path: path, detail: "\(error)")
        }
    }

    /// The first line (1-based) that is a git conflict marker, read on bytes: lockfiles of large Core Data apps run
    /// to megabytes.
    static func conflictMarkerLine(_ bytes: [UInt8]) -> Int? {
        var found: Int?
        forEachLine(bytes) { line, number in
            // Only a line's first byte is looked at for most lines: markers start at the margin.
            guard let first = line.first, first == UInt8(ascii: "<") || first == UInt8(ascii: ">")
                || first == UInt8(ascii: "=")
            else { return true }
            let marker = repeatElement(first, count: 7)
            if line.starts(with: marker) && (first != UInt8(ascii: "=") || line.count == 7) {
                found = number
                return false
            }
            return true
        }
        return found
    }

    /// Where each version key sits in the file, so findings can point at it: lines `"key": {`, read on bytes.
    static func keyLines(_ bytes: [UInt8], keys: Set<String>) -> [String: Int] {
        var lines: [String: Int] = [:]
        guard !keys.isEmpty else { return lines }
        let quote = UInt8(ascii: "\"")
        let opening = Array("\": {".utf8)
        forEachLine(bytes) { line, number in
            var index = 0
            while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
            guard index < line.count, line[index] == quote,
                let close = line[(index + 1)...].firstIndex(of: quote),
                line[close...].starts(with: opening)
            else { return true }
            let key = String(decoding: UnsafeBufferPointer(rebasing: line[(index + 1)..<close]), as: UTF8.self)
            if keys.contains(key), lines[key] == nil { lines[key] = number }
            return true
        }
        return lines
    }

    /// Each line's bytes (without the newline) and its number from 1, until `body` returns false; lines are found
    /// with `memchr` (lockfiles of large Core Data apps run to 40,000 lines).
    private static func forEachLine(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            var start = 0
            var number = 1
            while start < all.count {
                var end = all.count
                if let newline = memchr(base + start, 0x0A, all.count - start) {
                    end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                }
                guard body(UnsafeBufferPointer(start: base + start, count: end - start), number) else { return }
                number += 1
                start = end + 1
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty
                ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .dataCorrupted(context):
            return "it is not JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        case let .keyNotFound(key, context): return "'\(key.stringValue)' is missing at \(at(context.codingPath))"
        case let .typeMismatch(_, context):
            return "wrong type at \(at(context.codingPath)): \(context.debugDescription)"
        case let .valueNotFound(_, context): return "a value is missing at \(at(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    /// Writes atomically: a temporary file in the same folder, flushed to disk, then renamed over the lockfile, so a
    /// crash or a full disk leaves the previous lockfile intact.
    public static func write(_ lockfile: Lockfile, to path: String) throws {
        let bytes = lockfile.json().renderedBytes()
        let directory = (path as NSString).deletingLastPathComponent
        let temporary =
            (directory.isEmpty ? "." : directory)
            + "/.schemalint.lock.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw Failure.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        var failure: String?
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                break
            }
            written += count
        }
        if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Failure.writeFailed(path: path, reason: "\(failure); the previous lockfile was left as it was")
        }
    }

    /// Runs `body` while holding an exclusive lock on the lockfile's folder, so two `schemalint lock` processes
    /// read-modify-write one after the other and neither loses the other's entries.
    public static func withExclusiveAccess<T>(to path: String, _ body: () throws -> T) throws -> T {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
