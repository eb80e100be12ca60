import Foundation
import SchemaLintModel

/// Reads and writes `schemalint.lock`. Reading never guesses: a file it cannot fully understand is an error
/// that says what to do, and such a file is never overwritten.
public enum LockfileStore {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(path: String, reason: String)
        case mergeConflict(path: String, line: Int)
        case corrupt(path: String, detail: String)
        case newerFormat(path: String, found: Int)
        case unknownAlgorithm(path: String, found: String)
        case writeFailed(path: String, reason: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason):
                return "cannot read lockfile \(path): \(reason)"
            case let .mergeConflict(path, line):
                return "lockfile \(path) has git merge-conflict markers (line \(line)). Resolve the conflict by keeping both sides' entries (they are keyed by version), or take one side with `git checkout --ours/--theirs \(path)` and run `schemalint lock` again"
            case let .corrupt(path, detail):
                return "lockfile \(path) is not valid: \(detail). Restore it from version control (`git checkout -- \(path)`); schemalint will not overwrite it"
            case let .newerFormat(path, found):
                return "lockfile \(path) has format version \(found), newer than this schemalint understands (\(Lockfile.currentFormatVersion)). Upgrade schemalint"
            case let .unknownAlgorithm(path, found):
                return "lockfile \(path) was written with hash algorithm '\(found)', which this schemalint does not know ('\(Fingerprint.algorithm)'). Upgrade schemalint"
            case let .writeFailed(path, reason):
                return "cannot write lockfile \(path): \(reason)"
            }
        }
    }

    /// nil when there is no lockfile yet.
    public static func load(_ path: String) throws -> Lockfile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure.unreadable(path: path, reason: "permission denied or not a file")
        }
        return try decode([UInt8](data), path: path)
    }

    static func decode(_ bytes: [UInt8], path: String) throws -> Lockfile {
        let text = String(decoding: bytes, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.hasPrefix("<<<<<<<") || line.hasPrefix(">>>>>>>") || line == "=======" {
            throw Failure.mergeConflict(path: path, line: index + 1)
        }
        struct Header: Decodable { var formatVersion: Int; var hashAlgorithm: String }
        struct Body: Decodable { var versions: [String: LockedVersion] }
        let decoder = JSONDecoder()
        do {
            let header = try decoder.decode(Header.self, from: Data(bytes))
            if header.formatVersion > Lockfile.currentFormatVersion {
                throw Failure.newerFormat(path: path, found: header.formatVersion)
            }
            if header.hashAlgorithm != Fingerprint.algorithm {
                throw Failure.unknownAlgorithm(path: path, found: header.hashAlgorithm)
            }
            let body = try decoder.decode(Body.self, from: Data(bytes))
            var lockfile = Lockfile(versions: body.versions)
            lockfile.formatVersion = header.formatVersion
            lockfile.path = path
            lockfile.keyLines = keyLines(text, keys: Set(body.versions.keys))
            return lockfile
        } catch let failure as Failure {
            throw failure
        } catch let error as DecodingError {
            throw Failure.corrupt(path: path, detail: describe(error))
        } catch {
            throw Failure.corrupt(path: path, detail: "\(error)")
        }
    }

    /// Where each version key sits in the file, so findings can point at it.
    static func keyLines(_ text: String, keys: Set<String>) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
            if keys.contains(key), lines[key] == nil, trimmed[end...].hasPrefix("\": {") { lines[key] = index + 1 }
        }
        return lines
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .dataCorrupted(context): return "it is not JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        case let .keyNotFound(key, context): return "'\(key.stringValue)' is missing at \(at(context.codingPath))"
        case let .typeMismatch(_, context): return "wrong type at \(at(context.codingPath)): \(context.debugDescription)"
        case let .valueNotFound(_, context): return "a value is missing at \(at(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    /// Writes atomically: a temporary file in the same folder, then a rename, so a crash or a full disk
    /// leaves the previous lockfile intact.
    public static func write(_ lockfile: Lockfile, to path: String) throws {
        let data = Data(lockfile.json().rendered().utf8)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure.writeFailed(path: path, reason: error.localizedDescription)
        }
    }
}
